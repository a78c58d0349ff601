/**
 * The rating loop of Sudoku Explainer 1.2.1 / serate 1.2.1.3: from the
 * puzzle's candidates, repeatedly take the first step of the first producer
 * that has one, apply it, until the grid is full.
 *
 * - ER: the hardest step;
 * - EP: the hardest step up to and including the first one that places a digit;
 * - ED: the first step.
 *
 * All ratings are integers ×10. When no producer applies, SE (Solver.
 * getDifficulty) stops with ER 20.0 and keeps EP and ED as far as it had them,
 * 0.0 when not reached yet: the status "unsolvable" here, when the producers
 * used are SE's whole ladder (SE_PRODUCER_COUNT of them) or the first
 * `producers` of it (SE with the later techniques unticked). With the
 * implemented ladder shorter than SE's, a puzzle that gets stuck may still be
 * solved by SE's later producers: it is "beyond" this implementation, and no
 * ER is invented (ED, and EP when a digit was already placed, are exact then).
 *
 * serate's --pearl / --diamond (`stop`) end the loop as soon as the puzzle is
 * known not to be a pearl (ER = EP) / diamond (ER = EP = ED), with serate's
 * printed numbers: ER 20.0, EP and ED as far as known (status "stopped").
 */
import { findConflict, parseLine, type Puzzle } from "../core/puzzle.js";
import { choiceArgument, integerArgument, type PuzzleInput } from "../core/arguments.js";
import { solveUnique } from "../solver/solve.js";
import type { Step } from "./step.js";
import { recordNestedChains } from "./nested-registry.js";
import { findHiddenSingle, hiddenSingle, hiddenSingleCell, hiddenSingleRating, nextStep, PRODUCERS } from "./techniques.js";
import { CandidateGrid } from "./grid.js";

/** ER 20.0: SE's rating of a valid puzzle it cannot finish, and serate's of one that is not a pearl / diamond. */
export const ER_UNSOLVED = 200;

/**
 * The number of producers of SE 1.2.1's ladder: 5 direct ones (singles and
 * direct intersections / hidden sets), 15 indirect ones (intersections to
 * aligned pair exclusion), 6 chaining ones (static chains to dynamic forcing
 * chains (+)), 2 "advanced" (nested levels 2-3) and 2 "experimental" (levels
 * 4-5). serate's getDifficulty asks them all.
 */
export const SE_PRODUCER_COUNT = 30;

/** Which early stop serate's --pearl / --diamond ask for. */
export type EarlyStop = "pearl" | "diamond";

export type RateResult =
  | {
      readonly status: "rated";
      readonly er: number;
      readonly ep: number;
      readonly ed: number;
      /** Every step in order (empty unless `steps` was asked for). */
      readonly steps: readonly Step[];
      /** The first step of the highest rating (kept whether or not the steps are), null for a full grid. */
      readonly hardest: Step | null;
    }
  | {
      /**
       * No producer of SE's ladder (or of the first `producers` of it)
       * applies: SE's ER 20.0, with EP and ED as SE has them then (0 when
       * not reached: no digit placed yet, no step at all).
       */
      readonly status: "unsolvable";
      readonly er: typeof ER_UNSOLVED;
      readonly ep: number;
      readonly ed: number;
      /** The hardest step taken before getting stuck, or null. */
      readonly hardestSoFar: number | null;
      readonly steps: readonly Step[];
      /** The first step rated hardestSoFar, or null. */
      readonly hardest: Step | null;
      /** The grid where no producer applies. */
      readonly grid: CandidateGrid;
    }
  | {
      /**
       * --pearl / --diamond: the path showed that the puzzle is not a pearl
       * / diamond and the rating stopped there. serate's numbers: ER 20.0,
       * EP (0 if no digit was placed yet, always 0 for --diamond), ED.
       */
      readonly status: "stopped";
      readonly stop: EarlyStop;
      readonly er: typeof ER_UNSOLVED;
      readonly ep: number;
      readonly ed: number;
      /** The steps up to the one that stopped the rating (empty unless `steps` was asked for). */
      readonly steps: readonly Step[];
      /** The step that showed it (the last of `steps` when they are recorded). */
      readonly stoppedBy: Step;
      /** The hardest step up to the stop (the stopping step's rating). */
      readonly hardestSoFar: number;
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
  /** serate's --pearl / --diamond: stop as soon as the puzzle cannot be one. Default null (rate to the end). */
  readonly stop?: EarlyStop | null;
  /**
   * Use only the first N producers of SE's ladder (PRODUCERS' order), as SE
   * does with the later techniques unticked: a puzzle they cannot finish is
   * "unsolvable" (ER 20.0). Default: all implemented producers.
   */
  readonly producers?: number;
}

/**
 * Rates a puzzle (Uint8Array(81) with 0 = empty, or an 81-character string).
 * Never throws: a malformed or contradictory puzzle, or one without exactly
 * one solution, comes back as "invalid" with the reason.
 */
export function ratePuzzle(puzzle: PuzzleInput, options: RateOptions = {}): RateResult {
  checkRateOptions(options);
  let cells: Puzzle;
  if (typeof puzzle === "string" || (puzzle as unknown) instanceof String) {
    const parsed = parseLine(String(puzzle).trim());
    if (!parsed.ok) return { status: "invalid", reason: parsed.reason };
    cells = parsed.cells;
  } else if (typeof puzzle === "object" && puzzle !== null && typeof (puzzle as ArrayLike<unknown>).length === "number") {
    const list = puzzle as ArrayLike<unknown>;
    if (list.length !== 81) return { status: "invalid", reason: "a puzzle is 81 cells holding 0-9" };
    cells = new Uint8Array(81);
    for (let i = 0; i < 81; i++) {
      const v = list[i];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 9) return { status: "invalid", reason: "a puzzle is 81 cells holding 0-9" };
      cells[i] = v;
    }
  } else {
    throw new TypeError(`puzzle must be an 81-character string or an array of 81 digits 0-9, not ${puzzle === null ? "null" : typeof puzzle}`);
  }
  const conflict = findConflict(cells);
  if (conflict !== null) return { status: "invalid", reason: conflict };
  if (options.checkUnique ?? true) {
    const solved = solveUnique(cells);
    if (solved.status === "none") return { status: "invalid", reason: "no solution" };
    if (solved.status === "multiple") return { status: "invalid", reason: "more than one solution" };
  }
  return rateGrid(CandidateGrid.fromPuzzle(cells), options);
}

