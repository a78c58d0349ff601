import { test } from "node:test";
import assert from "node:assert/strict";
import { solve, solveUnique, countSolutions, checkUnique, enumerateSolutions, redundantClues } from "../src/solver/solve.js";
import { isValidGrid, parsePuzzle } from "../src/core/puzzle.js";
import { cellSetToList } from "../src/core/cellset.js";
import { BitboardSolver } from "../src/solver/bitboard.js";
import { TwoBandSolver } from "../src/solver/two-band.js";
import { dataFile, readPuzzleFile, referenceCount, rng, text, missingData } from "./helpers.js";

const seventeens = dataFile("sudoku17.txt");
const hardest = dataFile("forum_hardest_1905_11plus.txt");

function assertSolves(puzzle: Uint8Array, solution: Uint8Array | null): void {
  assert.ok(solution !== null, `no solution for ${text(puzzle)}`);
  assert.ok(isValidGrid(solution!), `invalid grid for ${text(puzzle)}`);
  for (let i = 0; i < 81; i++) if (puzzle[i] !== 0) assert.equal(solution![i], puzzle[i]);
}

test("the 49,158 known 17-clue puzzles each have exactly one solution, valid and agreeing with the clues", { skip: !seventeens && missingData("sudoku17.txt") }, () => {
  const puzzles = readPuzzleFile(seventeens!);
  assert.equal(puzzles.length, 49158);
  let unique = 0;
  for (const puzzle of puzzles) {
    const result = solveUnique(puzzle);
    if (result.status === "unique") unique++;
    if (result.status !== "none") assertSolves(puzzle, result.solution);
  }
  assert.equal(unique, 49158);
});

test("hardest list (sample of 3,000): unique, and solutions valid", { skip: !hardest && missingData("forum_hardest_1905_11plus.txt") }, () => {
  const puzzles = readPuzzleFile(hardest!).filter((_, i) => i % 16 === 0);
  for (const puzzle of puzzles) {
    assert.equal(countSolutions(puzzle, 2), 1);
    assertSolves(puzzle, solve(puzzle));
  }
});

test("a 17 with one clue removed has several solutions, and checkUnique returns a real unavoidable set", { skip: !seventeens && missingData("sudoku17.txt") }, () => {
  const puzzles = readPuzzleFile(seventeens!).filter((_, i) => i % 250 === 0);
  let checked = 0;
  for (const puzzle of puzzles) {
    const grid = solve(puzzle)!;
    assert.equal(checkUnique(puzzle, grid), null, "the 17 itself is unique");
    for (let cell = 0; cell < 81; cell++) {
      if (puzzle[cell] === 0) continue;
      const reduced = puzzle.slice();
      reduced[cell] = 0;
      assert.equal(countSolutions(reduced, 2), 2);
      const ua = checkUnique(reduced, grid);
      assert.ok(ua !== null);
      const cells = cellSetToList(ua!);
      assert.ok(cells.length >= 4, "a UA has at least 4 cells");
      assert.ok(cells.every((c) => reduced[c] === 0), "a UA returned for a puzzle avoids its clues");
      // Blanking the UA in the grid must leave at least two solutions.
      const blanked = grid.slice();
      for (const c of cells) blanked[c] = 0;
      assert.ok(countSolutions(blanked, 2) >= 2, "the returned set is unavoidable");
      checked++;
    }
  }
  assert.ok(checked > 3000);
});

test("solution counts agree with an independent naive solver on random multi-solution puzzles", () => {
  const random = rng(17);
  const grid = parsePuzzle("594231786786945132123768954965173248378492561241856397432619875619587423857324619");
  for (let trial = 0; trial < 120; trial++) {
    const puzzle = grid.slice();
    const blanks = 50 + Math.floor(random() * 12);
    for (let k = 0; k < blanks; k++) puzzle[Math.floor(random() * 81)] = 0;
    const expected = referenceCount(puzzle, 500);
    assert.equal(countSolutions(puzzle, 500), expected, text(puzzle));
    // Enumeration: the same count, all distinct, all valid and agreeing with the clues.
    const seen = new Set<string>();
    enumerateSolutions(puzzle, (solution) => {
      assertSolves(puzzle, solution);
      seen.add(text(solution));
    }, 500);
    assert.equal(seen.size, expected);
  }
});

test("impossible and contradictory puzzles have no solution", () => {
  // Row 1 needs a 9 in its last cell, but column 9 already has one.
  const puzzle = parsePuzzle("12345678." + "........9" + ".".repeat(63));
  assert.equal(countSolutions(puzzle, 2), 0);
  assert.equal(solve(puzzle), null);
  assert.equal(referenceCount(puzzle, 2), 0);
});

