/**
 * The last clues of the bands-1+2 search (the expansion engine,
 * expansion.ts), searched on bit masks instead of lists. Most nodes of the
 * search lie in subtrees with 3 clues left or fewer, where building a
 * filtered list per child costs more than the child's own work. So the
 * list of the node with 3 clues left is turned once into bit masks
 * (twoHits: per cell, which of its UAs hold it, in blocks of 32 UAs), and
 * a descendant's unhit UAs are one AND-NOT per block and clue. The child
 * with 3 clues left reads its bound and branch UA from the masks
 * (maskChild); the subtree with 2 clues left (lastTwo) visits the same
 * leaves, in the same order, as the lists would, with the last clue taken
 * from the cells every UA left unhit shares.
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import { lowBits, popcount2, transposeBits32 } from "../core/bits.js";
import type { Band3Stage } from "./band3-stage.js";
import type { EntryGrid } from "./entry-grid.js";
import type { Scan17Stats } from "./scan17-stats.js";
import { FULL, type ScanPath, XY_CAPACITY } from "./scan-path.js";

/** Room for the UAs of lastTwo's masks: a node's whole list, plus fresh UAs when the list is full. */
const TWO_CAPACITY = 2 * XY_CAPACITY;
const TWO_BLOCKS = TWO_CAPACITY / 32;

export class LastClues {
  /**
   * lastTwo's bit masks of one node's list (the node with serial twoNode,
   * the grandparent of the nodes with 2 clues left that read them):
   * bit i%32 of twoHits[54 * (i/32) + c] says UA i contains cell c
   * (0..53); twoW0/twoW1 hold the UAs' cells. The first twoListed mirror the
   * node's list; when the list is full, fresh UAs are added here only.
   */
  private readonly twoHits = new Int32Array(54 * TWO_BLOCKS);
  private readonly twoW0 = new Int32Array(TWO_CAPACITY);
  private readonly twoW1 = new Int32Array(TWO_CAPACITY);
  private twoNode = -1;
  private twoCount = 0;
  private twoListed = 0;
  /** The masks' UAs that lastTwo's node with 3 clues left (serial twoPNode) leaves unhit. */
  private readonly twoP = new Int32Array(TWO_BLOCKS);
  private twoPNode = -1;
  /** The same for its child with 2 clues left. */
  private readonly twoU = new Int32Array(TWO_BLOCKS);
  /** materializeList's last node (serial) and the masks' count then. */
  private listMaterialized = -1;
  private materializedCount = 0;
  /** rebuildMasks' block of 32 UAs, band 1 then band 2, transposed in place. */
  private readonly transposeRows = new Int32Array(64);
  /** maskChild's branch, when it has one: its branch UA, disjoint UAs, and whether they are as many as the clues left. */
  branch0 = 0;
  branch1 = 0;
  used0 = 0;
  used1 = 0;
  critical = false;

  constructor(
    private readonly path: ScanPath,
    private readonly stage: Band3Stage,
    private readonly grid: EntryGrid,
    private readonly stats: Scan17Stats,
  ) {}

  /** Node serials restart with each entry: nothing cached for an earlier entry's node may be read. */
  restart(): void {
    this.twoNode = -1;
    this.twoPNode = -1;
  }

  /** Sets the path's node at `level` (clues s0/s1, live cells live0/live1) for a node that keeps no list. */
  private enterNode(level: number, s0: number, s1: number, live0: number, live1: number): void {
    const path = this.path;
    this.stats.xyNodes++;
    // The fields written here, not through path.setNode: 0.2% fewer instructions on slice 1196 (callgrind).
    path.levelNode[level] = path.nodeSerial++;
    path.levelS0[level] = s0;
    path.levelS1[level] = s1;
    path.levelLive0[level] = live0;
    path.levelLive1[level] = live1;
  }

