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

/**
 * popcount(x) + popcount(y) for two band words (27 bits each): the 4-bit
 * partial counts of both are added before the last steps, which then run
 * once (a field holds at most 8, a byte at most 16, the sum at most 54).
 */
export function popcount2(x: number, y: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  y = y - ((y >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333) + (y & 0x33333333) + ((y >>> 2) & 0x33333333);
  x = (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Whether x has exactly two set bits: the test the chains ask of a cell's
 * candidates and a unit's places, cheaper than popcount(x) === 2.
 */
export function hasTwoBits(x: number): boolean {
  const rest = x & (x - 1);
  return rest !== 0 && (rest & (rest - 1)) === 0;
}

/** Index of the lowest set bit (x must be non-zero). */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/**
 * The lowest n bits set (n = 0..32). Written ~(-1 << n): (1 << n) - 1
 * leaves the int32 range at n = 31, which deoptimized the band scan.
 */
export function lowBits(n: number): number {
  return n >= 32 ? -1 : ~(-1 << n);
}

/**
 * Transposes the 32x32 bit matrix a[offset..offset+31] in place: bit j of
 * word i moves to bit i of word j. Five rounds swap ever smaller blocks
 * (16x16 down to 1x1), 80 masked swaps in all, which beats setting one bit
 * per cell once the rows hold more than a few bits each.
 */
export function transposeBits32(a: Int32Array, offset: number): void {
  let mask = 0x0000ffff;
  for (let j = 16; j !== 0; j >>>= 1, mask ^= mask << j) {
    // Rows k with bit j clear pair with rows k + j.
    for (let k = 0; k < 32; k = (k + j + 1) & ~j) {
      const low = offset + k;
      const t = ((a[low] >>> j) ^ a[low + j]) & mask;
      a[low + j] ^= t;
      a[low] ^= t << j;
    }
  }
}

/** All 27 bits of a band word. */
export const BAND_FULL = 0x7ffffff;
/** All 9 digits of a digit set (bit d-1 = digit d). */
export const DIGITS_FULL = 0x1ff;
