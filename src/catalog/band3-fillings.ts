/**
 * The fillings of band 3 for one band-3 gangster, remembered.
 *
 * Band 3's column digit sets (its gangster) follow from bands 1+2, and many
 * bands 2 of one band 1 leave the same gangster: about 24 on average at rank
 * 100. The fillings and their band ranks depend only on the gangster and on
 * column 1 (fixed per split), so they are computed once per gangster and kept
 * in a hash table, each as one integer: the ordering chosen in columns 2-6
 * (3 bits each) and the band's n6 rank (bits 16-24). Columns 7-9 are forced
 * by the rows and are rebuilt on demand.
 *
 * Each column of band 3 holds the 3 digits its column lacks, and the three
 * columns of a stack share no digit, so boxes always come out right: a
 * filling is one ordering per column (6 each) such that no row repeats a
 * digit. Orderings are tried in lexicographic order, column by column, which
 * is the cell-by-cell order of the C++ program; the list keeps that order.
 */
import { bandLookup } from "../canon/band-lookup.js";

const SLOT_BITS = 17;
const SLOTS = 1 << SLOT_BITS;
/** Clear the table when it holds this many gangsters, to keep probes short. */
const MAX_FILL = (SLOTS * 3) >> 2;

export class Band3Fillings {
  /** Codes of the last `find`: pool[start .. start + count). */
  pool = new Int32Array(1 << 12);
  start = 0;
  count = 0;
  /** Gangsters filled from scratch, and found in the table. */
  computed = 0;
  reused = 0;

  private used = 0;
  private stored = 0;
  // The table (2.5 MB) is allocated at the first `find`: generators made only to test one grid never need it.
  private key0 = new Int32Array(0);
  private key1 = new Int32Array(0);
  private key2 = new Int32Array(0);
  private slotStart = new Int32Array(0);
  private slotCount = new Int32Array(0);
  /** Per column 1..5, its 6 digit orderings (3 digits each). */
  private readonly orders = new Uint8Array(6 * 18);
  private readonly rows0 = new Int32Array(6);
  private readonly rows1 = new Int32Array(6);
  private readonly rows2 = new Int32Array(6);
  private readonly choice = new Int8Array(6);
  private readonly lookup = bandLookup();

  /**
   * @param rankOf n6 rank per minlex index
   * @param lowRank fillings whose band rank is below this are dropped
   * @param highRank fillings whose band rank is above this are dropped
   */
  constructor(
    private readonly rankOf: Int16Array,
    private readonly lowRank: number,
    private readonly highRank: number,
  ) {}

  /** Forgets every gangster (call when column 1 changes). */
  clear(): void {
    this.key2.fill(-1);
    this.used = 0;
    this.stored = 0;
  }

