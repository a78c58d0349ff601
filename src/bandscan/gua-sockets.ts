/**
 * GUA sockets of an entry (design notes band-scan.md §1.8): 3-band UAs whose
 * band-3 part is one mini-row pair or triplet, collected once per entry for
 * all its bands 3.
 *
 * A socket is a way to change band 3's gangster inside one stack:
 *   GUA2 (81): two columns of the stack, a digit a of band 3's first column
 *              and b of its second; a and b trade columns.
 *   GUA3 (81): one digit per column of the stack, rotated across the three
 *              columns (either way round).
 * The column digit sets of band 3 are fixed by bands 1+2, so every band 3 of
 * the entry shares the 162 sockets. A band 3 whose mini-row holds a and b in
 * those two columns (or the three digits of a GUA3 in its stack) can make
 * that change by itself, swapping (rotating) the mini-row's cells: the rows
 * and the box keep their digits. Then any refilling of rows 1-6 under the
 * changed gangster, together with the changed band 3, is another valid grid:
 * the cells where that refilling differs from rows 1-6 (a "part"), plus the
 * mini-row cells, are a UA of the grid. The parts depend on the socket only,
 * not on which band 3 carries the pattern.
 *
 * Each band 3 carries exactly 36 patterns: 3 pairs and 1 triplet in each of
 * its 9 mini-rows. A clue set that misses a part of a socket in bands 1+2
 * must hit the socket's pattern in every band 3 carrying it; mini-rows are
 * disjoint, so those needs add (the band-3 bound, band3-bound.ts).
 *
 * A GUA2 socket whose digits a (column c1) and b (column c2) lie in two
 * different rows rA, rB of a band 3 can still be carried there by a wider
 * change (seed 000's GUA4 and GUA6 diagrams). Row rA must give up its b,
 * in some column c3, and row rB its a, in some column c4 (neither in the
 * socket's stack: that box's a and b are the moved ones). If c3 = c4, the
 * 4 cells (rA, c1), (rA, c3), (rB, c2), (rB, c3) trade a and b: every row,
 * box and column keeps its digits, except c1 and c2 as the socket says.
 * Otherwise two 6-cell changes are possible. If some digit x lies in row
 * rB of c3 and in row rA of c4, rows rA and rB turn a, b and x round in
 * c1/c2, c3 and c4. If the third row holds a in c3 and b in c4, the 6
 * cells with those two trade a and b. These extra patterns are not
 * mini-rows, so the scan treats them as band-3 UAs (switched on by the
 * socket's parts), not in the mini-row count. Only sockets some band 3
 * carries as a pair are used: their parts are collected anyway.
 *
 * Parts are found as the band scan's bands-1+2 UAs are (band12-uas.ts):
 * empty the cells of rows 1-6 holding a few digits (a "floor", which must
 * contain the socket's digits: they are the ones that move), give band 3
 * changed, and enumerate the completions. The floors of `floorDigits`
 * digits are enumerated in full (up to FLOOR_CAP completions each), so every
 * part of at most that many digits and MAX_PART_SIZE cells is found (then
 * the smallest MAX_PARTS are kept); the C++ program adds
 * 6-7-digit extensions. A missing part only weakens the bound, never its
 * exactness. Measured on pass 1, rank 23, slice 1196 (12 entries): 4-digit
 * floors cost 0.5 s CPU for 12,000 parts; 5-digit floors 3.2 s for 25,000
 * (capped from 55,000) and halve the band-3 search nodes and checks.
 *
 * Cell sets are band words (bit i of word b = cell 27b + i). No Node APIs.
 */
import { popcount } from "../core/bits.js";
import { FloorCompletions } from "./floor-completions.js";
import { UASet } from "../ua/index.js";
import { MAX_BANDS3 } from "../catalog/entry-generator.js";

/** The column of partHits that no cell hits (see partHits). */
export const NO_CELL_COLUMN = 54;
export const SOCKET_COUNT = 162;
/** Patterns per band 3: 27 pairs (k = 3 * miniRow + leftOutColumn) then 9 triplets (k = 27 + miniRow). */
export const PATTERNS_PER_BAND3 = 36;
/** Most GUA4/GUA6 patterns of one band 3: one per GUA2 socket that is not one of its 27 pairs. */
export const MAX_EXTRA_PATTERNS = 54;
/** Parts kept per socket (the smallest): one 32-bit word per socket indexes them. */
export const MAX_PARTS = 32;
/** Largest part kept, in bands-1+2 cells (the C++ GUALIMSIZE is 18 cells with the band-3 ones). */
export const MAX_PART_SIZE = 16;
/** Completions enumerated per floor; a cap only loses parts. */
const FLOOR_CAP = 20_000;

