/**
 * GUA sockets (src/bandscan/gua-sockets.ts) against the solver: every part a
 * socket collects, with the socket's pattern in any band 3 carrying it, is
 * a true UA of that grid (emptying those cells leaves a second solution).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { popcount } from "../src/core/bits.js";
import { countSolutions, enumerateSolutions } from "../src/solver/solve.js";
import { GuaSockets, MAX_PARTS, MAX_PART_SIZE, PATTERNS_PER_BAND3 } from "../src/bandscan/gua-sockets.js";
import { MAX_BANDS3 } from "../src/catalog/index.js";
import { randomGrid, rng } from "./helpers.js";

/** Bands 1+2 of `grid` with every band 3 that completes them. */
function entryOf(grid: Uint8Array): { bands3: Uint8Array; count: number } {
  const puzzle = Uint8Array.from(grid);
  puzzle.fill(0, 54);
  const bands3 = new Uint8Array(27 * MAX_BANDS3);
  let count = 0;
  enumerateSolutions(puzzle, (solution) => {
    bands3.set(solution.subarray(54, 81), 27 * count++);
  }, MAX_BANDS3);
  return { bands3, count };
}

test("every GUA socket part with its band-3 pattern is a UA of each grid carrying it", () => {
  const random = rng(4);
  const sockets = new GuaSockets();
  let checked = 0;
  let twoCellParts = 0;
  for (let g = 0; g < 3; g++) {
    const grid = randomGrid(random);
    const { bands3, count } = entryOf(grid);
    assert.ok(count >= 1);
    sockets.collect(grid, bands3, count);
    const cells = new Uint8Array(81);
    for (let b = 0; b < count; b++) {
      cells.set(grid.subarray(0, 54), 0);
      cells.set(bands3.subarray(27 * b, 27 * b + 27), 54);
      const seen = new Set<number>();
      for (let k = 0; k < PATTERNS_PER_BAND3; k++) {
        const at = PATTERNS_PER_BAND3 * b + k;
        const socket = sockets.bandSocket[at]; // a slot
        const pattern = sockets.bandCells[at];
        // 27 pairs and 9 triplets, each inside one mini-row, all different sockets.
        assert.equal(popcount(pattern), k < 27 ? 2 : 3);
        const low = 31 - Math.clz32(pattern & -pattern);
        assert.equal(pattern & ~(7 << (low - (low % 3))), 0);
        assert.equal(k < 27, sockets.slotSocket[socket] < 81);
        assert.ok(!seen.has(socket));
        seen.add(socket);
        for (let j = 0; j < sockets.partCount[socket]; j++) {
          const p0 = sockets.parts0[MAX_PARTS * socket + j];
          const p1 = sockets.parts1[MAX_PARTS * socket + j];
          assert.ok(popcount(p0) + popcount(p1) <= MAX_PART_SIZE);
          if (popcount(p0) + popcount(p1) === 2 && k < 27) twoCellParts++;
          const puzzle = Uint8Array.from(cells);
          for (let i = 0; i < 27; i++) {
            if ((p0 >>> i) & 1) puzzle[i] = 0;
            if ((p1 >>> i) & 1) puzzle[27 + i] = 0;
            if ((pattern >>> i) & 1) puzzle[54 + i] = 0;
          }
          assert.equal(countSolutions(puzzle, 2), 2, `socket ${socket} part ${j} of band 3 ${b} is not a UA`);
          checked++;
        }
      }
    }
  }
  assert.ok(checked > 1000, `only ${checked} GUAs checked`);
  assert.ok(twoCellParts > 0);
});

test("a GUA2 socket finds the 4-cell rectangles: two rows 1-6 cells holding the pair crosswise", () => {
  const random = rng(11);
  const sockets = new GuaSockets();
  for (let g = 0; g < 5; g++) {
    const grid = randomGrid(random);
    const { bands3, count } = entryOf(grid);
    sockets.collect(grid, bands3, count);
    for (let b = 0; b < count; b++) {
      const band = bands3.subarray(27 * b, 27 * b + 27);
      for (let k = 0; k < 27; k++) {
        const pattern = sockets.bandCells[PATTERNS_PER_BAND3 * b + k];
        const [x, y] = Array.from({ length: 27 }, (_, i) => i).filter((i) => (pattern >>> i) & 1);
        const row = Math.floor(x / 9);
        const [cx, cy] = [x % 9, y % 9];
        const [a, d] = [band[x], band[y]];
        // A row r of 1-6 with d in column cx and a in column cy: swapping them and the pair is a 4-cell UA.
        for (let r = 0; r < 6; r++) {
          if (grid[9 * r + cx] !== d || grid[9 * r + cy] !== a) continue;
          const socket = sockets.bandSocket[PATTERNS_PER_BAND3 * b + k];
          const w0 = r < 3 ? (1 << (9 * r + cx)) | (1 << (9 * r + cy)) : 0;
          const w1 = r >= 3 ? (1 << (9 * (r - 3) + cx)) | (1 << (9 * (r - 3) + cy)) : 0;
          let found = false;
          for (let j = 0; j < sockets.partCount[socket]; j++) {
            if (sockets.parts0[MAX_PARTS * socket + j] === w0 && sockets.parts1[MAX_PARTS * socket + j] === w1) found = true;
          }
          assert.ok(found, `band 3 ${b} row ${row}: rectangle in row ${r} not among socket ${socket}'s parts`);
        }
      }
    }
  }
});

