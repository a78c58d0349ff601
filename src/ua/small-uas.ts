/**
 * Every minimal unavoidable set of a grid up to a size limit (default 12), by
 * digit templates (our method; GridChecker's --unav12 and McGuire's finder do
 * the same job another way).
 *
 * Why it is complete: in a minimal UA U each digit of the grid appears at
 * least twice (if digit d sat once in U, at cell c, the other grid puts d
 * elsewhere in c's row, inside U, and the column of that cell then needs its
 * own d moved: a second cell of U holding d). So |U| <= 12 means at most 6
 * digits. The grid differing from ours exactly on U moves only U's digits,
 * inside the cells those digits hold. So for every digit set D of 2..6
 * digits we enumerate the ways to place D's digits again, one template each
 * (one cell per row, column and box), inside the cells D holds, with every
 * digit moved and at most `maxSize` changed cells; each way gives a UA, and
 * the UASet keeps the minimal ones. A moved digit changes at least 2 cells,
 * which bounds the search tightly.
 */
import type { UASet } from "./ua-set.js";

export function collectSmallUAs(grid: ArrayLike<number>, set: UASet, maxSize = 12): void {
  const search = new TemplateSearch(grid, set, maxSize);
  const maxDigits = Math.min(9, Math.floor(maxSize / 2));
  for (let subset = 1; subset < 512; subset++) {
    const k = popcount9(subset);
    if (k >= 2 && k <= maxDigits) search.run(subset);
  }
}

function popcount9(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

class TemplateSearch {
  /** Per row, the columns still free among the cells holding the subset's digits. */
  private readonly free = new Uint16Array(9);
  private readonly digits = new Uint8Array(9);
  private readonly diff = new Int32Array(3);
  private k = 0;

  constructor(
    private readonly grid: ArrayLike<number>,
    private readonly set: UASet,
    private readonly maxSize: number,
  ) {}

  run(subset: number): void {
    this.k = 0;
    for (let d = 1; d <= 9; d++) if ((subset >> (d - 1)) & 1) this.digits[this.k++] = d;
    for (let r = 0; r < 9; r++) {
      let columns = 0;
      for (let c = 0; c < 9; c++) if ((subset >> (this.grid[9 * r + c] - 1)) & 1) columns |= 1 << c;
      this.free[r] = columns;
    }
    this.diff.fill(0);
    this.place(0, 0, 0, 0, 0, 0);
  }

  /**
   * Places digit number `i` of the subset in row `row`, given the columns and
   * boxes it already uses, the changed cells so far (`cost`) and this digit's
   * own moved cells (`moved`).
   */
  private place(i: number, row: number, columns: number, boxes: number, cost: number, moved: number): void {
    if (row === 9) {
      if (moved === 0) return; // every digit of the subset must move
      if (i + 1 === this.k) {
        this.set.add(this.diff[0], this.diff[1], this.diff[2]);
        return;
      }
      this.place(i + 1, 0, 0, 0, cost, 0);
      return;
    }
    const digit = this.digits[i];
    // Each later digit will change at least 2 cells; this one too if it has not moved yet.
    const reserve = 2 * (this.k - 1 - i);
    const bandBase = 3 * ((row / 3) | 0);
    let options = this.free[row] & ~columns;
    while (options !== 0) {
      const low = options & -options;
      options ^= low;
      const c = 31 - Math.clz32(low);
      const box = bandBase + ((c / 3) | 0);
      if ((boxes >> box) & 1) continue;
      const cell = 9 * row + c;
      const changed = this.grid[cell] !== digit;
      const newCost = cost + (changed ? 1 : 0);
      const newMoved = moved + (changed ? 1 : 0);
      if (newCost + reserve + (newMoved === 0 ? 2 : newMoved === 1 ? 1 : 0) > this.maxSize) continue;
      const band = (cell / 27) | 0;
      const bit = 1 << (cell - 27 * band);
      if (changed) this.diff[band] |= bit;
      this.free[row] ^= low;
      this.place(i, row + 1, columns | low, boxes | (1 << box), newCost, newMoved);
      this.free[row] ^= low;
      if (changed) this.diff[band] &= ~bit;
    }
  }
}
