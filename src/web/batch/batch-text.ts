/**
 * A rated batch as `sudokulab rate` prints it by default (its format
 * "%g ED=%r/%p/%d" followed by the line's annotation), so a file rated here
 * and one rated by the CLI can be compared line for line.
 */
import { formatRating } from "../../index.js";

export function rateLine(puzzle: string, er: number, ep: number, ed: number, annotation: string): string {
  return `${puzzle} ED=${formatRating(er)}/${formatRating(ep)}/${formatRating(ed)}${annotation}`;
}

/** Width of a histogram bar, in tenths of a rating (0.5). */
export const BIN_TENTHS = 5;

/** Counts of ER per bin of BIN_TENTHS; the last bin holds SE's 20.0 (no technique finishes the puzzle). */
export function erHistogram(ers: readonly number[]): { readonly from: number; readonly count: number }[] {
  const counts = new Map<number, number>();
  for (const er of ers) {
    const bin = Math.floor(er / BIN_TENTHS) * BIN_TENTHS;
    counts.set(bin, (counts.get(bin) ?? 0) + 1);
  }
  const bins = [...counts.keys()].sort((a, b) => a - b);
  if (bins.length === 0) return [];
  const regular = bins.filter((bin) => bin < 200);
  const out: { from: number; count: number }[] = [];
  if (regular.length > 0) {
    for (let bin = regular[0]; bin <= regular[regular.length - 1]; bin += BIN_TENTHS) out.push({ from: bin, count: counts.get(bin) ?? 0 });
  }
  for (const bin of bins.filter((b) => b >= 200)) out.push({ from: bin, count: counts.get(bin)! });
  return out;
}
