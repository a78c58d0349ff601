/**
 * Moving bands by the transforms that put another band into minlex form.
 *
 * The band catalog compares grids written in "entry form": band 1 is a minlex
 * band, and the rows of bands 2 and 3 are each sorted by their column-1
 * digit. Writing a grid in entry form with a chosen band on top means picking
 * one transform (column permutation + relabelling) that takes that band to
 * its minlex form; there are as many as the band has automorphisms. A
 * transform here is a "morph": cols[c] = old column of new column c, and
 * relabel[old digit] = new digit. Row orders never matter: bands 2 and 3 are
 * re-sorted, and band 1 is the minlex band whatever its row order was.
 *
 * Bands are 27 digits 1..9, row-major, at an offset in a larger array.
 */
import { bandLookup, COL_PERMS, ROW_ORDERS } from "../canon/band-lookup.js";

/** Room for the morphs of one band: the most symmetric band has 108. */
export const MAX_MORPHS = 108;

/** A list of morphs in flat typed arrays: morph i is cols[9i..9i+8], relabel[10i..10i+9]. */
export class MorphList {
  readonly cols = new Uint8Array(9 * MAX_MORPHS);
  readonly relabel = new Uint8Array(10 * MAX_MORPHS);
  count = 0;
}

const rowInverse = new Uint8Array(3);
const colInverse = new Uint8Array(9);

/**
 * Fills `out` with every morph taking the band at `band[offset]` to its minlex
 * form, and returns the band's minlex index.
 */
export function morphsToMinlex(band: ArrayLike<number>, offset: number, out: MorphList): number {
  const lookup = bandLookup();
  const value = lookup.lookup(band, offset);
  const index = value & 511;
  const t = value >>> 9;
  const ro = 3 * ((t / 1296) | 0);
  const cp = 9 * (t % 1296);
  for (let r = 0; r < 3; r++) rowInverse[ROW_ORDERS[ro + r]] = r;
  for (let c = 0; c < 9; c++) colInverse[COL_PERMS[cp + c]] = c;
  const automorphisms = lookup.automorphisms[index];
  for (let a = 0; a < automorphisms.length; a++) {
    const ar = 3 * ((automorphisms[a] / 1296) | 0);
    const ac = 9 * (automorphisms[a] % 1296);
    const topRow = offset + 9 * rowInverse[ROW_ORDERS[ar]];
    for (let c = 0; c < 9; c++) {
      const col = colInverse[COL_PERMS[ac + c]];
      out.cols[9 * a + c] = col;
      out.relabel[10 * a + band[topRow + col]] = c + 1;
    }
  }
  out.count = automorphisms.length;
  return index;
}

/** Index of the identity in a band's own morph list (a minlex band maps to itself by it), or -1. */
export function identityMorph(list: MorphList): number {
  for (let m = 0; m < list.count; m++) {
    let identity = true;
    for (let c = 0; c < 9 && identity; c++) identity = list.cols[9 * m + c] === c;
    for (let d = 1; d <= 9 && identity; d++) identity = list.relabel[10 * m + d] === d;
    if (identity) return m;
  }
  return -1;
}

/**
 * The source rows of morph `m` applied to the band at `src[from]`, in the
 * image's order (rows sorted by their new column-1 digit): the image's row
 * i is source row (order >> 2i) & 3.
 */
function imageRowOrder(list: MorphList, m: number, src: ArrayLike<number>, from: number): number {
  const first = from + list.cols[9 * m];
  const r0 = 10 * m;
  const k0 = list.relabel[r0 + src[first]];
  const k1 = list.relabel[r0 + src[first + 9]];
  const k2 = list.relabel[r0 + src[first + 18]];
  if (k1 < k0) {
    if (k2 < k1) return 2 | (1 << 2) | (0 << 4);
    return k2 < k0 ? 1 | (2 << 2) | (0 << 4) : 1 | (0 << 2) | (2 << 4);
  }
  if (k2 < k0) return 2 | (0 << 2) | (1 << 4);
  return k2 < k1 ? 0 | (2 << 2) | (1 << 4) : 0 | (1 << 2) | (2 << 4);
}

/**
 * Writes morph `m` of `list` applied to the band at `src[from]` into
 * `dst[to]`, rows sorted by their column-1 digit.
 */
export function morphBand(
  list: MorphList,
  m: number,
  src: ArrayLike<number>,
  from: number,
  dst: Uint8Array,
  to: number,
): void {
  const cols = list.cols;
  const relabel = list.relabel;
  const c0 = 9 * m;
  const r0 = 10 * m;
  const order = imageRowOrder(list, m, src, from);
  for (let row = 0; row < 3; row++) {
    const offset = from + 9 * ((order >> (2 * row)) & 3);
    for (let col = 0; col < 9; col++) dst[to + 9 * row + col] = relabel[r0 + src[offset + cols[c0 + col]]];
  }
}

/**
 * compareDigits(image, 0, ref, at, 27) for the image morphBand would write
 * of the band at src[from], computed row by row and left at the first digit
 * that differs: the catalog's automorphism tests compare hundreds of
 * thousands of images, and most differ within the first few digits.
 */
export function compareMorphed(
  list: MorphList,
  m: number,
  src: ArrayLike<number>,
  from: number,
  ref: ArrayLike<number>,
  at: number,
): number {
  const cols = list.cols;
  const relabel = list.relabel;
  const c0 = 9 * m;
  const r0 = 10 * m;
  const order = imageRowOrder(list, m, src, from);
  for (let row = 0; row < 3; row++) {
    const offset = from + 9 * ((order >> (2 * row)) & 3);
    for (let col = 0; col < 9; col++) {
      const d = relabel[r0 + src[offset + cols[c0 + col]]] - ref[at + 9 * row + col];
      if (d !== 0) return d < 0 ? -1 : 1;
    }
  }
  return 0;
}

/** Compares `length` digits of a[i..] and b[j..]: -1, 0 or 1. */
export function compareDigits(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number, length: number): number {
  for (let k = 0; k < length; k++) {
    const d = a[i + k] - b[j + k];
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}
