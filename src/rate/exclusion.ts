/**
 * Sudoku Explainer 1.2.1's aligned exclusion: aligned pair exclusion (6.2,
 * SE's AlignedPairExclusion producer) and aligned triplet exclusion (7.5,
 * SE's AlignedExclusion(3), which SE asks after the static forcing chains).
 *
 * Base cells: cells with two or more candidates, none of whose house cells
 * is a naked single, that see at least one "excluder" (a house cell with 2
 * candidates; 2 or 3 for the triplet). A combination of digits for the base
 * cells is excluded when two base cells that see each other would hold the
 * same digit, or when a common excluder would be left with no digit. A base
 * cell's digit that appears in no allowed combination is removed.
 */
import { popcount } from "../core/bits.js";
import { type CandidateGrid, HOUSE, IS_PEER, PEER_WORDS } from "./grid.js";
import { lowest, step } from "./helpers.js";
import type { Candidate, Step } from "./step.js";

interface BaseCells {
  /** The base cells, row-major. */
  readonly cells: number[];
  /** Each base cell's excluders, in SE's house-cell order. */
  readonly excluders: number[][];
  /** Each base cell's excluders as three 27-bit band words: masks[3 * i + band]. */
  readonly masks: Int32Array;
}

/** The candidate count of each cell, for baseCells (scratch). */
const sizes = new Uint8Array(81);

function baseCells(grid: CandidateGrid, maxExcluderSize: number): BaseCells {
  const cands = grid.candidates;
  for (let cell = 0; cell < 81; cell++) sizes[cell] = popcount(cands[cell]);
  const cells: number[] = [];
  const excluders: number[][] = [];
  for (let cell = 0; cell < 81; cell++) {
    if (sizes[cell] < 2) continue;
    let nakedSingle = false;
    const mine: number[] = [];
    for (let k = 0; k < 20; k++) {
      const other = HOUSE[20 * cell + k];
      const size = sizes[other];
      if (size === 1) nakedSingle = true;
      else if (size >= 2 && size <= maxExcluderSize) mine.push(other);
    }
    if (!nakedSingle && mine.length > 0) {
      cells.push(cell);
      excluders.push(mine);
    }
  }
  const masks = new Int32Array(3 * cells.length);
  for (let i = 0; i < cells.length; i++) {
    for (const cell of excluders[i]) masks[3 * i + ((cell / 27) | 0)] |= 1 << cell % 27;
  }
  return { cells, excluders, masks };
}

/**
 * The common excluders of the cells being tested, by what they forbid: a
 * combination is excluded when it holds all of an excluder's digits. With 2
 * or 3 candidates each, that is: pairKill[d] has digit e when an excluder
 * holds just d and e; tripleKill[9 * d + e] has digit f when one holds just
 * d, e and f (valid when tripleStamp[9 * d + e] === excluderStamp).
 */
const pairKill = new Int32Array(9);
const tripleKill = new Int32Array(81);
const tripleStamp = new Int32Array(81);
let excluderStamp = 0;
/** The digits of each tested base cell that some allowed combination uses (set by hasExclusion). */
const allowed = new Int32Array(3);

/** Sets pairKill and tripleKill from the cells in band words w0-w2 (each with 2 or 3 candidates). */
function setExcluders(cands: Uint16Array, w0: number, w1: number, w2: number): void {
  pairKill.fill(0);
  if (++excluderStamp === 0x7fffffff) {
    tripleStamp.fill(0);
    excluderStamp = 1;
  }
  for (let m = w0; m !== 0; m &= m - 1) addExcluder(cands[lowest(m)]);
  for (let m = w1; m !== 0; m &= m - 1) addExcluder(cands[27 + lowest(m)]);
  for (let m = w2; m !== 0; m &= m - 1) addExcluder(cands[54 + lowest(m)]);
}

function addExcluder(digits: number): void {
  if (popcount(digits) === 3) {
    for (let m = digits; m !== 0; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      for (let n = digits & ~(m & -m); n !== 0; n &= n - 1) {
        const e = 31 - Math.clz32(n & -n);
        const at = 9 * d + e;
        if (tripleStamp[at] !== excluderStamp) {
          tripleStamp[at] = excluderStamp;
          tripleKill[at] = 0;
        }
        tripleKill[at] |= digits & ~(1 << d) & ~(1 << e);
      }
    }
    return;
  }
  const low = digits & -digits;
  const high = digits ^ low;
  pairKill[31 - Math.clz32(low)] |= high;
  pairKill[31 - Math.clz32(high)] |= low;
}

/**
 * Whether some digit of the base cells (candidates c0, c1 and, for a
 * triplet, c2; peer flags for the pairs that see each other) is in no
 * allowed combination, with the common excluders in excluderCands. The
 * combinations are enumerated in nested loops, stopping as soon as every
 * digit is allowed; `allowed` holds what was found.
 */
