/**
 * An 81-cell set stored as three 27-bit band words (bit POS_IN_BAND[cell] of
 * word BAND_OF[cell]). The words are small integers in V8, so sets cost no
 * allocation when kept in typed arrays or locals. `CellSet` is the boxed form
 * used at API boundaries; hot code works on the three words directly.
 */
import { BAND_OF, POS_IN_BAND } from "./cells.js";
import { popcount } from "./bits.js";

export type CellSet = Int32Array; // length 3

export function emptyCellSet(): CellSet {
  return new Int32Array(3);
}

export function cellSetOf(cells: Iterable<number>): CellSet {
  const set = new Int32Array(3);
  for (const cell of cells) addCell(set, cell);
  return set;
}

export function addCell(set: CellSet, cell: number): void {
  set[BAND_OF[cell]] |= 1 << POS_IN_BAND[cell];
}

export function hasCell(set: CellSet, cell: number): boolean {
  return ((set[BAND_OF[cell]] >>> POS_IN_BAND[cell]) & 1) === 1;
}

export function cellSetSize(set: CellSet): number {
  return popcount(set[0]) + popcount(set[1]) + popcount(set[2]);
}

export function cellSetToList(set: CellSet): number[] {
  const cells: number[] = [];
  for (let band = 0; band < 3; band++) {
    let word = set[band];
    while (word !== 0) {
      const low = word & -word;
      cells.push(27 * band + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return cells;
}

/** True when every cell of `a` is in `b`. */
export function isSubset(a: CellSet, b: CellSet): boolean {
  return (a[0] & ~b[0]) === 0 && (a[1] & ~b[1]) === 0 && (a[2] & ~b[2]) === 0;
}

/** True when the sets share a cell. */
export function intersects(a: CellSet, b: CellSet): boolean {
  return ((a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2])) !== 0;
}
