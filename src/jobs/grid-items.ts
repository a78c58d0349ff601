/**
 * The grid of an input item, for the commands that take files of grids
 * (`scan --grids`, `scan17 --grid FILE`): a complete grid, or a puzzle with
 * a unique solution, which stands for its solution grid.
 */
import { isValidGrid, type Puzzle } from "../core/puzzle.js";
import { solveUnique } from "../solver/solve.js";
import type { Problem } from "./job.js";
import { itemCells, type InputItem } from "./items.js";

/** The grid an item stands for, or its problem. */
export function itemGrid(item: InputItem): Puzzle | Problem {
  const read = itemCells(item);
  if ("reason" in read) return read;
  const cells = read.cells;
  if (!cells.includes(0)) return isValidGrid(cells) ? cells : { where: item.where, reason: "not a valid Sudoku grid" };
  const result = solveUnique(cells);
  if (result.status === "unique") return result.solution;
  return { where: item.where, reason: result.status === "none" ? "puzzle has no solution" : "puzzle has several solutions (no single grid)" };
}
