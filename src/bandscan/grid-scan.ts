/**
 * The band scan applied to one solution grid for any clue count up to 20 (MAX_SCAN_CLUES): a
 * second engine for the grid scan (`sudokulab scan`), beside the
 * hitting-set search of src/scan.
 *
 * A puzzle's "top band" is the band holding the most of its clues, the
 * first in grid order on a tie. The scan runs once per band of the grid
 * (a chunk): that band becomes band 3 of an entry (the other two, in grid
 * order, are bands 1 and 2), and the entry scanner looks only for puzzles
 * whose top band it is. So bands 1 and 2 hold at most as many clues as band
 * 3 (strictly fewer for a band before it in the grid), which bounds their
 * search as the sk_s17 passes do, and every puzzle is found in exactly one
 * chunk. Permuting the bands of a grid permutes its puzzles, so the puzzles
 * found on the entry are mapped back row for row.
 */
import { EntryScanner17 } from "./entry-scan.js";
import { MAX_SCAN_CLUES } from "./scan-path.js";
import { MAX_BANDS3 } from "../catalog/entry-generator.js";
import { clueLimits, type ClueLimits } from "./pass-limits.js";
import { Scan17Stats } from "./scan17-stats.js";

/** Chunks of a band-engine grid scan: one per band of the grid that can be the top band. */
export const GRID_BAND_CHUNKS = 3;

/** Most clues the band engine scans for (its search depths are sized for them). */
export const MAX_BAND_ENGINE_CLUES = MAX_SCAN_CLUES;

/** Bands 1, 2, 3 of chunk `topBand`'s entry, as bands of the grid. */
export function entryBandsOf(topBand: number): [number, number, number] {
  const others = [0, 1, 2].filter((b) => b !== topBand);
  return [others[0], others[1], topBand];
}

/** The counts bands 1+2 may hold when the entry's band 3 is band `topBand` of the grid and the puzzle's top band. */
export function topBandLimits(clues: number, topBand: number): ClueLimits {
  const [band1, band2] = entryBandsOf(topBand);
  // A band before the top band in grid order would win a tie, so it holds fewer clues.
  const tie1 = band1 < topBand ? 1 : 0;
  const tie2 = band2 < topBand ? 1 : 0;
  return clueLimits(clues, (c1, c2) => {
    const c3 = clues - c1 - c2;
    return c3 <= 27 && c1 <= c3 - tie1 && c2 <= c3 - tie2;
  });
}

/**
 * Scans chunk `topBand` (0, 1 or 2) of `grid` for puzzles of `clues` clues
 * with a unique solution; `onPuzzle` gets each (81 digits, 0 = empty, on the
 * grid as given; the array is reused). Counters are added to `stats`.
 */
export function scanGridBandChunk(
  grid: ArrayLike<number>,
  clues: number,
  topBand: number,
  onPuzzle: (puzzle: Uint8Array) => void,
  stats: Scan17Stats = new Scan17Stats(),
): Scan17Stats {
  if (!Number.isInteger(clues) || clues < 1 || clues > MAX_BAND_ENGINE_CLUES) {
    throw new RangeError(`the band engine scans for 1 to ${MAX_BAND_ENGINE_CLUES} clues, not ${clues}`);
  }
  if (!Number.isInteger(topBand) || topBand < 0 || topBand >= GRID_BAND_CHUNKS) throw new RangeError(`no band-engine chunk ${topBand}`);
  const order = entryBandsOf(topBand);
  const entryGrid = new Uint8Array(81);
  for (let k = 0; k < 3; k++) for (let p = 0; p < 27; p++) entryGrid[27 * k + p] = grid[27 * order[k] + p];
  const bands3 = new Uint8Array(27 * MAX_BANDS3);
  bands3.set(entryGrid.subarray(54, 81), 0);
  // The hits' pass label and ranks are unused here; "2a" only names the scanner's default limits, replaced below.
  const scanner = new EntryScanner17("2a", stats, true, topBandLimits(clues, topBand));
  const puzzle = new Uint8Array(81);
  scanner.scanEntry(
    { grid: entryGrid, rank: -1, band2Rank: -1, slice: -1, bands3, bands3Ranks: new Int16Array(MAX_BANDS3), bands3Count: 1 },
    (hit) => {
      puzzle.fill(0);
      for (let k = 0; k < 3; k++) {
        for (let p = 0; p < 27; p++) {
          const ch = hit.puzzle.charCodeAt(27 * k + p);
          if (ch !== 46) puzzle[27 * order[k] + p] = ch - 48;
        }
      }
      onPuzzle(puzzle);
    },
  );
  return stats;
}

/** Every puzzle of `clues` clues with a unique solution in `grid`, by the band engine (all chunks), in chunk order. */
export function scanGridByBands(grid: ArrayLike<number>, clues: number, stats: Scan17Stats = new Scan17Stats()): Uint8Array[] {
  const found: Uint8Array[] = [];
  for (let topBand = 0; topBand < GRID_BAND_CHUNKS; topBand++) {
    scanGridBandChunk(grid, clues, topBand, (puzzle) => found.push(puzzle.slice()), stats);
  }
  return found;
}
