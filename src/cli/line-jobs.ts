/**
 * The per-line work of every batch command, in one place: the worker threads
 * and the single-thread path both call runJob, so a line gets the same answer
 * whichever way it was run. Nothing here touches Node APIs or I/O.
 */
import { cellName } from "../core/cells.js";
import { formatPuzzle, parseLine, type Puzzle } from "../core/puzzle.js";
import { countSolutions, redundantClues, solveUnique } from "../solver/solve.js";
import { applyTransform, canonicalGrid, canonicalPuzzle } from "../canon/index.js";
import { rateRecord, type RateJobOptions } from "./rate-job.js";

/**
 * The commands run line by line. `rate` runs here too (for its worker
 * threads), but its output is a JSON RateRecord that rate-command.ts formats.
 */
export type BatchCommand = "solve" | "count" | "canon" | "minimal" | "group-by-grid" | "rate";

/** Which canonical form `canon` computes; "auto" picks the grid form for a complete grid. */
export type CanonForm = "auto" | "grid" | "puzzle";

/** Command options a job needs. Plain data, because it is sent to the worker threads. */
export interface JobOptions {
  /** `count`: stop counting at this many solutions. */
  readonly limit: number;
  readonly canonForm: CanonForm;
  /** `rate`: its options (absent for the other commands). */
  readonly rate?: RateJobOptions;
}

export type JobResult = { readonly output: string } | { readonly error: string };

/**
 * Runs one command on one input line. For the line commands the output is the
 * finished stdout line (result + the line's annotation); for `group-by-grid`
 * it is a record `canonicalGrid<TAB>puzzleInGridCoordinates` for the grouping
 * step. Never throws: any failure becomes the line's error.
 */
export function runJob(command: BatchCommand, options: JobOptions, line: string): JobResult {
  if (command === "rate") {
    const rated = rateRecord(line, options.rate ?? { uniqueness: true, stop: null });
    return "error" in rated ? rated : { output: JSON.stringify(rated.record) };
  }
  const parsed = parseLine(line);
  if (!parsed.ok) return { error: parsed.reason };
  try {
    const result = LINE_JOBS[command](parsed.cells, options);
    if (typeof result !== "string") return result;
    return { output: command === "group-by-grid" ? result : result + parsed.annotation };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

type LineJob = (cells: Puzzle, options: JobOptions) => string | { readonly error: string };

const LINE_JOBS: Record<Exclude<BatchCommand, "rate">, LineJob> = {
  solve(cells) {
    const result = solveUnique(cells);
    return result.status === "unique" ? formatPuzzle(result.solution) : result.status;
  },

  count(cells, options) {
    return String(countSolutions(cells, options.limit));
  },

  canon(cells, options) {
    const isGrid = !cells.includes(0);
    const form = options.canonForm === "auto" ? (isGrid ? "grid" : "puzzle") : options.canonForm;
    if (form === "grid") {
      if (!isGrid) return { error: `not a complete grid (cell ${cellName(cells.indexOf(0))} is empty); use --puzzle for a puzzle` };
      return formatPuzzle(canonicalGrid(cells).grid);
    }
    // Checked here rather than left to canonicalPuzzle so the message is ours and stable.
    const count = countSolutions(cells, 2);
    if (count === 0) return { error: "puzzle has no solution" };
    if (count > 1) return { error: "puzzle has several solutions" };
    return formatPuzzle(canonicalPuzzle(cells).puzzle);
  },

  minimal(cells) {
    const count = countSolutions(cells, 2);
    if (count !== 1) return count === 0 ? "none" : "multiple";
    const redundant = redundantClues(cells);
    return redundant.length === 0 ? "minimal" : `not-minimal ${redundant.map(cellName).join(" ")}`;
  },

  "group-by-grid"(cells) {
    const result = solveUnique(cells);
    if (result.status !== "unique") {
      return { error: `no unique solution (the puzzle has ${result.status === "none" ? "none" : "several"})` };
    }
    const canon = canonicalGrid(result.solution);
    return `${formatPuzzle(canon.grid)}\t${formatPuzzle(applyTransform(cells, canon.transform))}`;
  },
};