export class GuaSockets {
  /**
   * Sockets are numbered by slot, in order of first use, so that the scan
   * loops over the carried ones only (36 for an entry with one band 3).
   * slotCount slots are in use; slotSocket[slot] is the socket's number
   * (GUA2: 27 stack + 9 leftOutColumn + 3 digitRank1 + digitRank2; GUA3:
   * 81 + 27 stack + 9 digitRank1 + 3 digitRank2 + digitRank3, a digit's rank
   * being its place among band 3's three digits of its column).
   */
  slotCount = 0;
  readonly slotSocket = new Int16Array(SOCKET_COUNT);
  private readonly slotOf = new Int16Array(SOCKET_COUNT);
  /** Part k of slot s is parts0/parts1[MAX_PARTS * s + k], k < partCount[s]. */
  readonly parts0 = new Int32Array(MAX_PARTS * SOCKET_COUNT);
  readonly parts1 = new Int32Array(MAX_PARTS * SOCKET_COUNT);
  readonly partCount = new Uint8Array(SOCKET_COUNT);
  /** Parts replaced in each full slot since the collection (addPart). */
  private readonly replaced = new Uint32Array(SOCKET_COUNT);
  /**
   * Bit-sliced index of the parts: bit k of partHits[SOCKET_COUNT * c + s]
   * says part k of slot s contains bands-1+2 cell c, so the parts a clue
   * set misses come with one AND-NOT per clue and socket. Column 54
   * (NO_CELL_COLUMN) stays empty: reading a vector through it leaves it as is.
   */
  readonly partHits = new Int32Array(55 * SOCKET_COUNT);
  /**
   * Band 3 b's patterns: socket slot and band-3 cells (a 27-bit word) of
   * pattern k at PATTERNS_PER_BAND3 * b + k (order as PATTERNS_PER_BAND3 says).
   */
  readonly bandSocket = new Int16Array(PATTERNS_PER_BAND3 * MAX_BANDS3);
  readonly bandCells = new Int32Array(PATTERNS_PER_BAND3 * MAX_BANDS3);
  /**
   * Band 3 b's GUA4/GUA6 patterns: socket slot and band-3 cells of pattern
   * k at k = extraStart[b] .. extraStart[b + 1] - 1.
   */
  readonly extraStart = new Int32Array(MAX_BANDS3 + 1);
  readonly extraSocket = new Int16Array(MAX_EXTRA_PATTERNS * MAX_BANDS3);
  readonly extraCells = new Int32Array(MAX_EXTRA_PATTERNS * MAX_BANDS3);
  /** Parts found per entry before the cap, and completions enumerated (for measurements). */
  partsFound = 0;
  completions = 0;

  private readonly floors = new FloorCompletions();
  private readonly grid = new Uint8Array(81);
  /** Per slot, the first band 3 carrying the socket and the mini-row there. */
  private readonly carrier = new Int16Array(SOCKET_COUNT);
  private readonly carrierRow = new Int8Array(SOCKET_COUNT);
  /** Digit d's position (0..2) among band 3's digits of its column c: rankInColumn[10 c + d]. */
  private readonly rankInColumn = new Int8Array(90);
  /** The inverse: band 3's digit of rank k in column c at digitOfRank[3 c + k]. */
  private readonly digitOfRank = new Uint8Array(27);
  private readonly local = new UASet();
  private readonly onCompletion: (w0: number, w1: number) => void;

  /** @param floorDigits digits per floor, 3..9 (a GUA3 socket moves 3 digits); 4 or 5 in practice */
  constructor(readonly floorDigits = 4) {
    this.onCompletion = (w0, w1) => {
      if (popcount(w0) + popcount(w1) <= MAX_PART_SIZE) this.local.add(w0, w1, 0);
    };
  }

