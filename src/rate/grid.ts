/**
 * The candidate grid the rater works on: placed digits, a 9-bit candidate set
 * per cell (bit d-1 = digit d), and for every unit and digit the 9-bit set of
 * the unit's positions that still hold that digit as a candidate. Everything
 * lives in typed arrays and is updated incrementally, so a technique reads a
 * unit's positions for a digit in one load.
 *
 * Units follow src/core/cells.ts: rows 0-8, columns 9-17, boxes 18-26, and a
 * cell's position inside a unit is its index in UNITS[unit] (column number in
 * a row, row number in a column, row-major inside a box). That is also the
 * order in which Sudoku Explainer indexes the cells of its regions, so
 * position sets scan cells in SE's order.
 */
import { BOX_OF, COL_OF, ROW_OF, UNITS } from "../core/cells.js";
import { hasTwoBits, popcount } from "../core/bits.js";

/** Unit ids in Sudoku Explainer's region-type order (Block, Column, Row) and per type. */
export const ROWS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
export const COLUMNS: readonly number[] = [9, 10, 11, 12, 13, 14, 15, 16, 17];
export const BOXES: readonly number[] = [18, 19, 20, 21, 22, 23, 24, 25, 26];

/** The cells of each unit, flattened: UNIT_CELLS[9 * unit + position]. */
export const UNIT_CELLS = Uint8Array.from(UNITS.flat());

/** The three units of each cell (row, column, box): CELL_UNITS[3 * cell + k]. */
export const CELL_UNITS = new Uint8Array(81 * 3);
/** The cell's position in each of its units: CELL_POS[3 * cell + k]. */
export const CELL_POS = new Uint8Array(81 * 3);

for (let cell = 0; cell < 81; cell++) {
  const units = [ROW_OF[cell], 9 + COL_OF[cell], 18 + BOX_OF[cell]];
  for (let k = 0; k < 3; k++) {
    CELL_UNITS[3 * cell + k] = units[k];
    CELL_POS[3 * cell + k] = UNITS[units[k]].indexOf(cell);
  }
}

/** The three units of a cell in SE's getRegionTypes order: block, row, column. */
export const BRC = new Uint8Array(81 * 3);
for (let cell = 0; cell < 81; cell++) {
  BRC[3 * cell] = 18 + BOX_OF[cell];
  BRC[3 * cell + 1] = ROW_OF[cell];
  BRC[3 * cell + 2] = 9 + COL_OF[cell];
}

/**
 * INTERSECTION[27 * a + b]: the positions of unit a whose cells also lie in
 * unit b (0 when the units do not cross; 0x1ff when a === b).
 */
export const INTERSECTION = new Uint16Array(27 * 27);
for (let a = 0; a < 27; a++) {
  for (let b = 0; b < 27; b++) {
    let mask = 0;
    for (let i = 0; i < 9; i++) if (UNITS[b].includes(UNITS[a][i])) mask |= 1 << i;
    INTERSECTION[27 * a + b] = mask;
  }
}

/**
 * The 20 peers of each cell in Sudoku Explainer's "house cells" order: the
 * box's cells, then the row's, then the column's, each in unit order, the
 * first occurrence kept. HOUSE[20 * cell + k].
 */
export const HOUSE = new Uint8Array(81 * 20);
for (let cell = 0; cell < 81; cell++) {
  const seen = new Set<number>();
  for (const unit of [18 + BOX_OF[cell], ROW_OF[cell], 9 + COL_OF[cell]]) {
    for (const other of UNITS[unit]) if (other !== cell) seen.add(other);
  }
  HOUSE.set([...seen], 20 * cell);
}

/** Each cell's 20 peers as three 27-bit band words: PEER_WORDS[3 * cell + band]. */
export const PEER_WORDS = new Int32Array(243);
for (let cell = 0; cell < 81; cell++) {
  for (let i = 20 * cell; i < 20 * cell + 20; i++) PEER_WORDS[3 * cell + ((HOUSE[i] / 27) | 0)] |= 1 << HOUSE[i] % 27;
}

/** Fills `out` with each digit's cells in `grid` as three band words: out[3 * (digit - 1) + band]. */
export function digitBandWords(grid: CandidateGrid, out: Int32Array): void {
  out.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const band = (cell / 27) | 0;
    const bit = 1 << cell % 27;
    for (let m = grid.candidates[cell]; m !== 0; m &= m - 1) out[3 * (31 - Math.clz32(m & -m)) + band] |= bit;
  }
}

/**
 * Each cell's row, block and column within its band, as 27-bit band words
 * (the cells of the band word that holds the cell): tables, because the
 * chains' hot loops read them per key, where computing them by division
 * showed in the profile.
 */
