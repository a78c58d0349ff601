/**
 * The candidates a player pencils in before any deduction: for each empty
 * cell, the digits that no clue among its 20 peers (row, column, box) holds.
 */
import { PEERS } from "./cells.js";
import { puzzleArgument, type PuzzleInput } from "./arguments.js";

/** Per cell, its candidates as a DigitSet (digitset.ts: bit d-1 for digit d); 0 for a cell that holds a digit. */
export function peerCandidates(puzzle: PuzzleInput): Uint16Array {
  const cells = puzzleArgument(puzzle);
  const sets = new Uint16Array(81);
  for (let cell = 0; cell < 81; cell++) {
    if (cells[cell] !== 0) continue;
    let seen = 0;
    for (let k = 20 * cell; k < 20 * cell + 20; k++) {
      const digit = cells[PEERS[k]];
      if (digit !== 0) seen |= 1 << (digit - 1);
    }
    sets[cell] = ~seen & 0x1ff;
  }
  return sets;
}
