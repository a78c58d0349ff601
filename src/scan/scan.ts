/**
 * The grid scan (seed 003; design notes grid-scan.md): every puzzle with N
 * clues and a unique solution inside one solution grid.
 *
 * The work is cut into chunks: the first branching levels of the
 * hitting-set search (the cells of the shortest UA, then of the shortest UA
 * each leaves unhit, with the dead-cell rule), level by level until there are
 * at least MIN_CHUNKS. Chunks are independent and
 * deterministic for a grid, a clue count, a mask and a UA collection, so
 * they are the unit of threads and of checkpoint/resume: a run that records
 * the chunks it finished can continue without losing or repeating a puzzle.
 */
import { BAND_OF, POS_IN_BAND } from "../core/cells.js";
import { popcount } from "../core/bits.js";
import { countSolutions, redundantClues } from "../solver/solve.js";
import { isValidGrid } from "../core/puzzle.js";
import type { UASet } from "../ua/ua-set.js";
import { collectSmallUAs } from "../ua/small-uas.js";
import { collectUAs } from "../ua/collect.js";
import { HittingSearch, type SearchStats } from "./hitting-search.js";
import { wasmKernelAvailable } from "./wasm-kernel.js";

/** Chunks wanted at least (threads and progress), and branching levels at most to get them. */
const MIN_CHUNKS = 256;
const MAX_CHUNK_LEVELS = 4;

export interface ScanSetup {
  readonly grid: Uint8Array;
  readonly clues: number;
  /** Cells that must be clues and cells that must not (three band words each). */
  readonly forced: Int32Array;
  readonly forbidden: Int32Array;
  /** UAs the search starts from (3 words each, sorted by size). */
  readonly uas: Int32Array;
  /** The chunks: 6 words each (clue words, dead words). */
  readonly chunks: Int32Array;
}

/**
 * Parses a mask: 81 characters, '1' = must be a clue, '0' = must not be,
 * anything else = free. Forced clues count towards N.
 */
export function parseMask(mask: string): { forced: Int32Array; forbidden: Int32Array } {
  if (mask.length !== 81) throw new Error(`mask has ${mask.length} characters (expected 81)`);
  const forced = new Int32Array(3);
  const forbidden = new Int32Array(3);
  for (let cell = 0; cell < 81; cell++) {
    if (mask[cell] === "1") forced[BAND_OF[cell]] |= 1 << POS_IN_BAND[cell];
    else if (mask[cell] === "0") forbidden[BAND_OF[cell]] |= 1 << POS_IN_BAND[cell];
  }
  return { forced, forbidden };
}

/**
 * The UAs a scan starts from: all UAs up to 12 cells (complete), plus the
 * 3-digit floors, box groups and 200 random probes of the default
 * collection. Deterministic for a grid.
 */
export function scanUAs(grid: Uint8Array): Int32Array {
  const set: UASet = collectUAs(grid, {});
  collectSmallUAs(grid, set, 12);
  return set.sorted();
}

/** Prepares a scan: the UAs and the chunk list. */
export function prepareScan(grid: Uint8Array, clues: number, mask?: string, uas?: Int32Array): ScanSetup {
  const { forced, forbidden } = mask === undefined ? { forced: new Int32Array(3), forbidden: new Int32Array(3) } : parseMask(mask);
  if (!isValidGrid(grid)) throw new Error("not a valid solution grid");
  const start = uas ?? scanUAs(grid);
  const chunks: number[] = [];
  const firstUnhit = (c: Int32Array): number => {
    for (let j = 0; j < start.length / 3; j++) {
      if ((start[3 * j] & c[0]) === 0 && (start[3 * j + 1] & c[1]) === 0 && (start[3 * j + 2] & c[2]) === 0) return j;
    }
    return -1;
  };
  // Branch level by level until there are enough chunks for threads and
  // progress; a node with no unhit UA, or no clue left, stays a chunk.
  let level: Int32Array[] = [Int32Array.from([...forced, ...forbidden])];
  for (let depth = 0; depth < MAX_CHUNK_LEVELS && level.length < MIN_CHUNKS; depth++) {
    const next: Int32Array[] = [];
    for (const node of level) {
      const c = node.subarray(0, 3);
      const placed = popcount(c[0]) + popcount(c[1]) + popcount(c[2]);
      const j = placed < clues ? firstUnhit(c) : -1;
      if (j < 0) {
        next.push(node);
        continue;
      }
      const dead = node.slice(3, 6);
      for (let band = 0; band < 3; band++) {
        let live = start[3 * j + band] & ~dead[band];
        while (live !== 0) {
          const low = live & -live;
          live ^= low;
          const child = Int32Array.from([...c, ...dead]);
          child[band] |= low;
          next.push(child);
          dead[band] |= low;
        }
      }
    }
    level = next;
  }
  for (const node of level) chunks.push(...node);
  return { grid, clues, forced, forbidden, uas: start, chunks: Int32Array.from(chunks) };
}