export const CELL_ROW_WORD = new Int32Array(81);
export const CELL_BLOCK_WORD = new Int32Array(81);
export const CELL_COLUMN_WORD = new Int32Array(81);
for (let cell = 0; cell < 81; cell++) {
  const row = ((cell % 27) / 9) | 0;
  const column = cell % 9;
  const blockColumn = (column / 3) | 0;
  CELL_ROW_WORD[cell] = 0x1ff << (9 * row);
  CELL_BLOCK_WORD[cell] = 0x7 * ((1 << (3 * blockColumn)) | (1 << (3 * blockColumn + 9)) | (1 << (3 * blockColumn + 18)));
  CELL_COLUMN_WORD[cell] = (1 << column) | (1 << (column + 9)) | (1 << (column + 18));
}

/**
 * The digit's other place in the row (`unit` 0), block (1) or column (2)
 * of `cell` when exactly two are left there, the cell's and another, else
 * -1; `places` holds the digit's places as band words at places[base + band].
 */
export function otherPlace(places: Int32Array, base: number, cell: number, unit: number): number {
  const band = (cell / 27) | 0;
  const bit = 1 << cell % 27;
  if (unit < 2) {
    const word = places[base + band] & (unit === 0 ? CELL_ROW_WORD[cell] : CELL_BLOCK_WORD[cell]);
    return hasTwoBits(word) ? 27 * band + 31 - Math.clz32(word & ~bit) : -1;
  }
  const column = CELL_COLUMN_WORD[cell];
  const c0 = places[base] & column;
  const c1 = places[base + 1] & column;
  const c2 = places[base + 2] & column;
  // The three bands' column bits lie apart once shifted by 0, 1 and 2.
  if (!hasTwoBits(c0 | (c1 << 1) | (c2 << 2))) return -1;
  // The band word that still has a place besides this cell.
  const o0 = band === 0 ? c0 & ~bit : c0;
  const o1 = band === 1 ? c1 & ~bit : c1;
  const o2 = band === 2 ? c2 & ~bit : c2;
  return o0 !== 0 ? 31 - Math.clz32(o0) : o1 !== 0 ? 58 - Math.clz32(o1) : 85 - Math.clz32(o2);
}

/** IS_PEER[81 * a + b] = 1 when cells a and b differ and share a unit. */
export const IS_PEER = new Uint8Array(81 * 81);
for (let cell = 0; cell < 81; cell++) for (let k = 0; k < 20; k++) IS_PEER[81 * cell + HOUSE[20 * cell + k]] = 1;

/**
 * The k-subsets of {0..8} as 9-bit masks, in increasing numeric order: the
 * order in which Sudoku Explainer's Permutations class enumerates tuples.
 */
export const SUBSETS: readonly (readonly number[])[] = (() => {
  const lists: number[][] = Array.from({ length: 10 }, () => []);
  for (let mask = 0; mask < 512; mask++) lists[popcount(mask)].push(mask);
  return lists;
})();

/**
 * The k-subsets of each 9-bit mask, in increasing numeric order (SUBSETS'
 * order, cut to the mask): those of `mask` are list[start[mask]] up to
 * list[start[mask + 1]]. The subset producers read only the digits or cells
 * that can take part, instead of testing all C(9, k) tuples.
 */
export interface SubsetTable {
  readonly list: Uint16Array;
  readonly start: Int32Array;
}

function subsetTable(k: number): SubsetTable {
  // Each k-subset lies in 2^(9-k) masks. Built at start-up, in the
  // interpreter, so each mask's submasks are walked (3^9 steps in all), not
  // every k-subset tested against every mask.
  const list = new Uint16Array(SUBSETS[k].length << (9 - k));
  const start = new Int32Array(513);
  let n = 0;
  for (let mask = 0; mask < 512; mask++) {
    start[mask] = n;
    // The submasks of mask in increasing order.
    for (let subset = 0; ; subset = (subset - mask) & mask) {
      if (popcount(subset) === k) list[n++] = subset;
      if (subset === mask) break;
    }
  }
  start[512] = n;
  return { list, start };
}

/** SUBSETS_WITHIN[k] for k = 0..4 (the subset producers' degrees go up to 4). */
export const SUBSETS_WITHIN: readonly SubsetTable[] = [0, 1, 2, 3, 4].map(subsetTable);

/** fromPuzzle's digits placed per unit. */
const unitDigitsScratch = new Int32Array(27);

