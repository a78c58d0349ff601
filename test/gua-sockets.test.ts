/**
 * GUA sockets (src/bands/gua-sockets.ts) against the solver: every part a
 * socket collects, with the socket's pattern in any band 3 carrying it, is
 * a true UA of that grid (emptying those cells leaves a second solution).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { popcount } from "../src/core/bits.js";
import { countSolutions, enumerateSolutions } from "../src/solver/solve.js";
import { GuaSockets, MAX_PARTS, MAX_PART_SIZE, PATTERNS_PER_BAND3 } from "../src/bands/gua-sockets.js";
import { MAX_BANDS3 } from "../src/bands/index.js";
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
