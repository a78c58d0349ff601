/**
 * The "on" and "off" sets of a dynamic propagation without its nodes: what
 * the nested dynamic forcing chains of levels 4 and 5 ask of most branches
 * (nested-engine.ts).
 *
 * Why this gives the full propagation's sets: SE's level-0 dynamic rules
 * are monotone. An "on" key makes "off" every candidate of its cell and of
 * its digit's peers that the grid still has; an "off" key makes "on" the
 * other candidate of its cell, and the other place of its digit in each of
 * its units, when only two are left there. Followed to the end without
 * meeting a key and its negation, they reach the same keys in any order:
 * a cell (unit) with two or more candidates (places) in the grid gives an
 * "on" key exactly when all but one of them are "off", whichever is
 * removed last. And a contradiction is met in one order if and only if in
 * every order. So the sets are those of the full propagation, unless there
 * is a contradiction: then `reach` returns false, and the full propagation
 * (whose nodes up to the contradiction make a hint) must be run.
 *
 * Each key is queued once. No Node APIs.
 */
import { hasTwoBits } from "../core/bits.js";
import { type CandidateGrid, CELL_BLOCK_WORD, CELL_COLUMN_WORD, CELL_ROW_WORD, digitBandWords, PEER_WORDS } from "./grid.js";
import { lowest } from "./helpers.js";
import { POT_BIT, POT_WORD, type Propagation } from "./propagation.js";

/** Whether the nested dynamic engines, the top-level Multiple Forcing Chains and Nishio Forcing Chains use light branches (the tests compare both ways). */
export let lightBranches = true;

export function setLightBranches(on: boolean): void {
  lightBranches = on;
}

/** Every word of a propagation's onBits and offBits. */
const ALL_WORDS = (1 << 27) - 1;

export class DynamicReach {
  /** Each digit's candidates in the grid of `prepare`, as band words: candidates[3 * digit + band]. */
  private readonly candidates = new Int32Array(27);
  private readonly cellCandidates = new Uint16Array(81);
  /** The working grid of one `reach`: each digit's places left (its candidates less the "off" keys followed), each cell's candidates left. */
  private readonly left = new Int32Array(27);
  private readonly cellLeft = new Uint16Array(81);
  /** The "on" and "off" keys reached, by digit, as band words: the propagation's own sets (see POT_WORD), filled as keys are queued. */
  private on = new Int32Array(27);
  private off = new Int32Array(27);
  private readonly queue = new Int32Array(1458);
  private onWords = 0;

  /** Sets the grid the next reaches start from. */
  prepare(grid: CandidateGrid): void {
    digitBandWords(grid, this.candidates);
    this.cellCandidates.set(grid.candidates);
  }

  /**
   * Fills `prop`'s "on" and "off" sets (and their word masks) with the keys
   * the dynamic propagation from `start` on the prepared grid reaches, and
   * marks it light; false at a contradiction (`prop` is then to be
   * propagated in full).
   */
  reach(start: number, prop: Propagation): boolean {
    prop.reset();
    // Light from the start, with every word marked until the end: a reset after a contradiction clears the sets.
    prop.light = true;
    prop.start = start;
    prop.onWords = ALL_WORDS;
    prop.offWords = ALL_WORDS;
    const on = prop.onBits;
    const off = prop.offBits;
    this.on = on;
    this.off = off;
    const { candidates, left, cellLeft, queue } = this;
    left.set(candidates);
    cellLeft.set(this.cellCandidates);
    const startWord = POT_WORD[start >> 1];
    if (start & 1) on[startWord] |= POT_BIT[start >> 1];
    else off[startWord] |= POT_BIT[start >> 1];
    queue[0] = start;
    // The words holding a reached key, kept as keys are queued (onWords by addOn).
    this.onWords = start & 1 ? 1 << startWord : 0;
    let offWords = start & 1 ? 0 : 1 << startWord;
    let length = 1;
    for (let head = 0; head < length; head++) {
      const key = queue[head];
      const pot = key >> 1;
      const cell = (pot / 9) | 0;
      const d = pot - 9 * cell;
      const band = (cell / 27) | 0;
      const bit = 1 << (cell - 27 * band);
      if (key & 1) {
        // The cell's other candidates, then the digit's peers.
        for (let m = this.cellCandidates[cell] & ~(1 << d); m !== 0; m &= m - 1) {
          const e = lowest(m);
          const w = 3 * e + band;
          if ((on[w] & bit) !== 0) return false;
          if ((off[w] & bit) !== 0) continue;
          off[w] |= bit;
          offWords |= 1 << w;
          queue[length++] = (cell * 9 + e) << 1;
        }
        for (let b = 0; b < 3; b++) {
          const w = 3 * d + b;
          const fresh = PEER_WORDS[3 * cell + b] & candidates[w] & ~off[w];
          if (fresh === 0) continue;
          if ((fresh & on[w]) !== 0) return false;
          off[w] |= fresh;
          offWords |= 1 << w;
          for (let m = fresh; m !== 0; m &= m - 1) queue[length++] = ((27 * b + 31 - Math.clz32(m & -m)) * 9 + d) << 1;
        }
      } else {
        // Two left in the cell: the other is "on"; two places left in a unit: the other place
        // (grid.ts's otherPlace, written out here: as a call it cost 5% of level 4's instructions).
        const cands = cellLeft[cell];
        if (hasTwoBits(cands)) length = this.addOn(cell, lowest(cands & ~(1 << d)), length);
        const w = 3 * d + band;
        const row = left[w] & CELL_ROW_WORD[cell];
        if (length >= 0 && hasTwoBits(row)) length = this.addOn(27 * band + 31 - Math.clz32(row & ~bit), d, length);
        const block = left[w] & CELL_BLOCK_WORD[cell];
        if (length >= 0 && hasTwoBits(block)) length = this.addOn(27 * band + 31 - Math.clz32(block & ~bit), d, length);
        const column = CELL_COLUMN_WORD[cell];
        const c0 = left[3 * d] & column;
        const c1 = left[3 * d + 1] & column;
        const c2 = left[3 * d + 2] & column;
        // The three bands' column bits lie apart once shifted by 0, 1 and 2.
        if (length >= 0 && hasTwoBits(c0 | (c1 << 1) | (c2 << 2))) {
          // The other place: the band word that still has a place besides this cell.
          const o0 = band === 0 ? c0 & ~bit : c0;
          const o1 = band === 1 ? c1 & ~bit : c1;
          const o2 = band === 2 ? c2 & ~bit : c2;
          const other = o0 !== 0 ? 31 - Math.clz32(o0) : o1 !== 0 ? 58 - Math.clz32(o1) : 85 - Math.clz32(o2);
          length = this.addOn(other, d, length);
        }
        if (length < 0) return false;
        left[w] &= ~bit;
        cellLeft[cell] = cands & ~(1 << d);
      }
    }
    prop.onWords = this.onWords;
    prop.offWords = offWords;
    return true;
  }

  /** Queues the "on" key of digit d + 1 in `cell` unless reached; returns the queue's new length, or -1 when its "off" key is reached (a contradiction). */
  private addOn(cell: number, d: number, length: number): number {
    const w = 3 * d + ((cell / 27) | 0);
    const bit = 1 << cell % 27;
    if ((this.off[w] & bit) !== 0) return -1;
    if ((this.on[w] & bit) !== 0) return length;
    this.on[w] |= bit;
    this.onWords |= 1 << w;
    this.queue[length] = ((cell * 9 + d) << 1) | 1;
    return length + 1;
  }
}