function hasExclusion(c0: number, c1: number, c2: number, triplet: boolean, peer01: boolean, peer02: boolean, peer12: boolean): boolean {
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  search: for (let m0 = c0; m0 !== 0; m0 &= m0 - 1) {
    const b0 = m0 & -m0;
    const kill0 = pairKill[31 - Math.clz32(b0)];
    for (let m1 = c1; m1 !== 0; m1 &= m1 - 1) {
      const b1 = m1 & -m1;
      if (b1 === b0 && peer01) continue;
      // An excluder holding just these two digits excludes every combination with both.
      if ((kill0 & b1) !== 0) continue;
      if (!triplet) {
        a0 |= b0;
        a1 |= b1;
        if (a0 === c0 && a1 === c1) break search;
        continue;
      }
      // The third cell's digits left: not killed with either digit, nor with both, nor equal to a peer's.
      const d1 = 31 - Math.clz32(b1);
      const at = 9 * (31 - Math.clz32(b0)) + d1;
      let thirds = c2 & ~(kill0 | pairKill[d1]);
      if (tripleStamp[at] === excluderStamp) thirds &= ~tripleKill[at];
      if (peer02) thirds &= ~b0;
      if (peer12) thirds &= ~b1;
      if (thirds === 0) continue;
      a0 |= b0;
      a1 |= b1;
      a2 |= thirds;
      if (a0 === c0 && a1 === c1 && a2 === c2) break search;
    }
  }
  allowed[0] = a0;
  allowed[1] = a1;
  allowed[2] = a2;
  return a0 !== c0 || a1 !== c1 || a2 !== c2;
}

/** The digits of `cells` that hasExclusion found in no allowed combination, as eliminations. */
function eliminationsOf(cands: Uint16Array, cells: readonly number[]): Candidate[] {
  const eliminations: Candidate[] = [];
  for (let j = 0; j < cells.length; j++) {
    for (let m = cands[cells[j]] & ~allowed[j]; m !== 0; m &= m - 1) eliminations.push({ cell: cells[j], digit: lowest(m) + 1 });
  }
  return eliminations;
}

/**
 * Groups (pairs, triplets) of one producer that removed nothing, by their
 * sorted cells, stamped with the call that found it (stamp = call number).
 * Whether a group removes something depends neither on the order its cells
 * are met in (its common excluders and combinations are the same), so a
 * group met again in the same call is skipped, nor on any cell but its own
 * and those that see all of them (its common excluders are among those):
 * so a group that removed nothing in the previous call, when none of those
 * cells has changed since, removes nothing now. A rating asks the producer
 * again and again on grids that differ by a step or two.
 */
class NothingRemoved {
  /** The stamp of each group, made on the first call rather than at start-up. */
  private groups: Int32Array | null = null;
  private stamp = 0;
  /** The previous call's stamp (-1: none) and candidates, and the cells changed since, as band words. */
  private previousStamp = -1;
  private readonly previous = new Uint16Array(81);
  private readonly changed = new Int32Array(3);

  constructor(private readonly size: number) {}

  /** Starts a call on a grid with these candidates. */
  begin(cands: Uint16Array): void {
    this.groups ??= new Int32Array(this.size);
    this.previousStamp = this.stamp;
    if (++this.stamp === 0x7fffffff) {
      this.groups.fill(0);
      this.stamp = 1;
      this.previousStamp = -1;
    }
    const changed = this.changed;
    changed.fill(0);
    for (let cell = 0; cell < 81; cell++) if (cands[cell] !== this.previous[cell]) changed[(cell / 27) | 0] |= 1 << cell % 27;
    this.previous.set(cands);
  }

  /**
   * Whether group `key` (cells a, b, c; c = b for a pair) is known to
   * remove nothing: met before in this call, or in the previous one with
   * its cells and the cells that see them all unchanged (it is then
   * stamped for this call).
   */
  known(key: number, a: number, b: number, c: number): boolean {
    const groups = this.groups!;
    if (groups[key] === this.stamp) return true;
    if (groups[key] !== this.previousStamp) return false;
    const changed = this.changed;
    const region =
      (changed[0] & PEER_WORDS[3 * a] & PEER_WORDS[3 * b] & PEER_WORDS[3 * c]) |
      (changed[1] & PEER_WORDS[3 * a + 1] & PEER_WORDS[3 * b + 1] & PEER_WORDS[3 * c + 1]) |
      (changed[2] & PEER_WORDS[3 * a + 2] & PEER_WORDS[3 * b + 2] & PEER_WORDS[3 * c + 2]);
    const own = (changed[(a / 27) | 0] >> a % 27) | (changed[(b / 27) | 0] >> b % 27) | (changed[(c / 27) | 0] >> c % 27);
    if (region !== 0 || (own & 1) !== 0) return false;
    groups[key] = this.stamp;
    return true;
  }

