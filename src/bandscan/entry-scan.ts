/**
 * The band scan of one entry (design notes band-scan.md §1.7, §1.9): every
 * 17 of every grid band 1 + band 2 + band 3 of the entry, within one pass's
 * clue limits.
 *
 * 1. Bands 1+2 (54 cells): an exhaustive hitting-set search over the UAs of
 *    bands 1+2 (band12-uas.ts), branching on the UA with fewest live cells;
 *    a cell tried at a level is dead for its later siblings, so each clue
 *    set comes once. Fresh UAs join the list of every level on the path.
 * 2. When a set hits every known UA, band 3 is asked first: from the
 *    learned 3-band UAs the set misses, the GUAs of the entry's sockets
 *    (gua-sockets.ts, collected up front, so the bound is strong from the
 *    first X+Y) and band 3's own UAs, a lower bound on the clues still
 *    needed (mini-row needs + disjoint UAs); if no band 3 can take them,
 *    the node dies without a uniqueness check.
 * 3. Otherwise bands 1+2 are solved with a band 3 given in full: a second
 *    solution is a fresh UA and the search goes on; a unique set is a valid
 *    X+Y. For each band 3, one joint hitting-set search over band 3 and the
 *    free cells of bands 1+2 (the supersets of X+Y this node owns) finds its
 *    17s; each check there returns a 3-band UA, learned for that band 3.
 *
 * The X×Y chunks engine (xy-chunks.ts) searches bands 1+2 its own way and
 * hands each complete clue set to steps 2-3 here (beginEntry, setPathNode,
 * closedXY): the band-3 stage is one piece of code for both engines.
 *
 * All cell sets are band words: bit i of word b = cell 27b + i.
 */
import { lowBits, popcount, popcount2, transposeBits32 } from "../core/bits.js";
import { BitboardSolver } from "../solver/bitboard.js";
import { TwoBandSolver } from "../solver/two-band.js";
import { collectBand12UAs } from "./band12-uas.js";
import { Band3Cover, MINIROW_NEED, MINIROW_OF, ROW_SHIFT, joinMiniRow, rowCells } from "./band3-cover.js";
import { bandGangsterUAs } from "../catalog/band-uas.js";
import { GuaSockets, MAX_EXTRA_PATTERNS, MAX_PARTS, NO_CELL_COLUMN, PATTERNS_PER_BAND3, SOCKET_COUNT } from "./gua-sockets.js";
import { MAX_BANDS3 } from "../catalog/entry-generator.js";
import { type ClueLimits, LIMIT_STRIDE, passClueLimits, type Scan17Pass } from "./pass-limits.js";
import { Scan17Stats } from "./scan17-stats.js";
import type { EntryData } from "./entry-data.js";
import type { Scan17Hit } from "./hit.js";

const FULL = 0x7ffffff;
/** Most clues a scanner searches for: its search depths are sized for them. */
export const MAX_SCAN_CLUES = 20;
/** Levels of the bands-1+2 search: the root and one per clue (band 3 holds at least a third of the clues). */
const MAX_DEPTH_XY = MAX_SCAN_CLUES - Math.ceil(MAX_SCAN_CLUES / 3) + 1;
/** Room for the UAs of bands 1+2 (collected plus fresh ones) and for each level's unhit list. */
const XY_CAPACITY = 4096;
/** Room for each band 3's learned 3-band UAs; when full, new ones replace the oldest. */
const B3_LEARNED = 2048;
/**
 * The 3-band UAs learned (kept for the bound, the exact cover and the
 * joint searches of later clue sets): at most this many band-3 cells and
 * bands-1+2 cells. A larger bands-1+2 part is rarely missed by a clue set,
 * a larger band-3 part rarely decides a bound, and every UA kept is read
 * at every closed leaf that misses it: keeping them all cost 13% more CPU
 * on pass 2a (entries 29-34 of slice 43593: 24.1-25.0 s against
 * 20.8-21.2 s), although the joint searches then find more UAs again.
 * Sk_S17VB keeps the same kind (band-3 part of 2-6 cells, bands-1+2 part
 * of at most 16).
 */
const LEARN_MOST_BAND3 = 7;
const LEARN_MOST_BANDS12 = 16;
const LEARNED_BLOCKS = B3_LEARNED / 32;
const JOINT_CAPACITY = 2048;
/** Room for the UAs of lastTwo's masks: a node's whole list, plus fresh UAs when the list is full. */
const TWO_CAPACITY = 2 * XY_CAPACITY;
const TWO_BLOCKS = TWO_CAPACITY / 32;
/** A joint search adds at most MAX_SCAN_CLUES - 4 clues (a band can need as few as 2). */
const MAX_DEPTH_JOINT = MAX_SCAN_CLUES - 3;

/** Socket states at a node (EntryScanner17.socketState). */
const SOCKET_OFF = 0;
const SOCKET_FORCED = 1;
const SOCKET_MIXED = 2;
const FLOOR_DIGITS_PASS1 = 4;

export class EntryScanner17 {
  private readonly allowedCounts: Uint8Array;
  private readonly mostTotal: Int8Array;
  /** Clues of the puzzles sought: 17 in the passes of the band scan. */
  private readonly clues: number;
  private readonly solver = new BitboardSolver();
  /** The bands-1+2 checks (band 3 fixed). */
  private readonly twoBands = new TwoBandSolver();
  /** band3Hopeful's last closed bound: its used band-3 cells when it equals the clues left (else -1), and its mini-rows. */
  private criticalUsed = -1;
  private criticalRows = 0;
  /** closedSocketNeed's mini-rows with patterns (3 bits each). */
  private closedRows = 0;
  /** lastSlotBound's view of the split's root list: entries read, the mixed ones' indices, the band-3-only ones' mini-row families. */
  private slotScanned = 0;
  private slotMixedCount = 0;
  private slotPureRows = 0;
  private readonly slotMixed = new Int32Array(JOINT_CAPACITY);
  private readonly slotPureFamily = new Int32Array(9);
  /** Whether the solver's base frame holds the grid's band 3 (bands12Unique). */
  private band3Prepared = false;
  /** The grid checked: bands 1+2 of the entry, band 3 being processed. */
  private readonly grid = new Uint8Array(81);
  private readonly puzzle = new Uint8Array(81);

  // Bands 1+2: per-level unhit UA lists (restricted to live cells); level 0 is the entry's whole table.
  // Entry k of the lists is levelW[2k] (band 1) and levelW[2k + 1] (band 2): one stream for the list scans.
  private readonly levelW = new Int32Array(2 * XY_CAPACITY * (MAX_DEPTH_XY + 1));
  /** Per level: number of unhit UAs, and the live cells their lists are restricted to. */
  private readonly levelCount = new Int32Array(MAX_DEPTH_XY + 2);
  private readonly levelLive0 = new Int32Array(MAX_DEPTH_XY + 2);
  private readonly levelLive1 = new Int32Array(MAX_DEPTH_XY + 2);
  /** Set when a fresh UA has no live cell at some level: the search unwinds to it. */
  private xyKillLevel = 99;
  // The joint search (valid X+Y plus band 3): per-level lists, counts, live cells.
  private readonly jW0 = new Int32Array(JOINT_CAPACITY * (MAX_DEPTH_JOINT + 1));
  private readonly jW1 = new Int32Array(JOINT_CAPACITY * (MAX_DEPTH_JOINT + 1));
  private readonly jW2 = new Int32Array(JOINT_CAPACITY * (MAX_DEPTH_JOINT + 1));
  private readonly jCount = new Int32Array(MAX_DEPTH_JOINT + 2);
  private readonly jLive0 = new Int32Array(MAX_DEPTH_JOINT + 2);
  private readonly jLive1 = new Int32Array(MAX_DEPTH_JOINT + 2);
  private readonly jLive2 = new Int32Array(MAX_DEPTH_JOINT + 2);
  private jKillLevel = 99;
  private readonly miniRowFamily = new Int32Array(9);
  /** band3Hopeful's learned UAs waiting for the greedy pass (offsets in `learned`). */
  private readonly pending = new Int32Array(B3_LEARNED);
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
  /** For each of the 81 cells, the disjoint UA of jointNeed holding it, or -1. */
  private readonly groupOf = new Int8Array(81);

