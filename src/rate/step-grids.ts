/**
 * The candidate grids a rating path goes through. The steps of a rating say
 * what each technique found, not what the grid looked like when it found it;
 * showing a step as Sudoku Explainer's window does (its cells, eliminations
 * and chains drawn over the candidates) needs the grid just before it. The
 * rating loop starts from the puzzle's candidates and applies each step in
 * turn (applyStep), so replaying the steps the same way gives those grids
 * exactly, without keeping 81 candidate sets per step during the rating.
 */
import { CandidateGrid } from "./grid.js";
import { applyStep } from "./rate.js";
import type { Step } from "./step.js";

/**
 * grids[i] is the candidate grid step i was found on (steps as ratePuzzle(...,
 * { steps: true }) returns them for `puzzle`); grids[steps.length] is the grid
 * after the last step.
 */
export function gridsBeforeSteps(puzzle: ArrayLike<number>, steps: readonly Step[]): CandidateGrid[] {
  const grid = CandidateGrid.fromPuzzle(puzzle);
  const grids: CandidateGrid[] = [];
  for (const step of steps) {
    grids.push(grid.copy());
    applyStep(grid, step);
  }
  grids.push(grid);
  return grids;
}
