/**
 * Entry generation for one band-1 rank of a catalog (design notes
 * band-scan.md §1.3): band 1 is the minlex band of that n6 rank; column 1 of
 * the other six rows takes the six missing digits, split 20 ways between
 * bands 2 and 3, ascending inside each band; band 2 is filled by
 * backtracking, column by column; a band 2 is accepted when its rank is not
 * below band 1's and no automorphism of band 1 makes it smaller; then every
 * band 3 is filled and kept when the grid is listed in this entry by the
 * catalog's rule (catalog.ts).
 *
 * The order of the 20 splits and of the fill is the C++ program's, so that
 * the accepted bands 2 come in its order and slice numbers agree: the n-th
 * accepted band 2 (counting from 1) is in slice n >> 6, as sk_s17v9 numbers
 * them (slice 0 holds 63 bands 2, the others 64).
 */
import { bandLookup, orderOfThree } from "../canon/band-lookup.js";
import { popcount } from "../core/bits.js";
import { type CatalogName, ranksInOrder } from "./catalog.js";
import { compareSortedTriples, EntryCanonizer, sortedTriple } from "./canonical-entry.js";
import { Band3Fillings } from "./band3-fillings.js";
import { compareDigits, compareMorphed, identityMorph, morphsToMinlex, MorphList } from "./band-morph.js";
import { indexOfRank, rankOfIndex } from "./ranks.js";

/** Splits of the six column-1 digits: the first three go to band 2 (sk_s17's order). */
const SPLITS = [
  "012345", "345012", "013245", "245013", "014235", "235014", "015234", "234015",
  "023145", "145023", "024135", "135024", "025134", "134025",
  "034125", "125034", "035124", "124035", "045123", "123045",
].map((s) => Array.from(s, Number));

/**
 * The 15 cells of columns 2-6 filled by backtracking, column by column
 * (relative to the band); box 3 (columns 7-9) is then completed by
 * box3Completions in the same order.
 */
const PREFIX_CELLS = 15;
const FILL_ROW = new Uint8Array(PREFIX_CELLS);
const FILL_COL = new Uint8Array(PREFIX_CELLS);
for (let i = 0; i < PREFIX_CELLS; i++) {
  FILL_COL[i] = 1 + ((i / 3) | 0);
  FILL_ROW[i] = i % 3;
}

/**
 * A permutation σ of {0, 1, 2} given by two of its values, σ(x) = y and
 * σ(u) = v, at index 27x + 9y + 3u + v: its number 0..5.
 */
const PERMUTATION_CODE = new Int8Array(81).fill(-1);
{
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  perms.forEach((sigma, code) => {
    for (let x = 0; x < 3; x++) for (let u = 0; u < 3; u++) if (x !== u) PERMUTATION_CODE[27 * x + 9 * sigma[x] + 3 * u + sigma[u]] = code;
  });
}

/** Index 0..2 of the digit bit `bit` among the three bits of `set`, lowest first. */
function indexInSet(set: number, bit: number): number {
  return popcount(set & (bit - 1));
}

/** Most bands 3 one entry can have (the C++ program's bound). */
export const MAX_BANDS3 = 512;

export interface GeneratorRange {
  /** First slice whose bands 3 are generated (default 0). */
  readonly firstSlice?: number;
  /** Last slice (default: all). Generation stops after it. */
  readonly lastSlice?: number;
}

/** Called for every entry with at least one band 3; read the generator's fields. */
export type EntryVisitor = (generator: EntryGenerator) => void;

export class EntryGenerator {
  /** The grid being built: band 1 fixed, band 2 and the last band 3 filled in. */
  readonly grid = new Uint8Array(81);
  /** Bands 3 of the current entry, 27 digits each. */
  readonly bands3 = new Uint8Array(27 * MAX_BANDS3);
  /** Their n6 ranks. */
  readonly bands3Ranks = new Int16Array(MAX_BANDS3);
  bands3Count = 0;
  /** n6 rank of the current band 2. */
  band2Rank = 0;
  /** Slice of the current entry. */
  slice = 0;
  /** Accepted bands 2 so far (the C++ program's nb12), up to the last slice asked for. */
  bands2 = 0;
  /** Entries with at least one band 3, and bands 3 in all, so far. */
  entries = 0;
  totalBands3 = 0;
  /** Bands 3 settled by the full tie test (ranks or orientations equal). */
  tieTests = 0;

