/**
 * The hot kernel of the X×Y engine (seed 002's chunk loop; design notes
 * band-scan.md §1.6, step 5), in a bit-sliced layout.
 *
 * A chunk holds up to 256 valid clue sets of one band (the chunk side).
 * For each UA of bands 1+2, `missing` holds 8 words whose bit j says set j
 * of the chunk misses the UA's cells in that band. A clue set l of the
 * other band (the list side) misses some UAs in its own band (its list,
 * built once); the pairs (l, set j) that miss one of those UAs in both
 * bands are the bits of the OR of their words, so the pairs that hit every
 * UA are its complement. That is 8 ORs per UA for 256 pairs, where the
 * seed ANDs a 128-bit vector per pair. The lists start with the UAs whose
 * chunk-side part is smallest (missed by most sets), and the loop stops as
 * soon as all 256 pairs are dead, which is how most (l, chunk) end.
 *
 * A UA's words are built on first use in a chunk (stamp), from per-cell
 * words of the chunk (`holding`): most UAs are never read before the loop
 * stops. No allocation; no Node APIs.
 */

/** Sets per chunk, and 32-bit words per set of the chunk. */
export const CHUNK = 256;
const WORDS = CHUNK / 32;

export class ChunkFilter {
  /** Per cell 0..26 of the chunk side's band: the chunk's sets holding it (WORDS words at 8c). */
  private readonly holding = new Int32Array(27 * WORDS);
  /** Per UA: the chunk's sets missing its chunk-side part (WORDS words at 8u), valid when stamp[u] = chunkStamp. */
  private missing: Int32Array;
  private stamp: Int32Array;
  private chunkStamp = 0;
  /** Per UA, its cells in the chunk side's band. */
  private parts: Int32Array;
  /** The sets of the chunk (bits), and the pairs left by the last `filter`. */
  readonly present = new Int32Array(WORDS);
  readonly survivors = new Int32Array(WORDS);

  constructor(capacity: number) {
    this.missing = new Int32Array(WORDS * capacity);
    this.stamp = new Int32Array(capacity);
    this.parts = new Int32Array(capacity);
  }

  /** The chunk-side part of UA u (until the next call for u, or the next side change). */
  setPart(u: number, cells: number): void {
    this.parts[u] = cells;
    this.stamp[u] = 0;
  }

  /** Loads sets[from..from+count) (count <= CHUNK) as the chunk. */
  load(sets: Int32Array, from: number, count: number): void {
    const holding = this.holding;
    holding.fill(0);
    for (let j = 0; j < count; j++) {
      const bit = 1 << (j & 31);
      const word = j >>> 5;
      for (let w = sets[from + j]; w !== 0; w &= w - 1) holding[WORDS * (31 - Math.clz32(w & -w)) + word] |= bit;
    }
    for (let k = 0; k < WORDS; k++) {
      const n = count - 32 * k;
      this.present[k] = n >= 32 ? -1 : n <= 0 ? 0 : ~(-1 << n);
    }
    this.chunkStamp++;
  }

  /**
   * The pairs of the chunk's sets with a list-side set that hit every UA of
   * list[start..end) are left in `survivors`; false when there is none.
   */
  filter(list: Uint16Array, start: number, end: number): boolean {
    let k0 = 0, k1 = 0, k2 = 0, k3 = 0, k4 = 0, k5 = 0, k6 = 0, k7 = 0;
    const missing = this.missing;
    const stamp = this.stamp;
    const chunkStamp = this.chunkStamp;
    const p = this.present;
    // Absent sets count as dead, so that "all dead" is one test.
    const a0 = ~p[0], a1 = ~p[1], a2 = ~p[2], a3 = ~p[3], a4 = ~p[4], a5 = ~p[5], a6 = ~p[6], a7 = ~p[7];
    k0 = a0; k1 = a1; k2 = a2; k3 = a3; k4 = a4; k5 = a5; k6 = a6; k7 = a7;
    for (let i = start; i < end; i++) {
      const u = list[i];
      if (stamp[u] !== chunkStamp) this.build(u);
      const at = WORDS * u;
      k0 |= missing[at];
      k1 |= missing[at + 1];
      k2 |= missing[at + 2];
      k3 |= missing[at + 3];
      k4 |= missing[at + 4];
      k5 |= missing[at + 5];
      k6 |= missing[at + 6];
      k7 |= missing[at + 7];
      if ((i & 3) === 3 && (k0 & k1 & k2 & k3 & k4 & k5 & k6 & k7) === -1) return false;
    }
    const s = this.survivors;
    s[0] = ~k0; s[1] = ~k1; s[2] = ~k2; s[3] = ~k3; s[4] = ~k4; s[5] = ~k5; s[6] = ~k6; s[7] = ~k7;
    return (s[0] | s[1] | s[2] | s[3] | s[4] | s[5] | s[6] | s[7]) !== 0;
  }

  /** Kills, in `survivors`, the pairs that also miss UA u (its list-side part being missed already). */
  killWith(u: number): void {
    if (this.stamp[u] !== this.chunkStamp) this.build(u);
    const at = WORDS * u;
    const s = this.survivors;
    for (let k = 0; k < WORDS; k++) s[k] &= ~this.missing[at + k];
  }

  private build(u: number): void {
    let m0 = -1, m1 = -1, m2 = -1, m3 = -1, m4 = -1, m5 = -1, m6 = -1, m7 = -1;
    const h = this.holding;
    for (let w = this.parts[u]; w !== 0; w &= w - 1) {
      const at = WORDS * (31 - Math.clz32(w & -w));
      m0 &= ~h[at];
      m1 &= ~h[at + 1];
      m2 &= ~h[at + 2];
      m3 &= ~h[at + 3];
      m4 &= ~h[at + 4];
      m5 &= ~h[at + 5];
      m6 &= ~h[at + 6];
      m7 &= ~h[at + 7];
    }
    const missing = this.missing;
    const at = WORDS * u;
    missing[at] = m0;
    missing[at + 1] = m1;
    missing[at + 2] = m2;
    missing[at + 3] = m3;
    missing[at + 4] = m4;
    missing[at + 5] = m5;
    missing[at + 6] = m6;
    missing[at + 7] = m7;
    this.stamp[u] = this.chunkStamp;
  }
}
