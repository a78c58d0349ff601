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
 *
 * Building it costs 0.1-0.2 s of CPU, a tenth of a short band-scan slice, so
 * a host may keep it between processes: toBytes and fromBytes, and a
 * source of those bytes set with setBandLookupSource (the Node build
 * writes them once; src/io/band-lookup-file.ts).
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
const CLASSES = 416;
/** toBytes' header: "SLBL" read as a little-endian word, the layout's version, and the sizes. */
const BYTES_MAGIC = 0x4c424c53;
const BYTES_VERSION = 1;
const HEADER_WORDS = 8;

/** toBytes' length with `automorphismIds` automorphism ids in all: header, values, classes, minlex bands, counts, ids. */
function tableBytes(automorphismIds: number): number {
  return 4 * (HEADER_WORDS + KEYS + KEYS / 2 + (CLASSES * 27) / 4 + CLASSES + automorphismIds);
}
const RENUMBER_SLICE = 1 << 16;
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
  /**
   * Per key, (transform id << 9) | class, where the transform T has T(M)
   * equal to the band up to relabelling: while the table is built, the
   * class is its number in the order found plus 1 (so 0 marks a key not
   * stored yet, and the zeroed memory needs no fill); then its minlex index.
   */
  private readonly values: Int32Array;
  /** Minlex index per key (the values' low 9 bits, half the memory for the catalog's hot path). */
  private readonly classes: Int16Array;
  /** Normalized bands stored (2,612,736 when complete). */
  size = 0;
  /** The 416 minlex bands (27 digits each), by minlex index. */
  readonly minlexDigits: Uint8Array[] = [];
  /** Per minlex index, the transform ids fixing the band (identity included). */
  readonly automorphisms: Int32Array[] = [];
  private readonly relabel = new Uint8Array(10);

  /** Builds the table; with `tables`, takes one built before (fromBytes). */
  constructor(tables?: { values: Int32Array; classes: Int16Array; minlexDigits: Uint8Array[]; automorphisms: Int32Array[] }) {
    if (tables !== undefined) {
      this.values = tables.values;
      this.classes = tables.classes;
      this.minlexDigits = tables.minlexDigits;
      this.automorphisms = tables.automorphisms;
      this.size = KEYS;
      return;
    }
    this.values = new Int32Array(KEYS);
    this.classes = new Int16Array(KEYS);
    const minlexer = new BandMinlexer();
    const classDigits: Uint8Array[] = [];
    const classAutomorphisms: number[][] = [];
    const values = this.values;
    forEachPrefixedBand((band) => {
      if (values[this.keyOf(band, 0, 0, 0)] !== 0) return false;
      const found = classDigits.length + 1;
      minlexer.minlex(band);
      const m = minlexer.best.slice();
      classDigits.push(m);
      const fixing = this.storeOrbit(m, found);
      // Orbit and stabilizer: the class fills 7,776 / |automorphisms| keys.
      this.size += TRANSFORM_COUNT / fixing.length;
      classAutomorphisms.push(fixing.reverse());
      // Every key stored: no band left can start a class (the last of the
      // 416 comes at the 23,090th of the 77,760).
      return this.size === KEYS;
    });
    // Renumber the classes by minlex order.
    const text = (d: Uint8Array): string => d.join("");
    const order = classDigits.map((_, i) => i).sort((a, b) => (text(classDigits[a]) < text(classDigits[b]) ? -1 : 1));
    const indexOfFound = new Int16Array(order.length + 1);
    indexOfFound[0] = -1;
    order.forEach((cls, index) => (indexOfFound[cls + 1] = index));
    // In slices: a hot loop run once is left unoptimized where V8's
    // on-stack replacement is off (the band scan's processes), and one
    // method called 40 times gets optimized whole.
    for (let from = 0; from < KEYS; from += RENUMBER_SLICE) this.renumber(indexOfFound, from, Math.min(KEYS, from + RENUMBER_SLICE));
    for (const cls of order) {
      this.minlexDigits.push(classDigits[cls]);
      this.automorphisms.push(Int32Array.from(classAutomorphisms[cls]));
    }
  }

  /**
   * The table as bytes, for fromBytes in another process: a header of
   * HEADER_WORDS words, the values, the classes, the minlex bands, and the
   * automorphisms (their counts, then their ids). Words in the platform's
   * byte order; fromBytes refuses another order by the header.
   */
  toBytes(): Uint8Array {
    let total = 0;
    for (const fixing of this.automorphisms) total += fixing.length;
    const bytes = new Uint8Array(tableBytes(total));
    const header = new Int32Array(bytes.buffer, 0, HEADER_WORDS);
    header.set([BYTES_MAGIC, BYTES_VERSION, KEYS, CLASSES, total]);
    let at = 4 * HEADER_WORDS;
    bytes.set(new Uint8Array(this.values.buffer, this.values.byteOffset, 4 * KEYS), at);
    at += 4 * KEYS;
    bytes.set(new Uint8Array(this.classes.buffer, this.classes.byteOffset, 2 * KEYS), at);
    at += 2 * KEYS;
    for (const digits of this.minlexDigits) {
      bytes.set(digits, at);
      at += 27;
    }
    const counts = new Int32Array(bytes.buffer, at, CLASSES);
    at += 4 * CLASSES;
    const ids = new Int32Array(bytes.buffer, at, total);
    let next = 0;
    this.automorphisms.forEach((fixing, index) => {
      counts[index] = fixing.length;
      ids.set(fixing, next);
      next += fixing.length;
    });
    return bytes;
  }

  /**
   * The table toBytes made, or null when `bytes` is not one (another
   * layout, version or byte order, a short file) or does not agree with
   * this code's keys: each minlex band must be its own class under the
   * identity. The big arrays are views of `bytes`, not copies.
   */
  static fromBytes(bytes: Uint8Array): BandLookup | null {
    const source = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
    if (source.byteLength < 4 * HEADER_WORDS) return null;
    const header = new Int32Array(source.buffer, source.byteOffset, HEADER_WORDS);
    const total = header[4];
    if (header[0] !== BYTES_MAGIC || header[1] !== BYTES_VERSION || header[2] !== KEYS || header[3] !== CLASSES || total < CLASSES) return null;
    if (source.byteLength !== tableBytes(total)) return null;
    let at = source.byteOffset + 4 * HEADER_WORDS;
    const values = new Int32Array(source.buffer, at, KEYS);
    at += 4 * KEYS;
    const classes = new Int16Array(source.buffer, at, KEYS);
    at += 2 * KEYS;
    const minlexDigits: Uint8Array[] = [];
    for (let index = 0; index < CLASSES; index++, at += 27) minlexDigits.push(new Uint8Array(source.buffer, at, 27));
    const counts = new Int32Array(source.buffer, at, CLASSES);
    at += 4 * CLASSES;
    const automorphisms: Int32Array[] = [];
    for (let index = 0; index < CLASSES; index++) {
      automorphisms.push(new Int32Array(source.buffer, at, counts[index]));
      at += 4 * counts[index];
    }
    const lookup = new BandLookup({ values, classes, minlexDigits, automorphisms });
    for (let index = 0; index < CLASSES; index++) {
      const key = lookup.keyOf(minlexDigits[index], 0, 0, 0);
      if (key < 0 || values[key] !== index || classes[key] !== index) return null;
    }
    return lookup;
  }

  /** Renumbers keys from..to-1 from their class's number in the order found plus 1 to its minlex index. */
  private renumber(indexOfFound: Int16Array, from: number, to: number): void {
    const values = this.values;
    const classes = this.classes;
    for (let k = from; k < to; k++) {
      const index = indexOfFound[values[k] & 511];
      classes[k] = index;
      values[k] = (values[k] & ~511) | index;
    }
  }

  /**
   * Stores the keys of the 7,776 transforms of minlex band `m` as class
   * `found`; returns the transforms fixing it, in descending order. keyOf's
   * work, with each row-1 box relabelled in the loop of its own column
   * order. Descending, so that a key met through several transforms keeps
   * the least one: the writes need no read of the (uncached) tables.
   */
  private storeOrbit(m: Uint8Array, found: number): number[] {
    const relabel = this.relabel;
    const values = this.values;
    const own = this.keyOf(m, 0, 0, 0);
    const fixing: number[] = [];
    for (let ro = 5; ro >= 0; ro--) {
      const r0 = 9 * ROW_ORDERS[3 * ro];
      const r1 = 9 * ROW_ORDERS[3 * ro + 1];
      const r2 = 9 * ROW_ORDERS[3 * ro + 2];
      for (let st = 5; st >= 0; st--) {
        const s0 = 3 * ROW_ORDERS[3 * st];
        const s1 = 3 * ROW_ORDERS[3 * st + 1];
        const s2 = 3 * ROW_ORDERS[3 * st + 2];
        for (let a = 5; a >= 0; a--) {
          const q0 = s0 + ROW_ORDERS[3 * a];
          const q1 = s0 + ROW_ORDERS[3 * a + 1];
          const q2 = s0 + ROW_ORDERS[3 * a + 2];
          relabel[m[r0 + q0]] = 0;
          relabel[m[r0 + q1]] = 1;
          relabel[m[r0 + q2]] = 2;
          const y0 = m[r1 + q0];
          const y1 = m[r1 + q1];
          const y2 = m[r1 + q2];
          const z0 = m[r2 + q0];
          const z1 = m[r2 + q1];
          const z2 = m[r2 + q2];
          for (let b = 5; b >= 0; b--) {
            const q3 = s1 + ROW_ORDERS[3 * b];
            const q4 = s1 + ROW_ORDERS[3 * b + 1];
            const q5 = s1 + ROW_ORDERS[3 * b + 2];
            relabel[m[r0 + q3]] = 3;
            relabel[m[r0 + q4]] = 4;
            relabel[m[r0 + q5]] = 5;
            const y3 = m[r1 + q3];
            const y4 = m[r1 + q4];
            const y5 = m[r1 + q5];
            const z3 = m[r2 + q3];
            const z4 = m[r2 + q4];
            const z5 = m[r2 + q5];
            for (let c = 5; c >= 0; c--) {
              const q6 = s2 + ROW_ORDERS[3 * c];
              const q7 = s2 + ROW_ORDERS[3 * c + 1];
              const q8 = s2 + ROW_ORDERS[3 * c + 2];
              relabel[m[r0 + q6]] = 6;
              relabel[m[r0 + q7]] = 7;
              relabel[m[r0 + q8]] = 8;
              const a0 = relabel[y0];
              const a1 = relabel[y1];
              const a2 = relabel[y2];
              const a3 = relabel[y3];
              const a4 = relabel[y4];
              const a5 = relabel[y5];
              // Every transform of a band is a band: its split exists.
              const split = SPLIT_OF[splitKey((1 << a0) | (1 << a1) | (1 << a2), (1 << a3) | (1 << a4) | (1 << a5))];
              const orders2 = 36 * orderOfThree(a0, a1, a2) + 6 * orderOfThree(a3, a4, a5) +
                orderOfThree(relabel[m[r1 + q6]], relabel[m[r1 + q7]], relabel[m[r1 + q8]]);
              const orders3 = 36 * orderOfThree(relabel[z0], relabel[z1], relabel[z2]) +
                6 * orderOfThree(relabel[z3], relabel[z4], relabel[z5]) +
                orderOfThree(relabel[m[r2 + q6]], relabel[m[r2 + q7]], relabel[m[r2 + q8]]);
              const key = (split * 216 + orders2) * 216 + orders3;
              const t = 1296 * ro + 216 * st + 36 * a + 6 * b + c;
              if (key === own) fixing.push(t);
              values[key] = (t << 9) | found;
            }
          }
        }
      }
    }
    return fixing;
  }

  /**
   * Looks up the band of 27 digits at `band[offset]`: returns
   * (transformId << 9) | minlexIndex, where the transform T has T(M) equal to
   * the band up to relabelling.
   */
  lookup(band: ArrayLike<number>, offset: number): number {
    const key = this.keyOf(band, offset, 0, 0);
    if (key < 0) throw new Error("not a valid band");
    return this.values[key];
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
let readBytes: (() => Uint8Array | null) | null = null;

/**
 * Where bandLookup looks for a table built before (toBytes' bytes, or null
 * when there are none) before it builds one. Set it before the first use.
 */
export function setBandLookupSource(read: () => Uint8Array | null): void {
  readBytes = read;
}

/** The shared table: from the source set, or built on first use (about 0.1-0.2 s of CPU, 15 MB). */
export function bandLookup(): BandLookup {
  if (shared === null) {
    const bytes = readBytes?.() ?? null;
    shared = (bytes === null ? null : BandLookup.fromBytes(bytes)) ?? new BandLookup();
  }
  return shared;
}