  /** Records that group `key` removes nothing. */
  removesNothing(key: number): void {
    this.groups![key] = this.stamp;
  }
}

const pairsRemovingNothing = new NothingRemoved(81 * 81);
const tripletsRemovingNothing = new NothingRemoved(81 * 81 * 81); // 2 MB

function tripletKey(a: number, b: number, c: number): number {
  let t: number;
  if (a > b) {
    t = a;
    a = b;
    b = t;
  }
  if (b > c) {
    t = b;
    b = c;
    c = t;
  }
  if (a > b) {
    t = a;
    a = b;
    b = t;
  }
  return 6561 * a + 81 * b + c;
}

/**
 * SE's AlignedPairExclusion: pairs of base cells in SE's Permutations order
 * (by second index, then first), with at least two common excluders; the
 * first pair that removes something.
 */
export function alignedPairExclusion(grid: CandidateGrid): Step | null {
  const { cells, masks } = baseCells(grid, 2);
  const cands = grid.candidates;
  const known = pairsRemovingNothing;
  known.begin(cands);
  for (let j = 1; j < cells.length; j++) {
    for (let i = 0; i < j; i++) {
      const w0 = masks[3 * i] & masks[3 * j];
      const w1 = masks[3 * i + 1] & masks[3 * j + 1];
      const w2 = masks[3 * i + 2] & masks[3 * j + 2];
      if (popcount(w0) + popcount(w1) + popcount(w2) < 2) continue;
      const a = cells[i];
      const b = cells[j];
      // Base cells are listed in increasing order: a < b.
      const key = 81 * a + b;
      if (known.known(key, a, b, b)) continue;
      setExcluders(cands, w0, w1, w2);
      if (hasExclusion(cands[a], cands[b], 0, false, IS_PEER[81 * a + b] === 1, false, false)) {
        const pair = [a, b];
        return step("Aligned Pair Exclusion", 62, [], pair, [], null, eliminationsOf(cands, pair));
      }
      known.removesNothing(key);
    }
  }
  return null;
}

/**
 * SE's AlignedExclusion(3): pairs of base cells in Permutations order, then
 * a third base cell among those pair's excluders (first cell's, then the
 * second's new ones, in house order), with at least two common excluders.
 * Excluder sets are kept as 81-bit masks (three 27-bit words), so a pair with
 * fewer than two common excluders is skipped with all its thirds.
 */
export function alignedTripletExclusion(grid: CandidateGrid): Step | null {
  const { cells, excluders, masks } = baseCells(grid, 3);
  const n = cells.length;
  if (n < 3) return null;
  const cands = grid.candidates;
  const indexOf = new Int8Array(81).fill(-1);
  cells.forEach((cell, i) => (indexOf[cell] = i));
  const known = tripletsRemovingNothing;
  known.begin(cands);
  for (let j = 1; j < n; j++) {
    for (let i = 0; i < j; i++) {
      const w0 = masks[3 * i] & masks[3 * j];
      const w1 = masks[3 * i + 1] & masks[3 * j + 1];
      const w2 = masks[3 * i + 2] & masks[3 * j + 2];
      if (popcount(w0) + popcount(w1) + popcount(w2) < 2) continue;
      // The twin area: base cells among i's excluders, then among j's that are not i's.
      for (let pass = 0; pass < 2; pass++) {
        for (const third of excluders[pass === 0 ? i : j]) {
          const k = indexOf[third];
          if (k < 0 || third === cells[pass === 0 ? j : i]) continue;
          if (pass === 1 && (masks[3 * i + ((third / 27) | 0)] >> third % 27) & 1) continue;
          const m0 = w0 & masks[3 * k];
          const m1 = w1 & masks[3 * k + 1];
          const m2 = w2 & masks[3 * k + 2];
          if (popcount(m0) + popcount(m1) + popcount(m2) < 2) continue;
          const a = cells[i];
          const b = cells[j];
          const key = tripletKey(a, b, third);
          if (known.known(key, a, b, third)) continue;
          setExcluders(cands, m0, m1, m2);
          if (hasExclusion(cands[a], cands[b], cands[third], true, IS_PEER[81 * a + b] === 1, IS_PEER[81 * a + third] === 1, IS_PEER[81 * b + third] === 1)) {
            const triplet = [a, b, third];
            return step("Aligned Triplet Exclusion", 75, [], triplet, [], null, eliminationsOf(cands, triplet));
          }
          known.removesNothing(key);
        }
      }
    }
  }
  return null;
}
