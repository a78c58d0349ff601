/**
 * Everything the band scan needs about one of the 416 bands, by n6 rank:
 * its minlex digits, gangster (digit set per column), minimal gangster UAs,
 * automorphisms, and its valid clue sets (sets fixing the band given its
 * gangster) of sizes 3..7. Built from canon's band tables; the counts are
 * proven against s17-counts.tsv and by brute force over the band's other
 * fillings (test/bands.test.ts).
 */
import { bandLookup } from "../canon/band-lookup.js";
import { bandFigures } from "../canon/band-order.js";
import { countValidClueSets, forEachValidClueSet } from "../canon/band-gangster.js";
import { indexOfRank } from "./ranks.js";

/** Valid clue-set sizes the scan uses (pass 1 takes 3..7 per band). */
export const VALID_SIZES = [3, 4, 5, 6, 7] as const;

export interface BandProfile {
  readonly rank: number;
  /** Minlex index 0..415. */
  readonly index: number;
  /** The minlex band, 27 digits 1..9. */
  readonly digits: Uint8Array;
  /** Per column, the 9-bit set of its 3 digits (bit d-1 for digit d). */
  readonly gangster: Int16Array;
  /** Minimal UAs relative to the gangster, 27-bit cell masks (bit 9*row + column). */
  readonly uas: Int32Array;
  /** Transforms of the band onto itself, identity included. */
  readonly automorphisms: number;
  /** validCounts[k] = number of valid k-clue sets, for k in VALID_SIZES (0 elsewhere). */
  readonly validCounts: readonly number[];
}

const profiles = new Map<number, BandProfile>();

export function bandProfile(rank: number): BandProfile {
  if (!Number.isInteger(rank) || rank < 0 || rank > 415) throw new RangeError(`band rank must be 0..415, got ${rank}`);
  let profile = profiles.get(rank);
  if (profile !== undefined) return profile;
  const index = indexOfRank()[rank];
  const lookup = bandLookup();
  const digits = lookup.minlexDigits[index];
  const gangster = new Int16Array(9);
  for (let c = 0; c < 9; c++) gangster[c] = (1 << (digits[c] - 1)) | (1 << (digits[9 + c] - 1)) | (1 << (digits[18 + c] - 1));
  const uas = bandFigures()[index].uas;
  const validCounts = new Array<number>(8).fill(0);
  for (const size of VALID_SIZES) validCounts[size] = countValidClueSets(uas, size);
  profile = { rank, index, digits, gangster, uas, automorphisms: lookup.automorphisms[index].length, validCounts };
  profiles.set(rank, profile);
  return profile;
}

/** Calls `visit` with each valid `size`-clue set of the band (27-bit cell mask), each once. */
export function forEachValidBandSet(profile: BandProfile, size: number, visit: (cells: number) => void): void {
  forEachValidClueSet(profile.uas, size, visit);
}
