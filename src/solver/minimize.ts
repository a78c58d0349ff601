/**
 * Minimal subpuzzles: clue subsets of a uniquely solvable puzzle that still
 * have its unique solution and lose it when any one clue is taken away.
 *
 * One is found in a single pass: a clue that cannot go (its removal leaves
 * two solutions) can never go later either, since fewer clues only allow
 * more solutions. All of them are the minimal hitting sets of the puzzle's
 * clues against the grid's unavoidable sets (a clue subset is unique exactly
 * when it hits every one): the search grows a subset by a clue of a set it
 * misses, each branch forbidding the clues of the branches before it so
 * that no subset is reached twice; unavoidable sets come from the solver as
 * the search meets them.
 */
import { BitboardSolver } from "./bitboard.js";
import { solveUnique } from "./solve.js";
import { puzzleArgument, limitArgument, type PuzzleInput } from "../core/arguments.js";
import { BAND_OF, PEERS, POS_IN_BAND } from "../core/cells.js";
import { popcount } from "../core/bits.js";
import type { Puzzle } from "../core/puzzle.js";

/**
 * A minimal subpuzzle of `puzzle`, trying its clues one by one and removing
 * each whenever the solution stays unique: first the cells of `order` (0-80),
 * then the others in cell order (without `order`: r1c1, r1c2, ..., r9c9).
 * Throws when the puzzle has no solution or several.
 */
export function minimizePuzzle(puzzle: PuzzleInput, order: Iterable<number> = []): Uint8Array {
  const cells = puzzleArgument(puzzle).slice();
  const solution = uniqueSolution(cells);
  const solver = new BitboardSolver();
  const first = [...order];
  for (const cell of first) if (!Number.isInteger(cell) || cell < 0 || cell > 80) throw new RangeError(`order: ${cell} is not a cell (0-80)`);
  const tried = new Set<number>();
  for (const cell of [...first, ...cells.keys()]) {
    if (tried.has(cell)) continue;
    tried.add(cell);
    const digit = cells[cell];
    if (digit === 0) continue;
    cells[cell] = 0;
    if (!solver.checkUnique(cells, solution)) cells[cell] = digit;
  }
  return cells;
}

export interface MinimalSearch {
  /** Minimal subpuzzles passed to the callback. */
  readonly count: number;
  /** True when the search ran to its end: every minimal subpuzzle was passed. */
  readonly complete: boolean;
}

/**
 * Every minimal subpuzzle of `puzzle`, each once (a fresh array each), in
 * the search's deterministic order, found as the iteration asks for them.
 * Throws at once when the puzzle has no solution or several. A puzzle with
 * many redundant clues has a great many minimal subpuzzles (a full grid:
 * astronomically many): stop iterating when enough were seen.
 */
export function minimalSubpuzzles(puzzle: PuzzleInput): Generator<Uint8Array, void, undefined> {
  const cells = puzzleArgument(puzzle);
  return new MinimalSearchState(cells, uniqueSolution(cells)).search();
}

/**
 * Passes the minimal subpuzzles of `puzzle` (minimalSubpuzzles) to
 * `onMinimal` until `limit` were passed or `onMinimal` returns false.
 */
export function forEachMinimalSubpuzzle(puzzle: PuzzleInput, onMinimal: (minimal: Uint8Array) => boolean | void, limit = Infinity): MinimalSearch {
  if (typeof onMinimal !== "function") throw new TypeError("onMinimal must be a function");
  const most = limitArgument(limit);
  let count = 0;
  for (const minimal of minimalSubpuzzles(puzzle)) {
    count++;
    if (onMinimal(minimal) === false || count >= most) return { count, complete: false };
  }
  return { count, complete: true };
}

function uniqueSolution(cells: Puzzle): Uint8Array {
  const solved = solveUnique(cells);
  if (solved.status === "none") throw new Error("puzzle has no solution");
  if (solved.status === "multiple") throw new Error("puzzle has several solutions");
  return solved.solution;
}

/** The search's state: cell sets as three 27-bit band words (cellset.ts), unavoidable sets cut down to the puzzle's clues. */
class MinimalSearchState {
  private readonly solver = new BitboardSolver();
  private readonly clues = new Int32Array(3);
  /** The clues kept so far, and the clues no longer allowed in this branch. */
  private readonly chosen = new Int32Array(3);
  private readonly forbidden = new Int32Array(3);
  /** Unavoidable sets met so far, three words each. */
  private uas = new Int32Array(3 * 64);
  private uaCount = 0;
  private readonly trial = new Uint8Array(81);
  private readonly critical = new Int32Array(3);

  constructor(
    private readonly puzzle: Puzzle,
    private readonly solution: Uint8Array,
  ) {
    for (let cell = 0; cell < 81; cell++) if (puzzle[cell] !== 0) this.clues[BAND_OF[cell]] |= 1 << POS_IN_BAND[cell];
  }

  search(): Generator<Uint8Array, void, undefined> {
    return this.grow();
  }

