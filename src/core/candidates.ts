/**
 * The candidates a player pencils in before any deduction: for each empty
 * cell, the digits that no clue among its 20 peers (row, column, box) holds.
 */
import { PEERS } from "./cells.js";

/** Per cell, its candidates as a DigitSet (digitset.ts: bit d-1 for digit d); 0 for a cell that holds a digit. */
export function peerCandidates(puzzle: ArrayLike<number>): Uint16Array {
  const sets = new Uint16Array(81);
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] !== 0) continue;
    let seen = 0;
    for (let k = 20 * cell; k < 20 * cell + 20; k++) {
      const digit = puzzle[PEERS[k]];
      if (digit !== 0) seen |= 1 << (digit - 1);
    }
    sets[cell] = ~seen & 0x1ff;
  }
  return sets;
}