export class CandidateGrid {
  /** Placed digits, 0 for an empty cell. */
  readonly values = new Uint8Array(81);
  /** Candidates of each empty cell (bit d-1 = digit d); 0 for a placed cell. */
  readonly candidates = new Uint16Array(81);
  /** where[9 * unit + d - 1]: positions of the unit where d is still a candidate. */
  readonly where = new Uint16Array(27 * 9);
  /** Empty cells per unit. */
  readonly empties = new Uint8Array(27);
  /** Placed cells per digit: placedCount[d], d = 1..9. */
  readonly placedCount = new Uint8Array(10);
  /** Number of placed cells. */
  filled = 0;

  /** The grid of a puzzle (0 = empty), every empty cell holding every digit its peers do not. */
  static fromPuzzle(puzzle: ArrayLike<number>): CandidateGrid {
    // The state placing each clue in turn would leave, made at once: each empty cell keeps the digits
    // none of its units holds, and `where` lists those (its invariant: where follows candidates).
    const grid = new CandidateGrid();
    const used = unitDigitsScratch;
    used.fill(0);
    grid.empties.fill(9);
    for (let cell = 0; cell < 81; cell++) {
      const digit = puzzle[cell];
      if (digit === 0) continue;
      grid.values[cell] = digit;
      grid.placedCount[digit]++;
      grid.filled++;
      for (let k = 0; k < 3; k++) {
        const unit = CELL_UNITS[3 * cell + k];
        used[unit] |= 1 << (digit - 1);
        grid.empties[unit]--;
      }
    }
    for (let cell = 0; cell < 81; cell++) {
      if (grid.values[cell] !== 0) continue;
      const u0 = CELL_UNITS[3 * cell];
      const u1 = CELL_UNITS[3 * cell + 1];
      const u2 = CELL_UNITS[3 * cell + 2];
      const candidates = 0x1ff & ~(used[u0] | used[u1] | used[u2]);
      grid.candidates[cell] = candidates;
      const b0 = 1 << CELL_POS[3 * cell];
      const b1 = 1 << CELL_POS[3 * cell + 1];
      const b2 = 1 << CELL_POS[3 * cell + 2];
      for (let m = candidates; m !== 0; m &= m - 1) {
        const d = 31 - Math.clz32(m & -m);
        grid.where[9 * u0 + d] |= b0;
        grid.where[9 * u1 + d] |= b1;
        grid.where[9 * u2 + d] |= b2;
      }
    }
    return grid;
  }

  copy(): CandidateGrid {
    const grid = new CandidateGrid();
    grid.values.set(this.values);
    grid.candidates.set(this.candidates);
    grid.where.set(this.where);
    grid.empties.set(this.empties);
    grid.placedCount.set(this.placedCount);
    grid.filled = this.filled;
    return grid;
  }

  /** Keeps `other`'s candidates and placed digits, which sameCells compares. */
  keepCells(other: CandidateGrid): void {
    this.candidates.set(other.candidates);
    this.values.set(other.values);
  }

  /** Whether `other` has the same candidates and placed digits in every cell as this grid. */
  sameCells(other: CandidateGrid): boolean {
    for (let cell = 0; cell < 81; cell++) {
      if (other.candidates[cell] !== this.candidates[cell] || other.values[cell] !== this.values[cell]) return false;
    }
    return true;
  }

  has(cell: number, digit: number): boolean {
    return ((this.candidates[cell] >> (digit - 1)) & 1) === 1;
  }

  /** Removes a candidate; returns whether it was there. */
  remove(cell: number, digit: number): boolean {
    const bit = 1 << (digit - 1);
    if ((this.candidates[cell] & bit) === 0) return false;
    this.candidates[cell] &= ~bit;
    for (let k = 0; k < 3; k++) {
      this.where[9 * CELL_UNITS[3 * cell + k] + digit - 1] &= ~(1 << CELL_POS[3 * cell + k]);
    }
    return true;
  }

  /**
   * Places a digit and removes it from the cell's peers (Sudoku Explainer's
   * setValueAndCancel: the cell loses all its candidates, its units lose the digit).
   */
  place(cell: number, digit: number): void {
    for (let rest = this.candidates[cell]; rest !== 0; rest &= rest - 1) {
      this.remove(cell, 32 - Math.clz32(rest & -rest));
    }
    this.values[cell] = digit;
    this.placedCount[digit]++;
    this.filled++;
    for (let k = 0; k < 3; k++) {
      const unit = CELL_UNITS[3 * cell + k];
      this.empties[unit]--;
      for (let positions = this.where[9 * unit + digit - 1]; positions !== 0; positions &= positions - 1) {
        this.remove(UNIT_CELLS[9 * unit + 31 - Math.clz32(positions & -positions)], digit);
      }
    }
  }
}
