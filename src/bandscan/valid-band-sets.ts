/**
 * The valid clue sets of one band of an entry, by size (design notes
 * band-scan.md §1.4, architecture A's X and Y): the sets that hit every
 * gangster UA of the band, so that the band is fixed once bands 1+2 are
 * given their double gangster, and every extra UA confined to the band.
 *
 * Each size's sets are sorted in lexicographic order of their cells
 * (lowest cell first), so that consecutive sets share their first cells:
 * the X×Y engine walks the band-3 stage's per-clue caches along them
 * (xy-chunks.ts), and a longer shared prefix is less to rebuild.
 *
 * Cell sets are 27-bit band words (bit 9r + c = row r, column c). No Node APIs.
 */
import { forEachValidClueSet } from "../canon/band-gangster.js";

/** Largest clue count per band in any pass (design notes §1.10: 7 in pass 2). */
export const MOST_PER_BAND = 7;

/**
 * valid[k] = the valid k-clue sets inside `allowed`, sorted, for k = 0..mostSize
 * (empty below 2: no band is fixed by one clue). `uas` are the band's
 * gangster UAs and any other UA confined to it.
 */
export function validBandSets(uas: Int32Array, mostSize: number, allowed: number): Int32Array[] {
  const bySize: Int32Array[] = [];
  for (let size = 0; size <= mostSize; size++) {
    if (size < 2) {
      bySize.push(new Int32Array(0));
      continue;
    }
    const found: number[] = [];
    forEachValidClueSet(uas, size, (cells) => found.push(cells), allowed);
    bySize.push(sortLexicographic(Int32Array.from(found)));
  }
  return bySize;
}

/**
 * Sorts 27-bit sets by their cells, lowest first: of two sets, the one
 * holding the lowest cell where they differ comes first, which is the
 * order of their bit-reversed words, largest first.
 */
export function sortLexicographic(sets: Int32Array): Int32Array {
  const keys = sets.map(reverse27);
  keys.sort();
  keys.reverse();
  return keys.map(reverse27);
}

function reverse27(x: number): number {
  let r = 0;
  for (let i = 0; i < 27; i++) r |= ((x >>> i) & 1) << (26 - i);
  return r;
}
