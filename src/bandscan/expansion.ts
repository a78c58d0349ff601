/**
 * The bands-1+2 expansion of one entry (the expansion engine: sk_s17 VB's
 * direct UA expansion, design notes band-scan.md §1.7): an exhaustive
 * hitting-set search over the UAs of bands 1+2 (band12-uas.ts), within the
 * pass's clue limits. Each node branches on its unhit UA with fewest live
 * cells; a cell tried at a level is dead for its later siblings, so each
 * clue set comes once. A node with more greedy disjoint unhit UAs than
 * clues left dies; with exactly as many, every cell outside them dies in
 * its subtree. A node that hits every known UA is a leaf for the band-3
 * stage (band3-stage.ts); a fresh UA from its check joins the list of
 * every level on the path (scan-path.ts), and the search goes on. The
 * subtrees of the last three clues run on bit masks (last-clues.ts).
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import { popcount2 } from "../core/bits.js";
import type { Band3Stage } from "./band3-stage.js";
import type { EntryGrid } from "./entry-grid.js";
import type { LastClues } from "./last-clues.js";
import type { Scan17Stats } from "./scan17-stats.js";
import { FULL, type ScanPath, XY_CAPACITY } from "./scan-path.js";

export class Band12Expansion {
  /**
   * @param bitMasks false: the last three clues are searched on lists like
   *   the others (no maskChild, no lastTwo); the same leaves in the same
   *   order, more slowly. For cross-checks.
   */
  constructor(
    private readonly path: ScanPath,
    private readonly last: LastClues,
    private readonly stage: Band3Stage,
    private readonly grid: EntryGrid,
    private readonly stats: Scan17Stats,
    private readonly bitMasks: boolean,
  ) {}

  /**
   * One node of the bands-1+2 search: clues s0/s1 (c1, c2 of them), dead
   * cells d0/d1; the unhit UAs, restricted to this node's live cells, are
   * the level's list (levelW, levelCount, levelLive0/1).
   */
  xyNode(level: number, s0: number, s1: number, d0: number, d1: number, c1: number, c2: number): void {
    const path = this.path;
    this.stats.xyNodes++;
    path.setNode(level, s0, s1);
    const base = level * XY_CAPACITY;
    const L = path.levelW;
    const counts = path.levelCount;
    if (counts[level] === 0) {
      if (!this.stage.xyLeaf(level, s0, s1, d0, d1, c1, c2)) return;
      const fresh = this.grid.twoBands.difference;
      path.addFreshXY(fresh[0], fresh[1], level);
      if (path.xyKillLevel <= level) {
        if (path.xyKillLevel === level) path.xyKillLevel = 99;
        return;
      }
    }
    const left = path.totalLimit(c1, c2) - c1 - c2;
    if (left <= 0) return;
    // Greedy disjoint UAs: more than the clues left means no completion.
    let used0 = 0;
    let used1 = 0;
    let disjoint = 0;
    // The branch UA is the smallest; with 2 clues left or fewer, the first,
    // which spares two popcounts per UA and lets the bound stop as soon as
    // it exceeds the clues left.
    const sizing = left > 2;
    let best = base;
    let bestSize = 99;
    for (let i = base, end = base + counts[level]; i < end && (sizing || disjoint <= left); i++) {
      const m0 = L[2 * i];
      const m1 = L[2 * i + 1];
      // Branch-free: free is -1 when the UA misses the disjoint ones so far, else 0.
      const free = (((m0 & used0) | (m1 & used1)) - 1) >> 31;
      used0 |= m0 & free;
      used1 |= m1 & free;
      disjoint -= free;
      if (sizing) {
        const size = popcount2(m0, m1);
        if (size < bestSize) {
          bestSize = size;
          best = i;
        }
      }
    }
    if (disjoint > left) return;
    this.branch(level, L[2 * best], L[2 * best + 1], used0, used1, disjoint === left, s0, s1, d0, d1, c1, c2, true);
  }

  /**
   * The children of the path's node at `level` (clues s0/s1, c1 and c2 of
   * them, dead cells d0/d1): one per cell b0/b1 of its branch UA, each
   * tried cell dead for the next. When `critical` (its disjoint UAs
   * used0/used1 as many as the clues left), each clue left must hit one of
   * them, so every cell outside their union is dead in this subtree. A
   * node searched on masks (`listed` false, maskChild's) writes its list
   * only for a child that needs it.
   */
  private branch(
    level: number, b0: number, b1: number, used0: number, used1: number, critical: boolean,
    s0: number, s1: number, d0: number, d1: number, c1: number, c2: number, listed: boolean,
  ): void {
    const path = this.path;
    let dead0 = d0;
    let dead1 = d1;
    if (critical) {
      dead0 |= FULL & ~used0 & ~s0;
      dead1 |= FULL & ~used1 & ~s1;
    }
    while ((b0 | b1) !== 0) {
      let cell0 = 0;
      let cell1 = 0;
      if (b0 !== 0) {
        cell0 = b0 & -b0;
        b0 ^= cell0;
      } else {
        cell1 = b1 & -b1;
        b1 ^= cell1;
      }
      const n1 = cell0 !== 0 ? c1 + 1 : c1;
      const n2 = cell1 !== 0 ? c2 + 1 : c2;
      const ns0 = s0 | cell0;
      const ns1 = s1 | cell1;
      const a0 = path.canAdd(n1 + 1, n2) ? FULL & ~ns0 & ~dead0 : 0;
      const a1 = path.canAdd(n1, n2 + 1) ? FULL & ~ns1 & ~dead1 : 0;
      const childLeft = path.totalLimit(n1, n2) - n1 - n2;
      if (childLeft === 3 && this.bitMasks) {
        // Most nodes lie in such subtrees: searched on bit masks of this node's list instead of lists.
        const last = this.last;
        if (last.maskChild(level, cell0 !== 0 ? 31 - Math.clz32(cell0) : 58 - Math.clz32(cell1), cell0, cell1, dead0, dead1, n1, n2, a0, a1)) {
          this.branch(
            level + 1, last.branch0, last.branch1, last.used0, last.used1, last.critical,
            path.levelS0[level + 1], path.levelS1[level + 1], dead0, dead1, n1, n2, false,
          );
        }
      } else if (childLeft === 2 && level > 0 && this.bitMasks) {
        this.last.lastTwo(level, cell0 !== 0 ? 31 - Math.clz32(cell0) : 58 - Math.clz32(cell1), ns0, ns1, dead0, dead1, n1, n2, a0, a1);
      } else {
        // Near the pass's limits a child can be left one clue or none: searched on lists.
        if (!listed) this.last.materializeList(level);
        this.pushChild(level, cell0, cell1, dead0, dead1, n1, n2, a0, a1, childLeft === 1);
      }
      if (path.xyKillLevel <= level) {
        if (path.xyKillLevel === level) path.xyKillLevel = 99;
        return;
      }
      dead0 |= cell0;
      dead1 |= cell1;
    }
  }

  /**
   * Builds the list of the child of the path's node at `level` whose clue is
   * cell0/cell1 (the parent's unhit UAs it misses, cut to its live cells
   * a0/a1) and searches it, unless one of them has no live cell left (or,
   * with one clue left, they share none).
   */
  private pushChild(
    level: number, cell0: number, cell1: number, dead0: number, dead1: number,
    n1: number, n2: number, a0: number, a1: number, lastClue: boolean,
  ): void {
    const path = this.path;
    const L = path.levelW;
    const base = level * XY_CAPACITY;
    const child = base + XY_CAPACITY;
    let n = 0;
    let and0 = FULL;
    let and1 = FULL;
    let empty = 0;
    for (let i = base, end = base + path.levelCount[level]; i < end; i++) {
      // Branch-free (whether the clue hits a UA looks random): the UA is
      // written in any case and kept when the clue misses it.
      const m0 = L[2 * i];
      const m1 = L[2 * i + 1];
      const missed = (((m0 & cell0) | (m1 & cell1)) - 1) >>> 31;
      const r0 = m0 & a0;
      const r1 = m1 & a1;
      const skip = missed - 1; // 0 when kept, -1 when hit
      and0 &= r0 | skip;
      and1 &= r1 | skip;
      empty |= missed & (((r0 | r1) - 1) >>> 31);
      L[2 * (child + n)] = r0;
      L[2 * (child + n) + 1] = r1;
      n += missed;
    }
    if (empty !== 0 || (lastClue && (and0 | and1) === 0)) return;
    path.levelCount[level + 1] = n;
    path.levelLive0[level + 1] = a0;
    path.levelLive1[level + 1] = a1;
    this.xyNode(level + 1, path.levelS0[level] | cell0, path.levelS1[level] | cell1, dead0, dead1, n1, n2);
  }
}