test("enumeration stops when the callback returns false, and at the limit", () => {
  const empty = new Uint8Array(81);
  let n = 0;
  enumerateSolutions(empty, () => ++n < 7);
  assert.equal(n, 7);
  assert.equal(enumerateSolutions(empty, () => true, 1000), 1000);
  assert.equal(countSolutions(empty, 12345), 12345);
});

test("redundantClues: a 17 is minimal; a clue added from the solution is redundant", () => {
  const puzzle = parsePuzzle("...8.1..........435............7.8........1...2..3....6......75..34........2..6..");
  assert.deepEqual(redundantClues(puzzle), []);
  const grid = solve(puzzle)!;
  const extra = puzzle.slice();
  const cell = puzzle.indexOf(0);
  extra[cell] = grid[cell];
  assert.ok(redundantClues(extra).includes(cell));
});


test("checkUniqueFrom (band 3 prepared once) agrees with checkUnique and with solution counts, even between checks of another grid", { skip: !seventeens && missingData("sudoku17.txt") }, () => {
  const puzzles = readPuzzleFile(seventeens!).filter((_, i) => i % 997 === 0);
  const prepared = new BitboardSolver();
  const plain = new BitboardSolver();
  const random = rng(20261122);
  let unique = 0;
  let several = 0;
  for (let p = 0; p + 1 < puzzles.length; p++) {
    const grid = solve(puzzles[p])!;
    const other = solve(puzzles[p + 1])!;
    prepared.prepareBase(grid, 0, 0, 0x7ffffff);
    for (let trial = 0; trial < 40; trial++) {
      let c0 = 0;
      let c1 = 0;
      const puzzle = new Uint8Array(81);
      for (let i = 54; i < 81; i++) puzzle[i] = grid[i];
      for (let k = 0, n = 12 + Math.floor(random() * 16); k < n; k++) {
        const cell = Math.floor(random() * 54);
        if (cell < 27) c0 |= 1 << cell;
        else c1 |= 1 << (cell - 27);
        puzzle[cell] = grid[cell];
      }
      // Another grid checked on the same solver must not disturb the prepared one.
      if (trial % 7 === 3) prepared.checkUnique(other, other, false);
      const fast = prepared.checkUniqueFrom(c0, c1, 0);
      const slow = plain.checkUnique(puzzle, grid, false);
      assert.equal(fast, slow);
      assert.equal(fast, countSolutions(puzzle, 2) === 1);
      if (fast) {
        unique++;
        continue;
      }
      several++;
      assert.deepEqual([...prepared.difference], [...plain.difference], "the same second solution");
      const d = prepared.difference;
      assert.equal(d[2], 0, "band 3 is given");
      assert.equal((d[0] & c0) | (d[1] & c1), 0, "the UA avoids the clues");
      const blanked = grid.slice();
      for (let cell = 0; cell < 54; cell++) if (((cell < 27 ? d[0] : d[1]) >>> (cell % 27)) & 1) blanked[cell] = 0;
      assert.ok(countSolutions(blanked, 2) >= 2, "the difference is unavoidable");
    }
  }
  assert.ok(unique > 20 && several > 200, `both outcomes tested (${unique} unique, ${several} not)`);
});

test("the two-band check returns what the full solver returns with band 3 given, difference included", { skip: !seventeens && missingData("sudoku17.txt") }, () => {
  const puzzles = readPuzzleFile(seventeens!).filter((_, i) => i % 499 === 0);
  const full = new BitboardSolver();
  const two = new TwoBandSolver();
  const random = rng(20261124);
  let unique = 0;
  let several = 0;
  let guessed = 0;
  for (const puzzle of puzzles) {
    const grid = solve(puzzle)!;
    full.prepareBase(grid, 0, 0, 0x7ffffff);
    two.setGrid(grid);
    for (let trial = 0; trial < 40; trial++) {
      let c0 = 0;
      let c1 = 0;
      for (let k = 0, n = 12 + Math.floor(random() * 16); k < n; k++) {
        const cell = Math.floor(random() * 54);
        if (cell < 27) c0 |= 1 << cell;
        else c1 |= 1 << (cell - 27);
      }
      const expected = full.checkUniqueFrom(c0, c1, 0);
      assert.equal(two.checkUnique(c0, c1), expected);
      if (two.guesses > 0) guessed++;
      if (expected) {
        unique++;
        continue;
      }
      several++;
      assert.deepEqual([...two.difference], [full.difference[0], full.difference[1]], "the same second solution");
    }
  }
  assert.ok(unique > 400 && several > 2000 && guessed > 1000, `both outcomes and guesses tested (${unique} unique, ${several} not, ${guessed} with guesses)`);
});
