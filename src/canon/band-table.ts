/**
 * The 416 essentially different bands, generated here (never pasted in) by
 * band-lookup.ts: the distinct minlex forms of the 77,760 prefixed bands,
 * sorted as strings, give the "minlex index" 0..415 (design notes
 * band-scan.md §1.2; the sk programs' t416 table). Proven by tests: 416
 * classes; 137 bands with non-trivial automorphisms, 519 non-trivial
 * automorphisms in all, band 0 having 107.
 */
import { bandLookup } from "./band-lookup.js";

export interface MinlexBand {
  /** Minlex index 0..415 (position in the sorted list). */
  readonly index: number;
  /** 27 digits 1..9, row-major. */
  readonly digits: Uint8Array;
  /** The band as a 27-character string. */
  readonly text: string;
  /** Transforms of the band onto itself, identity included. */
  readonly automorphisms: number;
}

let table: MinlexBand[] | null = null;

/** The 416 minlex bands in minlex-index order (built once with the lookup table, a fraction of a second). */
export function minlexBands(): readonly MinlexBand[] {
  if (table !== null) return table;
  const lookup = bandLookup();
  table = lookup.minlexDigits.map((digits, index) => ({
    index,
    digits,
    text: digits.join(""),
    automorphisms: lookup.automorphisms[index].length,
  }));
  return table;
}

/** Minlex index (0..415) of a band given as 27 digits (or a 27-character string) at `offset`. */
export function bandIndex(band: ArrayLike<number> | string, offset = 0): number {
  const digits = typeof band === "string" ? Uint8Array.from(band, (ch) => ch.charCodeAt(0) - 48) : band;
  return bandLookup().lookup(digits, offset) & 511;
}
