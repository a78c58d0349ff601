/**
 * UA collection by "empty cells, enumerate completions" (seed 003, step 1;
 * design notes grid-scan.md §5 and §7.1): empty a set of cells of a solution
 * grid, enumerate every completion of what is left, and keep the cells where
 * each completion differs from the grid. Each difference is an unavoidable
 * set (the completion is a second solution of any puzzle missing it); the
 * UASet keeps the inclusion-minimal ones. Three choices of emptied cells:
 * digit floors (all cells of k digits), groups of boxes, and random cells.
 *
 * As in the seed, each emptied pattern first gathers its differences in a
 * local UASet, and only the local minimal sets go to the caller's set: a
 * pattern's completions are many and mostly non-minimal, and the caller's
 * set is large, so this saves most of the costly global superset tests.
 *
 * Every set kept is a minimal UA of the grid, not just minimal among those
 * found: a UA inside a difference lies in the same emptied cells, so an
 * exhaustive enumeration reaches it too; a capped one is repaired by
 * shrinkLocal. Filtering by size as UAs arrive (maxSize) gives the same
 * small sets as filtering at the end, since minimality depends only on
 * smaller sets.
 *
 * No Node APIs: this layer runs in a browser.
 */
import { BAND_OF, BOX_OF, POS_IN_BAND } from "../core/cells.js";
import { popcount } from "../core/bits.js";
import { isValidGrid } from "../core/puzzle.js";
import { BitboardSolver } from "../solver/bitboard.js";
import { UASet } from "./ua-set.js";
import { mulberry32 } from "../core/random.js";
import { DEFAULT_COLLECT_OPTIONS, DEFAULT_FIVE_DIGIT_FLOOR_CAP } from "./collect-defaults.js";

export { DEFAULT_COLLECT_OPTIONS, DEFAULT_FIVE_DIGIT_FLOOR_CAP };

export { mulberry32 };

/** Where collected UAs go (a UASet, or a filter in front of one). */
export interface UASink {
  add(b0: number, b1: number, b2: number): boolean;
}

/**
 * What a collector did: patterns enumerated, their completions, patterns cut
 * short by the cap (their UAs are then shrunk to minimal ones, see
 * shrinkLocal), and UAs whose shrinking was itself cut short (these may not
 * be minimal; 0 in every run measured).
 */
export interface CollectStats {
  patterns: number;
  completions: number;
  capped: number;
  unshrunk: number;
}

/**
 * Default cap on completions per digit floor of at most 4 digits: large
 * enough to be exhaustive. Measured on the 20x17 grid (594231786...): the
 * largest 4-digit floor has 10,080 completions, all 126 have 243,096.
 */
export const DEFAULT_FLOOR_CAP = 1_000_000;

/** Default cap per box group: far above the largest 4-box group measured (3,168 completions on the 20x17 grid). */
export const DEFAULT_BOX_CAP = 100_000;
/**
 * Default cap per random probe. Completions of 1,000 probes of 54 empty
 * cells on the 20x17 grid: median 258, 90th percentile 2,374, 99th 10,057,
 * maximum 42,283; the cap trims the rare heavy probes (1% of them).
 */
export const DEFAULT_PROBE_CAP = 10_000;

/**
 * Cap on the completions inside one UA when shrinking it (see shrinkLocal).
 * Never reached in the runs measured: 126 5-digit floors capped at 10,000
 * (85,000 shrinks) and 4-digit floors capped at 40.
 */
const SHRINK_CAP = 100_000;

/** Collects UAs from one emptied pattern at a time, with one solver and no allocation per completion. */
class PatternCollector {
  private readonly solver = new BitboardSolver();
  private readonly puzzle = new Uint8Array(81);
  private readonly emptied = new Uint8Array(81);
  private emptiedCount = 0;
  private readonly local = new UASet();
  readonly stats: CollectStats = { patterns: 0, completions: 0, capped: 0, unshrunk: 0 };
  /** The enumeration callback, made once; it must not call the solver (it runs inside it). */
  private readonly onSolution: (solution: Uint8Array) => void;

  constructor(
    private readonly grid: ArrayLike<number>,
    private readonly sink: UASink,
    private readonly maxSize: number,
  ) {
    if (!isValidGrid(grid)) throw new Error("UA collection needs a complete valid grid");
    const emptied = this.emptied;
    this.onSolution = (solution) => {
      let b0 = 0;
      let b1 = 0;
      let b2 = 0;
      // Only the emptied cells can differ (seed 003: "only the removed digits are compared").
      for (let i = 0; i < this.emptiedCount; i++) {
        const cell = emptied[i];
        if (solution[cell] === grid[cell]) continue;
        const bit = 1 << POS_IN_BAND[cell];
        const band = BAND_OF[cell];
        if (band === 0) b0 |= bit;
        else if (band === 1) b1 |= bit;
        else b2 |= bit;
      }
      if ((b0 | b1 | b2) === 0) return; // the grid itself
      if (popcount(b0) + popcount(b1) + popcount(b2) > this.maxSize) return;
      this.local.add(b0, b1, b2);
    };
  }

