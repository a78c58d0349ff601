/**
 * The three passes of the band scan (sk_s17 VB/v9 split, design notes
 * band-scan.md §1.10) and the clue limits each puts on bands 1 and 2 of an
 * entry; band 3 gets the rest of the 17.
 *
 * pass 1  (pass-1 catalog, band 3 = the lowest rank): band 3 holds 7 or
 *         more, so bands 1 and 2 hold at most 10, at most 6 each.
 * pass 2a (main catalog, band 3 = the highest rank): band 3 holds 6 or more:
 *         at most 11 in bands 1+2, at most 7 each, and with 11 at most 6 each.
 * pass 2b (inverted catalog, band 3 = the middle rank): as 2a, but with 11
 *         in bands 1+2, band 2 (the highest rank) holds at most 5, as
 *         sk_s17 VB's b2maxcl11 has it. A 6-6-5 whose highest-rank band
 *         holds 6 is 2a's (band 3 = that band, 6 + 5 or 5 + 6 above it), so
 *         2b needs only the layouts whose highest band holds the 5. VB's
 *         k2_p2b.txt lists 249 17s laid out 5-6-6 in their 2b entries,
 *         beyond that limit; each is in k1_p2a.txt as well, and a replay of
 *         them in 2b finds nothing, by this rule.
 *
 * Every 17 falls in at least one pass: if its lowest-rank band holds 7 or
 * more and the others at most 6, pass 1; otherwise some other band holds 7
 * or more, or the distribution is 6-6-5, and 2a or 2b takes it (a 6-6-5
 * goes to 2a when its highest-rank band holds a 6, to 2b when it holds the 5).
 */
import type { CatalogName } from "../catalog/catalog.js";

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
  "2b": { total: 11, band1: 7, band2: 7, band1AtTotal: 6, band2AtTotal: 5 },
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

/**
 * What the entry scanner reads of a pass: the clue count of the puzzles
 * sought, and which band counts bands 1+2 may hold. `allowed` must be
 * downward closed (a clue set may lose a clue and stay allowed), so that a
 * node whose counts are not allowed has no allowed superset.
 */
export interface ClueLimits {
  /** Clues of the puzzles sought (bands 1+2 and band 3 together). */
  readonly clues: number;
  /** 1 at LIMIT_STRIDE * c1 + c2 when bands 1+2 may hold c1 and c2 clues. */
  readonly allowed: Uint8Array;
  /** At LIMIT_STRIDE * c1 + c2: the most clues an allowed superset of those counts holds in bands 1+2 (-1: none). */
  readonly mostTotal: Int8Array;
}

/** Row length of the ClueLimits tables (counts up to 31 per band). */
export const LIMIT_STRIDE = 32;

/** The tables of `allows` (a downward-closed rule on the counts of bands 1 and 2) for puzzles of `clues` clues. */
export function clueLimits(clues: number, allows: (c1: number, c2: number) => boolean): ClueLimits {
  const allowed = new Uint8Array(LIMIT_STRIDE * LIMIT_STRIDE);
  const mostTotal = new Int8Array(LIMIT_STRIDE * LIMIT_STRIDE).fill(-1);
  for (let c1 = 0; c1 < LIMIT_STRIDE; c1++) {
    for (let c2 = 0; c2 < LIMIT_STRIDE; c2++) {
      if (c1 > 27 || c2 > 27 || c1 + c2 > clues || !allows(c1, c2)) continue;
      allowed[LIMIT_STRIDE * c1 + c2] = 1;
    }
  }
  for (let c1 = 0; c1 < LIMIT_STRIDE; c1++) {
    for (let c2 = 0; c2 < LIMIT_STRIDE; c2++) {
      if (allowed[LIMIT_STRIDE * c1 + c2] === 0) continue;
      if (c1 > 0 && allowed[LIMIT_STRIDE * (c1 - 1) + c2] === 0) throw new RangeError(`clue limits not downward closed at ${c1 - 1}, ${c2}`);
      if (c2 > 0 && allowed[LIMIT_STRIDE * c1 + c2 - 1] === 0) throw new RangeError(`clue limits not downward closed at ${c1}, ${c2 - 1}`);
      // Every allowed pair raises the best total of the pairs below it.
      for (let a = 0; a <= c1; a++) {
        for (let b = 0; b <= c2; b++) {
          const at = LIMIT_STRIDE * a + b;
          if (mostTotal[at] < c1 + c2) mostTotal[at] = c1 + c2;
        }
      }
    }
  }
  return { clues, allowed, mostTotal };
}

/** The sk_s17 pass's limits as tables, for 17 clues. */
export function passClueLimits(pass: Scan17Pass): ClueLimits {
  const l = PASS_LIMITS[pass];
  return clueLimits(17, (c1, c2) => {
    const total = c1 > l.band1AtTotal || c2 > l.band2AtTotal ? l.total - 1 : l.total;
    return c1 <= l.band1 && c2 <= l.band2 && c1 + c2 <= total;
  });
}
