/**
 * The band scan of one entry (design notes band-scan.md §1.7, §1.9): every
 * 17 of every grid band 1 + band 2 + band 3 of the entry, within one pass's
 * clue limits. The stages, each in its own file:
 *
 * 1. The bands-1+2 expansion (expansion.ts): an exhaustive hitting-set
 *    search over the UAs of bands 1+2 (band12-uas.ts), branching on the UA
 *    with fewest live cells; a cell tried at a level is dead for its later
 *    siblings, so each clue set comes once. Fresh UAs join the list of
 *    every level on the path (scan-path.ts). The last two clues (and the
 *    node with three left) are searched on bit masks (last-clues.ts).
 * 2. When a set hits every known UA, band 3 is asked first (band3-stage.ts):
 *    the closed-leaf band-3 bound (band3-bound.ts) counts the clues still
 *    needed from the learned 3-band UAs the set misses (learned-uas.ts),
 *    the GUAs of the entry's sockets (gua-sockets.ts, collected up front,
 *    so the bound is strong from the first X+Y; their states at the node:
 *    socket-states.ts) and band 3's own UAs; if no band 3 can take them,
 *    the node dies without a uniqueness check.
 * 3. Otherwise bands 1+2 are solved with a band 3 given in full
 *    (entry-grid.ts): a second solution is a fresh UA and the search goes
 *    on; a unique set is a valid X+Y. For each band 3, one joint band-3
 *    search (joint-search.ts; split by its last bands-1+2 clue when only
 *    one can be added: last-slot.ts) over band 3 and the free cells of
 *    bands 1+2 (the supersets of X+Y this node owns) finds its 17s; each
 *    check there returns a 3-band UA, learned for that band 3.
 *
 * The X×Y chunks engine (xy-chunks.ts) searches bands 1+2 its own way and
 * hands each complete clue set to steps 2-3 here (beginEntry, setPathNode,
 * closedXY): the band-3 stage is one piece of code for both engines.
 *
 * The stages are objects of their own, wired once here; each keeps its
 * state in typed arrays of fixed size, allocated once per scanner, and
 * calls the others through fields that always hold the same class, so the
 * calls stay monomorphic and the small ones are inlined.
 *
 * All cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import { collectBand12UAs } from "./band12-uas.js";
import { Band3Bound } from "./band3-bound.js";
import { Band3Stage } from "./band3-stage.js";
import type { EntryData } from "./entry-data.js";
import { EntryGrid } from "./entry-grid.js";
import { Band12Expansion } from "./expansion.js";
import type { Scan17Hit } from "./hit.js";
import { JointSearch } from "./joint-search.js";
import { LastClues } from "./last-clues.js";
import { LastSlot } from "./last-slot.js";
import { LearnedUAs } from "./learned-uas.js";
import { type ClueLimits, passClueLimits, type Scan17Pass } from "./pass-limits.js";
import { Scan17Stats } from "./scan17-stats.js";
import { FULL, ScanPath, XY_CAPACITY } from "./scan-path.js";
import { SocketStates } from "./socket-states.js";

/**
 * Digit floors of the GUA sockets' parts. Pass-2 entries cost seconds
 * each, so 5-digit floors (0.2-0.5 s per entry) pay; pass-1 entries (at
 * most 10 clues in bands 1+2) cost about 0.5 s and take 4-digit floors.
 */
const FLOOR_DIGITS_PASS1 = 4;
const FLOOR_DIGITS = 5;

export class EntryScanner17 {
  private readonly path: ScanPath;
  private readonly grid = new EntryGrid();
  private readonly uas: LearnedUAs;
  private readonly states: SocketStates;
  private readonly bound: Band3Bound;
  private readonly joint: JointSearch;
  private readonly stage: Band3Stage;
  private readonly last: LastClues;
  private readonly expansion: Band12Expansion;

  /**
   * @param bitMasks false: the last three clues are searched on lists like
   *   the others (no maskChild, no lastTwo); the same leaves in the same
   *   order, more slowly. For cross-checks.
   */
  constructor(
    readonly pass: Scan17Pass,
    readonly stats: Scan17Stats = new Scan17Stats(),
    readonly bitMasks = true,
    limits: ClueLimits = passClueLimits(pass),
  ) {
    const path = new ScanPath(limits);
    const grid = this.grid;
    this.path = path;
    this.uas = new LearnedUAs(path);
    this.states = new SocketStates(path, limits.mostTotal[0] <= 10 ? FLOOR_DIGITS_PASS1 : FLOOR_DIGITS);
    this.bound = new Band3Bound(path, grid, this.uas, this.states, stats);
    this.joint = new JointSearch(pass, path, grid, this.uas, this.states, stats);
    const slot = new LastSlot(path, this.joint, this.bound);
    this.stage = new Band3Stage(path, grid, this.bound, this.joint, slot, this.uas, this.states, stats);
    this.last = new LastClues(path, this.stage, grid, stats);
    this.expansion = new Band12Expansion(path, this.last, this.stage, grid, stats, bitMasks);
  }

