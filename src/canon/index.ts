/**
 * Canonical forms: the public surface of src/canon.
 * (Stub signatures; the implementations land in band-minlex.ts, grid-minlex.ts, puzzle-canon.ts.)
 */
import type { Puzzle } from "../core/puzzle.js";

/** A grid transformation: optional transposition first, then new row i = old row rows[i], new column j = old column cols[j], then digits relabelled old d -> digits[d] (digits[0] = 0). */
export interface GridTransform {
  readonly transpose: boolean;
  readonly rows: Uint8Array;
  readonly cols: Uint8Array;
  readonly digits: Uint8Array;
}

export interface CanonicalGrid {
  /** The minlex grid. */
  readonly grid: Uint8Array;
  /** One transformation taking the input grid to `grid`. */
  readonly transform: GridTransform;
  /** Number of transformations taking the grid to itself (1 = no non-trivial automorphism). */
  readonly automorphisms: number;
}

export function canonicalGrid(_grid: Puzzle | string): CanonicalGrid {
  throw new Error("not implemented");
}

export interface CanonicalPuzzle {
  /** The canonical puzzle (0 = empty). */
  readonly puzzle: Uint8Array;
  /** Its solution, the minlex grid. */
  readonly grid: Uint8Array;
}

/** Canonical form of a puzzle with a unique solution; throws when it has none or several. */
export function canonicalPuzzle(_puzzle: Puzzle | string): CanonicalPuzzle {
  throw new Error("not implemented");
}

/** True when two grids, or two uniquely solvable puzzles, are isomorphic. */
export function isomorphic(_a: Puzzle | string, _b: Puzzle | string): boolean {
  throw new Error("not implemented");
}

export function applyTransform(_cells: ArrayLike<number>, _t: GridTransform): Uint8Array {
  throw new Error("not implemented");
}
