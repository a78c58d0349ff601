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
import { CandidateGrid, HOUSE, IS_PEER } from "./grid.js";
import { lowest, step } from "./helpers.js";
import type { Candidate, Step } from "./step.js";

interface BaseCells {
  /** The base cells, row-major. */
  readonly cells: number[];
  /** Each base cell's excluders, in SE's house-cell order. */
  readonly excluders: number[][];
  /** isExcluder[81 * i + cell] = 1 when `cell` is an excluder of base cell i. */
  readonly isExcluder: Uint8Array;
}

function baseCells(grid: CandidateGrid, maxExcluderSize: number): BaseCells {
  const cands = grid.candidates;
  const cells: number[] = [];
  const excluders: number[][] = [];
  for (let cell = 0; cell < 81; cell++) {
    if (popcount(cands[cell]) < 2) continue;
    let nakedSingle = false;
    const mine: number[] = [];
    for (let k = 0; k < 20; k++) {
      const other = HOUSE[20 * cell + k];
      const size = popcount(cands[other]);
      if (size === 1) nakedSingle = true;
      else if (size >= 2 && size <= maxExcluderSize) mine.push(other);
    }
    if (!nakedSingle && mine.length > 0) {
      cells.push(cell);
      excluders.push(mine);
    }
  }
  const isExcluder = new Uint8Array(81 * cells.length);
  excluders.forEach((list, i) => {
    for (const cell of list) isExcluder[81 * i + cell] = 1;
  });
  return { cells, excluders, isExcluder };
}

/**
 * The digits of each base cell that no allowed combination uses, as
 * eliminations (null when none): the combinations are enumerated in nested
 * loops, and the enumeration stops as soon as every digit is allowed.
 */
function exclude(cands: Uint16Array, cells: readonly number[], excluders: readonly number[]): Candidate[] | null {
  const n = cells.length;
  const c0 = cands[cells[0]];
  const c1 = cands[cells[1]];
  const c2 = n === 3 ? cands[cells[2]] : 0;
  const peer01 = IS_PEER[81 * cells[0] + cells[1]] === 1;
  const peer02 = n === 3 && IS_PEER[81 * cells[0] + cells[2]] === 1;
  const peer12 = n === 3 && IS_PEER[81 * cells[1] + cells[2]] === 1;
  const excluderCands = excluders.map((cell) => cands[cell]);
  const excluded = (used: number): boolean => {
    for (const c of excluderCands) if ((c & ~used) === 0) return true;
    return false;
  };
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  search: for (let m0 = c0; m0 !== 0; m0 &= m0 - 1) {
    const b0 = m0 & -m0;
    for (let m1 = c1; m1 !== 0; m1 &= m1 - 1) {
      const b1 = m1 & -m1;
      if (b1 === b0 && peer01) continue;
      if (n === 2) {
        if (excluded(b0 | b1)) continue;
        a0 |= b0;
        a1 |= b1;
        if (a0 === c0 && a1 === c1) break search;
        continue;
      }
      for (let m2 = c2; m2 !== 0; m2 &= m2 - 1) {
        const b2 = m2 & -m2;
        if ((b2 === b0 && peer02) || (b2 === b1 && peer12)) continue;
        if (excluded(b0 | b1 | b2)) continue;
        a0 |= b0;
        a1 |= b1;
        a2 |= b2;
        if (a0 === c0 && a1 === c1 && a2 === c2) break search;
      }
    }
  }
  const allowed = [a0, a1, a2];
  const eliminations: Candidate[] = [];
  for (let j = 0; j < n; j++) {
    for (let m = cands[cells[j]] & ~allowed[j]; m !== 0; m &= m - 1) eliminations.push({ cell: cells[j], digit: lowest(m) + 1 });
  }
  return eliminations.length === 0 ? null : eliminations;
}

/** The common excluders of base cells `indexes`, in the first one's order. */
function commonExcluders(base: BaseCells, indexes: readonly number[]): number[] {
  const result: number[] = [];
  for (const cell of base.excluders[indexes[0]]) {
    if (indexes.every((i) => base.isExcluder[81 * i + cell] === 1)) result.push(cell);
  }
  return result;
}

/**
 * SE's AlignedPairExclusion: pairs of base cells in SE's Permutations order
 * (by second index, then first), with at least two common excluders; the
 * first pair that removes something.
 */
export function alignedPairExclusion(grid: CandidateGrid): Step | null {
  const base = baseCells(grid, 2);
  const { cells } = base;
  for (let j = 1; j < cells.length; j++) {
    for (let i = 0; i < j; i++) {
      const common = commonExcluders(base, [i, j]);
      if (common.length < 2) continue;
      const pair = [cells[i], cells[j]];
      const eliminations = exclude(grid.candidates, pair, common);
      if (eliminations !== null) return step("Aligned Pair Exclusion", 62, [], pair, [], null, eliminations);
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
  const base = baseCells(grid, 3);
  const { cells, excluders } = base;
  const n = cells.length;
  if (n < 3) return null;
  const indexOf = new Int8Array(81).fill(-1);
  cells.forEach((cell, i) => (indexOf[cell] = i));
  const masks = new Int32Array(3 * n);
  excluders.forEach((list, i) => {
    for (const cell of list) masks[3 * i + ((cell / 27) | 0)] |= 1 << cell % 27;
  });
  const common: number[] = [];
  const tryThird = (i: number, j: number, third: number, w0: number, w1: number, w2: number): Step | null => {
    const k = indexOf[third];
    const m0 = w0 & masks[3 * k];
    const m1 = w1 & masks[3 * k + 1];
    const m2 = w2 & masks[3 * k + 2];
    if (popcount(m0) + popcount(m1) + popcount(m2) < 2) return null;
    common.length = 0;
    for (const [word, offset] of [
      [m0, 0],
      [m1, 27],
      [m2, 54],
    ]) {
      for (let m = word; m !== 0; m &= m - 1) common.push(offset + lowest(m));
    }
    const triplet = [cells[i], cells[j], third];
    const eliminations = exclude(grid.candidates, triplet, common);
    return eliminations === null ? null : step("Aligned Triplet Exclusion", 75, [], triplet, [], null, eliminations);
  };
  for (let j = 1; j < n; j++) {
    for (let i = 0; i < j; i++) {
      const w0 = masks[3 * i] & masks[3 * j];
      const w1 = masks[3 * i + 1] & masks[3 * j + 1];
      const w2 = masks[3 * i + 2] & masks[3 * j + 2];
      if (popcount(w0) + popcount(w1) + popcount(w2) < 2) continue;
      // The twin area: base cells among i's excluders, then among j's that are not i's.
      for (const cell of excluders[i]) {
        if (indexOf[cell] < 0 || cell === cells[j]) continue;
        const found = tryThird(i, j, cell, w0, w1, w2);
        if (found !== null) return found;
      }
      for (const cell of excluders[j]) {
        if (indexOf[cell] < 0 || cell === cells[i] || (masks[3 * i + ((cell / 27) | 0)] >> cell % 27) & 1) continue;
        const found = tryThird(i, j, cell, w0, w1, w2);
        if (found !== null) return found;
      }
    }
  }
  return null;
}
