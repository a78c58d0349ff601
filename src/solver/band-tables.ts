/**
 * Tables for the band-wise propagation of the bitboard solver.
 *
 * The candidates of one digit inside one band are a 27-bit word: three 9-bit
 * rows. Inside a band the digit sits exactly once in each row and once in each
 * box, so its three mini-rows form a permutation row -> box. A word's "shape"
 * is the 9-bit set of occupied mini-rows (bit 3*row + box); the allowed
 * mini-rows are those lying on some permutation inside the shape. This one
 * lookup does the in-band pointing/claiming for a digit, and an empty result
 * is a contradiction.
 */

/** 9-bit row segment -> 3-bit set of boxes it touches. */
export const BOXES_OF_SEGMENT = new Uint8Array(512);
/** 9-bit shape -> 9-bit union of the permutations inside it (0: none). */
export const ALLOWED_MINIROWS = new Uint16Array(512);
/** 9-bit mini-row set -> 27-bit mask of their cells. */
export const MINIROW_CELLS = new Int32Array(512);
/** 9-bit row segment -> itself when it has exactly one bit, else 0. */
export const SINGLE_SEGMENT = new Uint16Array(512);
/** 9-bit column set -> 27-bit mask of those columns in the three rows. */
export const COLUMN_CELLS = new Int32Array(512);
/** Position 0..26 in a band -> 27-bit mask of its peers inside the band (row, box, column). */
export const PEERS_IN_BAND = new Int32Array(27);

const PERMUTATIONS = [
  [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
];

for (let seg = 0; seg < 512; seg++) {
  BOXES_OF_SEGMENT[seg] = ((seg & 7) !== 0 ? 1 : 0) | ((seg & 0x38) !== 0 ? 2 : 0) | ((seg & 0x1c0) !== 0 ? 4 : 0);
  SINGLE_SEGMENT[seg] = seg !== 0 && (seg & (seg - 1)) === 0 ? seg : 0;
  COLUMN_CELLS[seg] = seg | (seg << 9) | (seg << 18);
  let cells = 0;
  for (let m = 0; m < 9; m++) if ((seg >> m) & 1) cells |= 7 << (9 * ((m / 3) | 0) + 3 * (m % 3));
  MINIROW_CELLS[seg] = cells;
  let allowed = 0;
  for (const perm of PERMUTATIONS) {
    const bits = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
    if ((seg & bits) === bits) allowed |= bits;
  }
  ALLOWED_MINIROWS[seg] = allowed;
}

for (let p = 0; p < 27; p++) {
  const row = (p / 9) | 0;
  const col = p % 9;
  const box = (col / 3) | 0;
  let mask = (0x1ff << (9 * row)) | COLUMN_CELLS[1 << col] | MINIROW_CELLS[0b1001001 << box];
  mask &= ~(1 << p);
  PEERS_IN_BAND[p] = mask;
}
