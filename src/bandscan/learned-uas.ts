/**
 * The UAs each band 3 of an entry brings to the band-3 stage (design notes
 * band-scan.md §1.9): its own gangster UAs, mapped from the band table,
 * and the 3-band UAs that the checks of its joint searches return, learned
 * so that later clue sets of the entry meet them in the bound
 * (band3-bound.ts) and in their joint search's root list before any check.
 * Sk_S17VB keeps the same kind of list per band 3.
 *
 * A bit-sliced index per bands-1+2 cell (learnedHits) gives the learned
 * UAs a clue set misses with one AND-NOT per clue and block of 32 UAs, not
 * one test per UA; the vectors of missed UAs are kept per level of the path
 * and band 3, each derived from its parent's with its one extra clue.
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import { lowBits, popcount } from "../core/bits.js";
import { bandGangsterUAs } from "../catalog/band-uas.js";
import { MAX_BANDS3 } from "../catalog/entry-generator.js";
import type { EntryData } from "./entry-data.js";
import { MAX_DEPTH_XY, type ScanPath } from "./scan-path.js";

/** Room for each band 3's learned 3-band UAs; when full, new ones replace the oldest. */
export const B3_LEARNED = 2048;
/**
 * The 3-band UAs learned (kept for the bound, the exact cover and the
 * joint searches of later clue sets): at most this many band-3 cells and
 * bands-1+2 cells. A larger bands-1+2 part is rarely missed by a clue set,
 * a larger band-3 part rarely decides a bound, and every UA kept is read
 * at every closed leaf that misses it: keeping them all cost 13% more CPU
 * on pass 2a (entries 29-34 of slice 43593: 24.1-25.0 s against
 * 20.8-21.2 s), although the joint searches then find more UAs again.
 * Sk_S17VB keeps the same kind (band-3 part of 2-6 cells, bands-1+2 part
 * of at most 16).
 */
const LEARN_MOST_BAND3 = 7;
const LEARN_MOST_BANDS12 = 16;
/** Blocks of 32 learned UAs per band 3. */
export const LEARNED_BLOCKS = B3_LEARNED / 32;

export class LearnedUAs {
  /** Per band 3, its gangster UAs: bandUAs[bandUAStart[b] .. bandUAStart[b + 1]). */
  readonly bandUAStart = new Int32Array(MAX_BANDS3 + 1);
  bandUAs = new Int32Array(64 * MAX_BANDS3);
  /** Per band 3, its learned UAs, three band words each, at 3 * (B3_LEARNED * b + slot). */
  readonly learned = new Int32Array(3 * B3_LEARNED * MAX_BANDS3);
  /** The band-3 cells of each learned UA again, contiguous (learned[k + 2]): the closed leaves' bound reads only these. */
  readonly learnedBand3 = new Int32Array(B3_LEARNED * MAX_BANDS3);
  readonly learnedCount = new Int32Array(MAX_BANDS3);
  private readonly learnedNext = new Int32Array(MAX_BANDS3);
  /**
   * Bit-sliced index of the learned UAs: for band 3 b and bands-1+2 cell c,
   * bit k of block j says learned UA 32j + k contains c. The UAs a clue set
   * misses are then found with one AND-NOT per clue and block, not one test
   * per UA (learnedHits[(54 b + c) * LEARNED_BLOCKS + j]).
   */
  private readonly learnedHits = new Int32Array(MAX_BANDS3 * 54 * LEARNED_BLOCKS);
  /**
   * For band 3 b, bit k of block j (at b * LEARNED_BLOCKS + j) says learned
   * UA 32j + k lies in one mini-row of band 3: at a closed node those join
   * the mini-row families, and the others go straight to the greedy pass.
   */
  readonly learnedInRow = new Int32Array(MAX_BANDS3 * LEARNED_BLOCKS);
  /**
   * The learned UAs of band 3 b that the clues of the path's node at level
   * L miss, as LEARNED_BLOCKS words at ((L * MAX_BANDS3) + b) * LEARNED_BLOCKS.
   * Sibling leaves share their parent's vector, so each derives its own with
   * one AND-NOT per block instead of one per clue and block. A vector is
   * valid for one node (missedNode = levelNode[L]) and one state of the
   * learned list (missedEpoch = learnEpoch[b]: any learning changes it).
   */
  readonly missed = new Int32Array((MAX_DEPTH_XY + 2) * MAX_BANDS3 * LEARNED_BLOCKS);
  private readonly missedNode = new Int32Array((MAX_DEPTH_XY + 2) * MAX_BANDS3).fill(-1);
  private readonly missedEpoch = new Int32Array((MAX_DEPTH_XY + 2) * MAX_BANDS3);
  private readonly learnEpoch = new Int32Array(MAX_BANDS3);

