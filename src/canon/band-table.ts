/**
 * The 416 essentially different bands, generated here (never pasted in):
 * every band whose first row is 123456789 and whose row 2 starts with 4, 5
 * (every minlex band does: see band-minlex.ts) is minlexed, and the distinct
 * results, sorted as strings, are the 416 bands with their "minlex index"
 * 0..415 (design notes band-scan.md §1.2; the sk programs' t416 table).
 * Proven by tests: 416 classes; 137 bands with non-trivial automorphisms,
 * 519 non-trivial automorphisms in all, band 0 having 107.
 */
import { BandMinlexer } from "./band-minlex.js";

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

/** Calls `visit` with every band (27 digits) having row 1 = 123456789 and row 2 starting 4, 5. */
export function forEachPrefixedBand(visit: (band: Uint8Array) => void): void {
  const band = new Uint8Array(27);
  for (let c = 0; c < 9; c++) band[c] = c + 1;
  band[9] = 4;
  band[10] = 5;
  const rowUsed = new Uint16Array(3);
  const boxUsed = new Uint16Array(3);
  rowUsed[0] = 0x3fe;
  boxUsed[0] = 0b1110 | 1 << 4 | 1 << 5;
  boxUsed[1] = 0b1110000;
  boxUsed[2] = 0b1110000000;
  rowUsed[1] = 1 << 4 | 1 << 5;
  const fill = (p: number): void => {
    if (p === 27) {
      visit(band);
      return;
    }
    const row = (p / 9) | 0;
    const col = p % 9;
    const box = (col / 3) | 0;
    let column = 0;
    for (let r = 0; r < row; r++) column |= 1 << band[9 * r + col];
    const free = ~(rowUsed[row] | boxUsed[box] | column) & 0x3fe;
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << d;
      if ((free & bit) === 0) continue;
      band[p] = d;
      rowUsed[row] |= bit;
      boxUsed[box] |= bit;
      fill(p + 1);
      rowUsed[row] &= ~bit;
      boxUsed[box] &= ~bit;
    }
  };
  fill(11);
}

let table: MinlexBand[] | null = null;
let indexByText: Map<string, number> | null = null;

/** The 416 minlex bands in minlex-index order (computed once, about a second). */
export function minlexBands(): readonly MinlexBand[] {
  if (table !== null) return table;
  const minlexer = new BandMinlexer();
  const found = new Map<string, number>();
  forEachPrefixedBand((band) => {
    minlexer.minlex(band);
    let text = "";
    for (let i = 0; i < 27; i++) text += minlexer.best[i];
    if (!found.has(text)) found.set(text, minlexer.automorphisms);
  });
  const texts = [...found.keys()].sort();
  table = texts.map((text, index) => ({
    index,
    text,
    digits: Uint8Array.from(text, (ch) => ch.charCodeAt(0) - 48),
    automorphisms: found.get(text)!,
  }));
  indexByText = new Map(texts.map((text, index) => [text, index]));
  return table;
}

/** Minlex index (0..415) of a band given as 27 digits, or of its minlex text. */
export function bandIndex(band: ArrayLike<number> | string, offset = 0): number {
  if (indexByText === null) minlexBands();
  let text: string;
  if (typeof band === "string" && band.length === 27 && band.startsWith("123456789")) {
    text = band;
  } else {
    const digits = typeof band === "string" ? Uint8Array.from(band, (ch) => ch.charCodeAt(0) - 48) : band;
    const minlexer = new BandMinlexer();
    minlexer.minlex(digits, offset);
    text = "";
    for (let i = 0; i < 27; i++) text += minlexer.best[i];
  }
  const index = indexByText!.get(text);
  if (index === undefined) throw new Error(`not a valid band: ${text}`);
  return index;
}
