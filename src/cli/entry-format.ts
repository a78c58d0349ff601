/**
 * The line that names one grid of a band catalog, shared by `sudokulab
 * entries` (which lists them) and `sudokulab entry` (which finds one), so a
 * line printed by one is found verbatim in the other:
 *
 *   band1 <TAB> band2 <TAB> band3 <TAB> rank1 <TAB> rank2 <TAB> rank3 <TAB> slice
 *
 * bands as 27 digits (rows 1-3, 4-6, 7-9 of the grid in entry form, row by
 * row), ranks as n6 ranks 0..415, slice as the C++ program numbers it.
 */

/** Digits cells[start .. start + 26] as text. */
export function bandText(cells: ArrayLike<number>, start: number): string {
  let text = "";
  for (let i = start; i < start + 27; i++) text += String.fromCharCode(48 + cells[i]);
  return text;
}

export function entryLine(
  bands: readonly [string, string, string],
  ranks: readonly [number, number, number],
  slice: number | string,
): string {
  return `${bands[0]}\t${bands[1]}\t${bands[2]}\t${ranks[0]}\t${ranks[1]}\t${ranks[2]}\t${slice}`;
}
