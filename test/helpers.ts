/**
 * Test helpers: an independent reference solver (plain cell-by-cell
 * backtracking, sharing no code with the bitboard kernel), random
 * isomorphic transforms, and access to the shared data.
 */
import { readFileSync } from "node:fs";
import { UNITS } from "../src/core/cells.js";
import { mulberry32 } from "../src/core/random.js";
import { dataDirectory, dataFile, readPuzzleFile } from "../src/io/shared-data.js";
import { bandLookup, type GridTransform } from "../src/canon/index.js";
import { morphBand, morphsToMinlex, MorphList } from "../src/catalog/band-morph.js";

export { dataFile, readPuzzleFile };

/**
 * Why a test that needs public data files is skipped: which files are
 * missing, where the suite looked, and how to point it at them.
 */
export function missingData(...names: string[]): string {
  const missing = names.filter((name) => dataFile(name) === null);
  return `needs ${missing.join(", ")}: not found in ${dataDirectory()} (set SUDOKULAB_DATA to the folder of the public data; README, "Data")`;
}

/** Counts solutions up to `limit` by naive backtracking over empty cells. */
export function referenceCount(puzzle: ArrayLike<number>, limit: number): number {
  const cells = Array.from(puzzle);
  const peersOf = Array.from({ length: 81 }, (_, cell) => {
    const peers = new Set<number>();
    for (const unit of UNITS) if (unit.includes(cell)) unit.forEach((p) => p !== cell && peers.add(p));
    return [...peers];
  });
  let count = 0;
  const go = (): void => {
    let best = -1;
    let bestOptions: number[] = [];
    for (let cell = 0; cell < 81; cell++) {
      if (cells[cell] !== 0) continue;
      const used = new Set(peersOf[cell].map((p) => cells[p]));
      const options = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !used.has(d));
      if (best < 0 || options.length < bestOptions.length) {
        best = cell;
        bestOptions = options;
        if (options.length === 0) return;
      }
    }
    if (best < 0) {
      count++;
      return;
    }
    for (const d of bestOptions) {
      cells[best] = d;
      go();
      cells[best] = 0;
      if (count >= limit) return;
    }
  };
  go();
  return count;
}

/** Deterministic pseudo-random numbers. */
export const rng = mulberry32;

function shuffle(values: number[], random: () => number): number[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j], values[i]];
  }
  return values;
}

/** A random element of the Sudoku group (transposition, band/row/stack/column orders, relabelling). */
export function randomTransform(random: () => number): GridTransform {
  const lines = (): Uint8Array => {
    const blocks = shuffle([0, 1, 2], random);
    return Uint8Array.from(blocks.flatMap((b) => shuffle([0, 1, 2], random).map((r) => 3 * b + r)));
  };
  const digits = new Uint8Array(10);
  shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9], random).forEach((d, i) => (digits[i + 1] = d));
  return { transpose: random() < 0.5, rows: lines(), cols: lines(), digits };
}

export function text(cells: ArrayLike<number>): string {
  let s = "";
  for (let i = 0; i < 81; i++) s += cells[i] === 0 ? "." : String(cells[i]);
  return s;
}

/** Every way to write `grid` in entry form: orientation, band order, morph of the top band. */
export function entryForms(grid: Uint8Array): Uint8Array[] {
  const views = [grid, Uint8Array.from({ length: 81 }, (_, i) => grid[9 * (i % 9) + Math.floor(i / 9)])];
  const morphs = new MorphList();
  const forms = new Map<string, Uint8Array>();
  for (const view of views) {
    for (const [a, b, c] of [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]) {
      const index = morphsToMinlex(view, 27 * a, morphs);
      for (let m = 0; m < morphs.count; m++) {
        const form = new Uint8Array(81);
        form.set(bandLookup().minlexDigits[index], 0);
        morphBand(morphs, m, view, 27 * b, form, 27);
        morphBand(morphs, m, view, 27 * c, form, 54);
        forms.set(text(form), form);
      }
    }
  }
  return [...forms.values()];
}

export function randomGrid(random: () => number): Uint8Array {
  const cells = new Uint8Array(81);
  const fill = (cell: number): boolean => {
    if (cell === 81) return true;
    const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].sort(() => random() - 0.5);
    for (const d of digits) {
      let clash = false;
      const r = Math.floor(cell / 9);
      const c = cell % 9;
      for (let i = 0; i < 9 && !clash; i++) {
        const br = 3 * Math.floor(r / 3) + Math.floor(i / 3);
        const bc = 3 * Math.floor(c / 3) + (i % 3);
        clash = cells[9 * r + i] === d || cells[9 * i + c] === d || cells[9 * br + bc] === d;
      }
      if (clash) continue;
      cells[cell] = d;
      if (fill(cell + 1)) return true;
      cells[cell] = 0;
    }
    return false;
  };
  fill(0);
  return cells;
}


/** Finished units a checkpoint journal holds (its unit lines), 0 when there is none yet. */
export function journalUnits(path: string): number {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return 0;
  }
  return text.split("\n").filter((line) => line.startsWith('{"unit":')).length;
}
