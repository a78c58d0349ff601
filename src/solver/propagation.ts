/**
 * Propagation kernels shared by the bitboard solver (digit words 3*d + band)
 * and the two-band check (2*d + band). The words of a band sit at s[at],
 * s[at + stride], ..., s[at + 8 * stride]; bit-sliced counting over them
 * ("at least once / twice / three times" with ORs and ANDs) finds the cells
 * with one or two candidates for the whole band at once.
 */
import { ALLOWED_MINIROWS, BOXES_OF_SEGMENT, MINIROW_CELLS, PEERS_IN_BAND, SINGLE_SEGMENT } from "./band-tables.js";
import { popcount } from "../core/bits.js";

/** The 9-bit set of columns a digit word (27 bits, three rows) touches. */
export function columnsOf(word: number): number {
  return (word | (word >>> 9) | (word >>> 18)) & 0x1ff;
}

/**
 * The column rule of one digit: in each stack, bands 1, 2 and 3 take the
 * stack's three columns once each. From the columns p0, p1, p2 each band
 * still allows, the columns each keeps (the shape table's permutations),
 * packed q0 | q1 << 9 | q2 << 18, or -1 when a stack has no way left.
 */
export function stackColumns(p0: number, p1: number, p2: number): number {
  let q = 0;
  for (let shift = 0; shift < 9; shift += 3) {
    const allowed = ALLOWED_MINIROWS[((p0 >>> shift) & 7) | (((p1 >>> shift) & 7) << 3) | (((p2 >>> shift) & 7) << 6)];
    if (allowed === 0) return -1;
    q |= ((allowed & 7) << shift) | (((allowed >>> 3) & 7) << (9 + shift)) | (((allowed >>> 6) & 7) << (18 + shift));
  }
  return q;
}

/**
 * The naked-single pass over the bands (`bands` of them, word stride
 * `stride`, solved cells at solvedAt + band) whose bit is set in `touched`:
 * returns the words changed as bits, or -1 when a cell has no candidate.
 */
export function nakedSinglesPass(s: Int32Array, base: number, bands: number, stride: number, solvedAt: number, touched: number): number {
  let changed = 0;
  for (let band = 0; band < bands; band++) {
    if (((touched >> band) & 1) === 0) continue;
    const unsolved = ~s[solvedAt + band] & 0x7ffffff;
    if (unsolved === 0) continue;
    const placed = placeNakedSingles(s, base + band, stride, unsolved, band);
    if (placed < 0) return -1;
    changed |= placed;
  }
  return changed;
}

/**
 * Naked singles and empty cells among the band's `unsolved` cells: places
 * each single (its digit's word loses the cell's peers). Returns the words
 * changed as bits (word k at bit firstBit + k * stride), or -1 when a cell
 * has no candidate left.
 */
function placeNakedSingles(s: Int32Array, at: number, stride: number, unsolved: number, firstBit: number): number {
  let atLeast1 = 0;
  let atLeast2 = 0;
  for (let k = 0; k < 9; k++) {
    const v = s[at + k * stride];
    atLeast2 |= atLeast1 & v;
    atLeast1 |= v;
  }
  if ((unsolved & ~atLeast1) !== 0) return -1;
  let singles = atLeast1 & ~atLeast2 & unsolved;
  let changed = 0;
  for (let k = 0; singles !== 0; k++) {
    const i = at + k * stride;
    let hits = s[i] & singles;
    if (hits === 0) continue;
    singles &= ~hits;
    let v = s[i];
    while (hits !== 0) {
      const low = hits & -hits;
      hits ^= low;
      v &= ~PEERS_IN_BAND[31 - Math.clz32(low)];
    }
    s[i] = v;
    changed |= 1 << (firstBit + k * stride);
  }
  return changed;
}

/** The band's `unsolved` cells with exactly two candidates. */
function bivalueCells(s: Int32Array, at: number, stride: number, unsolved: number): number {
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  for (let k = 0; k < 9; k++) {
    const v = s[at + k * stride];
    a3 |= a2 & v;
    a2 |= a1 & v;
    a1 |= v;
  }
  return a2 & ~a3 & unsolved;
}

/**
 * The in-band rule of the digit word s[i]: its mini-rows must hold a
 * permutation row -> box, so the word keeps the mini-rows of those (one
 * shape-table lookup; written back in any case, which measured faster than
 * testing whether anything changed). Returns the rows left with one cell,
 * as cells (solved or not), or -1 when no permutation is left.
 */
export function lockedSingles(s: Int32Array, i: number): number {
  let word = s[i];
  const shape = BOXES_OF_SEGMENT[word & 0x1ff] | (BOXES_OF_SEGMENT[(word >>> 9) & 0x1ff] << 3) | (BOXES_OF_SEGMENT[word >>> 18] << 6);
  const allowed = ALLOWED_MINIROWS[shape];
  if (allowed === 0) return -1;
  word &= MINIROW_CELLS[allowed];
  s[i] = word;
  return SINGLE_SEGMENT[word & 0x1ff] | (SINGLE_SEGMENT[(word >>> 9) & 0x1ff] << 9) | (SINGLE_SEGMENT[word >>> 18] << 18);
}

/**
 * The cell to guess in a frame whose bands' digit words sit at base + band
 * (stride apart) and solved cells at solvedAt + band: the first bivalue cell
 * of the band with the most bivalue cells (measured on the hardest list:
 * 118 guesses per puzzle against 142 for the first bivalue cell of any
 * band), else the first unsolved cell. Returns 32 * band + position.
 */
export function chooseGuess(s: Int32Array, base: number, bands: number, stride: number, solvedAt: number): number {
  let choice = -1;
  let mostPairs = 0;
  let fallback = -1;
  for (let b = 0; b < bands; b++) {
    const unsolved = ~s[solvedAt + b] & 0x7ffffff;
    if (unsolved === 0) continue;
    const two = bivalueCells(s, base + b, stride, unsolved);
    if (two !== 0) {
      const pairs = popcount(two);
      if (pairs > mostPairs) {
        mostPairs = pairs;
        choice = 32 * b + 31 - Math.clz32(two & -two);
      }
      continue;
    }
    if (fallback < 0) fallback = 32 * b + 31 - Math.clz32(unsolved & -unsolved);
  }
  return choice >= 0 ? choice : fallback;
}

/** The digits (bit d) whose words, at base + stride * d, hold the cells `pick`. */
export function digitsAt(s: Int32Array, base: number, stride: number, pick: number): number {
  let digits = 0;
  for (let d = 0; d < 9; d++) if ((s[base + stride * d] & pick) !== 0) digits |= 1 << d;
  return digits;
}
