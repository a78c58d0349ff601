/**
 * The X×Y engine of the band scan (architecture A: blue's method as seeds
 * 000-002 describe it; design notes band-scan.md §1.4-1.6). For one entry:
 *
 * 1. The valid clue sets X of band 1 and Y of band 2 of each size the pass
 *    allows (valid-band-sets.ts), inside the window if there is one.
 * 2. For each pair of sizes (k1, k2) the pass allows, every X × Y pair in
 *    chunks of 256 sets of the larger side against each set of the other
 *    side, through the bit-sliced UA filter of xy-filter.ts: a pair that
 *    misses a known UA of bands 1+2 dies there.
 * 3. Each surviving pair goes through the two FIFO tables of fresh UAs (one
 *    for UAs of at most 20 cells, one for larger ones; ua-fifo.ts), then
 *    the band-3 bound from the GUA sockets and learned UAs, then the
 *    bands-1+2 uniqueness check, whose fresh UA feeds the FIFO tables and
 *    the UA table (the filter's lists take it for the next pair of sizes,
 *    and the chunk loop reads it at once), and a valid X+Y goes to band 3:
 *    one band-3 search per band 3 for its 17 - k1 - k2 more clues.
 *
 * Steps 3's bound, check and band-3 searches are the expansion engine's
 * (band3-stage.ts through entry-scan.ts, as a closed leaf: no more
 * bands-1+2 clues), walked along
 * a path of one clue per level (X's cells then Y's, or the other way), so
 * that its per-clue caches serve consecutive pairs. Each bands-1+2 clue set
 * is one X × Y pair, so each 17 is output once per entry and band 3, as by
 * the expansion engine; the two engines are cross-checked on the same
 * entries (test/xy-chunks.test.ts).
 *
 * What this engine leaves out of the seeds' design, and why: the per-stack
 * clue counts. Seed 002 drops an X+Y with more than 6 clues in a stack,
 * which is sound in blue's split of the passes, where a 17 with a stack of
 * 7 or more clues falls to pass 1 (stacks take turns as band 3 there). The
 * passes here follow sk_s17 VB (pass-limits.ts), where stacks never play
 * band 3: 10,225 of the 20,456 lines of k1_p2a.txt have a stack of 7 or
 * more clues (4 of them within bands 1+2), so no stack limit holds.
 *
 * No Node APIs.
 */
import { popcount } from "../core/bits.js";
import { bandGangsterUAs } from "../catalog/band-uas.js";
import type { EntryData } from "./entry-data.js";
import { EntryScanner17 } from "./entry-scan.js";
import { type ClueLimits, LIMIT_STRIDE, passClueLimits, type Scan17Pass } from "./pass-limits.js";
import { Scan17Stats } from "./scan17-stats.js";
import type { Scan17Hit } from "./hit.js";
import { UAFifo } from "./ua-fifo.js";
import { validBandSets, MOST_PER_BAND } from "./valid-band-sets.js";
import { CHUNK, ChunkFilter } from "./xy-filter.js";

const FULL = 0x7ffffff;
/** Room for the UAs of bands 1+2 with cells in both bands (collected and fresh), as the expansion engine's table. */
const UA_CAPACITY = 4096;
/**
 * Most UAs in one list-side set's list. Most (chunk, set) end within 30
 * UAs, but those with survivors read the whole list, and its tail (the
 * largest chunk-side parts) rarely kills: measured on entries 29-30 of
 * pass 2a slice 43593, 256 UAs 9.1 s (3.70M pairs left), 128 8.6-8.7 s
 * (4.43M), 64 9.1 s (9.28M, most then killed by the FIFO tables).
 */
const LIST_MOST = 128;
/** Fresh UAs read by the chunk loop before the next pair of sizes lists them. */
const RECENT_MOST = 128;
/** The seed's FIFO tables: 32 UAs each, split at 20 cells (G17MORESIZE, UALIMSIZE). */
const FIFO_SIZE = 32;
const SMALL_UA = 20;
/** Bits of a list-side set's index in a surviving pair's key (the chunk-side index, < 256, above them). */
const LIST_BITS = 23;
const LIST_MASK = (1 << LIST_BITS) - 1;

export class ChunkScanner17 {
  private readonly stage: EntryScanner17;
  private readonly limits: ClueLimits;
  private readonly filter = new ChunkFilter(UA_CAPACITY);
  private readonly smallFifo = new UAFifo(FIFO_SIZE);
  private readonly bigFifo = new UAFifo(FIFO_SIZE);
  /** The UAs with cells in both bands: band-1 and band-2 words. */
  private readonly ua0 = new Int32Array(UA_CAPACITY);
  private readonly ua1 = new Int32Array(UA_CAPACITY);
  private uaCount = 0;
  /** UAs [0, listed) are in the lists of the current pair of sizes; the others are recent. */
  private listed = 0;
  /** The list side's lists: UA indices of set i at listStart[i]..listStart[i + 1]. */
  private lists = new Uint16Array(0);
  private listStart = new Int32Array(0);
  /** A chunk's surviving pairs: chunk-side set << LIST_BITS | list-side set. */
  private found = new Int32Array(4096);
  /** The band-3 stage's path: the cell (0..53) of each level 1..pathLength. */
  private readonly pathCells = new Int32Array(32);
  private pathLength = 0;
  private readonly nextCells = new Int32Array(32);