export interface ScanRunOptions {
  /** Only minimal puzzles (no clue can be removed). */
  readonly minimals?: boolean;
  /** Stop after the first puzzle. */
  readonly stopAtFirst?: boolean;
  /** Called with each puzzle found (re-checked unique, 0 = empty cell). */
  readonly onPuzzle?: (puzzle: Uint8Array, chunk: number) => void;
  /**
   * Clues left at which the WebAssembly kernel takes the subtree (0: JS
   * only). Default: DEFAULT_KERNEL_LEFT where WebAssembly with SIMD runs,
   * else 0. Both give the same puzzles in the same order, with the same
   * node counts; the kernel takes about half the CPU time.
   */
  readonly kernelLeft?: number;
  /** Called after each chunk. */
  readonly onChunkDone?: (chunk: number, stats: SearchStats) => void;
}

export class StopScan extends Error {}

/** The kernel's level: from 6 clues left it gains about 2.1x; 8 and 10 give nothing more (paired runs). */
export const DEFAULT_KERNEL_LEFT = 6;
let kernelDefault = -1;

function defaultKernelLeft(): number {
  if (kernelDefault < 0) kernelDefault = wasmKernelAvailable() ? DEFAULT_KERNEL_LEFT : 0;
  return kernelDefault;
}

/**
 * One thread's search over the chunks of a prepared scan: one hitting-set
 * search kept from chunk to chunk, so the UAs the solver returns in one
 * chunk prune the next ones (the puzzles of a chunk do not depend on them,
 * only the work does).
 */
export class ChunkSearch {
  private readonly search: HittingSearch;
  private onPuzzle: (puzzle: Uint8Array) => void = () => {};
  private found = 0;

  constructor(
    private readonly setup: ScanSetup,
    options: Pick<ScanRunOptions, "minimals" | "stopAtFirst" | "kernelLeft"> = {},
  ) {
    const grid = setup.grid;
    this.search = new HittingSearch(grid, setup.clues, setup.uas, (b0, b1, b2) => {
      const puzzle = new Uint8Array(81);
      const words = [b0, b1, b2];
      for (let cell = 0; cell < 81; cell++) if ((words[BAND_OF[cell]] >>> POS_IN_BAND[cell]) & 1) puzzle[cell] = grid[cell];
      if (countSolutions(puzzle, 2) !== 1) throw new Error("internal error: the scan found a non-unique puzzle");
      if (options.minimals && redundantClues(puzzle).length > 0) return;
      this.found++;
      this.onPuzzle(puzzle);
      if (options.stopAtFirst) throw new StopScan();
    }, 512, options.kernelLeft ?? defaultKernelLeft());
  }

  /** The search's counters since it was made. */
  get stats(): SearchStats {
    return { ...this.search.stats, found: this.found };
  }

  /** Runs chunk `index`, handing each puzzle to `onPuzzle`; false when --stop-at-first stopped it at a puzzle. */
  run(index: number, onPuzzle: (puzzle: Uint8Array) => void): boolean {
    const c = this.setup.chunks;
    this.onPuzzle = onPuzzle;
    try {
      this.search.searchFrom(c[6 * index], c[6 * index + 1], c[6 * index + 2], c[6 * index + 3], c[6 * index + 4], c[6 * index + 5]);
    } catch (error) {
      if (error instanceof StopScan) return false;
      throw error;
    }
    // Fold the UAs the solver returned into the index for the next chunks.
    if (this.search.stats.addedUAs > 0) this.search.rebuild();
    return true;
  }
}

/** Runs the given chunks of a prepared scan, in the order given. */
export function runChunks(setup: ScanSetup, chunkIndexes: Iterable<number>, options: ScanRunOptions = {}): SearchStats {
  const search = new ChunkSearch(setup, options);
  for (const i of chunkIndexes) {
    if (!search.run(i, (puzzle) => options.onPuzzle?.(puzzle, i))) break;
    options.onChunkDone?.(i, search.stats);
  }
  return search.stats;
}

/** Scans a whole grid in this thread; returns the puzzles found. */
export function scanGrid(grid: Uint8Array, clues: number, options: ScanRunOptions & { mask?: string } = {}): { puzzles: Uint8Array[]; stats: SearchStats; chunks: number } {
  const setup = prepareScan(grid, clues, options.mask);
  const puzzles: Uint8Array[] = [];
  const all = Array.from({ length: setup.chunks.length / 6 }, (_, i) => i);
  const stats = runChunks(setup, all, { ...options, onPuzzle: (p, chunk) => { puzzles.push(p); options.onPuzzle?.(p, chunk); } });
  return { puzzles, stats, chunks: all.length };
}
