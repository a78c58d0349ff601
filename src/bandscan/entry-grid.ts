/**
 * The grid the band-3 stage checks (design notes band-scan.md §1.6 step 7,
 * §1.9 "final check"): bands 1+2 of the entry being scanned and the band 3
 * being processed, with the scan's two uniqueness checks on it. Bands 1+2
 * are solved with band 3 given in full (solver/two-band.ts): a second
 * solution is a fresh UA of bands 1+2. A whole puzzle is solved by the
 * bitboard solver: a second solution is a 3-band UA.
 *
 * No Node APIs.
 */
import { BitboardSolver } from "../solver/bitboard.js";
import { TwoBandSolver } from "../solver/two-band.js";
import type { EntryData } from "./entry-data.js";

export class EntryGrid {
  /** The entry being scanned, and the index of its band 3 being processed. */
  entry: EntryData | null = null;
  band3 = 0;
  /** Bands 1+2 of the entry, band 3 being processed. */
  readonly cells = new Uint8Array(81);
  private readonly puzzle = new Uint8Array(81);
  readonly solver = new BitboardSolver();
  /** The bands-1+2 checks (band 3 fixed). */
  readonly twoBands = new TwoBandSolver();
  /** Whether the two-band solver's base frame holds the grid's band 3 (bands12Unique). */
  private band3Prepared = false;

  /** Starts an entry, with its first band 3. */
  begin(entry: EntryData): void {
    this.entry = entry;
    this.cells.set(entry.grid.subarray(0, 54), 0);
    this.setBand3(0);
  }

  end(): void {
    this.entry = null;
  }

  setBand3(b: number): void {
    this.band3Prepared = false;
    this.band3 = b;
    this.cells.set(this.entry!.bands3.subarray(27 * b, 27 * b + 27), 54);
  }

  /** Solves bands 1+2 from the clues with band 3 given in full; on failure the solver's difference is a fresh UA. */
  bands12Unique(s0: number, s1: number): boolean {
    if (!this.band3Prepared) {
      // Band 3 given in full, propagated once for all the checks under it.
      this.twoBands.setGrid(this.cells);
      this.band3Prepared = true;
    }
    return this.twoBands.checkUnique(s0, s1);
  }

  fullUnique(x0: number, x1: number, z: number): boolean {
    const p = this.puzzle;
    const g = this.cells;
    p.fill(0);
    for (let i = 0; i < 27; i++) {
      if ((x0 >>> i) & 1) p[i] = g[i];
      if ((x1 >>> i) & 1) p[27 + i] = g[27 + i];
      if ((z >>> i) & 1) p[54 + i] = g[54 + i];
    }
    return this.solver.checkUnique(p, g, false);
  }
}