  constructor(private readonly path: ScanPath) {}

  /** Band 3's gangster UAs for every band 3 of the entry, and empty learned lists. */
  prepare(entry: EntryData): void {
    let at = 0;
    for (let b = 0; b < entry.bands3Count; b++) {
      this.bandUAStart[b] = at;
      const uas = bandGangsterUAs(entry.bands3, 27 * b);
      if (at + uas.length > this.bandUAs.length) {
        const grown = new Int32Array(2 * (at + uas.length));
        grown.set(this.bandUAs);
        this.bandUAs = grown;
      }
      this.bandUAs.set(uas, at);
      at += uas.length;
      this.learnedCount[b] = 0;
      this.learnedNext[b] = 0;
      this.learnEpoch[b]++;
      this.learnedHits.fill(0, 54 * LEARNED_BLOCKS * b, 54 * LEARNED_BLOCKS * (b + 1));
      this.learnedInRow.fill(0, LEARNED_BLOCKS * b, LEARNED_BLOCKS * (b + 1));
    }
    this.bandUAStart[entry.bands3Count] = at;
  }

  /** The offset in `missed` of band 3 b's learned UAs that the clues of the path's node at `level` miss. */
  missedAt(level: number, b: number): number {
    const path = this.path;
    const slot = level * MAX_BANDS3 + b;
    const at = slot * LEARNED_BLOCKS;
    if (this.missedNode[slot] === path.levelNode[level] && this.missedEpoch[slot] === this.learnEpoch[b]) return at;
    const count = this.learnedCount[b];
    const blocks = (count + 31) >>> 5;
    const vector = this.missed;
    if (level === 0) {
      // The root has no clue: it misses every learned UA.
      for (let j = 0; j < blocks; j++) vector[at + j] = lowBits(count - 32 * j);
    } else {
      const parent = this.missedAt(level - 1, b);
      // Each level adds one clue to its parent's.
      const cell = path.clueCell(level);
      const hits = this.learnedHits;
      const column = (54 * b + cell) * LEARNED_BLOCKS;
      for (let j = 0; j < blocks; j++) vector[at + j] = vector[parent + j] & ~hits[column + j];
    }
    this.missedNode[slot] = path.levelNode[level];
    this.missedEpoch[slot] = this.learnEpoch[b];
    return at;
  }

  /**
   * Keeps a 3-band UA found for band 3 b (the oldest goes when
   * the list is full), when both its parts are small (LEARN_MOST_BAND3,
   * LEARN_MOST_BANDS12); the others only serve the search that found them.
   */
  learn(b: number, w0: number, w1: number, w2: number): void {
    if (w2 === 0) throw new Error("band scan: a UA inside bands 1+2 escaped a valid X+Y (bug)");
    if (popcount(w2) > LEARN_MOST_BAND3 || popcount(w0) + popcount(w1) > LEARN_MOST_BANDS12) return;
    let slot: number;
    if (this.learnedCount[b] < B3_LEARNED) {
      slot = this.learnedCount[b]++;
    } else {
      slot = this.learnedNext[b];
      this.learnedNext[b] = (slot + 1) % B3_LEARNED;
    }
    const k = 3 * (B3_LEARNED * b + slot);
    const hits = this.learnedHits;
    const column = 54 * LEARNED_BLOCKS * b + (slot >>> 5);
    const bit = 1 << (slot & 31);
    if (slot < this.learnedCount[b] - 1 || this.learnedCount[b] === B3_LEARNED) {
      // Replacing an older UA: clear its cells from the index.
      for (let w = this.learned[k]; w !== 0; w &= w - 1) hits[column + (31 - Math.clz32(w & -w)) * LEARNED_BLOCKS] &= ~bit;
      for (let w = this.learned[k + 1]; w !== 0; w &= w - 1) hits[column + (58 - Math.clz32(w & -w)) * LEARNED_BLOCKS] &= ~bit;
    }
    for (let w = w0; w !== 0; w &= w - 1) hits[column + (31 - Math.clz32(w & -w)) * LEARNED_BLOCKS] |= bit;
    for (let w = w1; w !== 0; w &= w - 1) hits[column + (58 - Math.clz32(w & -w)) * LEARNED_BLOCKS] |= bit;
    this.learned[k] = w0;
    this.learned[k + 1] = w1;
    this.learned[k + 2] = w2;
    this.learnedBand3[B3_LEARNED * b + slot] = w2;
    const row = ((31 - Math.clz32(w2 & -w2)) / 3) | 0;
    const at = LEARNED_BLOCKS * b + (slot >>> 5);
    if ((w2 & ~(7 << (3 * row))) === 0) this.learnedInRow[at] |= bit;
    else this.learnedInRow[at] &= ~bit;
    this.learnEpoch[b]++;
  }
}
