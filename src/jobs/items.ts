/**
 * Input items as units carry them: each puzzle read from a file or stdin
 * (by src/core/puzzle-text.ts, in any of its forms) with where it came
 * from, or the reason it could not be read. Units of the line commands hold
 * a block of items; the results keep each bad item's place, so bad lines
 * are reported in input order wherever the unit ran.
 */
import { parseLine, type Puzzle } from "../core/puzzle.js";
import type { Problem } from "./job.js";

export type InputItem =
  | { readonly where: string; readonly puzzle: string; readonly annotation: string }
  | { readonly where: string; readonly error: string };

/** A block of items: one unit of a line command. */
export interface ItemBlock {
  readonly items: readonly InputItem[];
}

/**
 * The cells of a good item, or its problem. The reader has checked the
 * puzzle already (81 cells, no digit repeated), so a well-formed string is
 * decoded without checking it again: on a batch of 49,158 puzzles that check
 * cost as much as the solving. Anything else goes through the full check.
 * `into`, when given, receives the cells (a job that keeps no puzzle past
 * the item reuses one buffer instead of an array per item).
 */
export function itemCells(item: InputItem, into?: Puzzle): { cells: Puzzle; annotation: string } | Problem {
  if ("error" in item) return { where: item.where, reason: item.error };
  const cells = decodeCells(item.puzzle, into ?? new Uint8Array(81));
  if (cells !== null) return { cells, annotation: item.annotation };
  const parsed = parseLine(item.puzzle);
  if (!parsed.ok) return { where: item.where, reason: parsed.reason };
  return { cells: parsed.cells, annotation: item.annotation };
}

/** The reader's form of a puzzle (81 characters, 1-9 and '.'), or null for any other text. */
function decodeCells(text: string, cells: Puzzle): Puzzle | null {
  if (text.length !== 81) return null;
  for (let i = 0; i < 81; i++) {
    const code = text.charCodeAt(i);
    if (code >= 49 && code <= 57) cells[i] = code - 48;
    else if (code === 46) cells[i] = 0;
    else return null;
  }
  return cells;
}
