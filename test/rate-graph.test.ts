/**
 * The static chains' implication graph (src/rate/static-graph.ts) against
 * SE's order written out plainly: an "on" key's links are the cell's other
 * digits, then the digit's peers in house order (HOUSE: block, row, column),
 * each with its cause; a pass's strong links are those links without the
 * "off" keys that have no link in the pass.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { BRC, CandidateGrid, HOUSE } from "../src/rate/grid.js";
import { CAUSE_CELL, CAUSE_NONE, CAUSE_REGION, offsFromOn, Propagation } from "../src/rate/propagation.js";
import {
  adjacency,
  buildGraph,
  ensureOn,
  ensureStrong,
  linkCause,
  linkEnd,
  linkStart,
  low,
  offHigh,
  onHigh,
  selectPass,
  strongAdjacency,
  strongEnd,
  strongStart,
} from "../src/rate/static-graph.js";

/** A grid with every candidate, less a random share of them (a fixed seed), each cell keeping one. */
function randomGrid(seed: number, share: number): CandidateGrid {
  const grid = CandidateGrid.fromPuzzle(new Uint8Array(81));
  let state = seed;
  for (let cell = 0; cell < 81; cell++) {
    for (let digit = 1; digit <= 9; digit++) {
      state = (Math.imul(state, 1103515245) + 12345) | 0;
      const draw = ((state >>> 8) & 0xffff) / 0x10000;
      if (draw < share && grid.candidates[cell] !== 1 << (digit - 1)) grid.remove(cell, digit);
    }
  }
  return grid;
}

/** The "on" keys of the grid's candidates, with their cell and digit (0-8). */
function onKeys(grid: CandidateGrid): { on: number; cell: number; d: number }[] {
  const keys: { on: number; cell: number; d: number }[] = [];
  for (let cell = 0; cell < 81; cell++) {
    for (let d = 0; d < 9; d++) if (((grid.candidates[cell] >> d) & 1) === 1) keys.push({ on: ((cell * 9 + d) << 1) | 1, cell, d });
  }
  return keys;
}

/**
 * What SE's "on" key (digit d + 1 in `cell`) makes "off", in its order, as
 * key and cause pairs: the cell's other digits, then the digit's peers in
 * HOUSE order, each caused by the first of its block, row and column that
 * it shares with the cell.
 */
function offsOfOn(grid: CandidateGrid, cell: number, d: number): number[] {
  const expected: number[] = [];
  for (let e = 0; e < 9; e++) if (e !== d && ((grid.candidates[cell] >> e) & 1) === 1) expected.push((cell * 9 + e) << 1, CAUSE_CELL);
  for (let k = 20 * cell; k < 20 * cell + 20; k++) {
    const other = HOUSE[k];
    let kind = 0;
    while (BRC[3 * other + kind] !== BRC[3 * cell + kind]) kind++;
    if (((grid.candidates[other] >> d) & 1) === 1) expected.push((other * 9 + d) << 1, CAUSE_REGION + kind);
  }
  return expected;
}

test("a propagation's \"off\" nodes from an \"on\" node are SE's, in SE's order, on 400 random grids", () => {
  const queue = new Int32Array(64);
  let offs = 0;
  for (let round = 0; round < 400; round++) {
    const grid = randomGrid(round + 7, 0.3 + (0.55 * (round % 10)) / 10);
    for (const { on, cell, d } of onKeys(grid)) {
      const prop = new Propagation();
      const root = prop.add(on, CAUSE_NONE, new Int32Array(0), 0);
      const length = offsFromOn(prop, grid, root, cell, d, queue, 0);
      const actual: number[] = [];
      for (let i = 0; i < length; i++) actual.push(prop.keys[queue[i]], prop.causes[queue[i]]);
      const expected = offsOfOn(grid, cell, d);
      assert.deepEqual(actual, expected, `grid ${round}, cell ${cell}, digit ${d + 1}`);
      offs += expected.length / 2;
    }
  }
  assert.ok(offs > 100_000, `${offs} "off" nodes`);
});

test("the graph's links and each pass's strong links are SE's, in SE's order, on 400 random grids", () => {
  let links = 0;
  let strong = 0;
  for (let round = 0; round < 400; round++) {
    const grid = randomGrid(round + 1, 0.3 + (0.55 * (round % 10)) / 10);
    buildGraph(grid);
    const keys = onKeys(grid);
    for (const { on, cell, d } of keys) {
      ensureOn(on);
      const expected = offsOfOn(grid, cell, d);
      const actual: number[] = [];
      for (let i = linkStart[on]; i < linkEnd[on]; i++) actual.push(adjacency[i], linkCause[i]);
      assert.deepEqual(actual, expected, `grid ${round}, cell ${cell}, digit ${d + 1}`);
      links += expected.length / 2;
    }
    for (let pass = 0; pass < 3; pass++) {
      selectPass(pass);
      for (const { on, cell, d } of keys) {
        ensureStrong(on);
        const expected: number[] = [];
        for (let i = low[on]; i < onHigh[on]; i++) {
          const off = adjacency[i];
          if (offHigh[off] > low[off]) expected.push(off);
        }
        assert.deepEqual(Array.from(strongAdjacency.subarray(strongStart[on], strongEnd[on])), expected, `grid ${round}, pass ${pass}, cell ${cell}, digit ${d + 1}`);
        strong += expected.length;
      }
    }
  }
  // The grids are varied enough to matter: many links, and strong ones in every pass.
  assert.ok(links > 500_000 && strong > 10_000, `${links} links, ${strong} strong links`);
});
