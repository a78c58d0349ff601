/**
 * Minlex form of a solution grid under the full group: transposition, band
 * and stack order, row and column order inside them, relabelling.
 *
 * Rows 1-3 of the minlex grid are the least minlex band among the 3 bands and
 * the 3 stacks, so the top candidates are the bands/stacks with the least
 * minlex index (band-lookup.ts gives index and transform per band). Every
 * transform taking a candidate onto its minlex band (one per automorphism of
 * that band) fixes the relabelling and the columns; the six other rows can
 * then only be ordered, and the least order puts first the band holding the
 * least row, each band's rows ascending. The grid form is the least such
 * completion; the number of transforms reaching it is the grid's
 * automorphism count.
 */
import { bandLookup, COL_PERMS, ROW_ORDERS } from "./band-lookup.js";

/** Numbers per recorded transform: transpose, rows[9], cols[9] (new <- old). */
export const TRANSFORM_STRIDE = 19;

export class GridMinlexer {
  /** The minlex grid, 81 digits. */
  readonly best = new Uint8Array(81);
  automorphisms = 0;
  /** Every transform reaching `best`, TRANSFORM_STRIDE numbers each. */
  readonly transforms: number[] = [];

  private readonly lookup = bandLookup();
  private readonly views = [new Uint8Array(81), new Uint8Array(81)];
  private readonly rest = new Float64Array(6);
  private readonly restRowIndex = new Uint8Array(6);
  private readonly bestRest = new Float64Array(6);
  private readonly topRows = new Uint8Array(3);
  private readonly colOf = new Uint8Array(9);
  private readonly rowInverse = new Uint8Array(3);
  private readonly colInverse = new Uint8Array(9);
  private readonly relabel = new Uint8Array(10);
  private readonly found = new Int32Array(6);

  minlex(grid: ArrayLike<number>): void {
    const [plain, transposed] = this.views;
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        plain[9 * r + c] = grid[9 * r + c];
        transposed[9 * c + r] = grid[9 * r + c];
      }
    }
    let least = 511;
    for (let candidate = 0; candidate < 6; candidate++) {
      const value = this.lookup.lookup(this.views[candidate >= 3 ? 1 : 0], 27 * (candidate % 3));
      this.found[candidate] = value;
      if ((value & 511) < least) least = value & 511;
    }
    this.bestRest.fill(Infinity);
    this.automorphisms = 0;
    this.transforms.length = 0;
    const fixing = this.lookup.automorphisms[least];
    for (let candidate = 0; candidate < 6; candidate++) {
      const value = this.found[candidate];
      if ((value & 511) !== least) continue;
      const t = value >>> 9;
      const ro = 3 * ((t / 1296) | 0);
      const cp = 9 * (t % 1296);
      for (let r = 0; r < 3; r++) this.rowInverse[ROW_ORDERS[ro + r]] = r;
      for (let c = 0; c < 9; c++) this.colInverse[COL_PERMS[cp + c]] = c;
      for (let a = 0; a < fixing.length; a++) {
        const ar = 3 * ((fixing[a] / 1296) | 0);
        const ac = 9 * (fixing[a] % 1296);
        for (let r = 0; r < 3; r++) this.topRows[r] = this.rowInverse[ROW_ORDERS[ar + r]];
        for (let c = 0; c < 9; c++) this.colOf[c] = this.colInverse[COL_PERMS[ac + c]];
        this.complete(candidate >= 3 ? 1 : 0, candidate % 3);
      }
    }
    this.best.set(this.lookup.minlexDigits[least]);
    const rest = this.bestRest;
    for (let i = 0; i < 6; i++) {
      let value = rest[i];
      for (let c = 8; c >= 0; c--) {
        this.best[27 + 9 * i + c] = value % 10;
        value = Math.floor(value / 10);
      }
    }
  }

  /** Orders the six rows outside top band k of the view under the current top transform, keeping the least. */
  private complete(view: number, k: number): void {
    const g = this.views[view];
    const colOf = this.colOf; // new column -> old column
    const topRow = 9 * (3 * k + this.topRows[0]);
    const relabel = this.relabel;
    for (let c = 0; c < 9; c++) relabel[g[topRow + colOf[c]]] = c + 1;
    const rest = this.rest;
    const rowIndex = this.restRowIndex;
    let n = 0;
    for (let b = 0; b < 3; b++) {
      if (b === k) continue;
      for (let r = 0; r < 3; r++) {
        const row = 3 * b + r;
        let value = 0;
        for (let c = 0; c < 9; c++) value = value * 10 + relabel[g[9 * row + colOf[c]]];
        rest[n] = value;
        rowIndex[n] = row;
        n++;
      }
    }
    // Each band's rows ascending, then the band with the least row first.
    sortThree(rest, rowIndex, 0);
    sortThree(rest, rowIndex, 3);
    if (rest[3] < rest[0]) {
      for (let i = 0; i < 3; i++) {
        const v = rest[i];
        rest[i] = rest[i + 3];
        rest[i + 3] = v;
        const r = rowIndex[i];
        rowIndex[i] = rowIndex[i + 3];
        rowIndex[i + 3] = r;
      }
    }
    let order = 0;
    for (let i = 0; i < 6 && order === 0; i++) order = rest[i] < this.bestRest[i] ? -1 : rest[i] > this.bestRest[i] ? 1 : 0;
    if (order > 0) return;
    if (order < 0) {
      this.bestRest.set(rest);
      this.automorphisms = 0;
      this.transforms.length = 0;
    }
    this.automorphisms++;
    this.transforms.push(view);
    for (let r = 0; r < 3; r++) this.transforms.push(3 * k + this.topRows[r]);
    for (let i = 0; i < 6; i++) this.transforms.push(rowIndex[i]);
    for (let c = 0; c < 9; c++) this.transforms.push(colOf[c]);
  }
}

function sortThree(values: Float64Array, tags: Uint8Array, at: number): void {
  for (let i = at + 1; i < at + 3; i++) {
    for (let j = i; j > at && values[j] < values[j - 1]; j--) {
      const v = values[j];
      values[j] = values[j - 1];
      values[j - 1] = v;
      const t = tags[j];
      tags[j] = tags[j - 1];
      tags[j - 1] = t;
    }
  }
}
