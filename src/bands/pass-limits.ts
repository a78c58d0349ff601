/**
 * The three passes of the band scan (sk_s17 VB/v9 split, design notes
 * band-scan.md §1.10) and the clue limits each puts on bands 1 and 2 of an
 * entry; band 3 gets the rest of the 17.
 *
 * pass 1  (pass-1 catalog, band 3 = the lowest rank): band 3 holds 7 or
 *         more, so bands 1 and 2 hold at most 10, at most 6 each.
 * pass 2a (main catalog, band 3 = the highest rank): band 3 holds 6 or more:
 *         at most 11 in bands 1+2, at most 7 each, and with 11 at most 6 each.
 * pass 2b (inverted catalog, band 3 = the middle rank): the same limits as 2a.
 *         sk_s17 VB sets band 2 (the highest rank) to at most 5 when bands
 *         1+2 hold 11 (design notes §1.7), which would leave the 6-6-5
 *         distributions with 6 in the highest band to 2a alone; but VB's
 *         k2_p2b.txt lists 245 17s laid out 5-6-6 in their 2b entries (the
 *         same puzzles are in k1_p2a.txt), so its 2b run admitted them, and
 *         so do we: every line of the k-files is then within its pass.
 *
 * Every 17 falls in at least one pass: if its lowest-rank band holds 7 or
 * more and the others at most 6, pass 1; otherwise some other band holds 7
 * or more, or the distribution is 6-6-5, and 2a or 2b takes it.
 */
import { type CatalogName } from "./catalog.js";

export type Scan17Pass = "1" | "2a" | "2b";

export const SCAN17_PASSES: readonly Scan17Pass[] = ["1", "2a", "2b"];

export const CATALOG_OF_PASS: Readonly<Record<Scan17Pass, CatalogName>> = { "1": "pass1", "2a": "main", "2b": "inverted" };

export function parsePass(text: string): Scan17Pass {
  if (text === "1" || text === "2a" || text === "2b") return text;
  throw new RangeError(`pass must be 1, 2a or 2b, got '${text}'`);
}

/** Clue limits on bands 1 and 2 of a pass. */
export interface PassLimits {
  /** Most clues in bands 1+2. */
  readonly total: number;
  /** Most clues in band 1, band 2. */
  readonly band1: number;
  readonly band2: number;
  /** Most clues in band 1, band 2 when bands 1+2 hold `total`. */
  readonly band1AtTotal: number;
  readonly band2AtTotal: number;
}

export const PASS_LIMITS: Readonly<Record<Scan17Pass, PassLimits>> = {
  "1": { total: 10, band1: 6, band2: 6, band1AtTotal: 6, band2AtTotal: 6 },
  "2a": { total: 11, band1: 7, band2: 7, band1AtTotal: 6, band2AtTotal: 6 },
  "2b": { total: 11, band1: 7, band2: 7, band1AtTotal: 6, band2AtTotal: 6 },
};

/** True when a 17 with these band counts (entry order) belongs to the pass. */
export function inPass(pass: Scan17Pass, c1: number, c2: number, c3: number): boolean {
  const l = PASS_LIMITS[pass];
  if (c1 + c2 + c3 !== 17) return false;
  const t = c1 + c2;
  if (t > l.total || c1 > l.band1 || c2 > l.band2) return false;
  if (t === l.total && (c1 > l.band1AtTotal || c2 > l.band2AtTotal)) return false;
  return true;
}
