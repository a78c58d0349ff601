/**
 * A band relative to its gangster (the digit set of each of its 9 columns):
 * the other fillings of the band with the same column sets, the minimal
 * unavoidable sets they define, and the clue sets that fix the band given its
 * gangster ("valid" band solutions). Design notes band-scan.md §1.2; proven by
 * tests against the published tables: 11,041 minimal UAs over the 416 bands,
 * valid 5/6-clue counts per band (sum of 6-clue counts 28,340,422) and the
 * minimum clue counts of s17-counts.tsv.
 *
 * Cell sets are 27-bit band words (bit 9*row + column).
 */
import { popcount } from "../core/bits.js";

/** Digits 1-9 as bits 1-9. */
const ALL_DIGITS = 0x3fe;

const ROW_PERMS = [
  [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
];

/**
 * The inclusion-minimal unavoidable sets of a band relative to its gangster,
 * sorted by size then value. The boxes need no check: each box's digits are
 * the union of its three columns' sets, which the gangster fixes.
 */
export function gangsterUAs(band: ArrayLike<number>): Int32Array {
  const diffs = new Set<number>();
  // Per column and row order: the three digits' bits for rows 1-3, and the cells where they differ from the band.
  const bits = new Int32Array(9 * 6 * 3);
  const moved = new Int32Array(9 * 6);
  for (let col = 0; col < 9; col++) {
    for (let p = 0; p < 6; p++) {
      let d = 0;
      for (let r = 0; r < 3; r++) {
        const digit = band[9 * ROW_PERMS[p][r] + col];
        bits[3 * (6 * col + p) + r] = 1 << digit;
        if (digit !== band[9 * r + col]) d |= 1 << (9 * r + col);
      }
      moved[6 * col + p] = d;
    }
  }
  // Box 3 is forced by boxes 1 and 2: each row takes the three digits it
  // lacks, which must lie one in each of box 3's columns. Read so, the
  // search ends after six columns (its 1.72 million nodes over the 416
  // bands become 1.30 million).
  const lastBox = (diff: number, used0: number, used1: number, used2: number): void => {
    const need0 = ALL_DIGITS & ~used0;
    const need1 = ALL_DIGITS & ~used1;
    const need2 = ALL_DIGITS & ~used2;
    for (let col = 6; col < 9; col++) {
      const column = bits[18 * col] | bits[18 * col + 1] | bits[18 * col + 2];
      const take0 = need0 & column;
      const take1 = need1 & column;
      const take2 = need2 & column;
      if (take0 === 0 || take1 === 0 || take2 === 0) return;
      if (take0 !== bits[18 * col]) diff |= 1 << col;
      if (take1 !== bits[18 * col + 1]) diff |= 1 << (9 + col);
      if (take2 !== bits[18 * col + 2]) diff |= 1 << (18 + col);
    }
    if (diff !== 0) diffs.add(diff);
  };
  const fill = (col: number, diff: number, used0: number, used1: number, used2: number): void => {
    if (col === 6) {
      lastBox(diff, used0, used1, used2);
      return;
    }
    for (let p = 0, k = 18 * col; p < 6; p++, k += 3) {
      if ((used0 & bits[k]) | (used1 & bits[k + 1]) | (used2 & bits[k + 2])) continue;
      fill(col + 1, diff | moved[6 * col + p], used0 | bits[k], used1 | bits[k + 1], used2 | bits[k + 2]);
    }
  };
  fill(0, 0, 0, 0, 0);
  return minimalSets([...diffs]);
}

/** Keeps the inclusion-minimal sets of a list of 27-bit sets, sorted by size then value. */
export function minimalSets(sets: readonly number[]): Int32Array {
  const sorted = [...new Set(sets)].sort((x, y) => popcount(x) - popcount(y) || x - y);
  const kept: number[] = [];
  for (const set of sorted) {
    if (!kept.some((k) => (k & set) === k)) kept.push(set);
  }
  return Int32Array.from(kept);
}

const BINOMIAL: number[][] = Array.from({ length: 28 }, (_, n) =>
  Array.from({ length: 28 }, (_, k) => {
    let value = 1;
    for (let i = 0; i < k; i++) value = (value * (n - i)) / (i + 1);
    return k <= n ? Math.round(value) : 0;
  }),
);

/**
 * Number of `size`-cell subsets of the band hitting every UA. Each set is
 * counted once: it is reached through the first cell, in bit order, that it
 * has inside the first UA it must hit, the earlier cells being excluded.
 */
export function countValidClueSets(uas: Int32Array, size: number): number {
  // UAs before `from` are hit by `chosen` already, and stay hit below.
  const count = (chosen: number, excluded: number, left: number, from: number): number => {
    let i = from;
    while (i < uas.length && (uas[i] & chosen) !== 0) i++;
    if (i === uas.length) return BINOMIAL[27 - popcount(chosen | excluded)][left];
    if (left === 0) return 0;
    if (left === 1) {
      // The last clue: a cell of UA i, not excluded, lying in every later UA still unhit.
      let cells = uas[i] & ~excluded;
      for (let j = i + 1; j < uas.length && cells !== 0; j++) if ((uas[j] & chosen) === 0) cells &= uas[j];
      return popcount(cells);
    }
    let total = 0;
    let cells = uas[i] & ~excluded;
    let ex = excluded;
    while (cells !== 0) {
      const low = cells & -cells;
      cells ^= low;
      total += count(chosen | low, ex, left - 1, i + 1);
      ex |= low;
    }
    return total;
  };
  return count(0, 0, size, 0);
}

/** Calls `visit` with every `size`-cell subset (27-bit mask) of `allowed` hitting every UA. */
export function forEachValidClueSet(uas: Int32Array, size: number, visit: (cells: number) => void, allowed = 0x7ffffff): void {
  const walk = (chosen: number, excluded: number, left: number, from: number): void => {
    let i = from;
    while (i < uas.length && (uas[i] & chosen) !== 0) i++;
    if (i === uas.length) {
      // All hit: complete with any `left` free cells, in increasing order.
      const free = 0x7ffffff & ~(chosen | excluded);
      completeWith(chosen, free, left, visit);
      return;
    }
    if (left === 0) return;
    let cells = uas[i] & ~excluded;
    let ex = excluded;
    while (cells !== 0) {
      const low = cells & -cells;
      cells ^= low;
      walk(chosen | low, ex, left - 1, i + 1);
      ex |= low;
    }
  };
  walk(0, 0x7ffffff & ~allowed, size, 0);
}

function completeWith(chosen: number, free: number, left: number, visit: (cells: number) => void): void {
  if (left === 0) {
    visit(chosen);
    return;
  }
  let rest = free;
  while (rest !== 0) {
    const low = rest & -rest;
    rest ^= low;
    completeWith(chosen | low, rest, left - 1, visit);
  }
}

/** Smallest number of clues that fixes the band given its gangster. */
export function minimumValidClues(uas: Int32Array): number {
  for (let size = 1; size <= 27; size++) if (countValidClueSets(uas, size) > 0) return size;
  return 27;
}
