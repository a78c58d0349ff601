/**
 * The joint search of a valid bands-1+2 clue set X+Y and one band 3 (design
 * notes band-scan.md §1.9; seed 001's critical mode): one hitting-set
 * search over band 3 and the free cells of bands 1+2 (the supersets of X+Y
 * that the bands-1+2 node owns), so that every 17 of the pass holding X+Y
 * is found once. Its root list (band3-stage.ts) holds band 3's own UAs,
 * one GUA per socket whose parts the clues miss, and the learned UAs they
 * miss. Each node bounds the clues still needed (mini-row needs of the
 * band-3-only UAs plus greedy disjoint others); where the bound equals the
 * clues left, every clue left goes to the groups counted, and the cells
 * outside them die (narrowCritical). A set that hits every UA is checked
 * in full: unique, its completions are 17s; if not, the check's 3-band UA
 * is learned for the band 3 (learned-uas.ts) and joins every level's list.
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import { popcount } from "../core/bits.js";
import { joinMiniRow, MINIROW_NEED, MINIROW_OF, ROW_SHIFT, rowCells } from "./band3-cover.js";
import type { EntryGrid } from "./entry-grid.js";
import type { Scan17Hit } from "./hit.js";
import type { LearnedUAs } from "./learned-uas.js";
import type { Scan17Pass } from "./pass-limits.js";
import type { Scan17Stats } from "./scan17-stats.js";
import type { SocketStates } from "./socket-states.js";
import { FULL, MAX_SCAN_CLUES, type ScanPath } from "./scan-path.js";

/** Room for each level's list of the joint search. */
export const JOINT_CAPACITY = 2048;
/** A joint search adds at most MAX_SCAN_CLUES - 4 clues (a band can need as few as 2). */
const MAX_DEPTH_JOINT = MAX_SCAN_CLUES - 3;

export class JointSearch {
  // Per-level lists (band words of bands 1, 2, 3), counts, live cells; level 0 is the root.
  readonly jW0 = new Int32Array(JOINT_CAPACITY * (MAX_DEPTH_JOINT + 1));
  readonly jW1 = new Int32Array(JOINT_CAPACITY * (MAX_DEPTH_JOINT + 1));
  readonly jW2 = new Int32Array(JOINT_CAPACITY * (MAX_DEPTH_JOINT + 1));
  readonly jCount = new Int32Array(MAX_DEPTH_JOINT + 2);
  readonly jLive0 = new Int32Array(MAX_DEPTH_JOINT + 2);
  readonly jLive1 = new Int32Array(MAX_DEPTH_JOINT + 2);
  readonly jLive2 = new Int32Array(MAX_DEPTH_JOINT + 2);
  /** Set when a fresh UA has no live cell at some level: the search unwinds to it. */
  jKillLevel = 99;
  /** jointNeed's mini-row patterns (one bit per pattern, band3-cover.ts). */
  private readonly miniRowFamily = new Int32Array(9);
  /** Cells of the groups counted by the last jointNeed. */
  private needCells0 = 0;
  private needCells1 = 0;
  private needCells2 = 0;
  /**
   * jointNeed's mini-rows with patterns (3 bits each), and its disjoint UAs:
   * as counted, and confined (narrowCritical). At a critical node there are
   * at most 13 (the clues left), so the 18 kept hold them all.
   */
  private needRows = 0;
  private groupCount = 0;
  private readonly group0 = new Int32Array(18);
  private readonly group1 = new Int32Array(18);
  private readonly group2 = new Int32Array(18);
  private readonly confined0 = new Int32Array(18);
  private readonly confined1 = new Int32Array(18);
  private readonly confined2 = new Int32Array(18);
  /** For each of the 81 cells, the disjoint UA of jointNeed holding it, or -1. */
  private readonly groupOf = new Int8Array(81);
  private onHit: (hit: Scan17Hit) => void = () => {};

  constructor(
    private readonly pass: Scan17Pass,
    private readonly path: ScanPath,
    private readonly grid: EntryGrid,
    private readonly uas: LearnedUAs,
    private readonly states: SocketStates,
    private readonly stats: Scan17Stats,
  ) {}

  /** Where the 17s of the entry go. */
  begin(onHit: (hit: Scan17Hit) => void): void {
    this.onHit = onHit;
  }

  /** Starts a search whose root list (level 0, written by the caller) holds n UAs, their bands-1+2 cells cut to live0/live1. */
  setRoot(n: number, live0: number, live1: number): void {
    this.jCount[0] = n;
    this.jLive0[0] = live0;
    this.jLive1[0] = live1;
    this.jLive2[0] = FULL;
    this.jKillLevel = 99;
  }