  /**
   * Empties the cells where `isEmptied(cell)` holds, enumerates up to `cap`
   * completions, and passes the local minimal differences to the sink.
   */
  run(isEmptied: (cell: number) => boolean, cap: number): void {
    let n = 0;
    for (let cell = 0; cell < 81; cell++) if (isEmptied(cell)) this.emptied[n++] = cell;
    this.local.clear();
    const found = this.enumerateEmptied(n, cap);
    this.stats.patterns++;
    this.stats.completions += found;
    if (found >= cap) {
      this.stats.capped++;
      this.shrinkLocal();
    }
    // Smallest first: they remove the caller's supersets before larger ones are tested.
    const sets = this.local.sorted();
    for (let k = 0; k < sets.length; k += 3) this.sink.add(sets[k], sets[k + 1], sets[k + 2]);
  }

  /** Enumerates the completions of the grid with the first `n` cells of `emptied` emptied, into the local set. */
  private enumerateEmptied(n: number, cap: number): number {
    this.puzzle.set(this.grid);
    for (let i = 0; i < n; i++) this.puzzle[this.emptied[i]] = 0;
    this.emptiedCount = n;
    return this.solver.enumerate(this.puzzle, this.onSolution, cap);
  }

  /**
   * After a capped enumeration, a kept difference may contain a UA whose
   * completion was never reached. Every UA inside a difference D is the
   * difference of a completion of the grid with only D emptied, so
   * enumerating those (few) completions finds it and removes D. Without a
   * cap this is not needed: a UA inside D lies in the same emptied cells, so
   * the pattern's own enumeration found it, and every kept set is minimal.
   * Its own cap, not the pattern's, so a small pattern cap still gives
   * minimal UAs.
   */
  private shrinkLocal(): void {
    const sets = this.local.sorted();
    for (let k = 0; k < sets.length; k += 3) {
      let n = 0;
      for (let band = 0; band < 3; band++) {
        for (let word = sets[k + band]; word !== 0; word &= word - 1) this.emptied[n++] = 27 * band + 31 - Math.clz32(word & -word);
      }
      if (this.enumerateEmptied(n, SHRINK_CAP) >= SHRINK_CAP) this.stats.unshrunk++;
    }
  }
}

/** The k-element subsets of 0..n-1 as bit masks, in increasing order. */
function subsetMasks(n: number, k: number): number[] {
  const masks: number[] = [];
  for (let mask = 0; mask < 1 << n; mask++) if (popcount(mask) === k) masks.push(mask);
  return masks;
}

/**
 * Digit floors: for every subset of `digitCount` digits (2..5), empties all
 * cells holding those digits. Exhaustive floors of k digits find every
 * minimal UA of at most k digits: such a UA is the difference of a grid that
 * moves only its own digits, a completion of every floor containing them.
 * Each digit of a minimal UA appears in it at least twice (see
 * small-uas.ts), so the floors of k digits give all UAs of at most 2k + 1
 * cells (3 digits: sizes 4-7; 4 digits: up to 9; 5: up to 11, as seed 003
 * says), and the floors of k digits contain those of fewer. The default cap
 * keeps 2-4 digits exhaustive and makes 5 digits affordable (truncated).
 */
export function collectDigitFloorUAs(
  grid: ArrayLike<number>,
  digitCount: number,
  set: UASink,
  maxSolutionsPerFloor = digitCount <= 4 ? DEFAULT_FLOOR_CAP : DEFAULT_FIVE_DIGIT_FLOOR_CAP,
  maxSize = 81,
): CollectStats {
  if (!Number.isInteger(digitCount) || digitCount < 2 || digitCount > 5) {
    throw new RangeError(`digitCount must be 2..5, got ${digitCount}`);
  }
  const collector = new PatternCollector(grid, set, maxSize);
  for (const digits of subsetMasks(9, digitCount)) {
    collector.run((cell) => ((digits >> (grid[cell] - 1)) & 1) === 1, maxSolutionsPerFloor);
  }
  return collector.stats;
}

