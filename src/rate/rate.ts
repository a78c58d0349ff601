/**
 * The rating loop of Sudoku Explainer 1.2.1 / serate 1.2.1.3: from the
 * puzzle's candidates, repeatedly take the first step of the first producer
 * that has one, apply it, until the grid is full.
 *
 * - ER: the hardest step;
 * - EP: the hardest step up to and including the first one that places a digit;
 * - ED: the first step.
 *
 * All ratings are integers ×10. When no implemented technique applies the
 * puzzle is "beyond" this implementation: the status says so and no rating
 * is invented (ED, and EP when a digit was already placed, are exact then).
 */
import { findConflict, parseLine, type Puzzle } from "../core/puzzle.js";
import { solveUnique } from "../solver/solve.js";
import { CandidateGrid } from "./grid.js";
import type { Step } from "./step.js";
import { nextStep } from "./techniques.js";

export type RateResult =
  | {
      readonly status: "rated";
      readonly er: number;
      readonly ep: number;
      readonly ed: number;
      /** Every step in order (empty unless `steps` was asked for). */
      readonly steps: readonly Step[];
    }
  | {
      readonly status: "beyond";
      /** The first step's rating, or null if no step was found at all. */
      readonly ed: number | null;
      /** EP if a digit was placed before the solver got stuck, else null. */
      readonly ep: number | null;
      /** The hardest step taken before getting stuck (a lower bound of ER, not ER), or null. */
      readonly hardestSoFar: number | null;
      readonly steps: readonly Step[];
      /** The grid where no implemented technique applies. */
      readonly grid: CandidateGrid;
    }
  | { readonly status: "invalid"; readonly reason: string };

export interface RateOptions {
  /** Record every step (for `explain` and the tests). Default false. */
  readonly steps?: boolean;
  /** Check that the puzzle has exactly one solution first. Default true. */
  readonly checkUnique?: boolean;
  /**
   * Use the uniqueness techniques (unique rectangles and loops, BUG), as SE
   * 1.2.1 / serate always does. Default true; false rates as SE does with
   * those techniques switched off.
   */
  readonly uniqueness?: boolean;
}

/**
 * Rates a puzzle (Uint8Array(81) with 0 = empty, or an 81-character string).
 * Never throws: a malformed or contradictory puzzle, or one without exactly
 * one solution, comes back as "invalid" with the reason.
 */
export function ratePuzzle(puzzle: Puzzle | string, options: RateOptions = {}): RateResult {
  let cells: Puzzle;
  if (typeof puzzle === "string") {
    const parsed = parseLine(puzzle.trim());
    if (!parsed.ok) return { status: "invalid", reason: parsed.reason };
    cells = parsed.cells;
  } else {
    if (puzzle.length !== 81 || puzzle.some((d) => d > 9)) return { status: "invalid", reason: "a puzzle is 81 cells holding 0-9" };
    cells = puzzle;
  }
  const conflict = findConflict(cells);
  if (conflict !== null) return { status: "invalid", reason: conflict };
  if (options.checkUnique ?? true) {
    const solved = solveUnique(cells);
    if (solved.status === "none") return { status: "invalid", reason: "no solution" };
    if (solved.status === "multiple") return { status: "invalid", reason: "more than one solution" };
  }
  return rateGrid(CandidateGrid.fromPuzzle(cells), options.steps ?? false, options.uniqueness ?? true);
}

/** Runs the rating loop on a candidate grid (which it modifies). */
export function rateGrid(grid: CandidateGrid, recordSteps = false, uniqueness = true): RateResult {
  const steps: Step[] = [];
  let er = -1;
  let ep = -1;
  let ed = -1;
  while (grid.filled < 81) {
    const found = nextStep(grid, uniqueness);
    if (found === null) {
      return {
        status: "beyond",
        ed: ed < 0 ? null : ed,
        ep: ep < 0 ? null : ep,
        hardestSoFar: er < 0 ? null : er,
        steps,
        grid,
      };
    }
    if (recordSteps) steps.push(found);
    applyStep(grid, found);
    if (found.rating > er) er = found.rating;
    if (ed < 0) ed = er;
    if (ep < 0 && found.placement !== null) ep = er;
  }
  // A full grid (no step at all) rates 0.
  return { status: "rated", er: Math.max(er, 0), ep: Math.max(ep, 0), ed: Math.max(ed, 0), steps };
}

/** Applies a step as SE does: its eliminations, then its placement. */
export function applyStep(grid: CandidateGrid, step: Step): void {
  for (const { cell, digit } of step.eliminations) grid.remove(cell, digit);
  if (step.placement !== null) grid.place(step.placement.cell, step.placement.digit);
}
