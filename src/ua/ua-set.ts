/**
 * A growing set of unavoidable sets of one grid, kept inclusion-minimal: a new
 * set containing a stored one is dropped, and stored sets containing the new
 * one are removed (seed 003: "supersets are discarded on the fly").
 *
 * Each UA is three 27-bit band words, stored flat in a growing Int32Array
 * (3 words per UA) so the superset tests run over typed memory.
 */
import { popcount } from "../core/bits.js";

export class UASet {
  private words = new Int32Array(3 * 1024);
  private sizes = new Uint8Array(1024);
  /** Number of UAs stored (removed ones are compacted away). */
  count = 0;

  /** Adds a UA; returns false when it was redundant (a stored UA is inside it). */
  add(b0: number, b1: number, b2: number): boolean {
    const w = this.words;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const k = 3 * i;
      if ((w[k] & ~b0) === 0 && (w[k + 1] & ~b1) === 0 && (w[k + 2] & ~b2) === 0) return false;
    }
    // Remove stored supersets of the new set, compacting in place.
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const k = 3 * i;
      const isSuperset = (b0 & ~w[k]) === 0 && (b1 & ~w[k + 1]) === 0 && (b2 & ~w[k + 2]) === 0;
      if (isSuperset) continue;
      if (kept !== i) {
        w[3 * kept] = w[k];
        w[3 * kept + 1] = w[k + 1];
        w[3 * kept + 2] = w[k + 2];
        this.sizes[kept] = this.sizes[i];
      }
      kept++;
    }
    if (kept === this.sizes.length) this.grow();
    const k = 3 * kept;
    this.words[k] = b0;
    this.words[k + 1] = b1;
    this.words[k + 2] = b2;
    this.sizes[kept] = popcount(b0) + popcount(b1) + popcount(b2);
    this.count = kept + 1;
    return true;
  }

  /** Empties the set, keeping its memory (the band scan refills one set hundreds of times per entry). */
  clear(): void {
    this.count = 0;
  }

  /** The UAs sorted by size, then by cells: 3 words each. */
  sorted(): Int32Array {
    const order = Array.from({ length: this.count }, (_, i) => i);
    const w = this.words;
    order.sort((a, b) => this.sizes[a] - this.sizes[b] || w[3 * a] - w[3 * b] || w[3 * a + 1] - w[3 * b + 1] || w[3 * a + 2] - w[3 * b + 2]);
    const out = new Int32Array(3 * this.count);
    order.forEach((i, j) => out.set(w.subarray(3 * i, 3 * i + 3), 3 * j));
    return out;
  }

  /** Size histogram: histogram[s] = number of UAs of s cells. */
  histogram(): number[] {
    const histogram = new Array<number>(82).fill(0);
    for (let i = 0; i < this.count; i++) histogram[this.sizes[i]]++;
    return histogram;
  }

  private grow(): void {
    const words = new Int32Array(this.words.length * 2);
    words.set(this.words);
    this.words = words;
    const sizes = new Uint8Array(this.sizes.length * 2);
    sizes.set(this.sizes);
    this.sizes = sizes;
  }
}
