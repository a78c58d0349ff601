/**
 * The solver's public calls. Each takes a puzzle as a Uint8Array(81) (0 =
 * empty) or an 81-character string, and runs the bitboard kernel. A shared
 * kernel instance serves every call; a call made from inside an enumeration
 * callback gets a fresh instance, so re-entrant use is safe.
 */
import { BitboardSolver, type SolutionCallback } from "./bitboard.js";
import type { Puzzle } from "../core/puzzle.js";
import { limitArgument, puzzleArgument, type PuzzleInput } from "../core/arguments.js";
import type { CellSet } from "../core/cellset.js";

const shared = new BitboardSolver();

function kernel(): BitboardSolver {
  return shared.busy ? new BitboardSolver() : shared;
}

function cellsOf(puzzle: PuzzleInput, name = "puzzle"): Puzzle {
  return puzzleArgument(puzzle, name);
}

/** The first solution, or null when the puzzle has none. */
export function solve(puzzle: PuzzleInput): Uint8Array | null {
  const solver = kernel();
  return solver.countSolutions(cellsOf(puzzle), 1) === 0 ? null : solver.solution.slice();
}

/** The number of solutions, counting no further than `limit`. */
export function countSolutions(puzzle: PuzzleInput, limit = 2): number {
  return kernel().countSolutions(cellsOf(puzzle), limitArgument(limit));
}

export type SolveResult =
  | { readonly status: "none" }
  | { readonly status: "unique"; readonly solution: Uint8Array }
  | { readonly status: "multiple"; readonly solution: Uint8Array };

/** Solves and tells whether the solution is unique (count to 2). */
export function solveUnique(puzzle: PuzzleInput): SolveResult {
  const solver = kernel();
  const count = solver.countSolutions(cellsOf(puzzle), 2);
  if (count === 0) return { status: "none" };
  return { status: count === 1 ? "unique" : "multiple", solution: solver.solution.slice() };
}

/**
 * Uniqueness check against a known solution: null when `puzzle` has exactly
 * one solution, otherwise the cells where a second solution differs from
 * `grid` (an unavoidable set of the grid that the puzzle's clues miss),
 * shrunk by default to the smallest difference among the completions inside
 * the first one found. The clues must agree with the grid.
 */
export function checkUnique(puzzle: PuzzleInput, grid: PuzzleInput, shrink = true): CellSet | null {
  const cells = cellsOf(puzzle);
  const solution = cellsOf(grid, "grid");
  for (let i = 0; i < 81; i++) {
    if (cells[i] !== 0 && cells[i] !== solution[i]) {
      throw new Error(`checkUnique: clue ${cells[i]} at cell ${i} disagrees with the grid's ${solution[i]}`);
    }
  }
  const solver = kernel();
  return solver.checkUnique(cells, solution, shrink) ? null : solver.difference.slice();
}

/** Calls `onSolution` for every solution (the array passed is reused: copy it to keep it), up to `limit`. Returns the number visited. */
export function enumerateSolutions(puzzle: PuzzleInput, onSolution: SolutionCallback, limit = Infinity): number {
  if (typeof onSolution !== "function") throw new TypeError("onSolution must be a function");
  return kernel().enumerate(cellsOf(puzzle), onSolution, limitArgument(limit));
}

/**
 * The clues whose removal leaves the puzzle unique: an empty list means the
 * puzzle is minimal. Only meaningful for a puzzle with a unique solution.
 */
export function redundantClues(puzzle: PuzzleInput): number[] {
  const cells = cellsOf(puzzle).slice();
  const solver = kernel();
  const redundant: number[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const digit = cells[cell];
    if (digit === 0) continue;
    cells[cell] = 0;
    if (solver.countSolutions(cells, 2) === 1) redundant.push(cell);
    cells[cell] = digit;
  }
  return redundant;
}

