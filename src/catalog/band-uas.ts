/**
 * A band's minimal gangster UAs (canon/band-gangster.ts) from its class:
 * computed once per minlex band, then mapped through the transform that the
 * band table gives, since UAs move with the cells. Finding them from
 * scratch costs milliseconds, which the band scan would pay for every band
 * 3 of every entry; the mapping costs a microsecond.
 */
import { gangsterUAs } from "../canon/band-gangster.js";
import { bandLookup, COL_PERMS, ROW_ORDERS } from "../canon/band-lookup.js";

const byClass: (Int32Array | undefined)[] = [];

/** The minimal gangster UAs of the band `digits[offset..offset+27)`, as 27-bit band words. */
export function bandGangsterUAs(digits: ArrayLike<number>, offset = 0): Int32Array {
  const lookup = bandLookup();
  const value = lookup.lookup(digits, offset);
  const cls = value & 511;
  const transform = value >>> 9;
  const own = (byClass[cls] ??= gangsterUAs(lookup.minlexDigits[cls]));
  // Band cell (r, c) is cell (R[r], C[c]) of the minlex band.
  const rows = 3 * ((transform / 1296) | 0);
  const cols = 9 * (transform % 1296);
  const source = new Uint8Array(27);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 9; c++) source[9 * r + c] = 9 * ROW_ORDERS[rows + r] + COL_PERMS[cols + c];
  const out = new Int32Array(own.length);
  for (let i = 0; i < own.length; i++) {
    const ua = own[i];
    let mapped = 0;
    for (let p = 0; p < 27; p++) if ((ua >>> source[p]) & 1) mapped |= 1 << p;
    out[i] = mapped;
  }
  return out;
}