  /**
   * A child with 3 clues left of the path's node at `level` (its clue
   * `cell`, 0..53, live cells a0/a1), searched on the bit masks of the
   * parent's list (syncMasks) and no list of its own: its unhit UAs are the
   * bits the clue leaves, one AND-NOT per 32 UAs, kept as lastTwo's twoP
   * (its children, all but a few, go to lastTwo on the same masks), and its
   * bound and branch UA are read from them in the same pass. True when the
   * child branches (the expansion's branch, on branch0/branch1, used0/used1
   * and critical; its clues are the path's at level + 1); false when it is
   * done.
   */
  maskChild(
    level: number, cell: number, cell0: number, cell1: number, dead0: number, dead1: number,
    n1: number, n2: number, a0: number, a1: number,
  ): boolean {
    const path = this.path;
    this.syncMasks(level);
    const hits = this.twoHits;
    const W0 = this.twoW0;
    const W1 = this.twoW1;
    const P = this.twoP;
    this.twoPNode = -1;
    // As xyNode: greedy disjoint UAs, and the smallest as branch UA.
    let used0 = 0;
    let used1 = 0;
    let disjoint = 0;
    let best = -1;
    let bestSize = 99;
    for (let k = 0, blocks = (this.twoCount + 31) >>> 5; k < blocks; k++) {
      const unhit = this.twoAll(k) & ~hits[54 * k + cell];
      P[k] = unhit;
      for (let u = unhit; u !== 0; u &= u - 1) {
        const i = 32 * k + 31 - Math.clz32(u & -u);
        const r0 = W0[i] & a0;
        const r1 = W1[i] & a1;
        if ((r0 | r1) === 0) return false;
        const free = (((r0 & used0) | (r1 & used1)) - 1) >> 31;
        used0 |= r0 & free;
        used1 |= r1 & free;
        disjoint -= free;
        const size = popcount2(r0, r1);
        if (size < bestSize) {
          bestSize = size;
          best = i;
        }
      }
    }
    const childLevel = level + 1;
    const s0 = path.levelS0[level] | cell0;
    const s1 = path.levelS1[level] | cell1;
    this.enterNode(childLevel, s0, s1, a0, a1);
    this.twoPNode = path.levelNode[childLevel];
    // Its list is written only if a child needs it (materializeList); fresh UAs written there meanwhile are dropped.
    path.levelCount[childLevel] = 0;
    this.listMaterialized = -1;
    if (best < 0) {
      // A leaf with clues to spare: its fresh UA, if any, is then the only one.
      if (!this.stage.xyLeaf(childLevel, s0, s1, dead0, dead1, n1, n2)) return false;
      best = this.twoFresh(childLevel, childLevel);
      if (path.xyKillLevel <= childLevel) {
        if (path.xyKillLevel === childLevel) path.xyKillLevel = 99;
        return false;
      }
      if (best < 0) return false;
      used0 = W0[best] & a0;
      used1 = W1[best] & a1;
      disjoint = 1;
    }
    const left = path.totalLimit(n1, n2) - n1 - n2;
    if (disjoint > left) return false;
    this.branch0 = W0[best] & a0;
    this.branch1 = W1[best] & a1;
    this.used0 = used0;
    this.used1 = used1;
    this.critical = disjoint === left;
    return true;
  }

  /**
   * Writes the list of maskChild's node at `level` from twoP (brought up to
   * date first: UAs listed above since were found below it), cut to its
   * live cells, in mask order, as maskChild once wrote it for every node.
   */
  materializeList(level: number): void {
    const path = this.path;
    this.syncTwo(level);
    if (this.listMaterialized === path.levelNode[level] && this.materializedCount === this.twoCount) return;
    const L = path.levelW;
    const P = this.twoP;
    const live0 = path.levelLive0[level];
    const live1 = path.levelLive1[level];
    let n = level * XY_CAPACITY;
    for (let k = 0, blocks = (this.twoCount + 31) >>> 5; k < blocks; k++) {
      for (let u = P[k]; u !== 0 && n < (level + 1) * XY_CAPACITY; u &= u - 1) {
        const i = 32 * k + 31 - Math.clz32(u & -u);
        L[2 * n] = this.twoW0[i] & live0;
        L[2 * n++ + 1] = this.twoW1[i] & live1;
      }
    }
    path.levelCount[level] = n - level * XY_CAPACITY;
    this.listMaterialized = path.levelNode[level];
    this.materializedCount = this.twoCount;
  }

