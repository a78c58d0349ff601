/**
 * Per-band figures of the 416 bands and the "n6 order" the band scan uses:
 * bands ranked by their number of valid 6-clue solutions, ties by minlex
 * index (design notes band-scan.md §1.2; reproduces the sk programs'
 * t416_to_n6 table: rank 0 = minlex 223, rank 415 = minlex 28).
 */
import { integerArgument } from "../core/arguments.js";
import { minlexBands } from "./band-table.js";
import { countValidClueSets, gangsterUAs, minimumValidClues } from "./band-gangster.js";
import { N6_ORDER } from "./n6-order.js";

export interface BandFigures {
  readonly index: number;
  /** Minimal UAs relative to the gangster (27-bit masks). */
  readonly uas: Int32Array;
  readonly validFive: number;
  readonly validSix: number;
  readonly minimumClues: number;
  /** Position in the n6 order. */
  readonly rank: number;
}

/** The figures the n6 order needs are computed at once; the others on first read. */
class Figures implements BandFigures {
  private five = -1;
  private minimum = -1;
  rank = 0;

  constructor(
    readonly index: number,
    readonly uas: Int32Array,
    readonly validSix: number,
  ) {}

  get validFive(): number {
    if (this.five < 0) this.five = countValidClueSets(this.uas, 5);
    return this.five;
  }

  get minimumClues(): number {
    if (this.minimum < 0) this.minimum = minimumValidClues(this.uas);
    return this.minimum;
  }
}

let figures: Figures[] | null = null;

/** Figures of the 416 bands, by minlex index (computed once, about 0.15 s). */
export function bandFigures(): readonly BandFigures[] {
  if (figures !== null) return figures;
  const all = minlexBands().map((band) => {
    const uas = gangsterUAs(band.digits);
    return new Figures(band.index, uas, countValidClueSets(uas, 6));
  });
  const order = all.map((f) => f.index).sort((a, b) => all[a].validSix - all[b].validSix || a - b);
  order.forEach((index, rank) => (all[index].rank = rank));
  figures = all;
  return figures;
}

/** Minlex index of the band with n6 rank `rank` (the table N6_ORDER, which equals bandFigures' order). */
export function bandAtRank(rank: number): number {
  integerArgument(rank, "rank", 0, 415);
  return N6_ORDER[rank];
}
