/**
 * The uniqueness check of bands 1+2 under a fixed band 3: the band scan's
 * test of every bands-1+2 clue set (millions per entry range), on 54 cells.
 *
 * Band 3 fixes, for each digit, the three columns it takes there, so in rows
 * 1-6 the digit keeps the other six (the double gangster). The state is the
 * bitboard solver's (bitboard.ts) without band 3: one 27-bit word per digit
 * and band at word 2*d + band, and the solved cells of the two bands, 20
 * words per frame. The rules are the same (in-band mini-row shapes, rows
 * with one cell left, columns through the shape table with band 3's column
 * as the fixed third row, naked singles by bit-sliced counting), and so are
 * the choice of the guessed cell and the known digit tried first, so every
 * check returns what BitboardSolver.checkUniqueFrom returns with band 3
 * given, difference included (test/solver.test.ts compares them); only
 * the words of band 3, which never change, are no longer carried.
 */
import { COLUMN_CELLS, PEERS_IN_BAND } from "./band-tables.js";
import { chooseGuess, columnsOf, digitsAt, lockedSingles, nakedSinglesPass, stackColumns } from "./propagation.js";

const FULL = 0x7ffffff;
const WORDS = 18;
const FRAME = 20;
/** Each guess solves a cell, so the search is never deeper than the 54 cells. */
const MAX_DEPTH = 56;
const ALL_WORDS = (1 << WORDS) - 1;

export class TwoBandSolver {
  private readonly state = new Int32Array(FRAME * MAX_DEPTH);
  private readonly baseFrame = new Int32Array(FRAME);
  /** The known rows 1-6 as words (2*d + band) and as cells. */
  private readonly gridWords = new Int32Array(WORDS);
  private readonly gridCells = new Uint8Array(54);
  /** Per digit, the 9-bit set of columns it takes in band 3. */
  private readonly band3Columns = new Int32Array(9);
  private dirty = 0;
  private count = 0;
  /** Guess nodes of the last check. */
  guesses = 0;
  /** After a failed check: the cells of bands 1 and 2 where a second solution differs (a UA the clues miss). */
  readonly difference = new Int32Array(2);

  /**
   * Sets the solution grid (81 cells): rows 1-6 are the known solution the
   * checks compare with, rows 7-9 the fixed band 3. Propagates band 3's
   * columns once for all the checks that follow.
   */
  setGrid(grid: ArrayLike<number>): void {
    this.gridWords.fill(0);
    for (let cell = 0; cell < 54; cell++) {
      const band = cell >= 27 ? 1 : 0;
      this.gridWords[2 * (grid[cell] - 1) + band] |= 1 << (cell - 27 * band);
      this.gridCells[cell] = grid[cell];
    }
    this.band3Columns.fill(0);
    for (let cell = 54; cell < 81; cell++) this.band3Columns[grid[cell] - 1] |= 1 << ((cell - 54) % 9);
    const s = this.state;
    for (let d = 0; d < 9; d++) {
      const open = FULL & ~COLUMN_CELLS[this.band3Columns[d]];
      s[2 * d] = open;
      s[2 * d + 1] = open;
    }
    s[18] = 0;
    s[19] = 0;
    this.dirty = ALL_WORDS;
    this.propagate(0);
    for (let i = 0; i < FRAME; i++) this.baseFrame[i] = s[i];
  }

  /**
   * True when the clues c0/c1 (cells of bands 1 and 2, holding the grid's
   * digits) have one solution in rows 1-6 under band 3; otherwise
   * `difference` holds the cells where another solution differs.
   */
  checkUnique(c0: number, c1: number): boolean {
    const s = this.state;
    const base = this.baseFrame;
    const g = this.gridWords;
    // Every clue placed at once, as the propagation would place each (its
    // digit's word loses the clue's peers, the other digits' words its cell,
    // the digit's other band its column); the base frame is at a fixpoint,
    // so only the words changed need propagating, and the fixpoint reached
    // is the same.
    let dirty = 0;
    for (let w = 0; w < WORDS; w += 2) {
      const mine0 = g[w] & c0;
      const mine1 = g[w + 1] & c1;
      let v0 = base[w] & ~(c0 & ~mine0);
      let v1 = base[w + 1] & ~(c1 & ~mine1);
      for (let m = mine0; m !== 0; m &= m - 1) v0 &= ~PEERS_IN_BAND[31 - Math.clz32(m & -m)];
      for (let m = mine1; m !== 0; m &= m - 1) v1 &= ~PEERS_IN_BAND[31 - Math.clz32(m & -m)];
      if (mine1 !== 0) v0 &= ~COLUMN_CELLS[columnsOf(mine1)];
      if (mine0 !== 0) v1 &= ~COLUMN_CELLS[columnsOf(mine0)];
      s[w] = v0;
      s[w + 1] = v1;
      dirty |= ((-(v0 ^ base[w]) >>> 31) << w) | ((-(v1 ^ base[w + 1]) >>> 31) << (w + 1));
    }
    s[WORDS] = base[WORDS] | c0;
    s[WORDS + 1] = base[WORDS + 1] | c1;
    this.count = 0;
    this.guesses = 0;
    this.difference[0] = 0;
    this.difference[1] = 0;
    this.dirty = dirty;
    this.search(0);
    return this.count < 2;
  }

