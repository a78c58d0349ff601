/**
 * The entry of a grid in a catalog, computed directly from the catalog's rule
 * (catalog.ts): which band of the grid (or of its transpose) is band 1, 2 and
 * 3, and the least entry form. The entry generator uses it to settle the
 * grids where ranks or orientations tie; `locateGrid` uses it to say where a
 * given grid is listed.
 */
import { bandLookup } from "../canon/band-lookup.js";
import { type CatalogName, ENTRY_ORDER } from "./catalog.js";
import { compareDigits, morphBand, morphsToMinlex, MorphList } from "./band-morph.js";
import { rankOfIndex } from "./ranks.js";

const PERMUTATIONS = [
  [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
];

export class EntryCanonizer {
  /** The entry form found by the last `entryOf`: 81 digits, band 1 minlex. */
  readonly entry = new Uint8Array(81);
  /** Its n6 ranks, bands 1, 2, 3. */
  readonly ranks = new Int16Array(3);

  private readonly views = [new Uint8Array(81), new Uint8Array(81)];
  private readonly bandRanks = new Int16Array(6);
  private readonly morphs = new MorphList();
  private readonly best = new Uint8Array(54);
  private readonly trial = new Uint8Array(54);
  private readonly rankOf = rankOfIndex();
  private readonly lookup = bandLookup();

  /** Computes the entry of `grid` (81 digits 1..9, a valid grid) in `catalog`. */
  entryOf(grid: ArrayLike<number>, catalog: CatalogName): void {
    const [plain, transposed] = this.views;
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        plain[9 * r + c] = grid[9 * r + c];
        transposed[9 * c + r] = grid[9 * r + c];
      }
    }
    for (let i = 0; i < 6; i++) {
      this.bandRanks[i] = this.rankOf[this.lookup.lookup(this.views[i >= 3 ? 1 : 0], 27 * (i % 3)) & 511];
    }
    const order = compareSortedTriples(this.bandRanks, 0, 3);
    let bestView = -1;
    let bestPerm = 0;
    for (let view = 0; view < 2; view++) {
      if ((view === 0 && order > 0) || (view === 1 && order < 0)) continue;
      const g = this.views[view];
      const ranks = this.bandRanks;
      for (let p = 0; p < 6; p++) {
        const [a, b, c] = PERMUTATIONS[p];
        if (ranks[3 * view + a] > ranks[3 * view + b] || ranks[3 * view + b] > ranks[3 * view + c]) continue;
        if (this.leastForm(g, a, b, c, bestView < 0)) {
          bestView = view;
          bestPerm = p;
        }
      }
    }
    const sorted = PERMUTATIONS[bestPerm];
    const place = ENTRY_ORDER[catalog];
    const b1 = sorted[place[0]];
    const b2 = sorted[place[1]];
    const b3 = sorted[place[2]];
    const g = this.views[bestView];
    this.leastForm(g, b1, b2, b3, true);
    const index = this.lookup.lookup(g, 27 * b1) & 511;
    this.entry.set(this.lookup.minlexDigits[index], 0);
    this.entry.set(this.best, 27);
    this.ranks[0] = this.bandRanks[3 * bestView + b1];
    this.ranks[1] = this.bandRanks[3 * bestView + b2];
    this.ranks[2] = this.bandRanks[3 * bestView + b3];
  }

  /**
   * Least form with band `top` of `g` in minlex form and bands `second`,
   * `third` below it; kept in `best` if `fresh` or smaller. Returns whether
   * it replaced `best`.
   */
  private leastForm(g: Uint8Array, top: number, second: number, third: number, fresh: boolean): boolean {
    const morphs = this.morphs;
    morphsToMinlex(g, 27 * top, morphs);
    let replaced = false;
    for (let m = 0; m < morphs.count; m++) {
      morphBand(morphs, m, g, 27 * second, this.trial, 0);
      if (!fresh) {
        const head = compareDigits(this.trial, 0, this.best, 0, 27);
        if (head > 0) continue;
        morphBand(morphs, m, g, 27 * third, this.trial, 27);
        if (head === 0 && compareDigits(this.trial, 27, this.best, 27, 27) >= 0) continue;
      } else {
        morphBand(morphs, m, g, 27 * third, this.trial, 27);
      }
      this.best.set(this.trial);
      fresh = false;
      replaced = true;
    }
    return replaced;
  }
}

/** Compares the sorted rank triples at ranks[i..i+2] and ranks[j..j+2]. */
export function compareSortedTriples(ranks: Int16Array, i: number, j: number): number {
  const a = sortedTriple(ranks[i], ranks[i + 1], ranks[i + 2]);
  const b = sortedTriple(ranks[j], ranks[j + 1], ranks[j + 2]);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted triple of ranks (< 512) packed so that numeric order is lexicographic order. */
export function sortedTriple(x: number, y: number, z: number): number {
  let t: number;
  if (y < x) { t = x; x = y; y = t; }
  if (z < y) { t = y; y = z; z = t; }
  if (y < x) { t = x; x = y; y = t; }
  return (x << 18) | (y << 9) | z;
}

export interface GridEntry {
  readonly catalog: CatalogName;
  /** n6 ranks of bands 1, 2, 3. */
  readonly ranks: readonly [number, number, number];
  /** The grid in entry form, 81 digits. */
  readonly grid: Uint8Array;
}

let canonizer: EntryCanonizer | null = null;

/** The entry listing `grid` in `catalog` (without its slice: see EntryGenerator.sliceOf). */
export function locateGrid(grid: ArrayLike<number>, catalog: CatalogName): GridEntry {
  canonizer ??= new EntryCanonizer();
  canonizer.entryOf(grid, catalog);
  return {
    catalog,
    ranks: [canonizer.ranks[0], canonizer.ranks[1], canonizer.ranks[2]],
    grid: canonizer.entry.slice(),
  };
}
