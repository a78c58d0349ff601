/**
 * The band scan for 17-clue puzzles (design notes band-scan.md §1.6-1.10),
 * the drivers: a range of slices of one band-1 rank, or every entry of one
 * grid, each entry scanned by one of the engines (engines.ts).
 *
 * Passes (sk_s17 VB/v9 split, bands only): each pass reads one catalog and
 * bounds the clues of bands 1 and 2 (pass-limits.ts); together they find
 * every 17 of every grid once per catalog entry that holds it.
 */
import { canonicalGrid } from "../canon/index.js";
import { locateGrid } from "../catalog/canonical-entry.js";
import { EntryGenerator, MAX_BANDS3 } from "../catalog/entry-generator.js";
import type { EntryData } from "./entry-data.js";
import { entryScanner, type Scan17Engine } from "./engines.js";
import type { Scan17Hit } from "./hit.js";
import { type Scan17Pass, CATALOG_OF_PASS } from "./pass-limits.js";
import { Scan17Stats } from "./scan17-stats.js";
import { bandLookup } from "../canon/band-lookup.js";
import { rankOfIndex } from "../catalog/ranks.js";

export interface SliceScanOptions {
  readonly pass: Scan17Pass;
  /** n6 rank of band 1, 0..415. */
  readonly rank: number;
  readonly firstSlice: number;
  /** Last slice scanned (inclusive); slices past the rank's last one are simply absent. */
  readonly lastSlice: number;
  /** Counters are added here (a new Scan17Stats when omitted). */
  readonly stats?: Scan17Stats;
  /** The bands-1+2 engine (default expand). */
  readonly engine?: Scan17Engine;
  /**
   * Called once for every slice of the range that exists, in increasing
   * order, after all its 17s were reported: the point to checkpoint.
   */
  readonly onSliceEnd?: (slice: number, stats: Scan17Stats) => void;
}

/** Scans every entry of slices firstSlice..lastSlice of one rank in one pass. */
export function scanSlices17(options: SliceScanOptions, onHit: (hit: Scan17Hit) => void): Scan17Stats {
  const stats = options.stats ?? new Scan17Stats();
  const scanner = entryScanner(options.pass, stats, options.engine);
  const generator = new EntryGenerator(CATALOG_OF_PASS[options.pass], options.rank);
  let nextSlice = options.firstSlice;
  const endSlicesBefore = (slice: number): void => {
    for (; nextSlice < slice; nextSlice++) options.onSliceEnd?.(nextSlice, stats);
  };
  generator.run({ firstSlice: options.firstSlice, lastSlice: options.lastSlice }, (entry) => {
    endSlicesBefore(entry.slice);
    scanner.scanEntry(entry, onHit);
  });
  // The generator stops after lastSlice, or at the rank's last band 2.
  const lastExisting = Math.min(options.lastSlice, generator.bands2 >> 6);
  endSlicesBefore(lastExisting + 1);
  return stats;
}

/** A 17 of scanGrid17, with the puzzle also in the input grid's coordinates. */
export interface GridHit17 extends Scan17Hit {
  /** The same puzzle on the input grid, 81 characters. */
  readonly original: string;
}

/**
 * Every 17 of one grid, found through its entry in each of the three
 * passes (only the grid's own band 3 is scanned): a second, independent
 * route to `scan --clues 17`. A puzzle found by two passes (possible only
 * through automorphisms or ties) is reported by each.
 */
export function scanGrid17(grid: ArrayLike<number>, onHit: (hit: GridHit17) => void, stats = new Scan17Stats(), engine: Scan17Engine = "expand"): Scan17Stats {
  const input = Uint8Array.from(grid);
  const toInput = entryToInputMapper(input);
  for (const pass of ["1", "2a", "2b"] as const) {
    const located = locateGrid(input, CATALOG_OF_PASS[pass]);
    const entry = singleBand3Entry(located.grid, located.ranks, -1);
    const scanner = entryScanner(pass, stats, engine);
    scanner.scanEntry(entry, (hit) => onHit({ ...hit, original: toInput(located.grid, hit.puzzle) }));
  }
  return stats;
}

/** An entry holding one grid only (band 3 = rows 7-9 of `entryGrid`), for replays and scanGrid17. */
export function singleBand3Entry(entryGrid: ArrayLike<number>, ranks: readonly [number, number, number], slice: number): EntryData {
  const grid = Uint8Array.from(entryGrid);
  const bands3 = new Uint8Array(27 * MAX_BANDS3);
  bands3.set(grid.subarray(54, 81), 0);
  const bands3Ranks = new Int16Array(MAX_BANDS3);
  bands3Ranks[0] = ranks[2];
  return { grid, rank: ranks[0], band2Rank: ranks[1], slice, bands3, bands3Ranks, bands3Count: 1 };
}

/** n6 ranks of the three bands of a grid, rows 1-3, 4-6, 7-9. */
export function bandRanksOf(grid: ArrayLike<number>): [number, number, number] {
  const lookup = bandLookup();
  const rankOf = rankOfIndex();
  const cells = Uint8Array.from(grid);
  return [0, 1, 2].map((b) => rankOf[lookup.lookup(cells, 27 * b) & 511]) as [number, number, number];
}

/** Maps a puzzle written on an isomorph of `input` back onto `input` (through both grids' minlex forms). */
function entryToInputMapper(input: Uint8Array): (entryGrid: Uint8Array, puzzle: string) => string {
  const target = canonicalGrid(input).transform;
  const inverseDigit = new Uint8Array(10);
  for (let d = 1; d <= 9; d++) inverseDigit[target.digits[d]] = d;
  return (entryGrid, puzzle) => {
    const source = canonicalGrid(entryGrid).transform;
    const out = new Array<string>(81).fill(".");
    for (let i = 0; i < 9; i++) {
      for (let j = 0; j < 9; j++) {
        const fromEntry = cellOf(source, i, j);
        const ch = puzzle[fromEntry];
        if (ch === "." || ch === "0") continue;
        out[cellOf(target, i, j)] = String(inverseDigit[source.digits[Number(ch)]]);
      }
    }
    return out.join("");
  };
}

/** The cell of the transformed grid's source that lands on minlex cell (i, j). */
function cellOf(t: { transpose: boolean; rows: Uint8Array; cols: Uint8Array }, i: number, j: number): number {
  const r = t.rows[i];
  const c = t.cols[j];
  return t.transpose ? 9 * c + r : 9 * r + c;
}
