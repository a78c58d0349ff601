/**
 * gridsBeforeSteps: the candidate grid each step of a rating was found on,
 * as the web page draws it. Checked against the rating loop itself: nextStep
 * on grid i finds step i again, each step's eliminations and placement are
 * candidates of its grid, and the last grid is the solution.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatPuzzle, parsePuzzle } from "../src/core/puzzle.js";
import { solve } from "../src/solver/solve.js";
import { gridsBeforeSteps, nextStep, ratePuzzle } from "../src/rate/index.js";

/** A puzzle SE rates 9.0 (forcing chains among its steps) and a 17 with a unique rectangle. */
const PUZZLES = [
  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
  "..............1..2..3.4..5........6......5.3.12...7.......6.....8.93....4.......8",
];

for (const text of PUZZLES) {
  test(`gridsBeforeSteps replays the rating path of ${text.slice(0, 20)}...`, () => {
    const puzzle = parsePuzzle(text);
    const result = ratePuzzle(puzzle, { steps: true });
    assert.equal(result.status, "rated");
    if (result.status !== "rated") return;
    const grids = gridsBeforeSteps(puzzle, result.steps);
    assert.equal(grids.length, result.steps.length + 1);
    assert.deepEqual([...grids[0].values], [...puzzle]);
    result.steps.forEach((step, i) => {
      const grid = grids[i];
      for (const { cell, digit } of step.eliminations) assert.ok(grid.has(cell, digit), `step ${i + 1}: r${cell}<>${digit} is a candidate`);
      if (step.placement !== null) {
        assert.equal(grid.values[step.placement.cell], 0);
        assert.ok(grid.has(step.placement.cell, step.placement.digit));
      }
      // The rating found this very step on this grid; the replayed grid is left untouched by the look.
      const again = nextStep(grid.copy(), true);
      assert.equal(again?.technique, step.technique, `step ${i + 1}`);
      assert.deepEqual(again?.eliminations, step.eliminations);
    });
    assert.equal(formatPuzzle(grids[result.steps.length].values), formatPuzzle(solve(puzzle)!));
  });
}
