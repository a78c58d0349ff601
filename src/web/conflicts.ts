/**
 * Digits repeated in a row, column or box: every cell involved, to mark them
 * all on the grid (the library's findConflict names the first pair only).
 */
import { UNITS } from "../index.js";

export function conflictCells(cells: ArrayLike<number>): Set<number> {
  const marked = new Set<number>();
  for (const unit of UNITS) {
    for (let i = 0; i < 9; i++) {
      const digit = cells[unit[i]];
      if (digit === 0) continue;
      for (let j = i + 1; j < 9; j++) {
        if (cells[unit[j]] === digit) {
          marked.add(unit[i]);
          marked.add(unit[j]);
        }
      }
    }
  }
  return marked;
}
