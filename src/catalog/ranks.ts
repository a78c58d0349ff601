/**
 * The n6 rank of each band class as flat tables, for the catalog's hot loops
 * (canon/band-order.ts computes the order: valid 6-clue counts, ties by
 * minlex index).
 */
import { bandAtRank, bandFigures } from "../canon/band-order.js";

let rankTable: Int16Array | null = null;
let indexTable: Int16Array | null = null;

/** RANK_OF[minlexIndex] = n6 rank (computed once, a few seconds). */
export function rankOfIndex(): Int16Array {
  if (rankTable === null) {
    const figures = bandFigures();
    rankTable = Int16Array.from(figures, (f) => f.rank);
    indexTable = Int16Array.from({ length: figures.length }, (_, rank) => bandAtRank(rank));
  }
  return rankTable;
}

/** INDEX_OF[rank] = minlex index. */
export function indexOfRank(): Int16Array {
  rankOfIndex();
  return indexTable!;
}