/**
 * The box groups emptied by collectBoxUAs, as 9-bit box masks (bit b = box
 * b + 1): all 126 groups of 4 boxes. They contain every completion of the
 * groups of 2 and 3 boxes (a group's clues include a bigger group's).
 * Measured on the 20x17 grid: 88,476 completions in all, at most 3,168 per
 * group, 2,697 minimal UAs in 0.2 s; groups of 5 boxes have about 430,000
 * completions each (1.5 s apiece), too many for a default.
 */
export const BOX_PATTERNS: readonly number[] = subsetMasks(9, 4);

/** Box groups: empties the cells of each group in `patterns` (default: every 4 boxes) and enumerates completions. */
export function collectBoxUAs(
  grid: ArrayLike<number>,
  set: UASink,
  maxSolutionsPerPattern = DEFAULT_BOX_CAP,
  patterns: readonly number[] = BOX_PATTERNS,
  maxSize = 81,
): CollectStats {
  const collector = new PatternCollector(grid, set, maxSize);
  for (const boxes of patterns) collector.run((cell) => ((boxes >> BOX_OF[cell]) & 1) === 1, maxSolutionsPerPattern);
  return collector.stats;
}

/**
 * Random probes (gridchecker's --unavrandom): `probes` times, empties
 * `emptyCells` cells chosen at random and enumerates the completions. They
 * reach UAs of many digits and boxes, which floors and box groups miss.
 */
export function collectRandomUAs(
  grid: ArrayLike<number>,
  set: UASink,
  probes: number,
  emptyCells = 54,
  seed = 1,
  maxSolutionsPerProbe = DEFAULT_PROBE_CAP,
  maxSize = 81,
): CollectStats {
  if (!Number.isInteger(emptyCells) || emptyCells < 0 || emptyCells > 81) {
    throw new RangeError(`emptyCells must be 0..81, got ${emptyCells}`);
  }
  const collector = new PatternCollector(grid, set, maxSize);
  const random = mulberry32(seed);
  const order = Uint8Array.from({ length: 81 }, (_, i) => i);
  const chosen = new Uint8Array(81);
  for (let probe = 0; probe < probes; probe++) {
    // Partial Fisher-Yates: the first emptyCells entries of `order` are a uniform random subset.
    chosen.fill(0);
    for (let i = 0; i < emptyCells; i++) {
      const j = i + Math.floor(random() * (81 - i));
      const cell = order[j];
      order[j] = order[i];
      order[i] = cell;
      chosen[cell] = 1;
    }
    collector.run((cell) => chosen[cell] === 1, maxSolutionsPerProbe);
  }
  return collector.stats;
}

/** Options of collectUAs; every field is optional. A new collector adds its fields here. */
export interface CollectOptions {
  /** Digit-floor sizes to run, each 2..5 (default [3]). */
  readonly digits?: readonly number[];
  /** Run the 126 groups of 4 boxes (default true). */
  readonly boxes?: boolean;
  /** Number of random probes (default 200). */
  readonly randomProbes?: number;
  /** Cells emptied per random probe (default 54, as gridchecker). */
  readonly emptyCells?: number;
  /** PRNG seed of the random probes (default 1). */
  readonly seed?: number;
  /** Keep only UAs of at most this many cells (applied as UAs arrive: same result as filtering at the end, faster). */
  readonly maxSize?: number;
  readonly maxSolutionsPerFloor?: number;
  readonly maxSolutionsPerBoxPattern?: number;
  readonly maxSolutionsPerProbe?: number;
  /** Called after each method with its name ("digits-3", "boxes", "random") and what it did. */
  readonly onMethodDone?: (method: string, stats: CollectStats) => void;
}



/** Runs the chosen collectors on `grid` into one UASet (the minimal UAs found). */
export function collectUAs(grid: ArrayLike<number>, options: CollectOptions = {}): UASet {
  const d = DEFAULT_COLLECT_OPTIONS;
  const maxSize = options.maxSize ?? 81;
  const set = new UASet();
  const done = (method: string, stats: CollectStats): void => options.onMethodDone?.(method, stats);
  for (const k of options.digits ?? d.digits) {
    done(`digits-${k}`, collectDigitFloorUAs(grid, k, set, options.maxSolutionsPerFloor, maxSize));
  }
  if (options.boxes ?? d.boxes) {
    done("boxes", collectBoxUAs(grid, set, options.maxSolutionsPerBoxPattern, BOX_PATTERNS, maxSize));
  }
  const probes = options.randomProbes ?? d.randomProbes;
  if (probes > 0) {
    const stats = collectRandomUAs(grid, set, probes, options.emptyCells ?? d.emptyCells, options.seed ?? d.seed, options.maxSolutionsPerProbe, maxSize);
    done("random", stats);
  }
  return set;
}