  /**
   * The subtree of a child with 2 clues left of the path's node at `level`
   * (its clue `cell`, 0..53: clues s0/s1, c1 and c2 of them, dead cells
   * d0/d1, live cells a0/a1). It visits the same leaves, in the same order,
   * as xyNode would, but on the bit masks of the grandparent's list, built
   * once for all its grandchildren (syncTwo): the UAs a clue set misses are
   * one AND-NOT per 32 UAs, where xyNode filtered a list per child and
   * grandchild. Only the bound and the confinement of these two levels are
   * left out; they cut no leaf (the leaves' free cells, which the joint
   * search reads, differ only in closed leaves, where no bands-1+2 cell can
   * be added).
   */
  lastTwo(level: number, cell: number, s0: number, s1: number, d0: number, d1: number, c1: number, c2: number, a0: number, a1: number): void {
    const path = this.path;
    this.syncTwo(level);
    const hits = this.twoHits;
    const U = this.twoU;
    const W0 = this.twoW0;
    const W1 = this.twoW1;
    const cLevel = level + 1;
    const dLevel = level + 2;
    const eLevel = level + 3;
    this.enterNode(cLevel, s0, s1, a0, a1);
    let blocks = (this.twoCount + 31) >>> 5;
    let any = 0;
    for (let k = 0; k < blocks; k++) {
      const u = this.twoP[k] & ~hits[54 * k + cell];
      U[k] = u;
      any |= u;
    }
    if (any === 0) {
      if (!this.stage.xyLeaf(cLevel, s0, s1, d0, d1, c1, c2)) return;
      const fresh = this.twoFresh(level, cLevel);
      if (fresh >= 0) blocks = this.twoMark(fresh, blocks);
      if (path.xyKillLevel <= cLevel) {
        if (path.xyKillLevel === cLevel) path.xyKillLevel = 99;
        return;
      }
    }
    let dead0 = d0;
    let dead1 = d1;
    let j = 0;
    while (U[j >>> 5] === 0) j += 32;
    j += 31 - Math.clz32(U[j >>> 5] & -U[j >>> 5]);
    let b0 = W0[j] & a0;
    let b1 = W1[j] & a1;
    // The pass's limits for this clue's children depend only on its band: read once, not per cell.
    const band0Then0 = path.canAdd(c1 + 2, c2) ? FULL : 0;
    const band0Then1 = path.canAdd(c1 + 1, c2 + 1) ? FULL : 0;
    const band0Search = path.totalLimit(c1 + 1, c2) - c1 - c2 >= 2;
    const band1Then0 = band0Then1;
    const band1Then1 = path.canAdd(c1, c2 + 2) ? FULL : 0;
    const band1Search = path.totalLimit(c1, c2 + 1) - c1 - c2 >= 2;
    while ((b0 | b1) !== 0) {
      const inBand1 = b0 === 0;
      const bit = inBand1 ? b1 & -b1 : b0 & -b0;
      const cell0 = inBand1 ? 0 : bit;
      const cell1 = inBand1 ? bit : 0;
      b0 ^= cell0;
      b1 ^= cell1;
      const dCell = (inBand1 ? 58 : 31) - Math.clz32(bit);
      const n1 = cell0 !== 0 ? c1 + 1 : c1;
      const n2 = cell1 !== 0 ? c2 + 1 : c2;
      const ds0 = s0 | cell0;
      const ds1 = s1 | cell1;
      const live0 = (inBand1 ? band1Then0 : band0Then0) & ~ds0 & ~dead0;
      const live1 = (inBand1 ? band1Then1 : band0Then1) & ~ds1 & ~dead1;
      const search = inBand1 ? band1Search : band0Search;
      // The last clue must lie in every UA this cell leaves unhit (U &
      // ~hits[dCell]): the cells of the first, cut by the others until none
      // is left (most cells end after two or three).
      let k = -1;
      let e0 = 0;
      let e1 = 0;
      for (let q = 0; q < blocks; q++) {
        let u = U[q] & ~hits[54 * q + dCell];
        if (u === 0) continue;
        if (k < 0) {
          k = 32 * q + 31 - Math.clz32(u & -u);
          if (!search) break;
          e0 = W0[k] & live0;
          e1 = W1[k] & live1;
          u &= u - 1;
        }
        for (; u !== 0 && (e0 | e1) !== 0; u &= u - 1) {
          const i = 32 * q + 31 - Math.clz32(u & -u);
          e0 &= W0[i];
          e1 &= W1[i];
        }
        if ((e0 | e1) === 0) break;
      }
      // This node is entered only when it is a leaf or has one below (most have none).
      let entered = k < 0;
      if (k < 0) {
        this.enterNode(dLevel, ds0, ds1, live0, live1);
        let fresh = -1;
        if (this.stage.xyLeaf(dLevel, ds0, ds1, dead0, dead1, n1, n2)) {
          fresh = this.twoFresh(level, dLevel);
          if (fresh >= 0) blocks = this.twoMark(fresh, blocks);
        }
        if (path.xyKillLevel <= cLevel) {
          if (path.xyKillLevel === cLevel) path.xyKillLevel = 99;
          return;
        }
        if (path.xyKillLevel === dLevel) {
          path.xyKillLevel = 99;
        } else if (fresh >= 0 && search) {
          // The leaf's fresh UA is the only one left.
          e0 = W0[fresh] & live0;
          e1 = W1[fresh] & live1;
        }
      }
      if (search) {
        let deadE0 = dead0;
        let deadE1 = dead1;
        while ((e0 | e1) !== 0) {
          const inBand1 = e0 === 0;
          const bit = inBand1 ? e1 & -e1 : e0 & -e0;
          const last0 = inBand1 ? 0 : bit;
          const last1 = inBand1 ? bit : 0;
          e0 ^= last0;
          e1 ^= last1;
          if (!entered) {
            this.enterNode(dLevel, ds0, ds1, live0, live1);
            entered = true;
          }
          const m1 = last0 !== 0 ? n1 + 1 : n1;
          const m2 = last1 !== 0 ? n2 + 1 : n2;
          const es0 = ds0 | last0;
          const es1 = ds1 | last1;
          this.enterNode(
            eLevel, es0, es1,
            path.canAdd(m1 + 1, m2) ? FULL & ~es0 & ~deadE0 : 0,
            path.canAdd(m1, m2 + 1) ? FULL & ~es1 & ~deadE1 : 0,
          );
          if (this.stage.xyLeaf(eLevel, es0, es1, deadE0, deadE1, m1, m2)) {
            const fresh = this.twoFresh(level, eLevel);
            if (fresh >= 0) {
              blocks = this.twoMark(fresh, blocks);
              // The later last clues must hit it too.
              e0 &= W0[fresh];
              e1 &= W1[fresh];
            }
          }
          if (path.xyKillLevel <= cLevel) {
            if (path.xyKillLevel === cLevel) path.xyKillLevel = 99;
            return;
          }
          if (path.xyKillLevel === dLevel) {
            path.xyKillLevel = 99;
            break;
          }
          if (path.xyKillLevel === eLevel) path.xyKillLevel = 99;
          deadE0 |= last0;
          deadE1 |= last1;
        }
      }
      dead0 |= cell0;
      dead1 |= cell1;
    }
  }

