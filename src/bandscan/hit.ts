/**
 * What the band scan outputs: one 17 with the entry it was found on, and
 * the C++ program's line for it (design notes band-scan.md §1.11), so our
 * output and the k-files compare line for line.
 */
import type { Scan17Pass } from "./pass-limits.js";

/** One 17 found: the puzzle in the entry's coordinates, the entry's n6 ranks and slice. */
export interface Scan17Hit {
  readonly pass: Scan17Pass;
  /** 81 characters, '.' for an empty cell, in the entry's coordinates. */
  readonly puzzle: string;
  /** n6 ranks of bands 1, 2, 3 of the entry. */
  readonly ranks: readonly [number, number, number];
  /** Slice of the entry (-1 when the entry was not generated, as in scanGrid17). */
  readonly slice: number;
}

/** The C++ program's output line: `puzzle;%3d;%3d;%3d;%5d` (the k-files' format). */
export function formatScan17Hit(hit: Scan17Hit): string {
  const [r1, r2, r3] = hit.ranks;
  return `${hit.puzzle};${pad(r1, 3)};${pad(r2, 3)};${pad(r3, 3)};${pad(hit.slice, 5)}`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, " ");
}
