/**
 * The n6 rank of each band class as flat tables, for the catalog's hot loops
 * (canon/n6-order.ts holds the order, which canon/band-order.ts computes:
 * valid 6-clue counts, ties by minlex index).
 */
import { N6_ORDER } from "../canon/n6-order.js";

let rankTable: Int16Array | null = null;
let indexTable: Int16Array | null = null;

/** RANK_OF[minlexIndex] = n6 rank. */
export function rankOfIndex(): Int16Array {
  if (rankTable === null) {
    indexTable = Int16Array.from(N6_ORDER);
    rankTable = new Int16Array(N6_ORDER.length);
    for (let rank = 0; rank < N6_ORDER.length; rank++) rankTable[N6_ORDER[rank]] = rank;
  }
  return rankTable;
}

/** INDEX_OF[rank] = minlex index. */
export function indexOfRank(): Int16Array {
  rankOfIndex();
  return indexTable!;
}