  /** Block k of the set of all the masks' UAs. */
  private twoAll(k: number): number {
    return lowBits(this.twoCount - 32 * k);
  }

  /** Marks UA `index` unhit by lastTwo's node with 2 clues left; returns the blocks in use. */
  private twoMark(index: number, blocks: number): number {
    const k = index >>> 5;
    while (blocks <= k) this.twoU[blocks++] = 0;
    this.twoU[k] |= 1 << (index & 31);
    return blocks;
  }

  /** Makes lastTwo's masks mirror the list of the path's node at `level`. */
  private syncMasks(level: number): void {
    const path = this.path;
    const L = path.levelW;
    const base = level * XY_CAPACITY;
    if (this.twoNode !== path.levelNode[level]) {
      this.twoNode = path.levelNode[level];
      this.twoPNode = -1;
      this.rebuildMasks(base, path.levelCount[level]);
      return;
    }
    for (let i = this.twoListed, end = path.levelCount[level]; i < end; i++) {
      this.twoAdd(L[2 * (base + i)], L[2 * (base + i) + 1]);
    }
    this.twoListed = path.levelCount[level];
  }

  /**
   * Makes lastTwo's masks hold exactly the `count` UAs of levelW from entry
   * `base` on: each block of 32 UAs is one bit transposition per band (the
   * lists average 157 UAs of 15 cells at these nodes, so setting a bit per
   * cell cost twice as much); blocks an earlier, longer list left are
   * cleared, since fresh UAs are later ORed into them.
   */
  private rebuildMasks(base: number, count: number): void {
    const hits = this.twoHits;
    const rows = this.transposeRows;
    const L = this.path.levelW;
    const oldBlocks = (this.twoCount + 31) >>> 5;
    const blocks = (count + 31) >>> 5;
    for (let k = 0; k < blocks; k++) {
      const first = 32 * k;
      const size = Math.min(32, count - first);
      for (let i = 0; i < size; i++) {
        const u0 = L[2 * (base + first + i)];
        const u1 = L[2 * (base + first + i) + 1];
        this.twoW0[first + i] = u0;
        this.twoW1[first + i] = u1;
        rows[i] = u0;
        rows[32 + i] = u1;
      }
      rows.fill(0, size, 32);
      rows.fill(0, 32 + size, 64);
      transposeBits32(rows, 0);
      transposeBits32(rows, 32);
      const at = 54 * k;
      for (let c = 0; c < 27; c++) {
        hits[at + c] = rows[c];
        hits[at + 27 + c] = rows[32 + c];
      }
    }
    if (oldBlocks > blocks) hits.fill(0, 54 * blocks, 54 * oldBlocks);
    this.twoCount = count;
    this.twoListed = count;
  }