  /**
   * Collects the parts of every socket some band 3 of the entry carries, and
   * each band 3's patterns. `grid` holds bands 1+2 in cells 0..53; bands 3
   * are 27 digits each in `bands3`.
   */
  collect(grid: ArrayLike<number>, bands3: Uint8Array, bands3Count: number): void {
    for (let i = 0; i < 54; i++) this.grid[i] = grid[i];
    this.grid.fill(0, 54);
    this.partCount.fill(0);
    this.replaced.fill(0);
    this.partHits.fill(0);
    this.slotOf.fill(-1);
    this.slotCount = 0;
    this.partsFound = 0;
    this.completions = 0;
    // Band 3's column digit sets are those rows 1-6 leave out.
    for (let c = 0; c < 9; c++) {
      let seen = 0;
      for (let r = 0; r < 6; r++) seen |= 1 << grid[9 * r + c];
      let rank = 0;
      for (let d = 1; d <= 9; d++) {
        if ((seen & (1 << d)) !== 0) continue;
        this.digitOfRank[3 * c + rank] = d;
        this.rankInColumn[10 * c + d] = rank++;
      }
    }
    for (let b = 0; b < bands3Count; b++) {
      const band = 27 * b;
      for (let row = 0; row < 3; row++) {
        for (let stack = 0; stack < 3; stack++) {
          const miniRow = 3 * row + stack;
          const c0 = 3 * stack;
          const r0 = this.rankInColumn[10 * c0 + bands3[band + 9 * row + c0]];
          const r1 = this.rankInColumn[10 * (c0 + 1) + bands3[band + 9 * row + c0 + 1]];
          const r2 = this.rankInColumn[10 * (c0 + 2) + bands3[band + 9 * row + c0 + 2]];
          // Pairs, by the column left out: (1, 2), (0, 2), (0, 1).
          this.setPattern(b, 3 * miniRow, 27 * stack + 3 * r1 + r2, miniRow, 6);
          this.setPattern(b, 3 * miniRow + 1, 27 * stack + 9 + 3 * r0 + r2, miniRow, 5);
          this.setPattern(b, 3 * miniRow + 2, 27 * stack + 18 + 3 * r0 + r1, miniRow, 3);
          this.setPattern(b, 27 + miniRow, 81 + 27 * stack + 9 * r0 + 3 * r1 + r2, miniRow, 7);
        }
      }
    }
    let extras = 0;
    for (let b = 0; b < bands3Count; b++) {
      this.extraStart[b] = extras;
      for (let s = 0; s < this.slotCount; s++) {
        const cells = this.extraPattern(this.slotSocket[s], bands3, 27 * b);
        if (cells === 0) continue;
        this.extraSocket[extras] = s;
        this.extraCells[extras++] = cells;
      }
    }
    this.extraStart[bands3Count] = extras;
    for (let s = 0; s < this.slotCount; s++) this.collectSocket(s, bands3);
  }

  /**
   * The band-3 cells of the GUA4 or GUA6 pattern by which the band 3 at
   * bands3[band..] carries GUA2 socket `socket` (see the file comment), or
   * 0 when there is none (a triplet socket, the pair in one mini-row, or no
   * such pattern).
   */
  private extraPattern(socket: number, bands3: Uint8Array, band: number): number {
    if (socket >= 81) return 0;
    const stack = (socket / 27) | 0;
    const leftOut = ((socket % 27) / 9) | 0;
    const c1 = 3 * stack + (leftOut === 0 ? 1 : 0);
    const c2 = 3 * stack + (leftOut === 2 ? 1 : 2);
    const a = this.digitOfRank[3 * c1 + (((socket % 9) / 3) | 0)];
    const b = this.digitOfRank[3 * c2 + (socket % 3)];
    let rowA = 0;
    let rowB = 0;
    for (let r = 0; r < 3; r++) {
      if (bands3[band + 9 * r + c1] === a) rowA = r;
      if (bands3[band + 9 * r + c2] === b) rowB = r;
    }
    if (rowA === rowB) return 0;
    let c3 = 0;
    let c4 = 0;
    for (let c = 0; c < 9; c++) {
      if (bands3[band + 9 * rowA + c] === b) c3 = c;
      if (bands3[band + 9 * rowB + c] === a) c4 = c;
    }
    const trade = (1 << (9 * rowA + c1)) | (1 << (9 * rowA + c3)) | (1 << (9 * rowB + c2)) | (1 << (9 * rowB + c4));
    if (c3 === c4) return trade;
    // Two rows: a third digit x below b in c3 and above a in c4 turns with them.
    if (bands3[band + 9 * rowB + c3] === bands3[band + 9 * rowA + c4]) return trade | (1 << (9 * rowB + c3)) | (1 << (9 * rowA + c4));
    const row3 = 3 - rowA - rowB;
    if (bands3[band + 9 * row3 + c3] !== a || bands3[band + 9 * row3 + c4] !== b) return 0;
    return trade | (1 << (9 * row3 + c3)) | (1 << (9 * row3 + c4));
  }

  private setPattern(b: number, k: number, socket: number, miniRow: number, pattern: number): void {
    let slot = this.slotOf[socket];
    if (slot < 0) {
      slot = this.slotCount++;
      this.slotOf[socket] = slot;
      this.slotSocket[slot] = socket;
      this.carrier[slot] = b;
      this.carrierRow[slot] = miniRow;
    }
    const at = PATTERNS_PER_BAND3 * b + k;
    this.bandSocket[at] = slot;
    this.bandCells[at] = pattern << (3 * miniRow);
  }

