/**
 * What the band scan reads of an entry (design notes band-scan.md §1.3):
 * bands 1 and 2 and the bands 3 that complete them. The catalog's
 * EntryGenerator has these fields, so the scan reads its entries in place;
 * the replay and the grid drivers build one-grid entries of the same shape.
 */
export interface EntryData {
  /** Bands 1 and 2 in cells 0..53 (the rest is ignored). */
  readonly grid: Uint8Array;
  readonly bands3: Uint8Array;
  readonly bands3Ranks: Int16Array;
  readonly bands3Count: number;
  /** n6 rank of band 1 and of band 2. */
  readonly rank: number;
  readonly band2Rank: number;
  readonly slice: number;
}
