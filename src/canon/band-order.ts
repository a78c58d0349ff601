/**
 * Per-band figures of the 416 bands and the "n6 order" the band scan uses:
 * bands ranked by their number of valid 6-clue solutions, ties by minlex
 * index (design notes band-scan.md §1.2; reproduces the sk programs'
 * t416_to_n6 table: rank 0 = minlex 223, rank 415 = minlex 28).
 */
import { minlexBands } from "./band-table.js";
import { countValidClueSets, gangsterUAs, minimumValidClues } from "./band-gangster.js";

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

let figures: BandFigures[] | null = null;
let byRank: number[] | null = null;

/** Figures of the 416 bands, by minlex index (computed once, a few seconds). */
export function bandFigures(): readonly BandFigures[] {
  if (figures !== null) return figures;
  const bands = minlexBands();
  const partial = bands.map((band) => {
    const uas = gangsterUAs(band.digits);
    return {
      index: band.index,
      uas,
      validFive: countValidClueSets(uas, 5),
      validSix: countValidClueSets(uas, 6),
      minimumClues: minimumValidClues(uas),
    };
  });
  const order = partial.map((p) => p.index).sort((a, b) => partial[a].validSix - partial[b].validSix || a - b);
  const rankOf = new Array<number>(order.length);
  order.forEach((index, rank) => (rankOf[index] = rank));
  figures = partial.map((p) => ({ ...p, rank: rankOf[p.index] }));
  byRank = order;
  return figures;
}

/** Minlex index of the band with n6 rank `rank`. */
export function bandAtRank(rank: number): number {
  if (byRank === null) bandFigures();
  return byRank![rank];
}