  /**
   * One node of a joint search: clues x0/x1 (bands 1+2, c1 and c2 of them)
   * and z (band 3, c3), cells still free to become clues free0/1/2; the
   * unhit UAs, restricted to this node's live cells, are the level's list.
   */
  jointNode(
    level: number, x0: number, x1: number, z: number,
    free0: number, free1: number, free2: number, c1: number, c2: number, c3: number,
  ): void {
    const path = this.path;
    const grid = this.grid;
    const stats = this.stats;
    stats.band3Nodes++;
    const L0 = this.jW0;
    const L1 = this.jW1;
    const L2 = this.jW2;
    const counts = this.jCount;
    const base = level * JOINT_CAPACITY;
    const left = path.clues - c1 - c2 - c3;
    if (counts[level] === 0) {
      stats.band3Checks++;
      if (grid.fullUnique(x0, x1, z)) {
        // Fewer than 17 clues already unique (a 16 or less; none is known): every completion is a 17.
        this.emitCompletions(x0, x1, z, free0, free1, free2, c1, c2, c3, 0);
        return;
      }
      this.learnCheck(level);
      if (this.jKillLevel <= level) {
        if (this.jKillLevel === level) this.jKillLevel = 99;
        return;
      }
    }
    if (left === 0) return;
    const need = this.jointNeed(base, counts[level]);
    if (need > left) return;
    if (need === left) {
      // Critical: every clue left is spent on the groups that made the bound.
      if (!this.narrowCritical(base, counts[level])) return;
      free0 &= this.needCells0;
      free1 &= this.needCells1;
      free2 &= this.needCells2;
      if (!this.widestUnique(level, x0, x1, z, free0, free1, free2, c1, c2)) return;
    }
    let best = base;
    let bestSize = 99;
    for (let i = base, end = base + counts[level]; i < end; i++) {
      const size = popcount(L0[i]) + popcount(L1[i]) + popcount(L2[i]);
      if (size < bestSize) {
        bestSize = size;
        best = i;
      }
    }
    let b0 = L0[best];
    let b1 = L1[best];
    let b2 = L2[best];
    const child = base + JOINT_CAPACITY;
    const lastClue = left === 2;
    while ((b0 | b1 | b2) !== 0) {
      let cell0 = 0;
      let cell1 = 0;
      let cell2 = 0;
      if (b0 !== 0) {
        cell0 = b0 & -b0;
        b0 ^= cell0;
      } else if (b1 !== 0) {
        cell1 = b1 & -b1;
        b1 ^= cell1;
      } else {
        cell2 = b2 & -b2;
        b2 ^= cell2;
      }
      const n1 = cell0 !== 0 ? c1 + 1 : c1;
      const n2 = cell1 !== 0 ? c2 + 1 : c2;
      const n3 = cell2 !== 0 ? c3 + 1 : c3;
      const nf0 = free0 & ~cell0;
      const nf1 = free1 & ~cell1;
      const nf2 = free2 & ~cell2;
      const a0 = path.canAdd(n1 + 1, n2) ? nf0 : 0;
      const a1 = path.canAdd(n1, n2 + 1) ? nf1 : 0;
      const a2 = nf2;
      let n = 0;
      let ok = true;
      let and0 = FULL;
      let and1 = FULL;
      let and2 = FULL;
      for (let i = base, end = base + counts[level]; i < end; i++) {
        const m0 = L0[i];
        const m1 = L1[i];
        const m2 = L2[i];
        if (((m0 & cell0) | (m1 & cell1) | (m2 & cell2)) !== 0) continue;
        const r0 = m0 & a0;
        const r1 = m1 & a1;
        const r2 = m2 & a2;
        and0 &= r0;
        and1 &= r1;
        and2 &= r2;
        if ((r0 | r1 | r2) === 0 || (lastClue && (and0 | and1 | and2) === 0)) {
          ok = false;
          break;
        }
        L0[child + n] = r0;
        L1[child + n] = r1;
        L2[child + n] = r2;
        n++;
      }
      if (ok) {
        counts[level + 1] = n;
        this.jLive0[level + 1] = a0;
        this.jLive1[level + 1] = a1;
        this.jLive2[level + 1] = a2;
        this.jointNode(level + 1, x0 | cell0, x1 | cell1, z | cell2, nf0, nf1, nf2, n1, n2, n3);
        if (this.jKillLevel <= level) {
          if (this.jKillLevel === level) this.jKillLevel = 99;
          return;
        }
      }
      // The cell tried is dead for the later siblings.
      free0 = nf0;
      free1 = nf1;
      free2 = nf2;
    }
  }

