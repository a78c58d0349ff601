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

/** The digits of each base cell that no allowed combination uses, as eliminations (null when none). */
function exclude(cands: Uint16Array, cells: readonly number[], excluders: readonly number[]): Candidate[] | null {
  const n = cells.length;
  const allowed = new Array<number>(n).fill(0);
  const digits = cells.map((cell) => {
    const list: number[] = [];
    for (let m = cands[cell]; m !== 0; m &= m - 1) list.push(lowest(m));
    return list;
  });
  const combo = new Array<number>(n).fill(0);
  const walk = (i: number, used: number): void => {
    if (i === n) {
      for (const excluder of excluders) if ((cands[excluder] & ~used) === 0) return;
      for (let j = 0; j < n; j++) allowed[j] |= 1 << combo[j];
      return;
    }
    for (const d of digits[i]) {
      let clash = false;
      for (let j = 0; j < i; j++) {
        if (combo[j] === d && IS_PEER[81 * cells[j] + cells[i]] === 1) {
          clash = true;
          break;
        }
      }
      if (clash) continue;
      combo[i] = d;
      walk(i + 1, used | (1 << d));
    }
  };
  walk(0, 0);
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
 */
export function alignedTripletExclusion(grid: CandidateGrid): Step | null {
  const base = baseCells(grid, 3);
  const { cells, excluders } = base;
  if (cells.length < 3) return null;
  const indexOf = new Int8Array(81).fill(-1);
  cells.forEach((cell, i) => (indexOf[cell] = i));
  for (let j = 1; j < cells.length; j++) {
    for (let i = 0; i < j; i++) {
      const twinArea: number[] = [];
      for (const cell of [...excluders[i], ...excluders[j]]) {
        if (indexOf[cell] >= 0 && cell !== cells[i] && cell !== cells[j] && !twinArea.includes(cell)) twinArea.push(cell);
      }
      for (const third of twinArea) {
        const common = commonExcluders(base, [i, j, indexOf[third]]);
        if (common.length < 2) continue;
        const triplet = [cells[i], cells[j], third];
        const eliminations = exclude(grid.candidates, triplet, common);
        if (eliminations !== null) return step("Aligned Triplet Exclusion", 75, [], triplet, [], null, eliminations);
      }
    }
  }
  return null;
}