  /**
   * Adds a part (bands-1+2 cells w0/w1) to the socket in slot s, found
   * after the collection: its index, or -1 when the part is too large or
   * known already.
   */
  addPart(s: number, w0: number, w1: number): number {
    const n = this.partCount[s];
    if (popcount(w0) + popcount(w1) > MAX_PART_SIZE) return -1;
    for (let k = MAX_PARTS * s, end = k + n; k < end; k++) {
      if (this.parts0[k] === w0 && this.parts1[k] === w1) return -1;
    }
    if (n < MAX_PARTS) {
      this.setPart(s, n, w0, w1);
      this.partCount[s] = n + 1;
      return n;
    }
    // Full: a part a check found replaces one of the larger half collected
    // (in turn), which clue sets rarely miss; this one a clue set did.
    const k = MAX_PARTS / 2 + (this.replaced[s]++ % (MAX_PARTS / 2));
    const bit = 1 << k;
    for (let w = this.parts0[MAX_PARTS * s + k]; w !== 0; w &= w - 1) this.partHits[SOCKET_COUNT * (31 - Math.clz32(w & -w)) + s] &= ~bit;
    for (let w = this.parts1[MAX_PARTS * s + k]; w !== 0; w &= w - 1) this.partHits[SOCKET_COUNT * (58 - Math.clz32(w & -w)) + s] &= ~bit;
    this.setPart(s, k, w0, w1);
    return k;
  }

  /** Writes part k of slot s and its bits in partHits. */
  private setPart(s: number, k: number, w0: number, w1: number): void {
    this.parts0[MAX_PARTS * s + k] = w0;
    this.parts1[MAX_PARTS * s + k] = w1;
    for (let w = w0; w !== 0; w &= w - 1) this.partHits[SOCKET_COUNT * (31 - Math.clz32(w & -w)) + s] |= 1 << k;
    for (let w = w1; w !== 0; w &= w - 1) this.partHits[SOCKET_COUNT * (58 - Math.clz32(w & -w)) + s] |= 1 << k;
  }

  /** The parts of the socket in slot s, from the band 3 that first carries it, changed by the socket. */
  private collectSocket(s: number, bands3: Uint8Array): void {
    const grid = this.grid;
    const band = 27 * this.carrier[s];
    const miniRow = this.carrierRow[s];
    const socket = this.slotSocket[s];
    const first = 9 * ((miniRow / 3) | 0) + 3 * (miniRow % 3);
    const triplet = socket >= 81;
    // The mini-row cells that move (band-3 positions) and their digits.
    let cellA: number;
    let cellB: number;
    if (triplet) {
      cellA = first;
      cellB = first + 1;
    } else {
      const leftOut = ((socket % 27) / 9) | 0;
      cellA = leftOut === 0 ? first + 1 : first;
      cellB = leftOut === 2 ? first + 1 : first + 2;
    }
    const cellC = first + 2;
    const a = bands3[band + cellA];
    const b = bands3[band + cellB];
    const c = bands3[band + cellC];
    const socketDigits = triplet ? (1 << a) | (1 << b) | (1 << c) : (1 << a) | (1 << b);
    this.local.clear();
    for (let turn = 0; turn < (triplet ? 2 : 1); turn++) {
      for (let i = 0; i < 27; i++) grid[54 + i] = bands3[band + i];
      if (!triplet) {
        grid[54 + cellA] = b;
        grid[54 + cellB] = a;
      } else if (turn === 0) {
        grid[54 + cellA] = b;
        grid[54 + cellB] = c;
        grid[54 + cellC] = a;
      } else {
        grid[54 + cellA] = c;
        grid[54 + cellB] = a;
        grid[54 + cellC] = b;
      }
      // Every floor of floorDigits digits holding the socket's digits: a
      // completion of a smaller floor is one of each floor containing it.
      for (let floor = 0; floor < 1024; floor += 2) {
        if ((floor & socketDigits) !== socketDigits || popcount(floor) !== this.floorDigits) continue;
        this.completions += this.floors.enumerate(grid, floor, this.onCompletion, FLOOR_CAP);
      }
    }
    for (let i = 54; i < 81; i++) grid[i] = 0;
    const sorted = this.local.sorted();
    const found = sorted.length / 3;
    this.partsFound += found;
    const n = Math.min(found, MAX_PARTS);
    this.partCount[s] = n;
    for (let k = 0; k < n; k++) this.setPart(s, k, sorted[3 * k], sorted[3 * k + 1]);
  }
}
