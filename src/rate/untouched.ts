/**
 * Untouched branches of the nested dynamic forcing chains of levels 4 and
 * 5 (nested.ts, nested-engine.ts).
 *
 *
 * A propagation reads the grid at the cells of the nodes it follows (their
 * candidates) and at those nodes' digit in the cells' block, row and column
 * (the places left). The nested engine runs on working grids that the outer
 * propagations reduced from the producer's grid G. A propagation on such a
 * grid W whose reads in G meet no cell and no (unit, digit) that W changed
 * makes the same nodes, in the same order, with the same parents, as in G:
 * it is untouched. A hint whose branches are all untouched is a hint of G,
 * with every removal it has in W (W only lost candidates); but SE asks this
 * producer (Dynamic Forcing Chains) on G before levels 4 and 5, so G has
 * none. So only the groups with a touched branch can give a hint in W, and
 * the others are not propagated. prepareTouched records G's reads once per
 * producer call, and checks that G has no hint (else nothing is skipped).
 *
 */
import { BRC, type CandidateGrid } from "./grid.js";
import type { Propagation } from "./propagation.js";

export class UntouchedBranches {
  /** The grid the reads were recorded on, when the skip applies; else null. */
  base: CandidateGrid | null = null;
  /** Whether the propagations record their reads (those of the base grid). */
  recording = false;
  /** Per start key: the cells (3 words of 27 bits) and the (unit, digit) pairs (8 words, bit 9 * unit + digit) its propagation on the base grid read. */
  private readonly readCells = new Int32Array(1458 * 3);
  private readonly readRegions = new Int32Array(1458 * 8);
  /** The cells and (unit, digit) pairs where the grid of the current run differs from the base grid. */
  private readonly changedCells = new Int32Array(3);
  private readonly changedRegions = new Int32Array(8);
  /** The base grid's propagations, by start key: an untouched branch's propagation is the same object. */
  readonly baseByKey: (Propagation | null)[] = new Array<Propagation | null>(1458).fill(null);

  /** Turns the skip off. */
  clear(): void {
    this.base = null;
    this.baseByKey.fill(null);
  }

  /** Starts the reads of the propagation from `start`. */
  beginReads(start: number): void {
    this.readCells.fill(0, 3 * start, 3 * start + 3);
    this.readRegions.fill(0, 8 * start, 8 * start + 8);
  }


  /** Marks where `grid` differs from the base grid. */
  markChanges(grid: CandidateGrid): void {
    const base = this.base!;
    const cells = this.changedCells;
    const regions = this.changedRegions;
    cells.fill(0);
    regions.fill(0);
    for (let cell = 0; cell < 81; cell++) if (grid.candidates[cell] !== base.candidates[cell]) cells[(cell / 27) | 0] |= 1 << cell % 27;
    for (let r = 0; r < 243; r++) if (grid.where[r] !== base.where[r]) regions[r >> 5] |= 1 << (r & 31);
  }

  /** Whether the propagation from `key` read, on the base grid, a cell or (unit, digit) the current grid changed. */
  touched(key: number): boolean {
    const c = 3 * key;
    const r = 8 * key;
    const rc = this.readCells;
    const rr = this.readRegions;
    const cc = this.changedCells;
    const cr = this.changedRegions;
    return (
      ((rc[c] & cc[0]) | (rc[c + 1] & cc[1]) | (rc[c + 2] & cc[2]) |
        (rr[r] & cr[0]) | (rr[r + 1] & cr[1]) | (rr[r + 2] & cr[2]) | (rr[r + 3] & cr[3]) |
        (rr[r + 4] & cr[4]) | (rr[r + 5] & cr[5]) | (rr[r + 6] & cr[6]) | (rr[r + 7] & cr[7])) !== 0
    );
  }

  /** Adds a followed node's cell and its digit's three (unit, digit) pairs to the reads of the propagation from `start`. */
  recordRead(start: number, cell: number, d: number): void {
    this.readCells[3 * start + ((cell / 27) | 0)] |= 1 << cell % 27;
    for (let k = 0; k < 3; k++) {
      const r = 9 * BRC[3 * cell + k] + d;
      this.readRegions[8 * start + (r >> 5)] |= 1 << (r & 31);
    }
  }
}

/**
 * The untouched branches of the nested dynamic chains (see UntouchedBranches.touched):
 * "skip" (the default) reuses the base grid's propagations and skips the
 * groups without a touched branch; "off" propagates everything; "verify"
 * skips the same groups but propagates the untouched branches anyway and
 * throws unless each equals the base grid's (for the tests).
 */
export let untouchedMode: "skip" | "off" | "verify" = "skip";
let untouchedChecked = 0;

/** Sets the untouched-branch mode; returns how many branches "verify" has compared since the last call. */
export function setUntouchedMode(mode: "skip" | "off" | "verify"): number {
  untouchedMode = mode;
  const checked = untouchedChecked;
  untouchedChecked = 0;
  return checked;
}

/** In "verify" mode, an untouched branch propagated again: throws unless it equals the base grid's. */
export function verifyUntouched(key: number, base: Propagation, prop: Propagation): void {
  untouchedChecked++;
  const problem = samePropagation(base, prop);
  if (problem !== null) throw new Error(`untouched branch ${key} differs from the base grid's: ${problem}`);
}

/** Why two propagations differ (nodes, causes, parents, contradiction), or null when they are the same. */
function samePropagation(a: Propagation, b: Propagation): string | null {
  if (a.count !== b.count) return `${a.count} nodes against ${b.count}`;
  if (a.absurdOn !== b.absurdOn || a.absurdOff !== b.absurdOff) return "contradiction";
  for (let n = 0; n < a.count; n++) {
    if (a.keys[n] !== b.keys[n] || a.causes[n] !== b.causes[n]) return `node ${n}`;
    if (a.parentStart[n + 1] !== b.parentStart[n + 1]) return `parents of node ${n}`;
  }
  for (let i = 0; i < a.parentStart[a.count]; i++) if (a.parents[i] !== b.parents[i]) return `parent ${i}`;
  return null;
}
