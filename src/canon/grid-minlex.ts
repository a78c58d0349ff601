/**
 * Minlex form of a solution grid under the full group: transposition, band
 * and stack order, row and column order inside them, relabelling.
 *
 * Row 1..3 of the minlex grid is the least band minlex among the 3 bands and
 * the 3 stacks (band-minlex.ts). Every transform reaching it fixes the
 * relabelling and the columns; the six remaining rows can then only be
 * ordered, and the least order puts first the band holding the least row,
 * each band's rows ascending. So the grid form is the least completion over
 * the (few) transforms that reach the least top band; the number of
 * transforms reaching the final form is the grid's automorphism count.
 */
import { BandMinlexer } from "./band-minlex.js";

export class GridMinlexer {
  /** The minlex grid, 81 digits. */
  readonly best = new Uint8Array(81);
  automorphisms = 0;
  /** Every transform reaching `best`, 20 numbers each: transpose, rows[9], cols[9] (new <- old), and 1 spare. */
  readonly transforms: number[] = [];
  /** Digit relabelling of the first transform: old digit -> new digit. */
  readonly digitMap = new Uint8Array(10);

  private readonly band = new BandMinlexer();
  private readonly views = [new Uint8Array(81), new Uint8Array(81)];
  private readonly rest = new Float64Array(6);
  private readonly restRowIndex = new Uint8Array(6);
  private readonly bestRest = new Float64Array(6);
  private readonly colOf = new Uint8Array(9);
  private readonly relabel = new Uint8Array(10);

  minlex(grid: ArrayLike<number>): void {
    const [plain, transposed] = this.views;
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        plain[9 * r + c] = grid[9 * r + c];
        transposed[9 * c + r] = grid[9 * r + c];
      }
    }
    // The least band form among the 3 bands and 3 stacks (tag = 3 * view + k).
    const band = this.band;
    band.begin(true);
    for (let view = 0; view < 2; view++) for (let k = 0; k < 3; k++) band.add(this.views[view], 27 * k, 3 * view + k);
    this.bestRest.fill(Infinity);
    this.automorphisms = 0;
    this.transforms.length = 0;
    const all = band.allTransforms;
    for (let t = 0; t < all.length; t += 13) this.complete(all, t);
    this.best.set(band.best);
    const rest = this.bestRest;
    for (let i = 0; i < 6; i++) {
      let value = rest[i];
      for (let c = 8; c >= 0; c--) {
        this.best[27 + 9 * i + c] = value % 10;
        value = Math.floor(value / 10);
      }
    }
  }

  /** Orders the six rows outside the top band under one top-band transform, and keeps the least. */
  private complete(all: number[], tagAt: number): void {
    const view = all[tagAt] >= 3 ? 1 : 0;
    const k = all[tagAt] % 3;
    const at = tagAt + 1;
    const g = this.views[view];
    const colOf = this.colOf; // new column -> old column
    for (let c = 0; c < 9; c++) colOf[all[at + 3 + c]] = c;
    const topRow = 9 * (3 * k + all[at]);
    const relabel = this.relabel;
    for (let c = 0; c < 9; c++) relabel[g[topRow + c]] = all[at + 3 + c] + 1;
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
      this.digitMap.set(relabel);
    }
    this.automorphisms++;
    this.transforms.push(view);
    for (let r = 0; r < 3; r++) this.transforms.push(3 * k + all[at + r]);
    for (let i = 0; i < 6; i++) this.transforms.push(rowIndex[i]);
    for (let c = 0; c < 9; c++) this.transforms.push(colOf[c]);
    this.transforms.push(0);
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
