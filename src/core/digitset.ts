/**
 * 9-bit digit sets: bit d-1 stands for digit d. Used for candidates and for
 * a band's gangster (the digit set of each column).
 */
import { popcount } from "./bits.js";

export type DigitSet = number;

export function digitSetOf(digits: Iterable<number>): DigitSet {
  let set = 0;
  for (const d of digits) set |= 1 << (d - 1);
  return set;
}

export function digitsOf(set: DigitSet): number[] {
  const digits: number[] = [];
  for (let d = 1; d <= 9; d++) if ((set >> (d - 1)) & 1) digits.push(d);
  return digits;
}

export function hasDigit(set: DigitSet, digit: number): boolean {
  return ((set >> (digit - 1)) & 1) === 1;
}

export function digitCount(set: DigitSet): number {
  return popcount(set & 0x1ff);
}

/** The gangster of the band starting at `band[offset]`: the digit set of each of its 9 columns. */
export function gangsterOf(band: ArrayLike<number>, offset = 0): Uint16Array {
  const gangster = new Uint16Array(9);
  for (let c = 0; c < 9; c++) {
    gangster[c] = (1 << (band[offset + c] - 1)) | (1 << (band[offset + 9 + c] - 1)) | (1 << (band[offset + 18 + c] - 1));
  }
  return gangster;
}