  readonly band1Index: number;
  private readonly rankOf = rankOfIndex();
  private readonly lookup = bandLookup();
  private readonly band1Morphs = new MorphList();
  private readonly otherMorphs = new MorphList();
  private readonly identity: number;
  /** Band-1 automorphisms that fix the current band 2. */
  private readonly stabilizer = new Int32Array(128);
  private stabilizerCount = 0;
  private readonly stackRanks = new Int16Array(6);
  private readonly canonizer = new EntryCanonizer();
  private readonly band1ColumnFree = new Int32Array(9);
  private readonly missing = new Uint8Array(6);
  private stopped = false;
  private band2Target: Uint8Array | null = null;
  private readonly fillings: Band3Fillings;
  /** Stack ranks of the current band 2, by stack and column orderings (see stackRank). */
  private readonly stackMemo = new Int16Array(3 * 512);
  private readonly stackMemoStamp = new Int32Array(3 * 512).fill(-1);
  /**
   * Band 2's n6 rank by how box 3's columns pair its rows' digits (36 ways),
   * for the current columns 1-6: a band's class does not change when the
   * columns of a box are reordered, so the completions of box 3 that differ
   * only in their column order share it.
   */
  private readonly box3RankMemo = new Int16Array(36);
  private readonly box3RankStamp = new Int32Array(36).fill(-1);
  private prefixes = 0;
  private firstSlice = 0;
  private lastSlice = 0;
  private visit: EntryVisitor | undefined;

  constructor(
    readonly catalog: CatalogName,
    readonly rank: number,
  ) {
    if (!Number.isInteger(rank) || rank < 0 || rank > 415) throw new RangeError(`band-1 rank must be 0..415, got ${rank}`);
    this.band1Index = indexOfRank()[rank];
    this.grid.set(this.lookup.minlexDigits[this.band1Index], 0);
    morphsToMinlex(this.grid, 0, this.band1Morphs);
    this.identity = identityMorph(this.band1Morphs);
    if (this.identity < 0) throw new Error("band 1 has no identity morph");
    for (let c = 0; c < 9; c++) {
      this.band1ColumnFree[c] = 0x3fe & ~((1 << this.grid[c]) | (1 << this.grid[9 + c]) | (1 << this.grid[18 + c]));
    }
    let n = 0;
    for (let d = 1; d <= 9; d++) if (this.band1ColumnFree[0] & (1 << d)) this.missing[n++] = d;
    // Only bands 3 that can satisfy the catalog's rank order are kept.
    this.fillings = catalog === "pass1" ? new Band3Fillings(this.rankOf, 0, rank) : new Band3Fillings(this.rankOf, rank, 415);
  }

  /** Number of automorphisms of band 1 other than the identity. */
  get band1Automorphisms(): number {
    return this.band1Morphs.count - 1;
  }