  constructor(
    readonly pass: Scan17Pass,
    readonly stats: Scan17Stats = new Scan17Stats(),
    limits: ClueLimits = passClueLimits(pass),
  ) {
    this.limits = limits;
    this.stage = new EntryScanner17(pass, stats, true, limits);
  }

  /** Scans one entry, as EntryScanner17.scanEntry (the same 17s; bands-1+2 clues inside allowed0/allowed1). */
  scanEntry(entry: EntryData, onHit: (hit: Scan17Hit) => void, allowed0 = FULL, allowed1 = FULL): void {
    const uas = this.stage.beginEntry(entry, onHit);
    if (uas === null) return;
    try {
      this.scanPairs(entry, uas, allowed0 & FULL, allowed1 & FULL);
    } finally {
      this.stage.endEntry();
    }
  }

  private scanPairs(entry: EntryData, uas: Int32Array, allowed0: number, allowed1: number): void {
    // UAs cut to the window: those left in one band only join that band's own UAs (valid sets hit them).
    const own0: number[] = Array.from(bandGangsterUAs(entry.grid, 0));
    const own1: number[] = Array.from(bandGangsterUAs(entry.grid, 27));
    this.uaCount = 0;
    for (let i = 0; i < uas.length; i += 3) {
      const u0 = uas[i] & allowed0;
      const u1 = uas[i + 1] & allowed1;
      if ((u0 | u1) === 0) return; // no clue set inside the window is unique
      if (u1 === 0) own0.push(u0);
      else if (u0 === 0) own1.push(u1);
      else if (this.uaCount < UA_CAPACITY) {
        this.ua0[this.uaCount] = u0;
        this.ua1[this.uaCount++] = u1;
      }
    }
    this.stats.band12UAs += uas.length / 3;
    const most0 = this.mostInBand(0);
    const most1 = this.mostInBand(1);
    const sets0 = validBandSets(smallestFirst(own0), most0, allowed0);
    const sets1 = validBandSets(smallestFirst(own1), most1, allowed1);
    this.smallFifo.clear();
    this.bigFifo.clear();
    this.pathLength = 0;
    this.stage.setPathNode(0, 0, 0);
    const allowed = this.limits.allowed;
    for (let k1 = 2; k1 <= most0; k1++) {
      for (let k2 = 2; k2 <= most1; k2++) {
        if (allowed[LIMIT_STRIDE * k1 + k2] === 0 || sets0[k1].length === 0 || sets1[k2].length === 0) continue;
        this.scanSizes(sets0[k1], sets1[k2], k1, k2);
      }
    }
  }

  /** Most clues band 0 or 1 may hold in the pass (and in the valid-set tables). */
  private mostInBand(band: number): number {
    let most = 0;
    for (let k = 0; k <= MOST_PER_BAND; k++) {
      if (this.limits.allowed[band === 0 ? LIMIT_STRIDE * k : k] !== 0) most = k;
    }
    return most;
  }

  /** Every pair of the valid k1-sets of band 1 (sets0) and k2-sets of band 2 (sets1). */
  private scanSizes(sets0: Int32Array, sets1: Int32Array, k1: number, k2: number): void {
    this.stats.xyPairs += sets0.length * sets1.length;
    // The larger side is cut into chunks, the smaller one keeps lists.
    const chunkBand = sets0.length >= sets1.length ? 0 : 1;
    const chunkSets = chunkBand === 0 ? sets0 : sets1;
    const listSets = chunkBand === 0 ? sets1 : sets0;
    const chunkUA = chunkBand === 0 ? this.ua0 : this.ua1;
    const listUA = chunkBand === 0 ? this.ua1 : this.ua0;
    if (listSets.length > LIST_MASK) throw new RangeError(`${listSets.length} valid sets on the list side: at most ${LIST_MASK}`);
    this.buildLists(listSets, chunkUA, listUA);
    const filter = this.filter;
    for (let u = 0; u < this.uaCount; u++) filter.setPart(u, chunkUA[u]);
    const lists = this.lists;
    const starts = this.listStart;
    const survivors = filter.survivors;
    for (let from = 0; from < chunkSets.length; from += CHUNK) {
      const count = Math.min(CHUNK, chunkSets.length - from);
      filter.load(chunkSets, from, count);
      let found = 0;
      for (let i = 0; i < listSets.length; i++) {
        const l = listSets[i];
        if (!filter.filter(lists, starts[i], starts[i + 1])) continue;
        // Fresh UAs not yet in the lists.
        for (let u = this.listed, end = Math.min(this.uaCount, this.listed + RECENT_MOST); u < end; u++) {
          if ((listUA[u] & l) === 0) filter.killWith(u);
        }
        for (let k = 0; k < CHUNK / 32; k++) {
          for (let bits = survivors[k]; bits !== 0; bits &= bits - 1) {
            if (found === this.found.length) this.growFound();
            this.found[found++] = ((32 * k + 31 - Math.clz32(bits & -bits)) << LIST_BITS) | i;
          }
        }
      }
      this.stats.xyFilterSurvivors += found;
      // The chunk's survivors by chunk-side set, then list-side set: consecutive
      // pairs share their first clues, which the band-3 stage's path keeps.
      const sorted = this.found.subarray(0, found).sort();
      for (let n = 0; n < found; n++) {
        this.pair(chunkSets[from + (sorted[n] >>> LIST_BITS)], listSets[sorted[n] & LIST_MASK], chunkBand, k1, k2);
      }
    }
  }

