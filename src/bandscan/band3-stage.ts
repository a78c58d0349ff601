/**
 * The band-3 stage of a bands-1+2 leaf, shared by both engines (design
 * notes band-scan.md §1.6 steps 6-8, §1.7 "brute force on bands 1+2 before
 * band 3", §1.9): a clue set that hits every known UA of bands 1+2 asks
 * band 3 first (band3-bound.ts), so that the (costlier) uniqueness check
 * runs only where some band 3 could take the clues left; a check that
 * finds bands 1+2 not unique hands its fresh UA back to the engine; a
 * valid X+Y gets, for each band 3 that passes the bound (and at a closed
 * node the exact cover test), one joint search (joint-search.ts, or split
 * by its last clue: last-slot.ts) from a root list built here.
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import type { Band3Bound } from "./band3-bound.js";
import type { EntryGrid } from "./entry-grid.js";
import { PATTERNS_PER_BAND3, SOCKET_COUNT } from "./gua-sockets.js";
import { JOINT_CAPACITY, type JointSearch } from "./joint-search.js";
import type { LastSlot } from "./last-slot.js";
import { B3_LEARNED, type LearnedUAs } from "./learned-uas.js";
import type { Scan17Stats } from "./scan17-stats.js";
import { FULL, type ScanPath } from "./scan-path.js";
import { SOCKET_FORCED, SOCKET_OFF, type SocketStates } from "./socket-states.js";

/**
 * Entries with at most this many bands 3 test a closed leaf's exact band-3
 * covers before its bands-1+2 check, as Sk_S17VB does: the check is then
 * made 8-12 times less often, at the price of the fresh UAs the skipped
 * checks would have found (14-21% more nodes). That pays where the band-3
 * stage is cheap, the entries with few bands 3 of the top ranks, and not
 * where most of a leaf's work is its bands 3 (docs/BENCHMARKS.md).
 */
const COVER_FIRST_BANDS3 = 5;

export class Band3Stage {
  /** The stages it drives, and what the joint searches' root lists are made of (band3Roots). */
  constructor(
    private readonly path: ScanPath,
    private readonly grid: EntryGrid,
    private readonly bound: Band3Bound,
    private readonly joint: JointSearch,
    private readonly slot: LastSlot,
    private readonly uas: LearnedUAs,
    private readonly states: SocketStates,
    private readonly stats: Scan17Stats,
  ) {}

  /**
   * A bands-1+2 leaf (every known UA hit), the path's node at `level`:
   * false when it is done (no band 3 can take its clues, or it is valid and
   * its 17s are searched), true when its check found a fresh UA
   * (twoBands.difference).
   */
  xyLeaf(level: number, s0: number, s1: number, d0: number, d1: number, c1: number, c2: number): boolean {
    // Band 3 first: when no band 3 can take its clues, the (costlier)
    // uniqueness check is not needed, and neither is anything below.
    const f0 = FULL & ~s0 & ~d0;
    const f1 = FULL & ~s1 & ~d1;
    const hopeful = this.bound.firstHopefulBand3(level, c1, c2, f0, f1);
    if (hopeful < 0) {
      this.stats.xyBand3Cut++;
      return false;
    }
    if (this.grid.entry!.bands3Count <= COVER_FIRST_BANDS3 && !this.anyClosedCover(level, hopeful, c1, c2, f0, f1)) {
      this.stats.xyCoverCut++;
      return false;
    }
    this.stats.xyChecks++;
    if (this.grid.bands12Unique(s0, s1)) {
      this.stats.xyValid++;
      this.validXY(level, hopeful, s0, s1, c1, c2, f0, f1);
      return false;
    }
    this.stats.xyFreshUAs++;
    return true;
  }

  /**
   * False when the path's node at `level` is closed (no bands-1+2 cell can
   * be added: f0/f1 are its free cells) and no band 3 from `hopeful` on,
   * the first that passed the bound, passes its exact cover test; true
   * otherwise. validXY's tests of a closed node, without the check first.
   */
  private anyClosedCover(level: number, hopeful: number, c1: number, c2: number, f0: number, f1: number): boolean {
    const path = this.path;
    if ((path.canAdd(c1 + 1, c2) ? f0 : 0) !== 0 || (path.canAdd(c1, c2 + 1) ? f1 : 0) !== 0) return true;
    const states = this.states;
    const left = path.clues - c1 - c2;
    let parent = -1;
    let column = 0;
    if (level > 0) {
      parent = states.socketMissedAt(level - 1);
      column = SOCKET_COUNT * path.clueCell(level);
    } else {
      states.beginSocketBound(level, 0, 0);
    }
    for (let b = hopeful, bands3 = this.grid.entry!.bands3Count; b < bands3; b++) {
      if (this.closedCoverPasses(b, hopeful, level, left, parent, column)) return true;
    }
    return false;
  }

  /**
   * The exact test of band 3 b at the path's closed node at `level` (its
   * sockets from the parent's vector at `parent` and its clue's `column`
   * when level > 0): only the cover where band `hopeful`'s bound, the last
   * one firstHopefulBand3 computed at this node, left its state.
   */
  private closedCoverPasses(b: number, hopeful: number, level: number, left: number, parent: number, column: number): boolean {
    const bound = this.bound;
    if (b === hopeful && bound.passedNode === this.path.levelNode[level] && bound.passedBand === b) {
      return bound.bandCover(b, left, bound.passedForced, bound.passedWaiting);
    }
    // Another band's tests overwrite the state kept for band `hopeful`: it is not reused after them.
    bound.restart();
    return level > 0 ? bound.closedBound(b, level, left, true, parent, column) : bound.band3Hopeful(b, level, 0, 0, left, true);
  }

