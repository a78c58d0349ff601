/**
 * The path of the bands-1+2 search of one entry, which every stage of the
 * band scan reads (entry-scan.ts): per level, the clues of the path's node
 * there, its serial number, its live cells and its list of unhit UAs; and
 * the pass's clue limits, which say what a node may still add.
 *
 * A node's serial is what the stages key their caches by (the UAs and
 * socket parts a node's clues miss, the bit masks of the last clues): a
 * node replaced on the path gets a new serial, so nothing cached for the
 * old one is read. Serials restart with each entry.
 *
 * Fresh UAs join the list of every level on the path (addFreshXY); a level
 * where one has no live cell can complete no clue set, and xyKillLevel
 * unwinds the search to it.
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import { type ClueLimits, LIMIT_STRIDE } from "./pass-limits.js";

/** Every cell of a band word. */
export const FULL = 0x7ffffff;
/** Most clues a scanner searches for: its search depths are sized for them. */
export const MAX_SCAN_CLUES = 20;
/** Levels of the bands-1+2 search: the root and one per clue (band 3 holds at least a third of the clues). */
export const MAX_DEPTH_XY = MAX_SCAN_CLUES - Math.ceil(MAX_SCAN_CLUES / 3) + 1;
/** Room for the UAs of bands 1+2 (collected plus fresh ones) and for each level's unhit list. */
export const XY_CAPACITY = 4096;

export class ScanPath {
  /** Clues of the puzzles sought: 17 in the passes of the band scan. */
  readonly clues: number;
  private readonly allowedCounts: Uint8Array;
  private readonly mostTotal: Int8Array;
  // Per-level unhit UA lists (restricted to live cells); level 0 is the entry's whole table.
  // Entry k of the lists is levelW[2k] (band 1) and levelW[2k + 1] (band 2): one stream for the list scans.
  readonly levelW = new Int32Array(2 * XY_CAPACITY * (MAX_DEPTH_XY + 1));
  /** Per level: number of unhit UAs, and the live cells their lists are restricted to. */
  readonly levelCount = new Int32Array(MAX_DEPTH_XY + 2);
  readonly levelLive0 = new Int32Array(MAX_DEPTH_XY + 2);
  readonly levelLive1 = new Int32Array(MAX_DEPTH_XY + 2);
  /** Set when a fresh UA has no live cell at some level: the search unwinds to it. */
  xyKillLevel = 99;
  /** Per level: the clues of the path's node there and its serial number. */
  readonly levelS0 = new Int32Array(MAX_DEPTH_XY + 2);
  readonly levelS1 = new Int32Array(MAX_DEPTH_XY + 2);
  readonly levelNode = new Int32Array(MAX_DEPTH_XY + 2);
  nodeSerial = 0;

  constructor(limits: ClueLimits) {
    if (limits.clues > MAX_SCAN_CLUES || limits.mostTotal[0] >= MAX_DEPTH_XY) {
      throw new RangeError(`the entry scanner searches for at most ${MAX_SCAN_CLUES} clues, at most ${MAX_DEPTH_XY - 1} in bands 1+2`);
    }
    this.allowedCounts = limits.allowed;
    this.mostTotal = limits.mostTotal;
    this.clues = limits.clues;
  }

  /** Most clues bands 1+2 may reach from these band counts (the pass's limits). */
  totalLimit(c1: number, c2: number): number {
    return this.mostTotal[LIMIT_STRIDE * c1 + c2];
  }

  /** Whether bands 1+2 may hold c1 clues in band 1 and c2 in band 2 (the pass's limits). */
  canAdd(c1: number, c2: number): boolean {
    return this.allowedCounts[LIMIT_STRIDE * c1 + c2] !== 0;
  }

  /**
   * The path's node at `level` now holds clues s0/s1, one more than the
   * node at level - 1 (level 0 holds none), under a new serial.
   */
  setNode(level: number, s0: number, s1: number): void {
    this.levelNode[level] = this.nodeSerial++;
    this.levelS0[level] = s0;
    this.levelS1[level] = s1;
  }

  /** The clue (cell 0..53) the path's node at `level` adds to its parent's. */
  clueCell(level: number): number {
    const added0 = this.levelS0[level] ^ this.levelS0[level - 1];
    return added0 !== 0 ? 31 - Math.clz32(added0) : 58 - Math.clz32(this.levelS1[level] ^ this.levelS1[level - 1]);
  }

  /**
   * A fresh UA of bands 1+2, missed by the clues at `level`: added to the
   * list of every level up to it (restricted to that level's live cells) so
   * later siblings anywhere on the path see it. Where it has no live cell,
   * nothing below that level can be unique: xyKillLevel unwinds to it.
   */
  addFreshXY(u0: number, u1: number, level: number): void {
    const counts = this.levelCount;
    for (let j = 0; j <= level; j++) {
      const r0 = u0 & this.levelLive0[j];
      const r1 = u1 & this.levelLive1[j];
      if ((r0 | r1) === 0) {
        this.xyKillLevel = j;
        return;
      }
      if (counts[j] < XY_CAPACITY) {
        const k = j * XY_CAPACITY + counts[j]++;
        this.levelW[2 * k] = r0;
        this.levelW[2 * k + 1] = r1;
      }
    }
  }
}