  private growFound(): void {
    const grown = new Int32Array(2 * this.found.length);
    grown.set(this.found);
    this.found = grown;
  }

  /**
   * For each list-side set, the UAs whose list-side part it misses, those
   * with the smallest chunk-side part first (they kill the most pairs), at
   * most LIST_MOST: every UA found so far is listed.
   */
  private buildLists(listSets: Int32Array, chunkUA: Int32Array, listUA: Int32Array): void {
    const n = this.uaCount;
    const order: number[] = [];
    for (let size = 1; size <= 27; size++) {
      for (let u = 0; u < n; u++) if (popcount(chunkUA[u]) === size) order.push(u);
    }
    const byPower = Uint16Array.from(order);
    const most = Math.min(LIST_MOST, n);
    if (this.lists.length < listSets.length * most) this.lists = new Uint16Array(listSets.length * most);
    if (this.listStart.length < listSets.length + 1) this.listStart = new Int32Array(listSets.length + 1);
    const lists = this.lists;
    const starts = this.listStart;
    let at = 0;
    for (let i = 0; i < listSets.length; i++) {
      starts[i] = at;
      const l = listSets[i];
      const end = at + most;
      for (let j = 0; j < n && at < end; j++) {
        const u = byPower[j];
        if ((listUA[u] & l) === 0) lists[at++] = u;
      }
    }
    starts[listSets.length] = at;
    this.listed = n;
  }

  /**
   * One pair that hit every UA of the filter: set c of band `chunkBand`
   * (the chunk side) and set l of the other band. The chunk side's cells
   * come first on the path: the chunk's survivors are sorted by it.
   */
  private pair(c: number, l: number, chunkBand: number, k1: number, k2: number): void {
    const x0 = chunkBand === 0 ? c : l;
    const x1 = chunkBand === 0 ? l : c;
    if (this.smallFifo.missesOne(x0, x1) || this.bigFifo.missesOne(x0, x1)) {
      this.stats.xyFifoKills++;
      return;
    }
    const level = this.walkPath(c, l, chunkBand);
    if (!this.stage.closedXY(level, k1, k2)) return;
    const u0 = this.stage.freshUA(0);
    const u1 = this.stage.freshUA(1);
    if (popcount(u0) + popcount(u1) <= SMALL_UA) {
      this.smallFifo.add(u0, u1);
      if (this.uaCount < UA_CAPACITY) {
        this.ua0[this.uaCount] = u0;
        this.ua1[this.uaCount] = u1;
        this.filter.setPart(this.uaCount, chunkBand === 0 ? u0 : u1);
        this.uaCount++;
      }
    } else {
      this.bigFifo.add(u0, u1);
    }
  }

  /**
   * Sets the band-3 stage's path to the cells of `a` (band `first`) then of
   * `b` (the other band), lowest first, one per level, keeping the levels it
   * shares with the path before; returns the last level.
   */
  private walkPath(a: number, b: number, first: number): number {
    const next = this.nextCells;
    let n = 0;
    const offsetA = 27 * first;
    const offsetB = 27 - offsetA;
    for (let w = a; w !== 0; w &= w - 1) next[n++] = offsetA + 31 - Math.clz32(w & -w);
    for (let w = b; w !== 0; w &= w - 1) next[n++] = offsetB + 31 - Math.clz32(w & -w);
    const path = this.pathCells;
    let same = 0;
    while (same < n && same < this.pathLength && path[same] === next[same]) same++;
    let s0 = 0;
    let s1 = 0;
    for (let i = 0; i < n; i++) {
      const cell = next[i];
      if (cell < 27) s0 |= 1 << cell;
      else s1 |= 1 << (cell - 27);
      if (i >= same) {
        path[i] = cell;
        this.stage.setPathNode(i + 1, s0, s1);
      }
    }
    this.pathLength = n;
    return n;
  }
}

/** UAs as an Int32Array, smallest first (the valid-set search branches on the first one not hit). */
function smallestFirst(uas: number[]): Int32Array {
  return Int32Array.from(uas).sort((a, b) => popcount(a) - popcount(b));
}
