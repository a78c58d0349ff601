/**
 * Band identification by table: minlex index and transform of any band in
 * about a microsecond, for the grid minlex and the band catalog.
 *
 * A band relabelled so that its first row reads 123456789 is "normalized";
 * there are 56 x 6^6 = 2,612,736 normalized bands (a test asserts it). The
 * table maps each one to its class (minlex index) and to a transform T of the
 * class's minlex band M with T(M) equal to it up to relabelling. It is built
 * from orbits: the 77,760 bands with prefix 12345678945 are visited in order;
 * one not yet in the table starts a new class, whose minlex band (found by
 * the search of band-minlex.ts) is moved by all 7,776 row and column
 * transforms into the table. Transforms fixing M are its automorphisms.
 *
 * A transform is (rowOrder, colPerm): new row r = old row R[r], new column c =
 * old column C[c]; its id is 1296 * rowOrderId + colPermId.
 * The table is indexed directly by a key of the normalized band: which of
 * the 56 ways row 2 splits its digits between the boxes, then the order of
 * the digits inside each box of row 2 and of row 3 (6^3 each; row 3's digit
 * set per box follows from rows 1-2): 56 x 216 x 216 keys, all used. No
 * hashing, so a lookup is a few dozen register operations and one read.
 */
import { BandMinlexer } from "./band-minlex.js";
import { forEachPrefixedBand } from "./prefixed-bands.js";