  /**
   * Sets start/count to the fillings of band 3 of `g` (column 1 already in
   * g[54], g[63], g[72]; column sets in colFree[1..8], digit bits 1..9).
   * Leaves columns 2-6 orderings ready for `write`.
   */
  find(g: Uint8Array, colFree: Int32Array): void {
    if (this.key2.length === 0) {
      this.key0 = new Int32Array(SLOTS);
      this.key1 = new Int32Array(SLOTS);
      this.key2 = new Int32Array(SLOTS).fill(-1);
      this.slotStart = new Int32Array(SLOTS);
      this.slotCount = new Int32Array(SLOTS);
    }
    const orders = this.orders;
    for (let col = 1; col < 6; col++) {
      const set = colFree[col];
      const a = 31 - Math.clz32(set & -set);
      const rest = set & (set - 1);
      const b = 31 - Math.clz32(rest & -rest);
      const c = 31 - Math.clz32(rest & (rest - 1));
      const at = 18 * col;
      orders[at] = a; orders[at + 1] = b; orders[at + 2] = c;
      orders[at + 3] = a; orders[at + 4] = c; orders[at + 5] = b;
      orders[at + 6] = b; orders[at + 7] = a; orders[at + 8] = c;
      orders[at + 9] = b; orders[at + 10] = c; orders[at + 11] = a;
      orders[at + 12] = c; orders[at + 13] = a; orders[at + 14] = b;
      orders[at + 15] = c; orders[at + 16] = b; orders[at + 17] = a;
    }
    const k0 = (colFree[1] >>> 1) | ((colFree[2] >>> 1) << 9) | ((colFree[3] >>> 1) << 18);
    const k1 = (colFree[4] >>> 1) | ((colFree[5] >>> 1) << 9) | ((colFree[6] >>> 1) << 18);
    const k2 = (colFree[7] >>> 1) | ((colFree[8] >>> 1) << 9);
    let slot = (Math.imul(k0 ^ Math.imul(k1, 0x85ebca6b) ^ Math.imul(k2, 0xc2b2ae35), 0x9e3779b1) >>> (32 - SLOT_BITS));
    for (;;) {
      const k = this.key2[slot];
      if (k === -1) break;
      if (k === k2 && this.key0[slot] === k0 && this.key1[slot] === k1) {
        this.start = this.slotStart[slot];
        this.count = this.slotCount[slot];
        this.reused++;
        return;
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
    if (this.stored >= MAX_FILL) {
      this.clear();
      this.find(g, colFree);
      return;
    }
    this.computed++;
    this.start = this.used;
    this.enumerate(g, colFree);
    this.count = this.used - this.start;
    this.key0[slot] = k0;
    this.key1[slot] = k1;
    this.key2[slot] = k2;
    this.slotStart[slot] = this.start;
    this.slotCount[slot] = this.count;
    this.stored++;
  }

  /** Writes the filling `code` (from the last `find`'s gangster) into g[54..80]. */
  write(code: number, g: Uint8Array, colFree: Int32Array): void {
    const orders = this.orders;
    let m0 = 1 << g[54];
    let m1 = 1 << g[63];
    let m2 = 1 << g[72];
    for (let col = 1; col < 6; col++) {
      const at = 18 * col + 3 * ((code >>> (3 * (col - 1))) & 7);
      g[54 + col] = orders[at];
      g[63 + col] = orders[at + 1];
      g[72 + col] = orders[at + 2];
      m0 |= 1 << orders[at];
      m1 |= 1 << orders[at + 1];
      m2 |= 1 << orders[at + 2];
    }
    fillStack3(g, colFree, m0, m1, m2);
  }

  private enumerate(g: Uint8Array, colFree: Int32Array): void {
    const orders = this.orders;
    const row0 = this.rows0;
    const row1 = this.rows1;
    const row2 = this.rows2;
    const choice = this.choice;
    row0[1] = 1 << g[54];
    row1[1] = 1 << g[63];
    row2[1] = 1 << g[72];
    let col = 1;
    choice[1] = 0;
    let code = 0;
    for (;;) {
      const k = choice[col];
      if (k === 6) {
        if (--col === 0) return;
        continue;
      }
      choice[col] = k + 1;
      const at = 18 * col + 3 * k;
      const x0 = 1 << orders[at];
      const x1 = 1 << orders[at + 1];
      const x2 = 1 << orders[at + 2];
      if ((row0[col] & x0) | (row1[col] & x1) | (row2[col] & x2)) continue;
      g[54 + col] = orders[at];
      g[63 + col] = orders[at + 1];
      g[72 + col] = orders[at + 2];
      const shift = 3 * (col - 1);
      code = (code & ((1 << shift) - 1)) | (k << shift);
      const m0 = row0[col] | x0;
      const m1 = row1[col] | x1;
      const m2 = row2[col] | x2;
      if (col < 5) {
        col++;
        row0[col] = m0;
        row1[col] = m1;
        row2[col] = m2;
        choice[col] = 0;
        continue;
      }
      // Stack 3 is forced: in each row its digits are the three the row lacks.
      if (!fillStack3(g, colFree, m0, m1, m2)) continue;
      const rank = this.rankOf[this.lookup.classAt(g, 54, 9, 1)];
      if (rank < this.lowRank || rank > this.highRank) continue;
      if (this.used === this.pool.length) {
        const bigger = new Int32Array(2 * this.pool.length);
        bigger.set(this.pool);
        this.pool = bigger;
      }
      this.pool[this.used++] = code | (rank << 16);
    }
  }
}

/**
 * Writes the only possible filling of columns 7-9, where each row takes the
 * digits its mask `m0..m2` lacks; false if the columns cannot take them.
 */
function fillStack3(g: Uint8Array, colFree: Int32Array, m0: number, m1: number, m2: number): boolean {
  for (let col = 6; col < 9; col++) {
    const set = colFree[col];
    const p0 = set & ~m0;
    const p1 = set & ~m1;
    const p2 = set & ~m2;
    if ((p0 | p1 | p2) !== set || p0 & (p0 - 1) || p1 & (p1 - 1) || p2 & (p2 - 1) || (p0 & p1) | (p0 & p2) | (p1 & p2)) {
      return false;
    }
    g[54 + col] = 31 - Math.clz32(p0);
    g[63 + col] = 31 - Math.clz32(p1);
    g[72 + col] = 31 - Math.clz32(p2);
  }
  return true;
}