  /**
   * Makes lastTwo's masks mirror the list of the path's node at `level` - 1
   * (built once for all its grandchildren), and twoP the UAs of that list
   * the path's node at `level` leaves unhit.
   */
  private syncTwo(level: number): void {
    const path = this.path;
    const g = level - 1;
    const listed = this.twoCount;
    this.syncMasks(g);
    const P = this.twoP;
    if (this.twoPNode !== path.levelNode[level]) {
      this.twoPNode = path.levelNode[level];
      const cell = path.clueCell(level);
      for (let k = 0, blocks = (this.twoCount + 31) >>> 5; k < blocks; k++) P[k] = this.twoAll(k) & ~this.twoHits[54 * k + cell];
    } else {
      // UAs listed since the node at `level` was set come from its subtree: its clues miss them.
      for (let i = listed; i < this.twoCount; i++) this.twoUnhit(i);
    }
  }

  /** Marks UA `index` (just added to the masks) unhit by the path's node at lastTwo's `level`. */
  private twoUnhit(index: number): void {
    const k = index >>> 5;
    if ((index & 31) === 0) this.twoP[k] = 0;
    this.twoP[k] |= 1 << (index & 31);
  }

  /** Adds a UA (cells u0/u1) to lastTwo's masks; returns its index. */
  private twoAdd(u0: number, u1: number): number {
    const i = this.twoCount++;
    if (i >= TWO_CAPACITY) throw new Error(`band scan: more than ${TWO_CAPACITY} UAs at one node`);
    const hits = this.twoHits;
    const at = 54 * (i >>> 5);
    const bit = 1 << (i & 31);
    this.twoW0[i] = u0;
    this.twoW1[i] = u1;
    for (let w = u0; w !== 0; w &= w - 1) hits[at + 31 - Math.clz32(w & -w)] |= bit;
    for (let w = u1; w !== 0; w &= w - 1) hits[at + 58 - Math.clz32(w & -w)] |= bit;
    return i;
  }

  /**
   * The fresh UA of a lastTwo leaf at `leafLevel` (twoBands.difference), its
   * node with masks at `level`: as addFreshXY, every list up to `level` takes
   * it and a level where it has no live cell unwinds (xyKillLevel); the
   * levels below keep no list. Returns its index in the masks, or -1.
   */
  private twoFresh(level: number, leafLevel: number): number {
    const path = this.path;
    const grid = this.grid;
    const u0 = grid.twoBands.difference[0];
    const u1 = grid.twoBands.difference[1];
    const counts = path.levelCount;
    for (let j = 0; j <= leafLevel; j++) {
      const r0 = u0 & path.levelLive0[j];
      const r1 = u1 & path.levelLive1[j];
      if ((r0 | r1) === 0) {
        path.xyKillLevel = j;
        break;
      }
      if (j <= level && counts[j] < XY_CAPACITY) {
        const k = j * XY_CAPACITY + counts[j]++;
        path.levelW[2 * k] = r0;
        path.levelW[2 * k + 1] = r1;
      }
    }
    if (path.xyKillLevel <= level) return -1;
    if (path.levelCount[level - 1] > this.twoListed) {
      this.syncTwo(level);
      return this.twoCount - 1;
    }
    // The masks' list is full: the masks alone keep it.
    const index = this.twoAdd(u0 & path.levelLive0[level - 1], u1 & path.levelLive1[level - 1]);
    this.twoUnhit(index);
    return index;
  }
}