  /**
   * Every chosen clue here is needed by some unavoidable set that no other
   * chosen clue hits; so once the clues hit every set, they are minimal.
   */
  private *grow(): Generator<Uint8Array, void, undefined> {
    let ua = this.narrowestMissed();
    if (ua < 0) {
      if (this.isUnique()) {
        yield this.chosenClues();
        return;
      }
      ua = this.uaCount - 1;
    }
    const branch = [this.uas[3 * ua] & ~this.forbidden[0], this.uas[3 * ua + 1] & ~this.forbidden[1], this.uas[3 * ua + 2] & ~this.forbidden[2]];
    const added = [0, 0, 0];
    for (let band = 0; band < 3; band++) {
      for (let word = branch[band]; word !== 0; word &= word - 1) {
        const bit = word & -word;
        this.chosen[band] |= bit;
        if (this.everyClueNeeded()) yield* this.grow();
        this.chosen[band] ^= bit;
        this.forbidden[band] |= bit;
        added[band] |= bit;
      }
    }
    for (let band = 0; band < 3; band++) this.forbidden[band] &= ~added[band];
  }

  /** The known unavoidable set the chosen clues miss with the fewest allowed clues, or -1 when they hit them all. */
  private narrowestMissed(): number {
    const [s0, s1, s2] = this.chosen;
    const [f0, f1, f2] = this.forbidden;
    let best = -1;
    let bestSize = 82;
    for (let i = 0, at = 0; i < this.uaCount; i++, at += 3) {
      const u0 = this.uas[at];
      const u1 = this.uas[at + 1];
      const u2 = this.uas[at + 2];
      if (((u0 & s0) | (u1 & s1) | (u2 & s2)) !== 0) continue;
      const size = popcount(u0 & ~f0) + popcount(u1 & ~f1) + popcount(u2 & ~f2);
      if (size < bestSize) {
        best = i;
        bestSize = size;
        if (size <= 1) break;
      }
    }
    return best;
  }

  /**
   * True when each chosen clue is still the only chosen one in some
   * unavoidable set. Adding clues only takes that away, so a clue without
   * such a set would be redundant in every puzzle grown from here. The known
   * sets are looked at first; for a clue they do not vouch for, the solver
   * looks for a solution of the other chosen clues that differs at its cell.
   */
  private everyClueNeeded(): boolean {
    const [s0, s1, s2] = this.chosen;
    const critical = this.critical;
    critical.fill(0);
    for (let at = 0; at < 3 * this.uaCount; at += 3) {
      const h0 = this.uas[at] & s0;
      const h1 = this.uas[at + 1] & s1;
      const h2 = this.uas[at + 2] & s2;
      // Exactly one chosen clue in the set: one word holds a single bit, the others none.
      if (h0 !== 0 ? (h0 & (h0 - 1)) === 0 && (h1 | h2) === 0 : h1 !== 0 ? (h1 & (h1 - 1)) === 0 && h2 === 0 : h2 !== 0 && (h2 & (h2 - 1)) === 0) {
        critical[0] |= h0;
        critical[1] |= h1;
        critical[2] |= h2;
      }
    }
    for (let band = 0; band < 3; band++) {
      for (let word = this.chosen[band] & ~critical[band]; word !== 0; word &= word - 1) {
        if (!this.findCriticalSet(27 * band + 31 - Math.clz32(word & -word))) return false;
      }
    }
    return true;
  }

  /** Looks for a solution of the chosen clues but `cell` with another digit there; records where it differs from the grid. */
  private findCriticalSet(cell: number): boolean {
    this.loadChosen();
    this.trial[cell] = 0;
    let seen = 0;
    for (let k = 20 * cell; k < 20 * cell + 20; k++) seen |= 1 << this.trial[PEERS[k]];
    for (let digit = 1; digit <= 9; digit++) {
      if (digit === this.solution[cell] || ((seen >> digit) & 1) === 1) continue;
      this.trial[cell] = digit;
      if (this.solver.countSolutions(this.trial, 1) === 0) continue;
      const other = this.solver.solution;
      const difference = new Int32Array(3);
      for (let i = 0; i < 81; i++) if (other[i] !== this.solution[i]) difference[BAND_OF[i]] |= 1 << POS_IN_BAND[i];
      this.addUa(difference);
      return true;
    }
    return false;
  }

  /** True when the chosen clues fix the solution; otherwise records an unavoidable set they miss. */
  private isUnique(): boolean {
    this.loadChosen();
    if (this.solver.checkUnique(this.trial, this.solution, true)) return true;
    this.addUa(this.solver.difference);
    return false;
  }

  private loadChosen(): void {
    for (let cell = 0; cell < 81; cell++) this.trial[cell] = (this.chosen[BAND_OF[cell]] >>> POS_IN_BAND[cell]) & 1 ? this.solution[cell] : 0;
  }

  private addUa(difference: Int32Array): void {
    if (3 * this.uaCount === this.uas.length) {
      const grown = new Int32Array(2 * this.uas.length);
      grown.set(this.uas);
      this.uas = grown;
    }
    // Only the puzzle's clues can hit it; the puzzle being unique, some do.
    for (let band = 0; band < 3; band++) this.uas[3 * this.uaCount + band] = difference[band] & this.clues[band];
    this.uaCount++;
  }

  private chosenClues(): Uint8Array {
    const minimal = new Uint8Array(81);
    for (let cell = 0; cell < 81; cell++) if ((this.chosen[BAND_OF[cell]] >>> POS_IN_BAND[cell]) & 1) minimal[cell] = this.puzzle[cell];
    return minimal;
  }
}
