/**
 * Canonical forms of grids and puzzles, and isomorphism. Grids: minlex under
 * the full group (grid-minlex.ts). Puzzles: the least image of the puzzle over
 * the transforms that take its solution grid to minlex form, a canonical form
 * for uniquely solvable puzzles (isomorphic puzzles have isomorphic solutions,
 * and that set of transforms is a coset of the grid's automorphisms).
 */
import { clueCount, isValidGrid, type Puzzle } from "../core/puzzle.js";
import { puzzleArgument, type PuzzleInput } from "../core/arguments.js";
import { solveUnique } from "../solver/solve.js";
import { GridMinlexer, TRANSFORM_STRIDE } from "./grid-minlex.js";
import { composeTransforms, invertTransform, type GridTransform } from "./transform.js";

export interface CanonicalGrid {
  /** The minlex grid. */
  readonly grid: Uint8Array;
  /** One transformation taking the input grid to `grid`. */
  readonly transform: GridTransform;
  /** Number of transformations taking the grid to itself (1 = no non-trivial automorphism). */
  readonly automorphisms: number;
}

export interface CanonicalPuzzle {
  /** The canonical puzzle (0 = empty). */
  readonly puzzle: Uint8Array;
  /** Its solution, the minlex grid. */
  readonly grid: Uint8Array;
  /** A transformation taking the input puzzle to `puzzle`. */
  readonly transform: GridTransform;
}

// Created on first use: the band lookup table it needs takes a fraction of a second to build.
let minlexerInstance: GridMinlexer | null = null;
function gridMinlexer(): GridMinlexer {
  minlexerInstance ??= new GridMinlexer();
  return minlexerInstance;
}

function cellsOf(cells: PuzzleInput, name: string): Puzzle {
  return puzzleArgument(cells, name);
}

/** The i-th transform recorded by the minlexer, with its relabelling read off row 1. */
function transformAt(source: ArrayLike<number>, i: number): GridTransform {
  const minlexer = gridMinlexer();
  const t = minlexer.transforms;
  const at = TRANSFORM_STRIDE * i;
  const transpose = t[at] === 1;
  const rows = Uint8Array.from(t.slice(at + 1, at + 10));
  const cols = Uint8Array.from(t.slice(at + 10, at + 19));
  const digits = new Uint8Array(10);
  for (let j = 0; j < 9; j++) {
    const r = rows[0];
    const c = cols[j];
    digits[source[transpose ? 9 * c + r : 9 * r + c]] = minlexer.best[j];
  }
  return { transpose, rows, cols, digits };
}

export function canonicalGrid(grid: PuzzleInput): CanonicalGrid {
  const cells = cellsOf(grid, "grid");
  if (!isValidGrid(cells)) throw new RangeError("grid: not a valid solution grid");
  const minlexer = gridMinlexer();
  minlexer.minlex(cells);
  return { grid: minlexer.best.slice(), transform: transformAt(cells, 0), automorphisms: minlexer.automorphisms };
}

/** Canonical form of a puzzle with a unique solution; throws when it has none or several. */
export function canonicalPuzzle(puzzle: PuzzleInput): CanonicalPuzzle {
  const cells = cellsOf(puzzle, "puzzle");
  const solved = solveUnique(cells);
  if (solved.status === "none") throw new Error("puzzle has no solution");
  if (solved.status === "multiple") throw new Error("puzzle has several solutions");
  const minlexer = gridMinlexer();
  minlexer.minlex(solved.solution);
  let best: Uint8Array | null = null;
  let bestTransform: GridTransform | null = null;
  for (let i = 0; i < minlexer.automorphisms; i++) {
    const transform = transformAt(solved.solution, i);
    const image = applyTransform(cells, transform);
    if (best === null || compareCells(image, best) < 0) {
      best = image;
      bestTransform = transform;
    }
  }
  return { puzzle: best!, grid: minlexer.best.slice(), transform: bestTransform! };
}

/** True when two grids, or two uniquely solvable puzzles, are isomorphic. */
export function isomorphic(a: PuzzleInput, b: PuzzleInput): boolean {
  const x = cellsOf(a, "a");
  const y = cellsOf(b, "b");
  const bothGrids = !x.includes(0) && !y.includes(0);
  if (bothGrids) return compareCells(canonicalGrid(x).grid, canonicalGrid(y).grid) === 0;
  return compareCells(canonicalPuzzle(x).puzzle, canonicalPuzzle(y).puzzle) === 0;
}

/**
 * A transform taking `a` to `b` (applyTransform(a, t) equals b), or null
 * when they are not isomorphic. Both grids, or both uniquely solvable
 * puzzles (throws for a puzzle with no solution or several); a grid and a
 * puzzle, or puzzles with different clue counts, are never isomorphic
 * (null, whatever their solutions).
 */
export function isomorphism(a: PuzzleInput, b: PuzzleInput): GridTransform | null {
  const x = cellsOf(a, "a");
  const y = cellsOf(b, "b");
  if (clueCount(x) !== clueCount(y)) return null;
  const xGrid = !x.includes(0);
  if (xGrid && !y.includes(0)) {
    const [cx, cy] = [canonicalGrid(x), canonicalGrid(y)];
    return compareCells(cx.grid, cy.grid) === 0 ? composeTransforms(cx.transform, invertTransform(cy.transform)) : null;
  }
  const [cx, cy] = [canonicalPuzzle(x), canonicalPuzzle(y)];
  return compareCells(cx.puzzle, cy.puzzle) === 0 ? composeTransforms(cx.transform, invertTransform(cy.transform)) : null;
}

/** Applies a transformation to a grid or puzzle (0 stays empty). */
export function applyTransform(cells: ArrayLike<number>, t: GridTransform): Uint8Array {
  const out = new Uint8Array(81);
  for (let i = 0; i < 9; i++) {
    const r = t.rows[i];
    for (let j = 0; j < 9; j++) {
      const c = t.cols[j];
      out[9 * i + j] = t.digits[cells[t.transpose ? 9 * c + r : 9 * r + c]];
    }
  }
  return out;
}

function compareCells(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let i = 0; i < 81; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

export { identityTransform, composeTransforms, invertTransform, randomTransform, transformProblem, type GridTransform } from "./transform.js";
export { formatTransform, parseTransform } from "./transform-text.js";
export { GridMinlexer } from "./grid-minlex.js";
export { BandMinlexer, bandMinlexString } from "./band-minlex.js";
export { minlexBands, bandIndex, type MinlexBand } from "./band-table.js";
export { bandLookup, BandLookup, ROW_ORDERS, COL_PERMS } from "./band-lookup.js";
export { forEachPrefixedBand } from "./prefixed-bands.js";
export { gangsterUAs, countValidClueSets, forEachValidClueSet, minimumValidClues } from "./band-gangster.js";
export { bandFigures, bandAtRank, type BandFigures } from "./band-order.js";
