/**
 * Unavoidable sets of bands 1+2 of an entry (design notes band-scan.md §1.5):
 * cell sets in rows 1-6 that another filling of rows 1-6 with the same column
 * digit sets changes. Band 3 is not involved: a UA of a grid that lies in
 * rows 1-6 changes only rows 1-6, and any such refilling keeps every column's
 * digits, so it is a UA of every grid of the entry, whatever its band 3. A
 * 17 of the entry must hit them all with its clues in bands 1+2.
 *
 * Collected from one grid of the entry: each band's own gangster UAs, and
 * the digit floors of 2..4 digits confined to rows 1-6 (exhaustive: every
 * such UA of at most 4 digits, so every one of at most 9 cells).
 */
import { popcount } from "../core/bits.js";
import { bandGangsterUAs } from "../catalog/band-uas.js";
import { FloorCompletions } from "./floor-completions.js";
import { UASet } from "../ua/index.js";

export interface Band12Options {
  /** Floor sizes (digits emptied together), each 2..5; default 2, 3, 4. */
  readonly digits?: readonly number[];
  /** Largest UA kept, in cells (default 20, as the C++ program's UALIMSIZE). */
  readonly maxSize?: number;
}

/** The minimal UAs of rows 1-6 of `grid` (81 digits, a valid grid), as band words (band 3 word 0). */
export function collectBand12UAs(grid: ArrayLike<number>, options: Band12Options = {}): UASet {
  const set = new UASet();
  const maxSize = options.maxSize ?? 20;
  for (let band = 0; band < 2; band++) {
    for (const ua of bandGangsterUAs(grid, 27 * band)) {
      if (popcount(ua) <= maxSize) set.add(band === 0 ? ua : 0, band === 1 ? ua : 0, 0);
    }
  }
  // As collectDigitFloorUAs with its region cut to rows 1-6, on the floor kernel.
  const floors = new FloorCompletions();
  const local = new UASet();
  const keep = (w0: number, w1: number): void => {
    if ((w0 | w1) !== 0 && popcount(w0) + popcount(w1) <= maxSize) local.add(w0, w1, 0);
  };
  for (const k of options.digits ?? [2, 3, 4]) {
    if (!Number.isInteger(k) || k < 2 || k > 5) throw new RangeError(`floor sizes must be 2..5, got ${k}`);
    // Digit subsets in increasing order of their mask (bit i = digit i + 1), each floor's minimal UAs smallest first.
    for (let digits = 0; digits < 512; digits++) {
      if (popcount(digits) !== k) continue;
      local.clear();
      floors.enumerate(grid, digits << 1, keep, Infinity);
      const sets = local.sorted();
      for (let i = 0; i < sets.length; i += 3) set.add(sets[i], sets[i + 1], 0);
    }
  }
  return set;
}
