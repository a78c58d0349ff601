/**
 * FloorCompletions (src/bandscan/floor-completions.ts) against the general
 * solver: for random grids and digit floors of 2..5 digits, with band 3 as
 * in the grid or with two or three digits of a mini-row moved (as the GUA
 * sockets do), the completions of rows 1-6 must be the same, counted and
 * as the cells where each differs.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { FloorCompletions } from "../src/bandscan/floor-completions.js";
import { BitboardSolver } from "../src/solver/bitboard.js";
import { randomGrid, rng } from "./helpers.js";

function solverDiffs(grid: Uint8Array, floor: number): string[] {
  const puzzle = new Uint8Array(81);
  for (let i = 0; i < 81; i++) puzzle[i] = i < 54 && (floor >> grid[i]) & 1 ? 0 : grid[i];
  const diffs: string[] = [];
  new BitboardSolver().enumerate(
    puzzle,
    (solution) => {
      let w0 = 0;
      let w1 = 0;
      for (let i = 0; i < 27; i++) {
        if (solution[i] !== grid[i]) w0 |= 1 << i;
        if (solution[27 + i] !== grid[27 + i]) w1 |= 1 << i;
      }
      diffs.push(`${w0},${w1}`);
    },
    1e9,
  );
  return diffs.sort();
}

function kernelDiffs(kernel: FloorCompletions, grid: Uint8Array, floor: number, cap = 1e9): { diffs: string[]; count: number } {
  const diffs: string[] = [];
  const count = kernel.enumerate(grid, floor, (w0, w1) => diffs.push(`${w0},${w1}`), cap);
  return { diffs: diffs.sort(), count };
}

test("FloorCompletions lists the same completions of rows 1-6 as the solver", () => {
  const random = rng(5);
  const kernel = new FloorCompletions();
  let total = 0;
  let nonTrivial = 0;
  for (let trial = 0; trial < 60; trial++) {
    const grid = randomGrid(random);
    const size = 2 + (trial % 4);
    let floor = 0;
    if (trial % 2 === 1) {
      // A socket's band 3: two digits of a mini-row of band 3 exchanged (or
      // three turned), as gua-sockets.ts does; its floors hold those digits.
      const first = 54 + 9 * Math.floor(random() * 3) + 3 * Math.floor(random() * 3);
      const [a, b, c] = [grid[first], grid[first + 1], grid[first + 2]];
      if (size === 2 || random() < 0.5) {
        [grid[first], grid[first + 1]] = [b, a];
        floor = (1 << a) | (1 << b);
      } else {
        [grid[first], grid[first + 1], grid[first + 2]] = [b, c, a];
        floor = (1 << a) | (1 << b) | (1 << c);
      }
    }
    while (countBits(floor) < size) floor |= 1 << (1 + Math.floor(random() * 9));
    const expected = solverDiffs(grid, floor);
    const got = kernelDiffs(kernel, grid, floor);
    assert.deepEqual(got.diffs, expected, `grid ${grid.join("")}, floor ${floor.toString(2)}`);
    assert.equal(got.count, expected.length);
    total += expected.length;
    if (expected.length > 1) nonTrivial++;
  }
  assert.ok(total > 200 && nonTrivial > 20, `enough completions compared (${total}, ${nonTrivial} floors with more than one)`);
});

test("FloorCompletions stops at the cap", () => {
  const random = rng(8);
  const kernel = new FloorCompletions();
  for (let trial = 0; trial < 20; trial++) {
    const grid = randomGrid(random);
    const floor = 0b1111100000;
    const all = kernelDiffs(kernel, grid, floor).count;
    if (all < 3) continue;
    assert.equal(kernelDiffs(kernel, grid, floor, 2).count, 2);
    return;
  }
  assert.fail("no floor with 3 completions or more");
});

function countBits(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}