  /**
   * At a critical node the cells its clues can still take are few, so the
   * puzzle of its clues and all of them is checked before the subtree is:
   * if even that is not unique, no clue set below is, and the check's UA
   * lies wholly in cells the subtree cannot take, so the node dies. The
   * UA is learned as a leaf's would be. (Sk_S17 asks its solver the same
   * question before it descends in critical mode.) False when the node dies.
   */
  private widestUnique(
    level: number, x0: number, x1: number, z: number,
    free0: number, free1: number, free2: number, c1: number, c2: number,
  ): boolean {
    const path = this.path;
    const grid = this.grid;
    const stats = this.stats;
    const more0 = path.canAdd(c1 + 1, c2) ? free0 : 0;
    const more1 = path.canAdd(c1, c2 + 1) ? free1 : 0;
    stats.band3Checks++;
    if (grid.fullUnique(x0 | more0, x1 | more1, z | free2)) return true;
    this.learnCheck(level);
    if (this.jKillLevel === level) this.jKillLevel = 99;
    return false;
  }

  /**
   * Fewest more clues that can hit the UAs jW*[base..+count): mini-row
   * needs of the band-3-only UAs, plus a greedy set of pairwise disjoint
   * other UAs avoiding those mini-rows. needCells* get the cells counted.
   */
  private jointNeed(base: number, count: number): number {
    const L0 = this.jW0;
    const L1 = this.jW1;
    const L2 = this.jW2;
    const family = this.miniRowFamily;
    family.fill(0);
    let inRows = 0;
    for (let i = base, end = base + count; i < end; i++) {
      if ((L0[i] | L1[i]) !== 0) continue;
      const m = L2[i];
      const low = 31 - Math.clz32(m & -m);
      const shift = ROW_SHIFT[low];
      if ((m & ~(7 << shift)) === 0) {
        family[MINIROW_OF[low]] |= 1 << (m >>> shift);
        inRows |= 7 << shift;
      }
    }
    let need = 0;
    for (let r = 0; r < 9; r++) need += MINIROW_NEED[family[r]];
    let used0 = 0;
    let used1 = 0;
    let used2 = inRows;
    let groups = 0;
    for (let i = base, end = base + count; i < end; i++) {
      const m0 = L0[i];
      const m1 = L1[i];
      const m2 = L2[i];
      if (((m0 & used0) | (m1 & used1) | (m2 & used2)) === 0) {
        used0 |= m0;
        used1 |= m1;
        used2 |= m2;
        need++;
        if (groups < this.group0.length) {
          this.group0[groups] = m0;
          this.group1[groups] = m1;
          this.group2[groups++] = m2;
        }
      }
    }
    this.needCells0 = used0;
    this.needCells1 = used1;
    this.needCells2 = used2;
    this.needRows = inRows;
    this.groupCount = groups;
    return need;
  }

  /**
   * At a critical node (jointNeed equal to the clues left), every clue left
   * goes to the groups counted, nothing outside them: each mini-row exactly
   * its need, in a smallest set of its cells hitting its patterns
   * (ROW_CELLS), and each disjoint UA exactly one. So a UA with no cell
   * there cannot be hit (false: the node is dead), one whose cells there lie
   * in a mini-row joins that row's patterns (dead if the row's need grows),
   * and one whose cells there lie in a single disjoint UA confines that
   * UA's clue to them. needCells* get the cells the clues may still take.
   */
  private narrowCritical(base: number, count: number): boolean {
    const L0 = this.jW0;
    const L1 = this.jW1;
    const L2 = this.jW2;
    const family = this.miniRowFamily;
    const inRows = this.needRows;
    const groups = this.groupCount;
    const groupOf = this.groupOf;
    const g0 = this.group0;
    const g1 = this.group1;
    const g2 = this.group2;
    const k0 = this.confined0;
    const k1 = this.confined1;
    const k2 = this.confined2;
    groupOf.fill(-1);
    for (let g = 0; g < groups; g++) {
      for (let w = g0[g]; w !== 0; w &= w - 1) groupOf[31 - Math.clz32(w & -w)] = g;
      for (let w = g1[g]; w !== 0; w &= w - 1) groupOf[58 - Math.clz32(w & -w)] = g;
      for (let w = g2[g]; w !== 0; w &= w - 1) groupOf[85 - Math.clz32(w & -w)] = g;
      k0[g] = g0[g];
      k1[g] = g1[g];
      k2[g] = g2[g];
    }
    const allowed0 = this.needCells0;
    const allowed1 = this.needCells1;
    let allowed2 = (this.needCells2 & ~inRows) | rowCells(family, inRows);
    let changed = false;
    for (let i = base, end = base + count; i < end; i++) {
      const a0 = L0[i] & allowed0;
      const a1 = L1[i] & allowed1;
      const a2 = L2[i] & allowed2;
      if ((a0 | a1 | a2) === 0) return false;
      const cell = a0 !== 0 ? 31 - Math.clz32(a0 & -a0) : a1 !== 0 ? 58 - Math.clz32(a1 & -a1) : 85 - Math.clz32(a2 & -a2);
      const g = groupOf[cell];
      if (g >= 0) {
        if (((a0 & ~g0[g]) | (a1 & ~g1[g]) | (a2 & ~g2[g])) === 0 && ((k0[g] & ~a0) | (k1[g] & ~a1) | (k2[g] & ~a2)) !== 0) {
          k0[g] &= a0;
          k1[g] &= a1;
          k2[g] &= a2;
          if ((k0[g] | k1[g] | k2[g]) === 0) return false;
          changed = true;
        }
      } else if (cell >= 54) {
        // Cells outside the disjoint UAs are band-3 cells of the mini-rows.
        const joined = joinMiniRow(family, a2, cell - 54 - ((cell - 54) % 3));
        if (joined < 0) return false;
        if (joined > 0) changed = true;
      }
    }
    if (changed) {
      let n0 = 0;
      let n1 = 0;
      let n2 = rowCells(family, inRows);
      for (let g = 0; g < groups; g++) {
        n0 |= k0[g];
        n1 |= k1[g];
        n2 |= k2[g];
      }
      this.needCells0 = allowed0 & n0;
      this.needCells1 = allowed1 & n1;
      allowed2 &= n2;
    }
    this.needCells2 = allowed2;
    return true;
  }