  /**
   * Runs the enumeration (counters start from zero): every band 2 is
   * generated and counted; bands 3 only for the bands 2 of slices in the
   * range. `visit` sees each entry that has bands 3.
   */
  run(range: GeneratorRange = {}, visit?: EntryVisitor): void {
    this.firstSlice = range.firstSlice ?? 0;
    this.lastSlice = range.lastSlice ?? Number.MAX_SAFE_INTEGER;
    this.visit = visit;
    this.reset();
    this.stopped = false;
    this.stackMemoStamp.fill(-1);
    this.box3RankStamp.fill(-1);
    const g = this.grid;
    const colFree = new Int32Array(9);
    const rowFree = new Int32Array(3);
    const boxFree = new Int32Array(3);
    const candidates = new Int32Array(PREFIX_CELLS);
    try {
      for (const split of SPLITS) {
        if (this.stopped) return;
        this.fillings.clear();
        colFree.set(this.band1ColumnFree);
        boxFree[1] = boxFree[2] = 0x3fe;
        boxFree[0] = 0x3fe;
        for (let r = 0; r < 3; r++) {
          const d2 = this.missing[split[r]];
          const d3 = this.missing[split[3 + r]];
          g[27 + 9 * r] = d2;
          g[54 + 9 * r] = d3;
          rowFree[r] = 0x3fe & ~(1 << d2);
          boxFree[0] &= ~(1 << d2);
        }
        // Backtracking over columns 2-6, smallest digit first.
        let i = 0;
        let fresh = true;
        while (i >= 0) {
          const row = FILL_ROW[i];
          const col = FILL_COL[i];
          const box = (col / 3) | 0;
          const cell = 27 + 9 * row + col;
          if (fresh) {
            const inBox = colFree[col] & boxFree[box];
            if (row === 0 && col % 3 === 2 && popcount(inBox) < 3) {
              i--;
              fresh = false;
              continue;
            }
            candidates[i] = inBox & rowFree[row];
          } else {
            const bit = 1 << g[cell];
            rowFree[row] |= bit;
            colFree[col] |= bit;
            boxFree[box] |= bit;
          }
          const free = candidates[i];
          if (free === 0) {
            i--;
            fresh = false;
            continue;
          }
          const bit = free & -free;
          candidates[i] = free ^ bit;
          g[cell] = 31 - Math.clz32(bit);
          rowFree[row] &= ~bit;
          colFree[col] &= ~bit;
          boxFree[box] &= ~bit;
          if (i < PREFIX_CELLS - 1) {
            i++;
            fresh = true;
            continue;
          }
          // Columns 1-6 complete; the digit stays placed and is undone on the next pass.
          fresh = false;
          if (this.box3Completions(colFree, rowFree)) return;
        }
      }
    } finally {
      this.visit = undefined;
    }
  }

  /**
   * Every completion of box 3 (columns 7-9) of the current columns 1-6, in
   * the order of the column-by-column fill: each row's three digits are
   * known, so column 7 takes one of each, column 8 one of the two left and
   * column 9 the last. True when the run stops.
   */
  private box3Completions(colFree: Int32Array, rowFree: Int32Array): boolean {
    const g = this.grid;
    const row0 = rowFree[0];
    const row1 = rowFree[1];
    const row2 = rowFree[2];
    const col7 = colFree[6];
    const col8 = colFree[7];
    const col9 = colFree[8];
    const prefix = ++this.prefixes;
    for (let s0 = row0 & col7; s0 !== 0; s0 &= s0 - 1) {
      const a0 = s0 & -s0;
      const left0 = row0 ^ a0;
      for (let s1 = row1 & col7; s1 !== 0; s1 &= s1 - 1) {
        const a1 = s1 & -s1;
        const left1 = row1 ^ a1;
        for (let s2 = row2 & col7; s2 !== 0; s2 &= s2 - 1) {
          const a2 = s2 & -s2;
          const left2 = row2 ^ a2;
          for (let t0 = left0 & col8; t0 !== 0; t0 &= t0 - 1) {
            const b0 = t0 & -t0;
            const c0 = left0 ^ b0;
            if ((c0 & col9) === 0) continue;
            for (let t1 = left1 & col8; t1 !== 0; t1 &= t1 - 1) {
              const b1 = t1 & -t1;
              const c1 = left1 ^ b1;
              if ((c1 & col9) === 0) continue;
              for (let t2 = left2 & col8; t2 !== 0; t2 &= t2 - 1) {
                const b2 = t2 & -t2;
                const c2 = left2 ^ b2;
                if ((c2 & col9) === 0) continue;
                g[33] = 31 - Math.clz32(a0);
                g[42] = 31 - Math.clz32(a1);
                g[51] = 31 - Math.clz32(a2);
                g[34] = 31 - Math.clz32(b0);
                g[43] = 31 - Math.clz32(b1);
                g[52] = 31 - Math.clz32(b2);
                g[35] = 31 - Math.clz32(c0);
                g[44] = 31 - Math.clz32(c1);
                g[53] = 31 - Math.clz32(c2);
                const x = indexInSet(row0, a0);
                const u = indexInSet(row0, b0);
                const key =
                  6 * PERMUTATION_CODE[27 * x + 9 * indexInSet(row1, a1) + 3 * u + indexInSet(row1, b1)] +
                  PERMUTATION_CODE[27 * x + 9 * indexInSet(row2, a2) + 3 * u + indexInSet(row2, b2)];
                let rank2: number;
                if (this.box3RankStamp[key] === prefix) rank2 = this.box3RankMemo[key];
                else {
                  rank2 = this.rankOf[this.lookup.classAt(g, 27, 9, 1)];
                  this.box3RankStamp[key] = prefix;
                  this.box3RankMemo[key] = rank2;
                }
                if (rank2 < this.rank || !this.acceptBand2OfRank(rank2)) continue;
                if (this.acceptedBand2(colFree, a0 | a1 | a2, b0 | b1 | b2, c0 | c1 | c2)) return true;
              }
            }
          }
        }
      }
    }
    return false;
  }

