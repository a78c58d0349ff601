import { test } from "node:test";
import assert from "node:assert/strict";
import { scanGrid, prepareScan, runChunks } from "../src/scan/index.js";
import { collectSmallUAs, UASet, collectDigitFloorUAs } from "../src/ua/index.js";
import { countSolutions, redundantClues } from "../src/solver/solve.js";
import { parseGrid, parsePuzzle, formatPuzzle } from "../src/core/puzzle.js";
import { cellSetToList } from "../src/core/cellset.js";

/** This grid holds exactly 20 17-clue puzzles (the 17 list); one of them: */
const GRID = parseGrid("123456789456789123789132564264918357875324691931675248392861475547293816618547932");
const SEVENTEEN = parsePuzzle(".....6....5.7.9...7.......42.4.1..........69...........9.....7......3.......4..32");

function maskFixing(cells: number[], forbidden: number[] = []): string {
  let mask = "";
  for (let i = 0; i < 81; i++) mask += cells.includes(i) ? "1" : forbidden.includes(i) ? "0" : ".";
  return mask;
}

/** Every unique puzzle adding `count` of the allowed cells to the fixed clues, by brute force with the solver. */
function bruteForce(fixed: number[], allowed: number[], count: number): Set<string> {
  const puzzle = new Uint8Array(81);
  for (const cell of fixed) puzzle[cell] = GRID[cell];
  const found = new Set<string>();
  const add = (from: number, left: number): void => {
    if (left === 0) {
      if (countSolutions(puzzle, 2) === 1) found.add(formatPuzzle(puzzle));
      return;
    }
    for (let i = from; i < allowed.length; i++) {
      puzzle[allowed[i]] = GRID[allowed[i]];
      add(i + 1, left - 1);
      puzzle[allowed[i]] = 0;
    }
  };
  add(0, count);
  return found;
}

const clueCells = [...SEVENTEEN.keys()].filter((i) => SEVENTEEN[i] !== 0);

test("scan with 14 clues fixed finds exactly the unique 17s a brute force finds", () => {
  const fixed = clueCells.slice(0, 14);
  const result = scanGrid(GRID, 17, { mask: maskFixing(fixed) });
  const ours = result.puzzles.map((p) => formatPuzzle(p));
  assert.equal(new Set(ours).size, ours.length, "no puzzle twice");
  const expected = bruteForce(fixed, [...Array(81).keys()].filter((i) => !fixed.includes(i)), 3);
  assert.ok(expected.has(formatPuzzle(SEVENTEEN)));
  assert.deepEqual(new Set(ours), expected);
});

test("forbidden cells are never clues; the result equals the brute force over the allowed cells", () => {
  const fixed = clueCells.slice(0, 13);
  const forbidden = [0, 1, 2, 9, 10, 11, 18, 19, 20, 40, 41, 80];
  const allowed = [...Array(81).keys()].filter((i) => !fixed.includes(i) && !forbidden.includes(i));
  const result = scanGrid(GRID, 17, { mask: maskFixing(fixed, forbidden) });
  const ours = new Set(result.puzzles.map((p) => formatPuzzle(p)));
  assert.deepEqual(ours, bruteForce(fixed, allowed, 4));
  for (const p of result.puzzles) for (const cell of forbidden) assert.equal(p[cell], 0);
});

test("chunks partition the search: each puzzle comes from exactly one chunk, in any chunk order", () => {
  const fixed = clueCells.slice(0, 13);
  const setup = prepareScan(GRID, 17, maskFixing(fixed));
  const chunkCount = setup.chunks.length / 6;
  assert.ok(chunkCount > 1);
  const forward: string[] = [];
  runChunks(setup, Array.from({ length: chunkCount }, (_, i) => i), { onPuzzle: (p) => forward.push(formatPuzzle(p)) });
  const backward: string[] = [];
  runChunks(setup, Array.from({ length: chunkCount }, (_, i) => chunkCount - 1 - i), { onPuzzle: (p) => backward.push(formatPuzzle(p)) });
  assert.equal(new Set(forward).size, forward.length);
  assert.deepEqual(new Set(backward), new Set(forward));
});

test("--minimals keeps exactly the minimal puzzles; --stop-at-first stops at one", () => {
  const fixed = clueCells.slice(0, 14);
  const all = scanGrid(GRID, 17, { mask: maskFixing(fixed) }).puzzles;
  const minimal = scanGrid(GRID, 17, { mask: maskFixing(fixed), minimals: true }).puzzles;
  assert.deepEqual(
    new Set(minimal.map((p) => formatPuzzle(p))),
    new Set(all.filter((p) => redundantClues(p).length === 0).map((p) => formatPuzzle(p))),
  );
  assert.equal(scanGrid(GRID, 17, { mask: maskFixing(fixed), stopAtFirst: true }).puzzles.length, 1);
});

test("the complete UA collection up to 12 cells: 289 UAs of the published sizes, each a minimal UA; 4-digit floors agree", () => {
  const grid = parseGrid("594231786786945132123768954965173248378492561241856397432619875619587423857324619");
  const set = new UASet();
  collectSmallUAs(grid, set, 12);
  const histogram = set.histogram();
  assert.equal(set.count, 289);
  assert.deepEqual(
    [4, 6, 8, 9, 10, 11, 12].map((size) => histogram[size]),
    [7, 18, 23, 8, 70, 24, 139],
  );
  const uas = set.sorted();
  const key = (i: number): string => `${uas[3 * i]},${uas[3 * i + 1]},${uas[3 * i + 2]}`;
  const small = new Set(Array.from({ length: set.count }, (_, i) => key(i)));
  // Each is unavoidable (blanking it leaves 2 solutions) and minimal (blanking all but one cell leaves 1).
  for (let i = 0; i < set.count; i += 7) {
    const cells = cellSetToList(uas.subarray(3 * i, 3 * i + 3));
    const blanked = grid.slice();
    for (const c of cells) blanked[c] = 0;
    assert.equal(countSolutions(blanked, 2), 2);
    blanked[cells[0]] = grid[cells[0]];
    assert.equal(countSolutions(blanked, 2), 1);
  }
  // A second algorithm: the minimal UAs of up to 12 cells among the 4-digit floors' are all in the set.
  const floors = new UASet();
  collectDigitFloorUAs(grid, 4, floors, 1_000_000);
  const f = floors.sorted();
  let checked = 0;
  for (let i = 0; i < floors.count; i++) {
    const size = cellSetToList(f.subarray(3 * i, 3 * i + 3)).length;
    if (size > 12) continue;
    assert.ok(small.has(`${f[3 * i]},${f[3 * i + 1]},${f[3 * i + 2]}`));
    checked++;
  }
  assert.equal(checked, 7 + 18 + 23 + 8 + 52 + 13 + 52, "gridchecker's --unav4 histogram up to 12 cells");
});