  /**
   * The 3-band UA of a check that failed at `level`: kept for the later
   * clue sets, by its band 3 and by its socket when it is a GUA, and added
   * to the lists of this search's levels.
   */
  private learnCheck(level: number): void {
    this.stats.band3FreshUAs++;
    const diff = this.grid.solver.difference;
    const w0 = diff[0];
    const w1 = diff[1];
    const w2 = diff[2];
    const b = this.grid.band3;
    this.uas.learn(b, w0, w1, w2);
    this.states.learnPart(b, w0, w1, w2);
    this.addFreshJoint(w0, w1, w2, level);
  }

  /** As addFreshXY, for the joint search. */
  private addFreshJoint(w0: number, w1: number, w2: number, level: number): void {
    const counts = this.jCount;
    for (let j = 0; j <= level; j++) {
      const r0 = w0 & this.jLive0[j];
      const r1 = w1 & this.jLive1[j];
      const r2 = w2 & this.jLive2[j];
      if ((r0 | r1 | r2) === 0) {
        this.jKillLevel = j;
        return;
      }
      if (counts[j] < JOINT_CAPACITY) {
        const k = j * JOINT_CAPACITY + counts[j]++;
        this.jW0[k] = r0;
        this.jW1[k] = r1;
        this.jW2[k] = r2;
      }
    }
  }

  /** Every completion to the clue count sought of a unique set, within the pass's limits (cells from `from` on, so each once). */
  private emitCompletions(
    x0: number, x1: number, z: number, free0: number, free1: number, free2: number,
    c1: number, c2: number, c3: number, from: number,
  ): void {
    const path = this.path;
    if (c1 + c2 + c3 === path.clues) {
      this.output(x0, x1, z);
      return;
    }
    for (let cell = from; cell < 81; cell++) {
      const band = (cell / 27) | 0;
      const bit = 1 << (cell - 27 * band);
      if (band === 0 && (free0 & bit) !== 0 && path.canAdd(c1 + 1, c2)) {
        this.emitCompletions(x0 | bit, x1, z, free0, free1, free2, c1 + 1, c2, c3, cell + 1);
      } else if (band === 1 && (free1 & bit) !== 0 && path.canAdd(c1, c2 + 1)) {
        this.emitCompletions(x0, x1 | bit, z, free0, free1, free2, c1, c2 + 1, c3, cell + 1);
      } else if (band === 2 && (free2 & bit) !== 0) {
        this.emitCompletions(x0, x1, z | bit, free0, free1, free2, c1, c2, c3 + 1, cell + 1);
      }
    }
  }

  private output(x0: number, x1: number, z: number): void {
    const grid = this.grid;
    const entry = grid.entry!;
    if (!grid.fullUnique(x0, x1, z)) throw new Error(`band scan: a ${this.path.clues}-clue puzzle failed its final uniqueness check (bug)`);
    const g = grid.cells;
    let text = "";
    for (let cell = 0; cell < 81; cell++) {
      const band = (cell / 27) | 0;
      const word = band === 0 ? x0 : band === 1 ? x1 : z;
      text += (word >>> (cell - 27 * band)) & 1 ? String(g[cell]) : ".";
    }
    this.stats.puzzles++;
    this.onHit({
      pass: this.pass,
      puzzle: text,
      ranks: [entry.rank, entry.band2Rank, entry.bands3Ranks[grid.band3]],
      slice: entry.slice,
    });
  }
}