const PERMS3 = [
  [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
];

/** Row orders: ROW_ORDERS[3 * id + r]. */
export const ROW_ORDERS = Uint8Array.from(PERMS3.flat());
/** Column permutations: COL_PERMS[9 * id + c] = old column of new column c. */
export const COL_PERMS = (() => {
  const perms = new Uint8Array(1296 * 9);
  let id = 0;
  for (const stacks of PERMS3) {
    for (const a of PERMS3) for (const b of PERMS3) for (const c of PERMS3) {
      const inner = [a, b, c];
      for (let j = 0; j < 9; j++) perms[9 * id + j] = 3 * stacks[(j / 3) | 0] + inner[(j / 3) | 0][j % 3];
      id++;
    }
  }
  return perms;
})();
export const TRANSFORM_COUNT = 6 * 1296;

const KEYS = 56 * 216 * 216;
const EMPTY = -1;

/**
 * SPLIT_OF[(set1 >> 3) | ((set2 & 7) << 6) | ((set2 >> 6) << 9)] = 0..55 for
 * the digit sets (0-based digits, bit masks) that row 2's first two boxes can
 * hold in a normalized band, -1 otherwise. Box b of row 1 holds digits
 * 3b..3b+2, so row 2's box 1 avoids digits 0-2 and box 2 avoids 3-5; the
 * index packs the 12 bits that can be set (4 KB, stays in cache).
 */
const SPLIT_OF = (() => {
  const table = new Int8Array(1 << 12).fill(-1);
  const triples: number[] = [];
  for (let a = 0; a < 9; a++) for (let b = a + 1; b < 9; b++) for (let c = b + 1; c < 9; c++) triples.push((1 << a) | (1 << b) | (1 << c));
  let split = 0;
  for (const first of triples) {
    if (first & 0o7) continue;
    for (const second of triples) {
      if (second & 0o70 || second & first || (0o777 & ~first & ~second) & 0o700) continue;
      table[splitKey(first, second)] = split++;
    }
  }
  return table;
})();

/**
 * orderOfThree's answer by its three comparisons (bit 0: a < b, bit 1:
 * a < c, bit 2: b < c); -1 where they contradict each other.
 */
const ORDER_BY_COMPARISONS = Int8Array.of(5, 3, -1, 1, 4, -1, 2, 0);

/**
 * Order index 0..5 of three distinct values (same numbering as PERMS3 by
 * rank). By table, not by nested tests: the values look random to the
 * branch predictor, and the mispredicted tests made the lookup table's
 * build 2.3x slower.
 */
export function orderOfThree(a: number, b: number, c: number): number {
  return ORDER_BY_COMPARISONS[+(a < b) | (+(a < c) << 1) | (+(b < c) << 2)];
}

function splitKey(first: number, second: number): number {
  return (first >> 3) | ((second & 7) << 6) | ((second >> 6) << 9);
}

export class BandLookup {
  private readonly values = new Int32Array(KEYS).fill(EMPTY);
  /** Minlex index per key (the values' low 9 bits, half the memory for the hot path). */
  private readonly classes = new Int16Array(KEYS);
  /** Normalized bands stored (2,612,736 when complete). */
  size = 0;
  /** The 416 minlex bands (27 digits each), by minlex index. */
  readonly minlexDigits: Uint8Array[] = [];
  /** Per minlex index, the transform ids fixing the band (identity included). */
  readonly automorphisms: Int32Array[] = [];
  private readonly relabel = new Uint8Array(10);

  constructor() {
    const minlexer = new BandMinlexer();
    const classDigits: Uint8Array[] = [];
    const classAutomorphisms: number[][] = [];
    forEachPrefixedBand((band) => {
      if (this.values[this.keyOf(band, 0, 0, 0)] !== EMPTY) return;
      const cls = classDigits.length;
      minlexer.minlex(band);
      const m = minlexer.best.slice();
      classDigits.push(m);
      const own = this.keyOf(m, 0, 0, 0);
      const fixing: number[] = [];
      // Descending, so that a key met through several transforms keeps the
      // least one: the writes need no read of the (10 MB, uncached) table.
      const values = this.values;
      for (let ro = 5; ro >= 0; ro--) {
        for (let cp = 1295; cp >= 0; cp--) {
          const key = this.keyOf(m, 0, ro, cp);
          const t = 1296 * ro + cp;
          if (key === own) fixing.push(t);
          values[key] = (t << 9) | cls;
        }
      }
      // Orbit and stabilizer: the class fills 7,776 / |automorphisms| keys.
      this.size += TRANSFORM_COUNT / fixing.length;
      classAutomorphisms.push(fixing.reverse());
    });
    // Renumber the classes by minlex order.
    const text = (d: Uint8Array): string => d.join("");
    const order = classDigits.map((_, i) => i).sort((a, b) => (text(classDigits[a]) < text(classDigits[b]) ? -1 : 1));
    const indexOfClass = new Int32Array(order.length);
    order.forEach((cls, index) => (indexOfClass[cls] = index));
    for (let k = 0; k < KEYS; k++) {
      if (this.values[k] !== EMPTY) this.values[k] = (this.values[k] & ~511) | indexOfClass[this.values[k] & 511];
    }
    for (let k = 0; k < KEYS; k++) this.classes[k] = this.values[k] & 511;
    for (const cls of order) {
      this.minlexDigits.push(classDigits[cls]);
      this.automorphisms.push(Int32Array.from(classAutomorphisms[cls]));
    }
  }

  /**
   * Looks up the band of 27 digits at `band[offset]`: returns
   * (transformId << 9) | minlexIndex, where the transform T has T(M) equal to
   * the band up to relabelling.
   */
  lookup(band: ArrayLike<number>, offset: number): number {
    const key = this.keyOf(band, offset, 0, 0);
    const value = key < 0 ? EMPTY : this.values[key];
    if (value === EMPTY) throw new Error("not a valid band");
    return value;
  }

  /**
   * Minlex index of the band whose cell (row r, column c) is
   * `cells[base + r * rowStep + c * colStep]`: rowStep 9, colStep 1 for a
   * band of a grid; rowStep 1, colStep 9 for a stack read as a band of the
   * transposed grid (base = first column). The catalog's hot path.
   */
  classAt(cells: ArrayLike<number>, base: number, rowStep: number, colStep: number): number {
    const relabel = this.relabel;
    for (let c = 0; c < 9; c++) relabel[cells[base + c * colStep]] = c;
    const r1 = base + rowStep;
    const a0 = relabel[cells[r1]];
    const a1 = relabel[cells[r1 + colStep]];
    const a2 = relabel[cells[r1 + 2 * colStep]];
    const a3 = relabel[cells[r1 + 3 * colStep]];
    const a4 = relabel[cells[r1 + 4 * colStep]];
    const a5 = relabel[cells[r1 + 5 * colStep]];
    const a6 = relabel[cells[r1 + 6 * colStep]];
    const a7 = relabel[cells[r1 + 7 * colStep]];
    const a8 = relabel[cells[r1 + 8 * colStep]];
    const r2 = r1 + rowStep;
    const b0 = relabel[cells[r2]];
    const b1 = relabel[cells[r2 + colStep]];
    const b2 = relabel[cells[r2 + 2 * colStep]];
    const b3 = relabel[cells[r2 + 3 * colStep]];
    const b4 = relabel[cells[r2 + 4 * colStep]];
    const b5 = relabel[cells[r2 + 5 * colStep]];
    const b6 = relabel[cells[r2 + 6 * colStep]];
    const b7 = relabel[cells[r2 + 7 * colStep]];
    const b8 = relabel[cells[r2 + 8 * colStep]];
    const first = (1 << a0) | (1 << a1) | (1 << a2);
    const second = (1 << a3) | (1 << a4) | (1 << a5);
    const split = first & 0o7 || second & 0o70 ? -1 : SPLIT_OF[splitKey(first, second)];
    if (split < 0) throw new Error("not a valid band");
    const orders2 = 36 * orderOfThree(a0, a1, a2) + 6 * orderOfThree(a3, a4, a5) + orderOfThree(a6, a7, a8);
    const orders3 = 36 * orderOfThree(b0, b1, b2) + 6 * orderOfThree(b3, b4, b5) + orderOfThree(b6, b7, b8);
    return this.classes[(split * 216 + orders2) * 216 + orders3];
  }

  /**
   * Key of band `band[offset..]` moved by row order `ro` and column
   * permutation `cp`, then normalized. The table's build calls it 3.3
   * million times, so the permutation is read once into locals.
   */
  private keyOf(band: ArrayLike<number>, offset: number, ro: number, cp: number): number {
    const relabel = this.relabel;
    const r0 = offset + 9 * ROW_ORDERS[3 * ro];
    const r1 = offset + 9 * ROW_ORDERS[3 * ro + 1];
    const r2 = offset + 9 * ROW_ORDERS[3 * ro + 2];
    const perm = 9 * cp;
    const p0 = COL_PERMS[perm];
    const p1 = COL_PERMS[perm + 1];
    const p2 = COL_PERMS[perm + 2];
    const p3 = COL_PERMS[perm + 3];
    const p4 = COL_PERMS[perm + 4];
    const p5 = COL_PERMS[perm + 5];
    const p6 = COL_PERMS[perm + 6];
    const p7 = COL_PERMS[perm + 7];
    const p8 = COL_PERMS[perm + 8];
    relabel[band[r0 + p0]] = 0;
    relabel[band[r0 + p1]] = 1;
    relabel[band[r0 + p2]] = 2;
    relabel[band[r0 + p3]] = 3;
    relabel[band[r0 + p4]] = 4;
    relabel[band[r0 + p5]] = 5;
    relabel[band[r0 + p6]] = 6;
    relabel[band[r0 + p7]] = 7;
    relabel[band[r0 + p8]] = 8;
    const a0 = relabel[band[r1 + p0]];
    const a1 = relabel[band[r1 + p1]];
    const a2 = relabel[band[r1 + p2]];
    const a3 = relabel[band[r1 + p3]];
    const a4 = relabel[band[r1 + p4]];
    const a5 = relabel[band[r1 + p5]];
    const first = (1 << a0) | (1 << a1) | (1 << a2);
    const second = (1 << a3) | (1 << a4) | (1 << a5);
    if (first & 0o7 || second & 0o70) return EMPTY;
    const split = SPLIT_OF[splitKey(first, second)];
    if (split < 0) return EMPTY;
    const orders2 = 36 * orderOfThree(a0, a1, a2) + 6 * orderOfThree(a3, a4, a5) + orderOfThree(relabel[band[r1 + p6]], relabel[band[r1 + p7]], relabel[band[r1 + p8]]);
    const orders3 =
      36 * orderOfThree(relabel[band[r2 + p0]], relabel[band[r2 + p1]], relabel[band[r2 + p2]]) +
      6 * orderOfThree(relabel[band[r2 + p3]], relabel[band[r2 + p4]], relabel[band[r2 + p5]]) +
      orderOfThree(relabel[band[r2 + p6]], relabel[band[r2 + p7]], relabel[band[r2 + p8]]);
    return (split * 216 + orders2) * 216 + orders3;
  }

}

let shared: BandLookup | null = null;

/** The shared table (built on first use: about half a second, 10 MB). */
export function bandLookup(): BandLookup {
  shared ??= new BandLookup();
  return shared;
}