/**
 * Every refilling of band 3 (rows, boxes and columns keep their digits,
 * except columns c1/c2 trading a for b), by a plain depth-first search:
 * returns the smallest number of cells where one differs from `band`.
 */
function smallestRefill(band: Uint8Array, c1: number, c2: number, a: number, b: number): number {
  const rowSet = [0, 1, 2].map((r) => band.subarray(9 * r, 9 * r + 9).reduce((m, d) => m | (1 << d), 0));
  const boxSet = [0, 1, 2].map((k) => [0, 1, 2, 9, 10, 11, 18, 19, 20].reduce((m, i) => m | (1 << band[3 * k + i]), 0));
  const colSet = Array.from({ length: 9 }, (_, c) => (1 << band[c]) | (1 << band[9 + c]) | (1 << band[18 + c]));
  colSet[c1] = (colSet[c1] & ~(1 << a)) | (1 << b);
  colSet[c2] = (colSet[c2] & ~(1 << b)) | (1 << a);
  const rowUsed = [0, 0, 0];
  const boxUsed = [0, 0, 0];
  const colUsed = new Array<number>(9).fill(0);
  let best = 99;
  const fill = (cell: number, changed: number): void => {
    if (changed >= best) return;
    if (cell === 27) {
      best = changed;
      return;
    }
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    const k = Math.floor(c / 3);
    const free = rowSet[r] & colSet[c] & boxSet[k] & ~rowUsed[r] & ~colUsed[c] & ~boxUsed[k];
    for (let d = 1; d <= 9; d++) {
      if (((free >> d) & 1) === 0) continue;
      rowUsed[r] |= 1 << d;
      colUsed[c] |= 1 << d;
      boxUsed[k] |= 1 << d;
      fill(cell + 1, changed + (d === band[cell] ? 0 : 1));
      rowUsed[r] &= ~(1 << d);
      colUsed[c] &= ~(1 << d);
      boxUsed[k] &= ~(1 << d);
    }
  };
  fill(0, 0);
  return best;
}

test("GUA4/GUA6 patterns: true UAs with each part, a 4-cell one wherever a search of band-3 refillings finds a change of 4 cells", () => {
  const random = rng(23);
  const sockets = new GuaSockets();
  let checked = 0;
  const sizes = [0, 0];
  for (let g = 0; g < 4; g++) {
    const grid = randomGrid(random);
    const { bands3, count } = entryOf(grid);
    sockets.collect(grid, bands3, count);
    const cells = new Uint8Array(81);
    for (let b = 0; b < count; b++) {
      const band = bands3.subarray(27 * b, 27 * b + 27);
      cells.set(grid.subarray(0, 54), 0);
      cells.set(band, 54);
      const extraOf = new Map<number, number>();
      for (let k = sockets.extraStart[b]; k < sockets.extraStart[b + 1]; k++) extraOf.set(sockets.extraSocket[k], sockets.extraCells[k]);
      const pairs = new Set<number>();
      for (let k = 0; k < 27; k++) pairs.add(sockets.bandSocket[PATTERNS_PER_BAND3 * b + k]);
      for (let slot = 0; slot < sockets.slotCount; slot++) {
        const socket = sockets.slotSocket[slot];
        if (socket >= 81 || pairs.has(slot)) {
          assert.ok(!extraOf.has(slot), `band 3 ${b}: slot ${slot} is a triplet or one of its pairs`);
          continue;
        }
        // The socket's columns and digits: band 3's digits of each column in increasing order, by rank.
        const stack = Math.floor(socket / 27);
        const leftOut = Math.floor((socket % 27) / 9);
        const [c1, c2] = [0, 1, 2].filter((i) => i !== leftOut).map((i) => 3 * stack + i);
        const digitsOf = (c: number): number[] => [band[c], band[9 + c], band[18 + c]].sort((x, y) => x - y);
        const a = digitsOf(c1)[Math.floor((socket % 9) / 3)];
        const d = digitsOf(c2)[socket % 3];
        const smallest = smallestRefill(band, c1, c2, a, d);
        const pattern = extraOf.get(slot) ?? 0;
        // A pattern is a refilling, so never smaller than the smallest; a 4-cell change is always found.
        // (Changes of 5 cells, and 6-cell ones other than the two kinds, are left out, as in the C++ program.)
        if (pattern !== 0) assert.ok(popcount(pattern) >= smallest, `band 3 ${b} socket ${socket}`);
        if (smallest === 4) assert.equal(popcount(pattern), 4, `band 3 ${b} socket ${socket}`);
        if (pattern === 0) continue;
        sizes[popcount(pattern) === 4 ? 0 : 1]++;
        for (let j = 0; j < sockets.partCount[slot]; j++) {
          const puzzle = Uint8Array.from(cells);
          const p0 = sockets.parts0[MAX_PARTS * slot + j];
          const p1 = sockets.parts1[MAX_PARTS * slot + j];
          for (let i = 0; i < 27; i++) {
            if ((p0 >>> i) & 1) puzzle[i] = 0;
            if ((p1 >>> i) & 1) puzzle[27 + i] = 0;
            if ((pattern >>> i) & 1) puzzle[54 + i] = 0;
          }
          assert.equal(countSolutions(puzzle, 2), 2, `socket ${socket} part ${j} with band 3 ${b}'s GUA${popcount(pattern)} is not a UA`);
          checked++;
        }
      }
    }
  }
  assert.ok(sizes[0] > 0 && sizes[1] > 0, `GUA4 ${sizes[0]}, GUA6 ${sizes[1]}`);
  assert.ok(checked > 500, `only ${checked} GUAs checked`);
});
