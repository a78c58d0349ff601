/**
 * What the page makes of pasted text, in one place: the library's reader
 * (81-character lines, 9-line grids bare or framed, `. 0 - x *` for empty
 * cells) picks out the items, and the page takes the first.
 */
import { readPuzzles } from "../index.js";

export type Pasted =
  | { readonly ok: true; readonly cells: Uint8Array; readonly note: string }
  | { readonly ok: false; readonly reason: string };

export function readPastedPuzzle(text: string): Pasted {
  const items = readPuzzles(text);
  if (items.length === 0) return { ok: false, reason: "No puzzle in the text: paste 81 characters or a grid of 9 lines." };
  const first = items[0];
  const where = text.trim().includes("\n") ? `Line ${first.line}: ` : "";
  // A repeated digit: load the cells anyway, so the page marks the cells that clash.
  if (!first.ok && first.cells !== undefined) return { ok: true, cells: first.cells, note: "" };
  if (!first.ok) return { ok: false, reason: `${where}${capitalized(first.reason)}.` };
  const more = items.length - 1;
  const note = more === 0 ? "" : `The text holds ${more} more item${more === 1 ? "" : "s"}; the first puzzle was loaded (the Batch tab rates a whole file).`;
  return { ok: true, cells: first.cells, note };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
