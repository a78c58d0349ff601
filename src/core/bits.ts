/**
 * Bit helpers for 27-bit band words and 9-bit digit sets. All are branch-free
 * and allocation-free: they run inside the solver's and the scans' hot loops.
 */

/** Number of set bits of a 32-bit integer (SWAR count; branch-free). */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit (x must be non-zero). */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** All 27 bits of a band word. */
export const BAND_FULL = 0x7ffffff;
/** All 9 digits of a digit set (bit d-1 = digit d). */
export const DIGITS_FULL = 0x1ff;