  /** Propagates the dirty words of the frame at `base`; false on contradiction. */
  private propagate(base: number): boolean {
    const s = this.state;
    let dirty = this.dirty;
    let touched = 0; // digits whose words changed since their column pass
    let bandsTouched = 0;
    for (;;) {
      while (dirty !== 0) {
        const low = dirty & -dirty;
        dirty ^= low;
        const w = 31 - Math.clz32(low);
        const band = w & 1;
        touched |= 1 << (w >>> 1);
        bandsTouched |= 1 << band;
        const singles = lockedSingles(s, base + w);
        if (singles < 0) return false;
        const solvedAt = base + WORDS + band;
        const fresh = singles & ~s[solvedAt];
        if (fresh === 0) continue;
        s[solvedAt] |= fresh;
        const own = s[base + w];
        for (let other = band; other < WORDS; other += 2) {
          // Branch-free (measured: 17% faster on the hardest list): the
          // word is written in any case, and dirty when it held a fresh cell.
          const v = s[base + other];
          s[base + other] = v & ~fresh;
          dirty |= (-(v & fresh) >>> 31) << other;
        }
        // The digit's own word was cleared with the others: put back, and not dirty.
        s[base + w] = own;
        dirty &= ~low;
        // The digit's other band loses these columns.
        const columns = COLUMN_CELLS[columnsOf(fresh)];
        const at = base + (w ^ 1);
        const v = s[at];
        s[at] = v & ~columns;
        dirty |= (-(v & columns) >>> 31) << (w ^ 1);
      }
      // Columns: per digit and stack, bands 1, 2 and 3 take the stack's
      // three columns once each; band 3's is known.
      while (touched !== 0) {
        const low = touched & -touched;
        touched ^= low;
        const d = 31 - Math.clz32(low);
        const w0 = 2 * d;
        const v0 = s[base + w0];
        const v1 = s[base + w0 + 1];
        const p0 = columnsOf(v0);
        const p1 = columnsOf(v1);
        const q = stackColumns(p0, p1, this.band3Columns[d]);
        if (q < 0) return false;
        const q0 = q & 0x1ff;
        const q1 = (q >>> 9) & 0x1ff;
        if (q0 !== p0) {
          s[base + w0] = v0 & COLUMN_CELLS[q0];
          dirty |= 1 << w0;
        }
        if (q1 !== p1) {
          s[base + w0 + 1] = v1 & COLUMN_CELLS[q1];
          dirty |= 2 << w0;
        }
      }
      if (dirty !== 0) continue;
      // Naked singles and empty cells, by bit-sliced counting over the digits.
      const placed = nakedSinglesPass(s, base, 2, 2, base + WORDS, bandsTouched);
      if (placed < 0) return false;
      dirty |= placed;
      bandsTouched = 0;
      if (dirty === 0) return true;
    }
  }

  /** Depth-first search from the frame at `depth`; returns true to stop (a second solution). */
  private search(depth: number): boolean {
    const s = this.state;
    const base = depth * FRAME;
    for (;;) {
      if (!this.propagate(base)) return false;
      if ((s[base + WORDS] & s[base + WORDS + 1]) === FULL) return this.onLeaf(base);
      const choice = chooseGuess(s, base, 2, 2, base + WORDS);
      const band = choice >>> 5;
      const position = choice & 31;
      this.guesses++;
      let digits = digitsAt(s, base + band, 2, 1 << position);
      // The known digit first: the first leaf is then the grid itself.
      const known = this.gridCells[27 * band + position] - 1;
      if ((digits & (1 << known)) !== 0 && digits !== 1 << known) {
        digits ^= 1 << known;
        if (this.branch(depth, base, band, position, known)) return true;
      }
      while ((digits & (digits - 1)) !== 0) {
        const d = 31 - Math.clz32(digits & -digits);
        digits ^= 1 << d;
        if (this.branch(depth, base, band, position, d)) return true;
      }
      // Last candidate: place it in this frame and go on.
      const w = 2 * (31 - Math.clz32(digits)) + band;
      s[base + w] &= ~PEERS_IN_BAND[position];
      this.dirty = 1 << w;
    }
  }

  /** Copies the frame, places `digit` at `position` of `band` in the copy and searches it. */
  private branch(depth: number, base: number, band: number, position: number, digit: number): boolean {
    const s = this.state;
    const next = base + FRAME;
    for (let i = 0; i < FRAME; i++) s[next + i] = s[base + i];
    const w = 2 * digit + band;
    s[next + w] &= ~PEERS_IN_BAND[position];
    this.dirty = 1 << w;
    return this.search(depth + 1);
  }

  /** A solution: the grid itself is counted; another one ends the check with its difference. */
  private onLeaf(base: number): boolean {
    const s = this.state;
    const g = this.gridWords;
    let d0 = 0;
    let d1 = 0;
    for (let w = 0; w < WORDS; w += 2) {
      d0 |= s[base + w] & ~g[w];
      d1 |= s[base + w + 1] & ~g[w + 1];
    }
    if ((d0 | d1) === 0) {
      this.count++;
      return false;
    }
    this.difference[0] = d0;
    this.difference[1] = d1;
    this.count = 2;
    return true;
  }
}