  // Band 3: per band 3, its gangster UAs and learned 3-band UAs.
  private readonly bandUAStart = new Int32Array(MAX_BANDS3 + 1);
  private bandUAs = new Int32Array(64 * MAX_BANDS3);
  private readonly learned = new Int32Array(3 * B3_LEARNED * MAX_BANDS3);
  /** The band-3 cells of each learned UA again, contiguous (learned[k + 2]): the closed leaves' bound reads only these. */
  private readonly learnedBand3 = new Int32Array(B3_LEARNED * MAX_BANDS3);
  private readonly learnedCount = new Int32Array(MAX_BANDS3);
  private readonly learnedNext = new Int32Array(MAX_BANDS3);
  /**
   * Bit-sliced index of the learned UAs: for band 3 b and bands-1+2 cell c,
   * bit k of block j says learned UA 32j + k contains c. The UAs a clue set
   * misses are then found with one AND-NOT per clue and block, not one test
   * per UA (learnedHits[(54 b + c) * LEARNED_BLOCKS + j]).
   */
  private readonly learnedHits = new Int32Array(MAX_BANDS3 * 54 * LEARNED_BLOCKS);
  /**
   * For band 3 b, bit k of block j (at b * LEARNED_BLOCKS + j) says learned
   * UA 32j + k lies in one mini-row of band 3: at a closed node those join
   * the mini-row families, and the others go straight to the greedy pass.
   */
  private readonly learnedInRow = new Int32Array(MAX_BANDS3 * LEARNED_BLOCKS);
  /**
   * The learned UAs of band 3 b that the clues of the path's node at level
   * L miss, as LEARNED_BLOCKS words at ((L * MAX_BANDS3) + b) * LEARNED_BLOCKS.
   * Sibling leaves share their parent's vector, so each derives its own with
   * one AND-NOT per block instead of one per clue and block. A vector is
   * valid for one node (missedNode = levelNode[L]) and one state of the
   * learned list (missedEpoch = learnEpoch[b]: any learning changes it).
   */
  private readonly missed = new Int32Array((MAX_DEPTH_XY + 2) * MAX_BANDS3 * LEARNED_BLOCKS);
  private readonly missedNode = new Int32Array((MAX_DEPTH_XY + 2) * MAX_BANDS3).fill(-1);
  private readonly missedEpoch = new Int32Array((MAX_DEPTH_XY + 2) * MAX_BANDS3);
  private readonly learnEpoch = new Int32Array(MAX_BANDS3);
  /** Per level: the clues of the path's node there and its serial number. */
  private readonly levelS0 = new Int32Array(MAX_DEPTH_XY + 2);
  private readonly levelS1 = new Int32Array(MAX_DEPTH_XY + 2);
  private readonly levelNode = new Int32Array(MAX_DEPTH_XY + 2);
  private nodeSerial = 0;

  // GUA sockets (gua-sockets.ts), shared by the entry's bands 3.
  private readonly sockets: GuaSockets;
  /**
   * Per level L and socket slot s, the socket's parts that the clues of the
   * path's node at L miss, one bit per part, at L * SOCKET_COUNT + s (valid
   * for the node socketMissedNode[L]); derived from the parent's as `missed`.
   */
  private readonly socketMissed = new Int32Array((MAX_DEPTH_XY + 2) * SOCKET_COUNT);
  private readonly socketMissedNode = new Int32Array(MAX_DEPTH_XY + 2).fill(-1);
  /**
   * What a socket means for band 3 at the node being bounded (live cells
   * socketLive0/1, clue vector at socketVector), worked out once per socket
   * and node for all bands 3 (valid while socketStamp[s] === stamp):
   * SOCKET_OFF (every part hit), SOCKET_FORCED (a part is missed and has no
   * live cell: its band-3 pattern must be hit), SOCKET_MIXED (a missed part
   * keeps live cells; the smallest is in socketMix0/1 with them only).
   */
  private readonly socketState = new Uint8Array(SOCKET_COUNT);
  private readonly socketStamp = new Int32Array(SOCKET_COUNT);
  private readonly socketMix0 = new Int32Array(SOCKET_COUNT);
  private readonly socketMix1 = new Int32Array(SOCKET_COUNT);
  private stamp = 0;
  private socketVector = 0;
  private socketLive0 = 0;
  private socketLive1 = 0;
  private socketNode = -1;
  /** band3Hopeful's mixed socket UAs waiting for the greedy pass: bands-1+2 live cells and band-3 cells. */
  private readonly pendingSocket0 = new Int32Array(PATTERNS_PER_BAND3 + MAX_EXTRA_PATTERNS);
  private readonly pendingSocket1 = new Int32Array(PATTERNS_PER_BAND3 + MAX_EXTRA_PATTERNS);
  private readonly pendingSocket2 = new Int32Array(PATTERNS_PER_BAND3 + MAX_EXTRA_PATTERNS);
  /** band3Hopeful's GUA4/GUA6 patterns whose socket is forced: band-3 UAs. */
  private readonly forcedExtras = new Int32Array(MAX_EXTRA_PATTERNS);
  /**
   * The last closed problem band3Hopeful passed without its exact test:
   * node serial and band 3 (-1: none), and its forced GUA4/GUA6 patterns and
   * waiting learned UAs, so that validXY's exact test of the same problem
   * needs only the cover (bandCover).
   */
  /** bandGreedy's cells taken. */
  private greedyUsed = 0;
  private passedNode = -1;
  private passedBand = -1;
  private passedForced = 0;
  private passedWaiting = 0;
  /** The exact test of closed problems (band3-cover.ts). */
  private readonly cover = new Band3Cover();