  /**
   * Counts an accepted band 2 (box 3's column digits given as bit sets) and
   * lists its entry's bands 3 when its slice is in the range. True when the
   * run stops.
   */
  private acceptedBand2(colFree: Int32Array, col7: number, col8: number, col9: number): boolean {
    this.bands2++;
    const slice = Math.floor(this.bands2 / 64);
    if (slice > this.lastSlice) {
      this.bands2--; // not in the range: count only the bands 2 up to the last slice
      this.stopped = true;
      return true;
    }
    if (this.band2Target !== null) {
      if (compareDigits(this.grid, 27, this.band2Target, 0, 27) === 0) {
        this.slice = slice;
        this.stopped = true;
        return true;
      }
      return false;
    }
    if (slice < this.firstSlice) return false;
    this.slice = slice;
    // Band 3 sees the columns with band 2's digits taken, box 3's included.
    const free7 = colFree[6];
    const free8 = colFree[7];
    const free9 = colFree[8];
    colFree[6] = free7 & ~col7;
    colFree[7] = free8 & ~col8;
    colFree[8] = free9 & ~col9;
    this.fillBands3(colFree);
    colFree[6] = free7;
    colFree[7] = free8;
    colFree[8] = free9;
    if (this.bands3Count > 0) {
      this.entries++;
      this.totalBands3 += this.bands3Count;
      if (this.visit !== undefined) this.visit(this);
    }
    return false;
  }

  /**
   * The slice of the entry whose band 2 is `band2` (27 digits), or -1 if this
   * band 1 has no such accepted band 2. Runs the band-2 enumeration up to it
   * (a few seconds at most); resets the counters.
   */
  sliceOfBand2(band2: ArrayLike<number>): number {
    this.band2Target = Uint8Array.from(band2);
    try {
      this.run();
      return this.stopped ? this.slice : -1;
    } finally {
      this.band2Target = null;
      this.reset();
    }
  }

  /**
   * Whether this band 1's catalog lists the grid `entry` (81 digits in entry
   * form: band 1 = this generator's band 1, rows of bands 2 and 3 in column-1
   * order) in the entry of its band 2: the same tests as the enumeration.
   */
  isListed(entry: ArrayLike<number>): boolean {
    const g = this.grid;
    if (compareDigits(entry, 0, g, 0, 27) !== 0) return false;
    for (let i = 27; i < 81; i++) g[i] = entry[i];
    if (!(g[27] < g[36] && g[36] < g[45] && g[54] < g[63] && g[63] < g[72])) return false;
    if (!this.acceptBand2()) return false;
    const rank3 = this.rankOf[this.lookup.classAt(g, 54, 9, 1)];
    if (!ranksInOrder(this.catalog, this.rank, this.band2Rank, rank3)) return false;
    this.stackMemoStamp.fill(-1);
    return this.acceptBand3(rank3, 0);
  }

  /** Zeroes the counters before a new run. */
  reset(): void {
    this.bands2 = 0;
    this.entries = 0;
    this.totalBands3 = 0;
    this.tieTests = 0;
    this.bands3Count = 0;
    this.slice = 0;
  }

  /** Rank and automorphism tests of band 2 (design notes §1.3 step 4). */
  private acceptBand2(): boolean {
    const rank2 = this.rankOf[this.lookup.classAt(this.grid, 27, 9, 1)];
    return rank2 >= this.rank && this.acceptBand2OfRank(rank2);
  }