/** Options from a library user: wrong ones are errors, not a different rating. */
function checkRateOptions(options: RateOptions): void {
  if (typeof options !== "object" || options === null) throw new TypeError("options must be an object");
  if (options.producers !== undefined) integerArgument(options.producers, "options.producers", 1, 1000);
  if (options.stop !== undefined && options.stop !== null) choiceArgument(options.stop, "options.stop", ["pearl", "diamond"]);
}

/** The rating loop's options that rateGrid uses. */
export type RateGridOptions = Pick<RateOptions, "steps" | "uniqueness" | "stop" | "producers">;

/**
 * Runs the rating loop on a candidate grid (which it modifies). The older
 * form rateGrid(grid, recordSteps, uniqueness) is still accepted.
 */
export function rateGrid(grid: CandidateGrid, options: RateGridOptions | boolean = {}, uniqueness = true): RateResult {
  const opts: RateGridOptions = typeof options === "boolean" ? { steps: options, uniqueness } : options;
  // The nested levels' chains are only made when the steps are kept.
  recordNestedChains(opts.steps ?? false);
  try {
    return rateLoop(grid, opts);
  } finally {
    recordNestedChains(false);
  }
}

function rateLoop(grid: CandidateGrid, opts: RateGridOptions): RateResult {
  const recordSteps = opts.steps ?? false;
  const useUniqueness = opts.uniqueness ?? true;
  const stop = opts.stop ?? null;
  const limit = opts.producers === undefined ? PRODUCERS.length : Math.max(0, Math.min(opts.producers, PRODUCERS.length));
  // Getting stuck means SE's 20.0 when the producers are SE's whole ladder, or the part of it asked for.
  const wholeLadder = (opts.producers !== undefined && opts.producers <= PRODUCERS.length) || PRODUCERS.length >= SE_PRODUCER_COUNT;
  const steps: Step[] = [];
  let er = -1;
  let ep = -1;
  let ed = -1;
  let hardest: Step | null = null;
  // Most steps are hidden singles no harder than a step before: placed without making their step, when no step is kept.
  const quickSingles = !recordSteps && limit >= 1 && PRODUCERS[0].find === hiddenSingle;
  while (grid.filled < 81) {
    if (quickSingles && er >= 10) {
      const single = findHiddenSingle(grid);
      if (single >= 0 && hiddenSingleRating(grid, single >> 4) <= er) {
        // As the step below would: the rating, ED and the stop test are unchanged, and the placement sets EP.
        grid.place(hiddenSingleCell(grid, single), single & 15);
        if (ep < 0) ep = er;
        continue;
      }
    }
    const found = limit === PRODUCERS.length ? nextStep(grid, useUniqueness) : firstStep(grid, useUniqueness, limit);
    if (found === null) {
      const hardestSoFar = er < 0 ? null : er;
      if (wholeLadder) return { status: "unsolvable", er: ER_UNSOLVED, ep: Math.max(ep, 0), ed: Math.max(ed, 0), hardestSoFar, steps, hardest, grid };
      return { status: "beyond", ed: ed < 0 ? null : ed, ep: ep < 0 ? null : ep, hardestSoFar, steps, grid };
    }
    if (recordSteps) steps.push(found);
    applyStep(grid, found);
    if (found.rating > er) {
      er = found.rating;
      hardest = found;
    }
    if (ed < 0) ed = er;
    if (stop !== null) {
      // serate checks after each step: before the first placement, --diamond stops at the placement if a
      // step harder than ED came first (printing EP 0.0); from then on both stop at a step harder than EP.
      // A step harder than ED before the first placement already decides --diamond's output (ER 20.0, EP
      // 0.0, ED), whatever comes next (the placement or getting stuck), so the loop stops there at once.
      if (ep < 0 ? stop === "diamond" && er > ed : er > ep) {
        return { status: "stopped", stop, er: ER_UNSOLVED, ep: Math.max(ep, 0), ed, steps, stoppedBy: found, hardestSoFar: er };
      }
    }
    if (ep < 0 && found.placement !== null) ep = er;
  }
  // A full grid (no step at all) rates 0.
  return { status: "rated", er: Math.max(er, 0), ep: Math.max(ep, 0), ed: Math.max(ed, 0), steps, hardest };
}

/** nextStep restricted to the first `limit` producers (SE with the later techniques unticked). */
function firstStep(grid: CandidateGrid, uniqueness: boolean, limit: number): Step | null {
  for (let i = 0; i < limit; i++) {
    const producer = PRODUCERS[i];
    if (!uniqueness && producer.uniqueness === true) continue;
    const found = producer.find(grid);
    if (found !== null) return found;
  }
  return null;
}

/** Applies a step as SE does: its eliminations, then its placement. */
export function applyStep(grid: CandidateGrid, step: Step): void {
  for (const { cell, digit } of step.eliminations) grid.remove(cell, digit);
  if (step.placement !== null) grid.place(step.placement.cell, step.placement.digit);
}