  /**
   * A valid X+Y (s0, s1, with c1 and c2 clues): its 17s add band-3 clues
   * and possibly more clues of bands 1+2, taken from the free cells f0/f1
   * (neither clues nor dead in the bands-1+2 search, so each bands-1+2 set
   * belongs to exactly one valid node). For each band 3, one joint
   * hitting-set search over those free cells and band 3 finds them. The
   * bands 3 before `hopeful` failed the band-3 bound already.
   */
  private validXY(level: number, hopeful: number, s0: number, s1: number, c1: number, c2: number, f0: number, f1: number): void {
    const path = this.path;
    const states = this.states;
    const grid = this.grid;
    const joint = this.joint;
    const bound = this.bound;
    const entry = grid.entry!;
    const stats = this.stats;
    const live0 = path.canAdd(c1 + 1, c2) ? f0 : 0;
    const live1 = path.canAdd(c1, c2 + 1) ? f1 : 0;
    const closed = (live0 | live1) === 0;
    // A closed node reads its sockets from its parent's vector and its
    // clue, as firstHopefulBand3 did; its own vector is built only for a
    // band 3 whose joint search starts (most fail the cover).
    const fromParent = closed && level > 0;
    let parent = -1;
    let column = 0;
    if (fromParent) {
      parent = states.socketMissedAt(level - 1);
      column = SOCKET_COUNT * path.clueCell(level);
    } else {
      states.beginSocketBound(level, live0, live1);
    }
    for (let b = 0; b < entry.bands3Count; b++) {
      stats.band3Problems++;
      // Learning in one band 3's search changes only that band 3's bound.
      // Band 3 `hopeful` passed the bound already; only its exact cover test is new, and only when closed.
      const ask = b > hopeful || (b === hopeful && closed);
      const left = path.clues - c1 - c2;
      if (b < hopeful || (ask && !(closed ? this.closedCoverPasses(b, hopeful, level, left, parent, column) : bound.band3Hopeful(b, level, live0, live1, left, true)))) {
        stats.band3Dropped++;
        continue;
      }
      if (fromParent) states.beginSocketBound(level, live0, live1);
      const n = this.band3Roots(b, level, live0, live1);
      grid.setBand3(b);
      joint.setRoot(n, live0, live1);
      if (!closed && this.slot.lastSlot(c1, c2, live0, live1)) {
        this.slot.splitLastSlot(s0, s1, c1, c2, live0, live1);
      } else {
        joint.jointNode(0, s0, s1, 0, f0, f1, FULL, c1, c2, 0);
      }
    }
  }

  /**
   * The root list of band 3 b's joint search from the clues of the path's
   * node at `level`: band 3's own UAs, one GUA per socket of band 3 b whose
   * parts the clues miss, and the learned 3-band UAs the clues miss, their
   * bands-1+2 cells cut to live0/live1. Returns its length.
   */
  private band3Roots(b: number, level: number, live0: number, live1: number): number {
    const uas = this.uas;
    const states = this.states;
    const joint = this.joint;
    const L0 = joint.jW0;
    const L1 = joint.jW1;
    const L2 = joint.jW2;
    const learned = uas.learned;
    let n = 0;
    for (let i = uas.bandUAStart[b], end = uas.bandUAStart[b + 1]; i < end; i++) {
      L0[n] = 0;
      L1[n] = 0;
      L2[n++] = uas.bandUAs[i];
    }
    // The GUAs of the sockets band 3 b carries whose parts the clues miss.
    const sockets = states.sockets;
    for (let k = PATTERNS_PER_BAND3 * b, end = k + PATTERNS_PER_BAND3; k < end; k++) {
      const s = sockets.bandSocket[k];
      const state = states.socketStateAt(s);
      if (state === SOCKET_OFF) continue;
      const m2 = sockets.bandCells[k];
      if (state === SOCKET_FORCED) {
        L0[n] = 0;
        L1[n] = 0;
        L2[n++] = m2;
        continue;
      }
      // The smallest missed part only: the others are learned if a check needs them.
      L0[n] = states.socketMix0[s];
      L1[n] = states.socketMix1[s];
      L2[n++] = m2;
    }
    for (let k = sockets.extraStart[b], end = sockets.extraStart[b + 1]; k < end; k++) {
      const s = sockets.extraSocket[k];
      const state = states.socketStateAt(s);
      if (state === SOCKET_OFF) continue;
      L0[n] = state === SOCKET_FORCED ? 0 : states.socketMix0[s];
      L1[n] = state === SOCKET_FORCED ? 0 : states.socketMix1[s];
      L2[n++] = sockets.extraCells[k];
    }
    const vector = uas.missedAt(level, b);
    for (let block = 0, blocks = (uas.learnedCount[b] + 31) >>> 5; block < blocks; block++) {
      for (let missed = uas.missed[vector + block]; missed !== 0 && n < JOINT_CAPACITY; missed &= missed - 1) {
        const i = 3 * (B3_LEARNED * b + 32 * block + 31 - Math.clz32(missed & -missed));
        // A learned UA always has band-3 cells, so it stays hittable.
        L0[n] = learned[i] & live0;
        L1[n] = learned[i + 1] & live1;
        L2[n++] = learned[i + 2];
      }
    }
    return n;
  }
}
