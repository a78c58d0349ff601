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

/** The cells of a good item, or its problem. Items are made by our reader, but a unit may come from another machine. */
export function itemCells(item: InputItem): { cells: Puzzle; annotation: string } | Problem {
  if ("error" in item) return { where: item.where, reason: item.error };
  const parsed = parseLine(item.puzzle);
  if (!parsed.ok) return { where: item.where, reason: parsed.reason };
  return { cells: parsed.cells, annotation: item.annotation };
}