  /** The automorphism tests of a band 2 whose rank, `rank2`, is not below band 1's. */
  private acceptBand2OfRank(rank2: number): boolean {
    const g = this.grid;
    this.band2Rank = rank2;
    this.stabilizerCount = 0;
    const morphs = this.band1Morphs;
    if (morphs.count > 1) {
      for (let m = 0; m < morphs.count; m++) {
        if (m === this.identity) continue;
        const order = compareMorphed(morphs, m, g, 27, g, 27);
        if (order < 0) return false;
        if (order === 0) this.stabilizer[this.stabilizerCount++] = m;
      }
    }
    if (this.catalog === "main" && rank2 === this.rank && morphs.count > 1) {
      // Bands 1 and 2 could swap roles: band 2 must also be least among the
      // images of band 1 under the morphs taking band 2 to minlex form. The
      // C++ program tests this only when band 1 has automorphisms, and its
      // slice numbers count the bands 2 it accepts, so we do the same; the
      // band-3 test (which compares every assignment) then drops the second
      // listing that the C++ catalog keeps (54 of the k1 lines are such
      // doubles, see docs).
      const other = this.otherMorphs;
      morphsToMinlex(g, 27, other);
      for (let m = 0; m < other.count; m++) {
        if (compareMorphed(other, m, g, 0, g, 27) < 0) return false;
      }
    }
    return true;
  }

  /** Lists the fillings of band 3 that this entry keeps. */
  private fillBands3(colFree: Int32Array): void {
    this.bands3Count = 0;
    const g = this.grid;
    const fillings = this.fillings;
    fillings.find(g, colFree);
    const pool = fillings.pool;
    for (let i = fillings.start, end = fillings.start + fillings.count; i < end; i++) {
      const code = pool[i];
      const rank3 = code >>> 16;
      if (!ranksInOrder(this.catalog, this.rank, this.band2Rank, rank3)) continue;
      fillings.write(code, g, colFree);
      if (!this.acceptBand3(rank3, code)) continue;
      if (this.bands3Count >= MAX_BANDS3) throw new Error(`more than ${MAX_BANDS3} bands 3 in one entry`);
      this.bands3.set(g.subarray(54, 81), 27 * this.bands3Count);
      this.bands3Ranks[this.bands3Count] = rank3;
      this.bands3Count++;
    }
  }

  /**
   * n6 rank of stack k of the complete grid. Within one band 2 a stack
   * depends only on the orderings of its three columns in band 3 (columns
   * 2-6 from the filling's code, 7-9 read back), so ranks are remembered per
   * band 2 under that key: many bands 3 share a stack.
   */
  private stackRank(k: number, code: number): number {
    const g = this.grid;
    let key: number;
    if (k === 0) key = code & 63;
    else if (k === 1) key = 512 + ((code >>> 6) & 511);
    else {
      key = 1024;
      for (let col = 6; col < 9; col++) key += orderOfThree(g[54 + col], g[63 + col], g[72 + col]) << (3 * (col - 6));
    }
    if (this.stackMemoStamp[key] === this.bands2) return this.stackMemo[key];
    const rank = this.rankOf[this.lookup.classAt(g, 3 * k, 1, 9)];
    this.stackMemoStamp[key] = this.bands2;
    this.stackMemo[key] = rank;
    return rank;
  }

  /** Whether the complete grid, whose ranks are in the catalog's order, is listed in this entry. */
  private acceptBand3(r3: number, code: number): boolean {
    const g = this.grid;
    const r1 = this.rank;
    const r2 = this.band2Rank;
    // Orientation: the transpose must not have a smaller sorted rank triple.
    const bandsKey = sortedTriple(r1, r2, r3);
    const low = bandsKey >>> 18;
    const s = this.stackRanks;
    for (let k = 0; k < 3; k++) {
      s[k] = this.stackRank(k, code);
      if (s[k] < low) return false;
    }
    s[3] = r1;
    s[4] = r2;
    s[5] = r3;
    const orientation = compareSortedTriples(s, 0, 3);
    if (orientation < 0) return false;
    if (orientation === 0 || r1 === r2 || r2 === r3 || r1 === r3) {
      this.tieTests++;
      this.canonizer.entryOf(g, this.catalog);
      return compareDigits(this.canonizer.entry, 27, g, 27, 54) === 0;
    }
    // One way to assign the roles: the least entry form over band 1's
    // automorphisms; band 2 is already least, so only those fixing it matter.
    for (let k = 0; k < this.stabilizerCount; k++) {
      if (compareMorphed(this.band1Morphs, this.stabilizer[k], g, 54, g, 54) < 0) return false;
    }
    return true;
  }
}
