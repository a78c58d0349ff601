/**
 * Cell geometry of the 9x9 grid: cells 0..80 row-major, and the tables every
 * other layer indexes by cell. A band is rows 3k..3k+2, a stack columns
 * 3k..3k+2, a mini-row the 3 cells of one row inside one box.
 *
 * Within a band, a cell's position is `cell - 27 * band` (0..26): bit p of a
 * 27-bit band word. Three band words make an 81-cell set (see cellset.ts).
 */

export const CELL_COUNT = 81;

export const ROW_OF = new Uint8Array(81);
export const COL_OF = new Uint8Array(81);
export const BOX_OF = new Uint8Array(81);
export const BAND_OF = new Uint8Array(81);
export const STACK_OF = new Uint8Array(81);
/** Bit position of the cell inside its band word (0..26). */
export const POS_IN_BAND = new Uint8Array(81);

for (let cell = 0; cell < 81; cell++) {
  const row = (cell / 9) | 0;
  const col = cell % 9;
  ROW_OF[cell] = row;
  COL_OF[cell] = col;
  BAND_OF[cell] = (row / 3) | 0;
  STACK_OF[cell] = (col / 3) | 0;
  BOX_OF[cell] = 3 * BAND_OF[cell] + STACK_OF[cell];
  POS_IN_BAND[cell] = cell - 27 * BAND_OF[cell];
}

/** The 27 units: rows 0-8, columns 9-17, boxes 18-26; each lists its 9 cells. */
export const UNITS: readonly (readonly number[])[] = (() => {
  const units: number[][] = [];
  for (let r = 0; r < 9; r++) units.push(Array.from({ length: 9 }, (_, i) => 9 * r + i));
  for (let c = 0; c < 9; c++) units.push(Array.from({ length: 9 }, (_, i) => 9 * i + c));
  for (let b = 0; b < 9; b++) {
    const r0 = 3 * ((b / 3) | 0);
    const c0 = 3 * (b % 3);
    units.push(Array.from({ length: 9 }, (_, i) => 9 * (r0 + ((i / 3) | 0)) + c0 + (i % 3)));
  }
  return units;
})();

export const UNIT_NAMES: readonly string[] = [
  ...Array.from({ length: 9 }, (_, i) => `row ${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `column ${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `box ${i + 1}`),
];

/** The 20 peers of each cell (same row, column or box), flattened: PEERS[20*cell + k]. */
export const PEERS = (() => {
  const peers = new Uint8Array(81 * 20);
  for (let cell = 0; cell < 81; cell++) {
    let k = 0;
    for (let other = 0; other < 81; other++) {
      if (other === cell) continue;
      if (ROW_OF[other] === ROW_OF[cell] || COL_OF[other] === COL_OF[cell] || BOX_OF[other] === BOX_OF[cell]) {
        peers[20 * cell + k++] = other;
      }
    }
  }
  return peers;
})();

/** Human name of a cell, r1c1 .. r9c9. */
export function cellName(cell: number): string {
  return `r${ROW_OF[cell] + 1}c${COL_OF[cell] + 1}`;
}

/** Mini-row of each cell, 0..26: 9 * band + 3 * (row in band) + stack. */
export const MINIROW_OF = Uint8Array.from({ length: 81 }, (_, cell) => 9 * BAND_OF[cell] + 3 * (ROW_OF[cell] % 3) + STACK_OF[cell]);
