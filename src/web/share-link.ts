/**
 * The puzzle lives in the address (`#p=` and 81 characters, `.` for an empty
 * cell), so a link shares it and a reload keeps it. Only the fragment
 * changes, so nothing is sent to a server and no page is reloaded.
 */
import { formatPuzzle } from "../index.js";
import { readPastedPuzzle } from "./puzzle-paste.js";

const PREFIX = "#p=";

/** The puzzle a fragment names, or null when it names none. */
export function puzzleFromHash(hash: string): Uint8Array | null {
  if (!hash.startsWith(PREFIX)) return null;
  const read = readPastedPuzzle(decodeURIComponent(hash.slice(PREFIX.length)));
  return read.ok ? read.cells : null;
}

export function hashOf(cells: ArrayLike<number>): string {
  return PREFIX + formatPuzzle(cells);
}

/** Writes the puzzle into the address without adding a history entry per keystroke. */
export function showInAddress(cells: ArrayLike<number>): void {
  const hash = hashOf(cells);
  if (location.hash !== hash) history.replaceState(null, "", hash);
}
