/**
 * The completions of a digit floor of rows 1-6 with band 3 given: the
 * kernel behind the band scan's UA collections (bands-1+2 UAs and the GUA
 * sockets' parts), which empty the cells of rows 1-6 holding a few digits
 * and list every other way to fill them.
 *
 * The cells holding the floor's digits can only take those digits back (the
 * other cells keep theirs), so a completion places each floor digit once in
 * each of rows 1-6, once in each box of bands 1 and 2, and once in each
 * column where band 3 lacks it (6 columns, two per stack). Each digit's
 * placements ("templates", at most 2^3 * 3! * 3! = 288) are listed first,
 * then one template per digit is chosen, pairwise disjoint: a few hundred
 * operations per floor, where a general solver pays a propagation per
 * guess. Band 3 need not complete rows 1-6 (a socket's band 3 has two or
 * three digits of a mini-row moved), as long as the digits it moves are in
 * the floor: the others are taken as they stand.
 *
 * Cells are band words: bit 9r + c of word 0 for row r < 3, of word 1 for
 * row r - 3. No Node APIs.
 */

/** Receives each completion as the cells of rows 1-6 that differ from the grid (0, 0 for the grid itself). */
export type FloorVisit = (diff0: number, diff1: number) => void;

const MAX_TEMPLATES = 288;

export class FloorCompletions {
  /** Templates of the floor's k-th digit at MAX_TEMPLATES * k, as band words. */
  private readonly templates0 = new Int32Array(9 * MAX_TEMPLATES);
  private readonly templates1 = new Int32Array(9 * MAX_TEMPLATES);
  private readonly templateCount = new Int32Array(9);
  /** The floor's k-th digit, and each digit's cells in the grid. */
  private readonly order = new Int32Array(9);
  /** The template lists in the order digits are chosen. */
  private readonly slots = new Int32Array(9);
  private readonly original0 = new Int32Array(10);
  private readonly original1 = new Int32Array(10);
  /** Per row of rows 1-6, the columns holding a floor digit (9 bits). */
  private readonly floorColumns = new Int32Array(6);
  private digitCount = 0;
  /** The floor's cells: every cell of rows 1-6 holding one of its digits. */
  private floor0 = 0;
  private floor1 = 0;
  private found = 0;
  private cap = 0;
  private visit: FloorVisit = () => {};

  /**
   * Visits every completion of `grid` (rows 1-6 in cells 0..53, band 3 in
   * 54..80) with the cells of rows 1-6 holding a digit of `floor` (bit d
   * for digit d) emptied, up to `cap` of them. Returns how many were
   * visited, the grid itself included when it is a completion.
   */
  enumerate(grid: ArrayLike<number>, floor: number, visit: FloorVisit, cap: number): number {
    this.floorColumns.fill(0);
    this.original0.fill(0);
    this.original1.fill(0);
    let floor0 = 0;
    let floor1 = 0;
    for (let r = 0; r < 6; r++) {
      for (let c = 0; c < 9; c++) {
        const d = grid[9 * r + c];
        if (((floor >> d) & 1) === 0) continue;
        this.floorColumns[r] |= 1 << c;
        if (r < 3) {
          this.original0[d] |= 1 << (9 * r + c);
          floor0 |= 1 << (9 * r + c);
        } else {
          this.original1[d] |= 1 << (9 * (r - 3) + c);
          floor1 |= 1 << (9 * (r - 3) + c);
        }
      }
    }
    this.floor0 = floor0;
    this.floor1 = floor1;
    let k = 0;
    for (let d = 1; d <= 9; d++) {
      if (((floor >> d) & 1) === 0) continue;
      let columns = 0;
      for (let c = 0; c < 9; c++) if (grid[54 + c] !== d && grid[63 + c] !== d && grid[72 + c] !== d) columns |= 1 << c;
      this.templateCount[k] = 0;
      this.listTemplates(k, 0, columns, 0, 0, 0);
      if (this.templateCount[k] === 0) return 0;
      this.order[k++] = d;
    }
    this.digitCount = k;
    // Fewest templates first (insertion sort of at most 9 list slots).
    const slot = this.slots;
    for (let i = 0; i < k; i++) slot[i] = i;
    for (let i = 1; i < k; i++) {
      for (let j = i; j > 0 && this.templateCount[slot[j]] < this.templateCount[slot[j - 1]]; j--) {
        const t = slot[j];
        slot[j] = slot[j - 1];
        slot[j - 1] = t;
      }
    }
    this.found = 0;
    this.cap = cap;
    this.visit = visit;
    if (cap <= 0) return 0;
    if (k === 0) {
      // No digit emptied: the grid is its one completion.
      this.found = 1;
      visit(0, 0);
    } else this.choose(0, 0, 0, 0, 0);
    return this.found;
  }

  /** Lists digit slot k's templates from row r on: columns still to fill, stacks used in the current band, cells so far. */
  private listTemplates(k: number, r: number, columns: number, stacks: number, cells0: number, cells1: number): void {
    if (r === 6) {
      const at = MAX_TEMPLATES * k + this.templateCount[k]++;
      this.templates0[at] = cells0;
      this.templates1[at] = cells1;
      return;
    }
    if (r === 3) stacks = 0;
    for (let options = this.floorColumns[r] & columns; options !== 0; options &= options - 1) {
      const c = 31 - Math.clz32(options & -options);
      const stack = 1 << ((c / 3) | 0);
      if ((stacks & stack) !== 0) continue;
      const bit = r < 3 ? 1 << (9 * r + c) : 1 << (9 * (r - 3) + c);
      if (r < 3) this.listTemplates(k, r + 1, columns & ~(1 << c), stacks | stack, cells0 | bit, cells1);
      else this.listTemplates(k, r + 1, columns & ~(1 << c), stacks | stack, cells0, cells1 | bit);
    }
  }

  /**
   * Chooses a template for the i-th digit (fewest templates first),
   * disjoint from the cells used; diff* are the cells changed so far.
   *
   * The last digit has no choice: the floor's cells left hold one cell of
   * each row and box of rows 1-6 (each holds every floor digit once, and
   * each template took one), and one of each column the digit may take (a
   * column's floor cells are as many as the floor digits band 3 lacks
   * there, the moved digits of a socket's band 3 included, and each
   * template took one in each of its columns). So they are its one
   * template, and its list, the longest, is not scanned.
   */
  private choose(i: number, used0: number, used1: number, diff0: number, diff1: number): void {
    const k = this.slots[i];
    const d = this.order[k];
    const o0 = this.original0[d];
    const o1 = this.original1[d];
    if (i === this.digitCount - 1) {
      this.found++;
      this.visit(diff0 | (this.floor0 & ~used0 & ~o0), diff1 | (this.floor1 & ~used1 & ~o1));
      return;
    }
    for (let at = MAX_TEMPLATES * k, end = at + this.templateCount[k]; at < end && this.found < this.cap; at++) {
      const t0 = this.templates0[at];
      const t1 = this.templates1[at];
      if (((t0 & used0) | (t1 & used1)) !== 0) continue;
      this.choose(i + 1, used0 | t0, used1 | t1, diff0 | (t0 & ~o0), diff1 | (t1 & ~o1));
    }
  }
}