  // The current entry and problem.
  private entry: EntryData | null = null;
  private onHit: (hit: Scan17Hit) => void = () => {};
  private band3 = 0;

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
    if (limits.clues > MAX_SCAN_CLUES || limits.mostTotal[0] >= MAX_DEPTH_XY) {
      throw new RangeError(`the entry scanner searches for at most ${MAX_SCAN_CLUES} clues, at most ${MAX_DEPTH_XY - 1} in bands 1+2`);
    }
    this.allowedCounts = limits.allowed;
    this.mostTotal = limits.mostTotal;
    this.clues = limits.clues;
    // Pass-2 entries cost seconds each, so 5-digit floors (0.2-0.5 s per
    // entry) pay; pass-1 entries (at most 10 clues in bands 1+2) cost about
    // 0.5 s and take 4-digit floors.
    this.sockets = new GuaSockets(limits.mostTotal[0] <= 10 ? FLOOR_DIGITS_PASS1 : 5);
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
    const n = Math.min(uas.length / 3, XY_CAPACITY);
    const live0 = allowed0 & FULL;
    const live1 = allowed1 & FULL;
    let hittable = true;
    for (let i = 0; i < n; i++) {
      this.levelW[2 * i] = uas[3 * i] & live0;
      this.levelW[2 * i + 1] = uas[3 * i + 1] & live1;
      // A UA outside the allowed cells: no clue set inside them is unique.
      if ((this.levelW[2 * i] | this.levelW[2 * i + 1]) === 0) hittable = false;
    }
    this.stats.band12UAs += n;
    // The root list: every UA cut to the allowed cells; fresh UAs are appended to it.
    this.levelCount[0] = n;
    this.levelLive0[0] = live0;
    this.levelLive1[0] = live1;
    this.xyKillLevel = 99;
    if (hittable) this.xyNode(0, 0, 0, FULL & ~live0, FULL & ~live1, 0, 0);
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
    this.entry = entry;
    this.onHit = onHit;
    this.grid.set(entry.grid.subarray(0, 54), 0);
    this.setBand3(0);
    this.prepareBands3(entry);
    this.sockets.collect(this.grid, entry.bands3, entry.bands3Count);
    // Node serials restart with each entry: nothing cached for an earlier entry's node may be read.
    this.socketMissedNode.fill(-1);
    this.socketNode = -1;
    this.twoNode = -1;
    this.twoPNode = -1;
    this.passedNode = -1;
    this.nodeSerial = 0;
    return collectBand12UAs(this.grid).sorted();
  }

  endEntry(): void {
    this.entry = null;
  }

  /**
   * The X×Y engine's path (xy-chunks.ts): the node at `level` now holds
   * clues s0/s1, one more than the node at level - 1 (level 0 holds none).
   * Everything cached for the level's former node is dropped with its serial.
   */
  setPathNode(level: number, s0: number, s1: number): void {
    this.levelNode[level] = this.nodeSerial++;
    this.levelS0[level] = s0;
    this.levelS1[level] = s1;
  }

  /**
   * The X×Y engine's complete bands-1+2 clue set, the path's node at
   * `level` (c1 and c2 clues; no more bands-1+2 clues are added): the
   * band-3 bound, then the uniqueness check, then one band-3 search per
   * band 3, as a closed leaf of the bands-1+2 search. True when the check
   * found bands 1+2 not unique: the fresh UA is then freshUA(0), freshUA(1).
   */
  closedXY(level: number, c1: number, c2: number): boolean {
    return this.xyLeaf(level, this.levelS0[level], this.levelS1[level], FULL, FULL, c1, c2);
  }

  /** Band word `band` (0 or 1) of the fresh UA of the last check that failed. */
  freshUA(band: number): number {
    return this.twoBands.difference[band];
  }

  /** Band 3's gangster UAs for every band 3 of the entry, and empty learned lists. */
  private prepareBands3(entry: EntryData): void {
    let at = 0;
    for (let b = 0; b < entry.bands3Count; b++) {
      this.bandUAStart[b] = at;
      const uas = bandGangsterUAs(entry.bands3, 27 * b);
      if (at + uas.length > this.bandUAs.length) {
        const grown = new Int32Array(2 * (at + uas.length));
        grown.set(this.bandUAs);
        this.bandUAs = grown;
      }
      this.bandUAs.set(uas, at);
      at += uas.length;
      this.learnedCount[b] = 0;
      this.learnedNext[b] = 0;
      this.learnEpoch[b]++;
      this.learnedHits.fill(0, 54 * LEARNED_BLOCKS * b, 54 * LEARNED_BLOCKS * (b + 1));
      this.learnedInRow.fill(0, LEARNED_BLOCKS * b, LEARNED_BLOCKS * (b + 1));
    }
    this.bandUAStart[entry.bands3Count] = at;
  }

  private setBand3(b: number): void {
    this.band3Prepared = false;
    this.band3 = b;
    this.grid.set(this.entry!.bands3.subarray(27 * b, 27 * b + 27), 54);
  }

  /** Most clues bands 1+2 may reach from these band counts (the pass's limits). */
  private totalLimit(c1: number, c2: number): number {
    return this.mostTotal[LIMIT_STRIDE * c1 + c2];
  }

  private canAdd(c1: number, c2: number): boolean {
    return this.allowedCounts[LIMIT_STRIDE * c1 + c2] !== 0;
  }

  /**
   * One node of the bands-1+2 search: clues s0/s1 (c1, c2 of them), dead
   * cells d0/d1; the unhit UAs, restricted to this node's live cells, are
   * the level's list (levelW, levelCount, levelLive0/1).
   */
  private xyNode(level: number, s0: number, s1: number, d0: number, d1: number, c1: number, c2: number): void {
    this.stats.xyNodes++;
    this.levelNode[level] = this.nodeSerial++;
    this.levelS0[level] = s0;
    this.levelS1[level] = s1;
    const base = level * XY_CAPACITY;
    const L = this.levelW;
    const counts = this.levelCount;
    if (counts[level] === 0) {
      if (!this.xyLeaf(level, s0, s1, d0, d1, c1, c2)) return;
      this.addFreshXY(this.twoBands.difference[0], this.twoBands.difference[1], level);
      if (this.xyKillLevel <= level) {
        if (this.xyKillLevel === level) this.xyKillLevel = 99;
        return;
      }
    }
    const left = this.totalLimit(c1, c2) - c1 - c2;
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
      const a0 = this.canAdd(n1 + 1, n2) ? FULL & ~ns0 & ~dead0 : 0;
      const a1 = this.canAdd(n1, n2 + 1) ? FULL & ~ns1 & ~dead1 : 0;
      const childLeft = this.totalLimit(n1, n2) - n1 - n2;
      if (childLeft === 3 && this.bitMasks) {
        // Most nodes lie in such subtrees: searched on bit masks of this node's list instead of lists.
        this.maskChild(level, cell0 !== 0 ? 31 - Math.clz32(cell0) : 58 - Math.clz32(cell1), cell0, cell1, dead0, dead1, n1, n2, a0, a1);
      } else if (childLeft === 2 && level > 0 && this.bitMasks) {
        this.lastTwo(level, cell0 !== 0 ? 31 - Math.clz32(cell0) : 58 - Math.clz32(cell1), ns0, ns1, dead0, dead1, n1, n2, a0, a1);
      } else {
        // Near the pass's limits a child can be left one clue or none: searched on lists.
        if (!listed) this.materializeList(level);
        this.pushChild(level, cell0, cell1, dead0, dead1, n1, n2, a0, a1, childLeft === 1);
      }
      if (this.xyKillLevel <= level) {
        if (this.xyKillLevel === level) this.xyKillLevel = 99;
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
    const L = this.levelW;
    const base = level * XY_CAPACITY;
    const child = base + XY_CAPACITY;
    let n = 0;
    let and0 = FULL;
    let and1 = FULL;
    let empty = 0;
    for (let i = base, end = base + this.levelCount[level]; i < end; i++) {
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
    this.levelCount[level + 1] = n;
    this.levelLive0[level + 1] = a0;
    this.levelLive1[level + 1] = a1;
    this.xyNode(level + 1, this.levelS0[level] | cell0, this.levelS1[level] | cell1, dead0, dead1, n1, n2);
  }

  /**
   * A bands-1+2 leaf (every known UA hit), the path's node at `level`:
   * false when it is done (no band 3 can take its clues, or it is valid and
   * its 17s are searched), true when its check found a fresh UA
   * (twoBands.difference).
   */
  private xyLeaf(level: number, s0: number, s1: number, d0: number, d1: number, c1: number, c2: number): boolean {
    // Band 3 first: when no band 3 can take its clues, the (costlier)
    // uniqueness check is not needed, and neither is anything below.
    const hopeful = this.firstHopefulBand3(level, c1, c2, FULL & ~s0 & ~d0, FULL & ~s1 & ~d1);
    if (hopeful < 0) {
      this.stats.xyBand3Cut++;
      return false;
    }
    this.stats.xyChecks++;
    if (this.bands12Unique(s0, s1)) {
      this.stats.xyValid++;
      this.validXY(level, hopeful, s0, s1, c1, c2, FULL & ~s0 & ~d0, FULL & ~s1 & ~d1);
      return false;
    }
    this.stats.xyFreshUAs++;
    return true;
  }

  /** The clue (cell 0..53) the path's node at `level` adds to its parent's. */
  private clueCell(level: number): number {
    const added0 = this.levelS0[level] ^ this.levelS0[level - 1];
    return added0 !== 0 ? 31 - Math.clz32(added0) : 58 - Math.clz32(this.levelS1[level] ^ this.levelS1[level - 1]);
  }

  /** Sets the path's node at `level` (clues s0/s1, live cells live0/live1) for a node that keeps no list. */
  private enterNode(level: number, s0: number, s1: number, live0: number, live1: number): void {
    this.stats.xyNodes++;
    this.levelNode[level] = this.nodeSerial++;
    this.levelS0[level] = s0;
    this.levelS1[level] = s1;
    this.levelLive0[level] = live0;
    this.levelLive1[level] = live1;
  }

  /**
   * A child with 3 clues left of the path's node at `level` (its clue
   * `cell`, 0..53, live cells a0/a1), searched on the bit masks of the
   * parent's list (syncMasks) and no list of its own: its unhit UAs are the
   * bits the clue leaves, one AND-NOT per 32 UAs, kept as lastTwo's twoP
   * (its children, all but a few, go to lastTwo on the same masks), and its
   * bound and branch UA are read from them in the same pass.
   */
  private maskChild(
    level: number, cell: number, cell0: number, cell1: number, dead0: number, dead1: number,
    n1: number, n2: number, a0: number, a1: number,
  ): void {
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
        if ((r0 | r1) === 0) return;
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
    const s0 = this.levelS0[level] | cell0;
    const s1 = this.levelS1[level] | cell1;
    this.enterNode(childLevel, s0, s1, a0, a1);
    this.twoPNode = this.levelNode[childLevel];
    // Its list is written only if a child needs it (materializeList); fresh UAs written there meanwhile are dropped.
    this.levelCount[childLevel] = 0;
    this.listMaterialized = -1;
    if (best < 0) {
      // A leaf with clues to spare: its fresh UA, if any, is then the only one.
      if (!this.xyLeaf(childLevel, s0, s1, dead0, dead1, n1, n2)) return;
      best = this.twoFresh(childLevel, childLevel);
      if (this.xyKillLevel <= childLevel) {
        if (this.xyKillLevel === childLevel) this.xyKillLevel = 99;
        return;
      }
      if (best < 0) return;
      used0 = W0[best] & a0;
      used1 = W1[best] & a1;
      disjoint = 1;
    }
    const left = this.totalLimit(n1, n2) - n1 - n2;
    if (disjoint > left) return;
    this.branch(childLevel, W0[best] & a0, W1[best] & a1, used0, used1, disjoint === left, s0, s1, dead0, dead1, n1, n2, false);
  }

  /**
   * Writes the list of maskChild's node at `level` from twoP (brought up to
   * date first: UAs listed above since were found below it), cut to its
   * live cells, in mask order, as maskChild once wrote it for every node.
   */
  private materializeList(level: number): void {
    this.syncTwo(level);
    if (this.listMaterialized === this.levelNode[level] && this.materializedCount === this.twoCount) return;
    const L = this.levelW;
    const P = this.twoP;
    const live0 = this.levelLive0[level];
    const live1 = this.levelLive1[level];
    let n = level * XY_CAPACITY;
    for (let k = 0, blocks = (this.twoCount + 31) >>> 5; k < blocks; k++) {
      for (let u = P[k]; u !== 0 && n < (level + 1) * XY_CAPACITY; u &= u - 1) {
        const i = 32 * k + 31 - Math.clz32(u & -u);
        L[2 * n] = this.twoW0[i] & live0;
        L[2 * n++ + 1] = this.twoW1[i] & live1;
      }
    }
    this.levelCount[level] = n - level * XY_CAPACITY;
    this.listMaterialized = this.levelNode[level];
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
  private lastTwo(level: number, cell: number, s0: number, s1: number, d0: number, d1: number, c1: number, c2: number, a0: number, a1: number): void {
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
      if (!this.xyLeaf(cLevel, s0, s1, d0, d1, c1, c2)) return;
      const fresh = this.twoFresh(level, cLevel);
      if (fresh >= 0) blocks = this.twoMark(fresh, blocks);
      if (this.xyKillLevel <= cLevel) {
        if (this.xyKillLevel === cLevel) this.xyKillLevel = 99;
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
    const band0Then0 = this.canAdd(c1 + 2, c2) ? FULL : 0;
    const band0Then1 = this.canAdd(c1 + 1, c2 + 1) ? FULL : 0;
    const band0Search = this.totalLimit(c1 + 1, c2) - c1 - c2 >= 2;
    const band1Then0 = band0Then1;
    const band1Then1 = this.canAdd(c1, c2 + 2) ? FULL : 0;
    const band1Search = this.totalLimit(c1, c2 + 1) - c1 - c2 >= 2;
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
      let search = inBand1 ? band1Search : band0Search;
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
        if (this.xyLeaf(dLevel, ds0, ds1, dead0, dead1, n1, n2)) {
          fresh = this.twoFresh(level, dLevel);
          if (fresh >= 0) blocks = this.twoMark(fresh, blocks);
        }
        if (this.xyKillLevel <= cLevel) {
          if (this.xyKillLevel === cLevel) this.xyKillLevel = 99;
          return;
        }
        if (this.xyKillLevel === dLevel) {
          this.xyKillLevel = 99;
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
            this.canAdd(m1 + 1, m2) ? FULL & ~es0 & ~deadE0 : 0,
            this.canAdd(m1, m2 + 1) ? FULL & ~es1 & ~deadE1 : 0,
          );
          if (this.xyLeaf(eLevel, es0, es1, deadE0, deadE1, m1, m2)) {
            const fresh = this.twoFresh(level, eLevel);
            if (fresh >= 0) {
              blocks = this.twoMark(fresh, blocks);
              // The later last clues must hit it too.
              e0 &= W0[fresh];
              e1 &= W1[fresh];
            }
          }
          if (this.xyKillLevel <= cLevel) {
            if (this.xyKillLevel === cLevel) this.xyKillLevel = 99;
            return;
          }
          if (this.xyKillLevel === dLevel) {
            this.xyKillLevel = 99;
            break;
          }
          if (this.xyKillLevel === eLevel) this.xyKillLevel = 99;
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
    const L = this.levelW;
    const base = level * XY_CAPACITY;
    if (this.twoNode !== this.levelNode[level]) {
      this.twoNode = this.levelNode[level];
      this.twoPNode = -1;
      this.rebuildMasks(base, this.levelCount[level]);
      return;
    }
    for (let i = this.twoListed, end = this.levelCount[level]; i < end; i++) {
      this.twoAdd(L[2 * (base + i)], L[2 * (base + i) + 1]);
    }
    this.twoListed = this.levelCount[level];
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
    const L = this.levelW;
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
    const g = level - 1;
    const listed = this.twoCount;
    this.syncMasks(g);
    const P = this.twoP;
    if (this.twoPNode !== this.levelNode[level]) {
      this.twoPNode = this.levelNode[level];
      const cell = this.clueCell(level);
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
    const u0 = this.twoBands.difference[0];
    const u1 = this.twoBands.difference[1];
    const counts = this.levelCount;
    for (let j = 0; j <= leafLevel; j++) {
      const r0 = u0 & this.levelLive0[j];
      const r1 = u1 & this.levelLive1[j];
      if ((r0 | r1) === 0) {
        this.xyKillLevel = j;
        break;
      }
      if (j <= level && counts[j] < XY_CAPACITY) {
        const k = j * XY_CAPACITY + counts[j]++;
        this.levelW[2 * k] = r0;
        this.levelW[2 * k + 1] = r1;
      }
    }
    if (this.xyKillLevel <= level) return -1;
    if (this.levelCount[level - 1] > this.twoListed) {
      this.syncTwo(level);
      return this.twoCount - 1;
    }
    // The masks' list is full: the masks alone keep it.
    const index = this.twoAdd(u0 & this.levelLive0[level - 1], u1 & this.levelLive1[level - 1]);
    this.twoUnhit(index);
    return index;
  }

  /**
   * A fresh UA of bands 1+2, missed by the clues at `level`: added to the
   * list of every level up to it (restricted to that level's live cells) so
   * later siblings anywhere on the path see it. Where it has no live cell,
   * nothing below that level can be unique: xyKillLevel unwinds to it.
   */
  private addFreshXY(u0: number, u1: number, level: number): void {
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

  /** Solves bands 1+2 from the clues with band 3 given in full; on failure the solver's difference is a fresh UA. */
  private bands12Unique(s0: number, s1: number): boolean {
    if (!this.band3Prepared) {
      // Band 3 given in full, propagated once for all the checks under it.
      this.twoBands.setGrid(this.grid);
      this.band3Prepared = true;
    }
    return this.twoBands.checkUnique(s0, s1);
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
    const entry = this.entry!;
    const stats = this.stats;
    const live0 = this.canAdd(c1 + 1, c2) ? f0 : 0;
    const live1 = this.canAdd(c1, c2 + 1) ? f1 : 0;
    const closed = (live0 | live1) === 0;
    // A closed node reads its sockets from its parent's vector and its
    // clue, as firstHopefulBand3 did; its own vector is built only for a
    // band 3 whose joint search starts (most fail the cover).
    const fromParent = closed && level > 0;
    let parent = -1;
    let column = 0;
    if (fromParent) {
      parent = this.socketMissedAt(level - 1);
      column = SOCKET_COUNT * this.clueCell(level);
    } else {
      this.beginSocketBound(level, live0, live1);
    }
    for (let b = 0; b < entry.bands3Count; b++) {
      stats.band3Problems++;
      // Learning in one band 3's search changes only that band 3's bound.
      // Band 3 `hopeful` passed the bound already; only its exact cover test is new, and only when closed.
      const ask = b > hopeful || (b === hopeful && closed);
      // Band 3 `hopeful` was the last bound computed, at this node: its cover needs no new bound.
      const reuse = b === hopeful && closed && this.passedNode === this.levelNode[level] && this.passedBand === b;
      const left = this.clues - c1 - c2;
      if (b < hopeful || (ask && !(reuse ? this.bandCover(b, left, this.passedForced, this.passedWaiting) : fromParent ? this.closedBound(b, level, left, true, parent, column) : this.band3Hopeful(b, level, live0, live1, left, true)))) {
        stats.band3Dropped++;
        continue;
      }
      if (fromParent) this.beginSocketBound(level, live0, live1);
      const n = this.band3Roots(b, level, live0, live1);
      this.setBand3(b);
      this.jCount[0] = n;
      this.jLive0[0] = live0;
      this.jLive1[0] = live1;
      this.jLive2[0] = FULL;
      this.jKillLevel = 99;
      if (!closed && this.lastSlot(c1, c2, live0, live1)) {
        this.splitLastSlot(s0, s1, c1, c2, live0, live1);
      } else {
        this.jointNode(0, s0, s1, 0, f0, f1, FULL, c1, c2, 0);
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
    const L0 = this.jW0;
    const L1 = this.jW1;
    const L2 = this.jW2;
    const learned = this.learned;
    let n = 0;
    for (let i = this.bandUAStart[b], end = this.bandUAStart[b + 1]; i < end; i++) {
      L0[n] = 0;
      L1[n] = 0;
      L2[n++] = this.bandUAs[i];
    }
    // The GUAs of the sockets band 3 b carries whose parts the clues miss.
    const sockets = this.sockets;
    for (let k = PATTERNS_PER_BAND3 * b, end = k + PATTERNS_PER_BAND3; k < end; k++) {
      const s = sockets.bandSocket[k];
      const state = this.socketStateAt(s);
      if (state === SOCKET_OFF) continue;
      const m2 = sockets.bandCells[k];
      if (state === SOCKET_FORCED) {
        L0[n] = 0;
        L1[n] = 0;
        L2[n++] = m2;
        continue;
      }
      // The smallest missed part only: the others are learned if a check needs them.
      L0[n] = this.socketMix0[s];
      L1[n] = this.socketMix1[s];
      L2[n++] = m2;
    }
    for (let k = sockets.extraStart[b], end = sockets.extraStart[b + 1]; k < end; k++) {
      const s = sockets.extraSocket[k];
      const state = this.socketStateAt(s);
      if (state === SOCKET_OFF) continue;
      L0[n] = state === SOCKET_FORCED ? 0 : this.socketMix0[s];
      L1[n] = state === SOCKET_FORCED ? 0 : this.socketMix1[s];
      L2[n++] = sockets.extraCells[k];
    }
    const vector = this.missedAt(level, b);
    for (let block = 0, blocks = (this.learnedCount[b] + 31) >>> 5; block < blocks; block++) {
      for (let missed = this.missed[vector + block]; missed !== 0 && n < JOINT_CAPACITY; missed &= missed - 1) {
        const i = 3 * (B3_LEARNED * b + 32 * block + 31 - Math.clz32(missed & -missed));
        // A learned UA always has band-3 cells, so it stays hittable.
        L0[n] = learned[i] & live0;
        L1[n] = learned[i + 1] & live1;
        L2[n++] = learned[i + 2];
      }
    }
    return n;
  }

  /** The offset in `missed` of band 3 b's learned UAs that the clues of the path's node at `level` miss. */
  private missedAt(level: number, b: number): number {
    const slot = level * MAX_BANDS3 + b;
    const at = slot * LEARNED_BLOCKS;
    if (this.missedNode[slot] === this.levelNode[level] && this.missedEpoch[slot] === this.learnEpoch[b]) return at;
    const count = this.learnedCount[b];
    const blocks = (count + 31) >>> 5;
    const vector = this.missed;
    if (level === 0) {
      // The root has no clue: it misses every learned UA.
      for (let j = 0; j < blocks; j++) vector[at + j] = lowBits(count - 32 * j);
    } else {
      const parent = this.missedAt(level - 1, b);
      // Each level adds one clue to its parent's.
      const cell = this.clueCell(level);
      const hits = this.learnedHits;
      const column = (54 * b + cell) * LEARNED_BLOCKS;
      for (let j = 0; j < blocks; j++) vector[at + j] = vector[parent + j] & ~hits[column + j];
    }
    this.missedNode[slot] = this.levelNode[level];
    this.missedEpoch[slot] = this.learnEpoch[b];
    return at;
  }

  /** The first band 3 that could still complete the clues of the path's node at `level` (free cells f0/f1) to a 17, or -1. */
  private firstHopefulBand3(level: number, c1: number, c2: number, f0: number, f1: number): number {
    const live0 = this.canAdd(c1 + 1, c2) ? f0 : 0;
    const live1 = this.canAdd(c1, c2 + 1) ? f1 : 0;
    const left = this.clues - c1 - c2;
    const bands3 = this.entry!.bands3Count;
    if ((live0 | live1) === 0 && level > 0 && this.socketMissedNode[level] !== this.levelNode[level]) {
      // A closed leaf whose socket vector is not built: its sockets are read
      // from the parent's vector and this clue's part index (most leaves
      // end on their mini-row needs), and the vector is built only for a
      // valid clue set.
      const parent = this.socketMissedAt(level - 1);
      const column = this.clueCell(level) * SOCKET_COUNT;
      for (let b = 0; b < bands3; b++) {
        if (this.closedBound(b, level, left, false, parent, column)) return b;
      }
      return -1;
    }
    this.beginSocketBound(level, live0, live1);
    for (let b = 0; b < bands3; b++) {
      if (this.band3Hopeful(b, level, live0, live1, left, false)) return b;
    }
    return -1;
  }

  /**
   * band3Hopeful at a closed node whose own socket vector is not built: its
   * sockets read from its parent's vector (at `parent`) less its clue's
   * parts (partHits from `column`).
   */
  private closedBound(b: number, level: number, left: number, exact: boolean, parent: number, column: number): boolean {
    const need = this.closedSocketNeed(b, parent, column);
    return need <= left && this.closedHopeful(b, level, left, need, this.closedRows, exact, parent, column);
  }

  /**
   * The mini-row need of band 3 b's sockets at a closed node, from its
   * parent's socket vector (at `parent`) less the parts its clue hits
   * (partHits from `column`): band3Hopeful's first step without the node's
   * own vector. The rows' families are left in miniRowFamily, the rows with
   * patterns in closedRows.
   */
  private closedSocketNeed(b: number, parent: number, column: number): number {
    const missed = this.socketMissed;
    const hits = this.sockets.partHits;
    const slots = this.sockets.bandSocket;
    const family = this.miniRowFamily;
    const first = PATTERNS_PER_BAND3 * b;
    let need = 0;
    let inRows = 0;
    // With no live cell, a socket is forced exactly when the clues miss one
    // of its parts, so its state is read straight from the missed vector,
    // mini-row by mini-row (pairs k = 3r, 3r+1, 3r+2 leave out column 0, 1,
    // 2: cells 6, 5, 3; the triplet k = 27 + r: cells 7). Branch-free (the
    // states look random to the predictor): (m | -m) >>> 31 is 1 when m !== 0.
    for (let r = 0; r < 9; r++) {
      const k = first + 3 * r;
      const s6 = slots[k];
      const s5 = slots[k + 1];
      const s3 = slots[k + 2];
      const s7 = slots[first + 27 + r];
      const m6 = missed[parent + s6] & ~hits[column + s6];
      const m5 = missed[parent + s5] & ~hits[column + s5];
      const m3 = missed[parent + s3] & ~hits[column + s3];
      const m7 = missed[parent + s7] & ~hits[column + s7];
      const f = (((m6 | -m6) >>> 31) << 6) | (((m5 | -m5) >>> 31) << 5) | (((m3 | -m3) >>> 31) << 3) | (((m7 | -m7) >>> 31) << 7);
      family[r] = f;
      inRows |= ((-f >> 31) & 7) << (3 * r);
      need += MINIROW_NEED[f];
    }
    this.closedRows = inRows;
    return need;
  }

  /**
   * Sets the node whose sockets band3Hopeful reads: the path's node at
   * `level`, bands-1+2 cells live0/live1 still free to become clues. Socket
   * states are worked out lazily (evaluateSocket), once per node for all
   * bands 3; asking again for the same node keeps them.
   */
  private beginSocketBound(level: number, live0: number, live1: number): void {
    const vector = this.socketMissedAt(level);
    if (vector === this.socketVector && live0 === this.socketLive0 && live1 === this.socketLive1 && this.socketNode === this.levelNode[level]) return;
    this.stamp++;
    this.socketVector = vector;
    this.socketNode = this.levelNode[level];
    this.socketLive0 = live0;
    this.socketLive1 = live1;
  }

  /** Socket s's state at the node set by beginSocketBound, worked out once per node (see socketState). */
  private socketStateAt(s: number): number {
    return this.socketStamp[s] === this.stamp ? this.socketState[s] : this.evaluateSocket(s);
  }

  /** Socket s's state at the node set by beginSocketBound (see socketState). */
  private evaluateSocket(s: number): number {
    const sockets = this.sockets;
    let state = SOCKET_OFF;
    const live0 = this.socketLive0;
    const live1 = this.socketLive1;
    for (let missed = this.socketMissed[this.socketVector + s]; missed !== 0; missed &= missed - 1) {
      const p = MAX_PARTS * s + 31 - Math.clz32(missed & -missed);
      const r0 = sockets.parts0[p] & live0;
      const r1 = sockets.parts1[p] & live1;
      if ((r0 | r1) === 0) {
        state = SOCKET_FORCED;
        break;
      }
      if (state === SOCKET_OFF) {
        // Parts are sorted by size: the first missed one is the smallest.
        state = SOCKET_MIXED;
        this.socketMix0[s] = r0;
        this.socketMix1[s] = r1;
      }
    }
    this.socketState[s] = state;
    this.socketStamp[s] = this.stamp;
    return state;
  }

  /** The offset in socketMissed of the socket parts that the clues of the path's node at `level` miss. */
  private socketMissedAt(level: number): number {
    const at = level * SOCKET_COUNT;
    if (this.socketMissedNode[level] === this.levelNode[level]) return at;
    const vector = this.socketMissed;
    if (level === 0) {
      const counts = this.sockets.partCount;
      for (let s = 0, n = this.sockets.slotCount; s < n; s++) vector[at + s] = lowBits(counts[s]);
    } else {
      const parent = this.socketMissedAt(level - 1);
      const cell = this.clueCell(level);
      const hits = this.sockets.partHits;
      const column = cell * SOCKET_COUNT;
      for (let s = 0, n = this.sockets.slotCount; s < n; s++) vector[at + s] = vector[parent + s] & ~hits[column + s];
    }
    this.socketMissedNode[level] = this.levelNode[level];
    return at;
  }

  /**
   * False when band 3 b surely cannot complete the clues of the path's node
   * at `level` with `left` more clues (cells live0/live1 of bands 1+2 still
   * free): jointNeed's bound over band3Roots' list, without building the
   * list, and left as soon as it exceeds `left` (most nodes asked are cut).
   * First the mini-row patterns of the sockets band 3 b carries whose GUA
   * parts the clues miss with no live cell left, and of the learned UAs the
   * clues miss (the others wait), then greedy disjoint UAs: band 3's own,
   * the waiting socket GUAs, the waiting learned UAs. At a closed node the
   * sockets' families are read here and the rest is closedHopeful's, which
   * with `exact` ends with the exact cover test.
   */
  private band3Hopeful(b: number, level: number, live0: number, live1: number, left: number, exact: boolean): boolean {
    const family = this.miniRowFamily;
    let inRows = 0;
    let mixed = 0;
    let need = 0;
    const closed = (live0 | live1) === 0;
    if (closed) {
      // Its own socket vector read as a parent's through the column no cell hits.
      return this.closedBound(b, level, left, exact, this.socketVector, NO_CELL_COLUMN * SOCKET_COUNT);
    } else {
      family.fill(0);
      // The sockets band 3 b carries: a forced one is a mini-row pattern, a mixed one waits.
      for (let k = PATTERNS_PER_BAND3 * b, end = k + PATTERNS_PER_BAND3; k < end; k++) {
        const s = this.sockets.bandSocket[k];
        const state = this.socketStateAt(s);
        if (state === SOCKET_OFF) continue;
        const m2 = this.sockets.bandCells[k];
        if (state === SOCKET_FORCED) {
          const row = ((31 - Math.clz32(m2 & -m2)) / 3) | 0;
          family[row] |= 1 << (m2 >>> (3 * row));
          inRows |= 7 << (3 * row);
        } else {
          this.pendingSocket0[mixed] = this.socketMix0[s];
          this.pendingSocket1[mixed] = this.socketMix1[s];
          this.pendingSocket2[mixed++] = m2;
        }
      }
      for (let r = 0; r < 9; r++) need += MINIROW_NEED[family[r]];
    }
    if (need > left) return false;
    // The learned UAs the clues miss: one inside a mini-row with no live
    // bands-1+2 cell joins its family (most nodes asked die here, so the
    // need is kept up to date and the scan stops once it exceeds `left`);
    // the others wait for the greedy pass.
    const learned = this.learned;
    const pending = this.pending;
    let waiting = 0;
    const vector = this.missedAt(level, b);
    const first = 3 * B3_LEARNED * b;
    for (let block = 0, blocks = (this.learnedCount[b] + 31) >>> 5; block < blocks; block++) {
      for (let missed = this.missed[vector + block]; missed !== 0; missed &= missed - 1) {
        const i = first + 3 * (32 * block + 31 - Math.clz32(missed & -missed));
        const m2 = learned[i + 2];
        if (((learned[i] & live0) | (learned[i + 1] & live1)) === 0) {
          const row = ((31 - Math.clz32(m2 & -m2)) / 3) | 0;
          if ((m2 & ~(7 << (3 * row))) === 0) {
            inRows |= 7 << (3 * row);
            need += this.joinRow(m2);
            if (need > left) return false;
            continue;
          }
        }
        pending[waiting++] = i;
      }
    }
    // Its GUA4/GUA6 patterns: a forced one is a band-3 UA, a mixed one waits.
    let forced = 0;
    for (let k = this.sockets.extraStart[b], end = this.sockets.extraStart[b + 1]; k < end; k++) {
      const s = this.sockets.extraSocket[k];
      const state = this.socketStateAt(s);
      if (state === SOCKET_OFF) continue;
      if (state === SOCKET_FORCED) {
        this.forcedExtras[forced++] = this.sockets.extraCells[k];
      } else {
        this.pendingSocket0[mixed] = this.socketMix0[s];
        this.pendingSocket1[mixed] = this.socketMix1[s];
        this.pendingSocket2[mixed++] = this.sockets.extraCells[k];
      }
    }
    need = this.bandGreedy(b, inRows, need, left, forced);
    if (need > left) return false;
    let used2 = this.greedyUsed;
    let used0 = 0;
    let used1 = 0;
    for (let k = 0; k < mixed; k++) {
      const m0 = this.pendingSocket0[k];
      const m1 = this.pendingSocket1[k];
      const m2 = this.pendingSocket2[k];
      if (((m0 & used0) | (m1 & used1) | (m2 & used2)) === 0) {
        used0 |= m0;
        used1 |= m1;
        used2 |= m2;
        if (++need > left) return false;
      }
    }
    for (let k = 0; k < waiting; k++) {
      const i = pending[k];
      const m0 = learned[i] & live0;
      const m1 = learned[i + 1] & live1;
      const m2 = learned[i + 2];
      if (((m0 & used0) | (m1 & used1) | (m2 & used2)) === 0) {
        used0 |= m0;
        used1 |= m1;
        used2 |= m2;
        if (++need > left) return false;
      }
    }
    return true;
  }

  /** Joins band-3 UA m2, inside one mini-row, to that row's family in miniRowFamily; returns how much the row's need grows. */
  private joinRow(m2: number): number {
    const row = ((31 - Math.clz32(m2 & -m2)) / 3) | 0;
    const before = this.miniRowFamily[row];
    const after = before | (1 << (m2 >>> (3 * row)));
    this.miniRowFamily[row] = after;
    return MINIROW_NEED[after] - MINIROW_NEED[before];
  }

  /**
   * The greedy pass over band 3 b's own UAs and its `forced` GUA4/GUA6
   * patterns (forcedExtras), beside the cells `used2`: returns `need` plus
   * the disjoint ones taken, stopping once that exceeds `left`; their cells
   * and used2 are left in greedyUsed.
   */
  private bandGreedy(b: number, used2: number, need: number, left: number, forced: number): number {
    for (let i = this.bandUAStart[b], end = this.bandUAStart[b + 1]; i < end; i++) {
      const m2 = this.bandUAs[i];
      if ((m2 & used2) === 0) {
        used2 |= m2;
        if (++need > left) return need;
      }
    }
    for (let k = 0; k < forced; k++) {
      const m2 = this.forcedExtras[k];
      if ((m2 & used2) === 0) {
        used2 |= m2;
        if (++need > left) return need;
      }
    }
    this.greedyUsed = used2;
    return need;
  }

  /**
   * band3Hopeful's bound at a closed node (no live bands-1+2 cell), from its
   * sockets' mini-row families (need, inRows): every missed learned UA then
   * lies in band 3, so the ones inside a mini-row join the families (their
   * bits are kept in learnedInRow) and the others go straight to the greedy
   * pass, in the same order as band3Hopeful's waiting list, so the bound is
   * the same. One pass over the missed UAs instead of two.
   */
  private closedHopeful(
    b: number, level: number, left: number, need: number, inRows: number, exact: boolean, socketParent: number, socketColumn: number,
  ): boolean {
    const vector = this.missedAt(level, b);
    const blocks = (this.learnedCount[b] + 31) >>> 5;
    const inRow = this.learnedInRow;
    const rowAt = LEARNED_BLOCKS * b;
    const first = 3 * B3_LEARNED * b;
    const band3Parts = this.learnedBand3;
    const firstSlot = B3_LEARNED * b;
    for (let block = 0; block < blocks; block++) {
      for (let missed = this.missed[vector + block] & inRow[rowAt + block]; missed !== 0; missed &= missed - 1) {
        const m2 = band3Parts[firstSlot + 32 * block + 31 - Math.clz32(missed & -missed)];
        inRows |= 7 << (3 * (((31 - Math.clz32(m2 & -m2)) / 3) | 0));
        need += this.joinRow(m2);
        if (need > left) return false;
      }
    }
    // Its GUA4/GUA6 patterns: with no live cell, each is forced exactly when the clues miss one of its socket's parts.
    let forced = 0;
    const socketMissed = this.socketMissed;
    const partHits = this.sockets.partHits;
    for (let k = this.sockets.extraStart[b], end = this.sockets.extraStart[b + 1]; k < end; k++) {
      const s = this.sockets.extraSocket[k];
      if ((socketMissed[socketParent + s] & ~partHits[socketColumn + s]) !== 0) this.forcedExtras[forced++] = this.sockets.extraCells[k];
    }
    need = this.bandGreedy(b, inRows, need, left, forced);
    if (need > left) return false;
    let used2 = this.greedyUsed;
    const pending = this.pending;
    let waiting = 0;
    for (let block = 0; block < blocks; block++) {
      for (let missed = this.missed[vector + block] & ~inRow[rowAt + block]; missed !== 0; missed &= missed - 1) {
        const slot = 32 * block + 31 - Math.clz32(missed & -missed);
        const m2 = band3Parts[firstSlot + slot];
        pending[waiting++] = first + 3 * slot;
        if ((m2 & used2) === 0) {
          used2 |= m2;
          if (++need > left) return false;
        }
      }
    }
    this.criticalUsed = need === left ? used2 : -1;
    this.criticalRows = inRows;
    if (!exact) {
      this.passedNode = this.levelNode[level];
      this.passedBand = b;
      this.passedForced = forced;
      this.passedWaiting = waiting;
      return true;
    }
    return this.bandCover(b, left, forced, waiting);
  }

  /**
   * The exact cover test of band 3 b's closed problem, whose mini-row
   * families, forced GUA4/GUA6 patterns and waiting learned UAs band3Hopeful
   * left in miniRowFamily, forcedExtras and pending. Every UA lies in band 3
   * (no socket is mixed), and the exact test replaces the bound. Not before
   * the bands-1+2 check: the fresh UAs those checks return keep the
   * bands-1+2 search small.
   */
  private bandCover(b: number, left: number, forced: number, waiting: number): boolean {
    const family = this.miniRowFamily;
    const learned = this.learned;
    const pending = this.pending;
    if (this.criticalUsed >= 0 && !this.criticalHittable(b, forced, waiting)) return false;
    const cover = this.cover;
    cover.clear();
    // Band UAs and GUA4/GUA6 patterns span two rows at least, and the waiting learned UAs are those outside one mini-row.
    for (let i = this.bandUAStart[b], end = this.bandUAStart[b + 1]; i < end; i++) cover.addSpread(this.bandUAs[i]);
    for (let r = 0; r < 9; r++) cover.addMiniRowPatterns(r, family[r]);
    for (let k = 0; k < forced; k++) cover.addSpread(this.forcedExtras[k]);
    for (let k = 0; k < waiting; k++) cover.addSpread(learned[pending[k] + 2]);
    return this.coverable(left);
  }

  /**
   * The cover's first test, without its list: band3Hopeful's bound equals
   * the clues left, so every clue goes to its groups (each mini-row exactly
   * its need, in ROW_CELLS, each greedy disjoint UA one), and a UA with no
   * cell there cannot be hit (the cover's root would find it so). On slice
   * 43593 this spares the cover 5.6M of its 27.8M nodes.
   */
  private criticalHittable(b: number, forced: number, waiting: number): boolean {
    const rows = this.criticalRows;
    const allowed = (this.criticalUsed & ~rows) | rowCells(this.miniRowFamily, rows);
    for (let i = this.bandUAStart[b], end = this.bandUAStart[b + 1]; i < end; i++) if ((this.bandUAs[i] & allowed) === 0) return false;
    for (let k = 0; k < forced; k++) if ((this.forcedExtras[k] & allowed) === 0) return false;
    const learned = this.learned;
    const pending = this.pending;
    for (let k = 0; k < waiting; k++) if ((learned[pending[k] + 2] & allowed) === 0) return false;
    return true;
  }

  /** Whether at most `left` cells hit every UA added to the cover, its nodes counted. */
  private coverable(left: number): boolean {
    const cover = this.cover;
    const nodes = cover.nodes;
    const coverable = cover.coverable(left);
    this.stats.band3CoverNodes += cover.nodes - nodes;
    return coverable;
  }

  /** Whether bands 1+2 (c1, c2 clues, free cells live0/live1, not all empty) take exactly one more clue at most: every child closed. */
  private lastSlot(c1: number, c2: number, live0: number, live1: number): boolean {
    if (live0 !== 0 && (this.canAdd(c1 + 2, c2) || this.canAdd(c1 + 1, c2 + 1))) return false;
    if (live1 !== 0 && (this.canAdd(c1 + 1, c2 + 1) || this.canAdd(c1, c2 + 2))) return false;
    return true;
  }

  /**
   * The joint search of a valid X+Y that can take one more bands-1+2 clue
   * at most, its root list at level 0: split by that clue first (none, or
   * each free cell in turn), which leaves one closed band-3 problem each.
   * The joint search's own bound sees mixed UAs (a bands-1+2 cell or band-3
   * cells) as one clue each, which is weak here: its tree was wide at the
   * bottom (86 nodes per problem on a pass-2a entry). Most closed problems
   * have no cover, which the exact cover test proves at once. Each superset
   * of X+Y lies in exactly one part, so the 17s are the same.
   */
  private splitLastSlot(x0: number, x1: number, c1: number, c2: number, live0: number, live1: number): void {
    // Without the clue, no cover (as nearly always): then a clue that hits
    // no UA of the list leaves the same problem with one band-3 clue fewer.
    const noneDead = !this.closedChild(0, 0, this.clues - c1 - c2);
    this.slotScanned = 0;
    this.slotMixedCount = 0;
    this.slotPureRows = 0;
    this.slotPureFamily.fill(0);
    if (!noneDead) {
      this.jointNode(1, x0, x1, 0, 0, 0, FULL, c1, c2, 0);
      if (this.rootKilled()) return;
    }
    for (let band = 0; band < 2; band++) {
      for (let cells = band === 0 ? live0 : live1; cells !== 0; cells &= cells - 1) {
        const bit = cells & -cells;
        const f0 = band === 0 ? bit : 0;
        const f1 = band === 0 ? 0 : bit;
        const n1 = band === 0 ? c1 + 1 : c1;
        const n2 = band === 0 ? c2 : c2 + 1;
        if (this.lastSlotBound(f0, f1, this.clues - n1 - n2, noneDead) || !this.closedChild(f0, f1, this.clues - n1 - n2)) continue;
        this.jointNode(1, x0 | f0, x1 | f1, 0, 0, 0, FULL, n1, n2, 0);
        if (this.rootKilled()) return;
      }
    }
  }

  /** After a split part's search: true when a fresh UA killed the root (no part can work); a kill of the part itself is cleared. */
  private rootKilled(): boolean {
    if (this.jKillLevel === 0) return true;
    if (this.jKillLevel === 1) this.jKillLevel = 99;
    return false;
  }

  /**
   * True when bands-1+2 clue f0/f1 surely leaves a closed problem with no
   * cover of `left` band-3 cells (splitLastSlot): a root UA it misses has
   * no band-3 cell; it hits no root UA while the problem without it had no
   * cover (`noneDead`); or the cover's root bound, mini-row needs plus
   * greedy disjoint UAs, exceeds `left`. Read straight from the root list,
   * without building the child's (most clues end here).
   */
  private lastSlotBound(f0: number, f1: number, left: number, noneDead: boolean): boolean {
    const L0 = this.jW0;
    const L1 = this.jW1;
    const L2 = this.jW2;
    const family = this.miniRowFamily;
    const count = this.jCount[0];
    // Band-3-only root UAs are missed by every clue: their mini-row
    // families are kept for the whole split (slotPure*), and only the
    // other UAs are tested here. Fresh UAs join the root list meanwhile.
    const pureFamily = this.slotPureFamily;
    const mixed = this.slotMixed;
    for (let i = this.slotScanned; i < count; i++) {
      if ((L0[i] | L1[i]) !== 0) {
        mixed[this.slotMixedCount++] = i;
        continue;
      }
      const m = L2[i];
      const low = 31 - Math.clz32(m & -m);
      const shift = ROW_SHIFT[low];
      if ((m & ~(7 << shift)) === 0) {
        pureFamily[MINIROW_OF[low]] |= 1 << (m >>> shift);
        this.slotPureRows |= 7 << shift;
      }
    }
    this.slotScanned = count;
    family.set(pureFamily);
    let hitAny = false;
    let inRows = this.slotPureRows;
    for (let k = 0, end = this.slotMixedCount; k < end; k++) {
      const i = mixed[k];
      if (((L0[i] & f0) | (L1[i] & f1)) !== 0) {
        hitAny = true;
        continue;
      }
      const m = L2[i];
      if (m === 0) return true;
      const low = 31 - Math.clz32(m & -m);
      const shift = ROW_SHIFT[low];
      if ((m & ~(7 << shift)) === 0) {
        family[MINIROW_OF[low]] |= 1 << (m >>> shift);
        inRows |= 7 << shift;
      }
    }
    if (noneDead && !hitAny) return true;
    let need = 0;
    for (let r = 0; r < 9; r++) need += MINIROW_NEED[family[r]];
    if (need > left) return true;
    let used = inRows;
    for (let i = 0; i < count; i++) {
      if (((L0[i] & f0) | (L1[i] & f1)) !== 0) continue;
      const m = L2[i];
      if ((m & used) === 0) {
        used |= m;
        if (++need > left) return true;
      }
    }
    return false;
  }

  /**
   * Writes level 1 of the joint lists: the root UAs that bands-1+2 clue
   * f0/f1 (or none) misses, cut to band 3, as a closed node. False when one
   * has no band-3 cell or no `left` band-3 cells hit them all.
   */
  private closedChild(f0: number, f1: number, left: number): boolean {
    const L0 = this.jW0;
    const L1 = this.jW1;
    const L2 = this.jW2;
    const cover = this.cover;
    cover.clear();
    let n = JOINT_CAPACITY;
    for (let i = 0, end = this.jCount[0]; i < end; i++) {
      if (((L0[i] & f0) | (L1[i] & f1)) !== 0) continue;
      const m2 = L2[i];
      if (m2 === 0) return false;
      L0[n] = 0;
      L1[n] = 0;
      L2[n++] = m2;
      cover.add(m2);
    }
    this.jCount[1] = n - JOINT_CAPACITY;
    this.jLive0[1] = 0;
    this.jLive1[1] = 0;
    this.jLive2[1] = FULL;
    return this.coverable(left);
  }

  /**
   * One node of a joint search: clues x0/x1 (bands 1+2, c1 and c2 of them)
   * and z (band 3, c3), cells still free to become clues free0/1/2; the
   * unhit UAs, restricted to this node's live cells, are the level's list.
   */
  private jointNode(
    level: number, x0: number, x1: number, z: number,
    free0: number, free1: number, free2: number, c1: number, c2: number, c3: number,
  ): void {
    const stats = this.stats;
    stats.band3Nodes++;
    const L0 = this.jW0;
    const L1 = this.jW1;
    const L2 = this.jW2;
    const counts = this.jCount;
    const base = level * JOINT_CAPACITY;
    const left = this.clues - c1 - c2 - c3;
    if (counts[level] === 0) {
      stats.band3Checks++;
      if (this.fullUnique(x0, x1, z)) {
        // Fewer than 17 clues already unique (a 16 or less; none is known): every completion is a 17.
        this.emitCompletions(x0, x1, z, free0, free1, free2, c1, c2, c3, 0);
        return;
      }
      stats.band3FreshUAs++;
      const diff = this.solver.difference;
      this.learn(diff[0], diff[1], diff[2]);
      this.addFreshJoint(diff[0], diff[1], diff[2], level);
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
      const a0 = this.canAdd(n1 + 1, n2) ? nf0 : 0;
      const a1 = this.canAdd(n1, n2 + 1) ? nf1 : 0;
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

  /**
   * Keeps a 3-band UA found for the current band 3 (the oldest goes when
   * the list is full), when both its parts are small (LEARN_MOST_BAND3,
   * LEARN_MOST_BANDS12); the others only serve the search that found them.
   */
  private learn(w0: number, w1: number, w2: number): void {
    const b = this.band3;
    if (w2 === 0) throw new Error("band scan: a UA inside bands 1+2 escaped a valid X+Y (bug)");
    if (popcount(w2) > LEARN_MOST_BAND3 || popcount(w0) + popcount(w1) > LEARN_MOST_BANDS12) return;
    let slot: number;
    if (this.learnedCount[b] < B3_LEARNED) {
      slot = this.learnedCount[b]++;
    } else {
      slot = this.learnedNext[b];
      this.learnedNext[b] = (slot + 1) % B3_LEARNED;
    }
    const k = 3 * (B3_LEARNED * b + slot);
    const hits = this.learnedHits;
    const column = 54 * LEARNED_BLOCKS * b + (slot >>> 5);
    const bit = 1 << (slot & 31);
    if (slot < this.learnedCount[b] - 1 || this.learnedCount[b] === B3_LEARNED) {
      // Replacing an older UA: clear its cells from the index.
      for (let w = this.learned[k]; w !== 0; w &= w - 1) hits[column + (31 - Math.clz32(w & -w)) * LEARNED_BLOCKS] &= ~bit;
      for (let w = this.learned[k + 1]; w !== 0; w &= w - 1) hits[column + (58 - Math.clz32(w & -w)) * LEARNED_BLOCKS] &= ~bit;
    }
    for (let w = w0; w !== 0; w &= w - 1) hits[column + (31 - Math.clz32(w & -w)) * LEARNED_BLOCKS] |= bit;
    for (let w = w1; w !== 0; w &= w - 1) hits[column + (58 - Math.clz32(w & -w)) * LEARNED_BLOCKS] |= bit;
    this.learned[k] = w0;
    this.learned[k + 1] = w1;
    this.learned[k + 2] = w2;
    this.learnedBand3[B3_LEARNED * b + slot] = w2;
    const row = ((31 - Math.clz32(w2 & -w2)) / 3) | 0;
    const at = LEARNED_BLOCKS * b + (slot >>> 5);
    if ((w2 & ~(7 << (3 * row))) === 0) this.learnedInRow[at] |= bit;
    else this.learnedInRow[at] &= ~bit;
    this.learnEpoch[b]++;
  }

  private fullUnique(x0: number, x1: number, z: number): boolean {
    const p = this.puzzle;
    const g = this.grid;
    p.fill(0);
    for (let i = 0; i < 27; i++) {
      if ((x0 >>> i) & 1) p[i] = g[i];
      if ((x1 >>> i) & 1) p[27 + i] = g[27 + i];
      if ((z >>> i) & 1) p[54 + i] = g[54 + i];
    }
    return this.solver.checkUnique(p, g, false);
  }

  /** Every completion to the clue count sought of a unique set, within the pass's limits (cells from `from` on, so each once). */
  private emitCompletions(
    x0: number, x1: number, z: number, free0: number, free1: number, free2: number,
    c1: number, c2: number, c3: number, from: number,
  ): void {
    if (c1 + c2 + c3 === this.clues) {
      this.output(x0, x1, z);
      return;
    }
    for (let cell = from; cell < 81; cell++) {
      const band = (cell / 27) | 0;
      const bit = 1 << (cell - 27 * band);
      if (band === 0 && (free0 & bit) !== 0 && this.canAdd(c1 + 1, c2)) {
        this.emitCompletions(x0 | bit, x1, z, free0, free1, free2, c1 + 1, c2, c3, cell + 1);
      } else if (band === 1 && (free1 & bit) !== 0 && this.canAdd(c1, c2 + 1)) {
        this.emitCompletions(x0, x1 | bit, z, free0, free1, free2, c1, c2 + 1, c3, cell + 1);
      } else if (band === 2 && (free2 & bit) !== 0) {
        this.emitCompletions(x0, x1, z | bit, free0, free1, free2, c1, c2, c3 + 1, cell + 1);
      }
    }
  }

  private output(x0: number, x1: number, z: number): void {
    const entry = this.entry!;
    if (!this.fullUnique(x0, x1, z)) throw new Error(`band scan: a ${this.clues}-clue puzzle failed its final uniqueness check (bug)`);
    const g = this.grid;
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
      ranks: [entry.rank, entry.band2Rank, entry.bands3Ranks[this.band3]],
      slice: entry.slice,
    });
  }
}
