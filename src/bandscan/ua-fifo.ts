/**
 * A FIFO table of fresh bands-1+2 UAs (seed 002; design notes band-scan.md
 * §1.6, step 6a): the last UAs the uniqueness checks returned, newest
 * first. Consecutive X×Y pairs share most of their clues, so a UA that
 * one pair missed is likely missed by the next ones too: testing the few
 * newest UAs before a check kills those pairs for a few operations each.
 * When the table is full, a new UA overwrites the oldest.
 *
 * Cells are band words: word 0 = band 1, word 1 = band 2. No Node APIs.
 */
export class UAFifo {
  private readonly w0: Int32Array;
  private readonly w1: Int32Array;
  private count = 0;
  /** The slot the next UA takes. */
  private next = 0;

  constructor(readonly capacity: number) {
    this.w0 = new Int32Array(capacity);
    this.w1 = new Int32Array(capacity);
  }

  clear(): void {
    this.count = 0;
    this.next = 0;
  }

  add(u0: number, u1: number): void {
    this.w0[this.next] = u0;
    this.w1[this.next] = u1;
    this.next = this.next + 1 === this.capacity ? 0 : this.next + 1;
    if (this.count < this.capacity) this.count++;
  }

  /** True when clues x0/x1 miss one of the UAs (newest first). */
  missesOne(x0: number, x1: number): boolean {
    const w0 = this.w0;
    const w1 = this.w1;
    let k = this.next;
    for (let n = this.count; n > 0; n--) {
      k = k === 0 ? this.capacity - 1 : k - 1;
      if (((w0[k] & x0) | (w1[k] & x1)) === 0) return true;
    }
    return false;
  }
}