  /**
   * Scans one entry: every 17 of the pass with its bands 1+2 clues in the
   * entry's grid and its band 3 among the entry's bands 3. `allowed0` and
   * `allowed1` restrict the clues of band 1 and band 2 to those cells (bit
   * i = cell i of the band), as gridchecker's mask does for the grid scan:
   * the 17s whose bands-1+2 clues lie inside are all output, and the others
   * not searched (a replay with a few cells beside the known 17's costs
   * milliseconds instead of seconds).
   */
  scanEntry(entry: EntryData, onHit: (hit: Scan17Hit) => void, allowed0 = FULL, allowed1 = FULL): void {
    const uas = this.beginEntry(entry, onHit);
    if (uas === null) return;
    const path = this.path;
    const L = path.levelW;
    const n = Math.min(uas.length / 3, XY_CAPACITY);
    const live0 = allowed0 & FULL;
    const live1 = allowed1 & FULL;
    let hittable = true;
    for (let i = 0; i < n; i++) {
      L[2 * i] = uas[3 * i] & live0;
      L[2 * i + 1] = uas[3 * i + 1] & live1;
      // A UA outside the allowed cells: no clue set inside them is unique.
      if ((L[2 * i] | L[2 * i + 1]) === 0) hittable = false;
    }
    this.stats.band12UAs += n;
    // The root list: every UA cut to the allowed cells; fresh UAs are appended to it.
    path.levelCount[0] = n;
    path.levelLive0[0] = live0;
    path.levelLive1[0] = live1;
    path.xyKillLevel = 99;
    if (hittable) this.expansion.xyNode(0, 0, 0, FULL & ~live0, FULL & ~live1, 0, 0);
    this.endEntry();
  }

  /**
   * Starts an entry for scanEntry or for the X×Y engine (xy-chunks.ts):
   * its bands 3, GUA sockets and node serials. Returns the UAs of bands
   * 1+2 (band words, three per UA, smallest first), or null when the entry
   * has no band 3.
   */
  beginEntry(entry: EntryData, onHit: (hit: Scan17Hit) => void): Int32Array | null {
    const stats = this.stats;
    stats.entries++;
    stats.bands3 += entry.bands3Count;
    if (entry.bands3Count === 0) return null;
    this.grid.begin(entry);
    this.joint.begin(onHit);
    this.uas.prepare(entry);
    this.states.sockets.collect(this.grid.cells, entry.bands3, entry.bands3Count);
    // Node serials restart with each entry: nothing cached for an earlier entry's node may be read.
    this.states.restart();
    this.last.restart();
    this.bound.restart();
    this.path.nodeSerial = 0;
    return collectBand12UAs(this.grid.cells).sorted();
  }

  endEntry(): void {
    this.grid.end();
  }

  /**
   * The X×Y engine's path (xy-chunks.ts): the node at `level` now holds
   * clues s0/s1, one more than the node at level - 1 (level 0 holds none).
   * Everything cached for the level's former node is dropped with its serial.
   */
  setPathNode(level: number, s0: number, s1: number): void {
    this.path.setNode(level, s0, s1);
  }

  /**
   * The X×Y engine's complete bands-1+2 clue set, the path's node at
   * `level` (c1 and c2 clues; no more bands-1+2 clues are added): the
   * band-3 bound, then the uniqueness check, then one band-3 search per
   * band 3, as a closed leaf of the bands-1+2 search. True when the check
   * found bands 1+2 not unique: the fresh UA is then freshUA(0), freshUA(1).
   */
  closedXY(level: number, c1: number, c2: number): boolean {
    return this.stage.xyLeaf(level, this.path.levelS0[level], this.path.levelS1[level], FULL, FULL, c1, c2);
  }

  /** Band word `band` (0 or 1) of the fresh UA of the last check that failed. */
  freshUA(band: number): number {
    return this.grid.twoBands.difference[band];
  }
}
