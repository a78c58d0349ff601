/**
 * `scan GRID --clues N` as a job: every N-clue puzzle with a unique solution
 * inside one grid (seed 003; design notes grid-scan.md), one unit per chunk
 * of the search. Three engines:
 *   hitting  the hitting-set search over the grid's UAs (src/scan), 256 or
 *            more chunks: the first branching levels of the search;
 *   bands    the band scan of the 17 search applied to the grid, one chunk
 *            per band (src/bandscan/grid-scan.ts), up to 20 clues, no mask;
 *   full     78 to 81 clues: the grid less 0 to 3 cells, every such set
 *            tried (at most 85,320), one chunk.
 * A chunk's puzzles are sorted: the order a search meets them in depends on
 * the UAs its thread learned before, and the output must not.
 */
import { formatPuzzle, isValidGrid, parseLine, type Puzzle } from "../core/puzzle.js";
import { countSolutions, redundantClues } from "../solver/solve.js";
import { ChunkSearch, prepareScan, StopScan, type ScanSetup } from "../scan/index.js";
import { wasmKernelAvailable } from "../scan/wasm-kernel.js";
import { GRID_BAND_CHUNKS, MAX_BAND_ENGINE_CLUES, scanGridBandChunk, Scan17Stats } from "../bandscan/index.js";
import { isStringArray, type Counters, type JobKind } from "./job.js";

export type ScanEngine = "hitting" | "bands" | "full";

export interface ScanSpec {
  /** The grid, 81 digits. */
  readonly grid: string;
  readonly clues: number;
  /** '1' = must be a clue, '0' = must not, '.' = free; null: no cell constrained. */
  readonly mask: string | null;
  readonly minimals: boolean;
  readonly stopAtFirst: boolean;
  readonly engine: ScanEngine;
  /** The hitting engine's deepest levels in JavaScript instead of the WebAssembly kernel. */
  readonly javascriptOnly: boolean;
  /** Chunks of the search, and a hash of their words: a build that cuts the search differently is another job. */
  readonly chunks: number;
  readonly chunkHash: string;
  /** One JSON object per puzzle ({"puzzle": ...}) instead of the bare line. */
  readonly json?: boolean;
}

export interface ScanData {
  /** Puzzles, 81 characters, '.' = empty, sorted. */
  readonly puzzles: readonly string[];
  /** False when --stop-at-first ended the chunk at its first puzzle. */
  readonly complete: boolean;
}

/** Fewest clues the near-full engine takes: 81 - 3, so at most C(81, 3) = 85,320 sets to try. */
export const FULL_ENGINE_MIN_CLUES = 78;
/**
 * Most clues the searches choose (clues less those a mask forces): past 20,
 * a grid holds so many puzzles that a chunk's list outgrows memory (a scan
 * for 30 clues grew by 40 MB/s, measured) long before the search ends.
 */
export const MAX_CHOSEN_CLUES = 20;

export type ScanContext = { readonly kind: "hitting"; readonly search: ChunkSearch } | { readonly kind: "grid"; readonly grid: Puzzle };

/** A thread's state for a scan: the hitting engine's search over `setup`, or the grid for the others. */
export function scanContext(spec: ScanSpec, grid: Puzzle, setup: ScanSetup | null): ScanContext {
  if (spec.engine !== "hitting") return { kind: "grid", grid };
  if (setup === null) throw new Error("internal error: the hitting engine needs its set-up");
  return { kind: "hitting", search: new ChunkSearch(setup, { minimals: spec.minimals, stopAtFirst: spec.stopAtFirst, kernelLeft: spec.javascriptOnly ? 0 : undefined }) };
}

/** The chunk list of a scan: what the hitting engine cuts, or the band engine's bands, or the near-full engine's one chunk. */
export function scanSetup(grid: Puzzle, clues: number, engine: ScanEngine, mask: string | null): ScanSetup {
  if (engine === "hitting") return prepareScan(grid, clues, mask ?? undefined);
  const chunks = engine === "bands" ? GRID_BAND_CHUNKS : 1;
  return { grid, clues, forced: new Int32Array(3), forbidden: new Int32Array(3), uas: new Int32Array(0), chunks: new Int32Array(6 * chunks) };
}

/** FNV-1a over the chunk words, as 8 hex digits. */
export function chunkHash(chunks: Int32Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < chunks.length; i++) {
    for (let shift = 0; shift < 32; shift += 8) h = Math.imul(h ^ ((chunks[i] >>> shift) & 0xff), 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

export const scanJob: JobKind<ScanSpec, number, ScanData, ScanContext> = {
  name: "scan",

  units: (spec) => Array.from({ length: spec.chunks }, (_, chunk) => chunk),

  prepare(spec) {
    const grid = gridOf(spec.grid);
    if (spec.engine !== "hitting") return scanContext(spec, grid, null);
    const setup = scanSetup(grid, spec.clues, "hitting", spec.mask);
    if (setup.chunks.length / 6 !== spec.chunks || chunkHash(setup.chunks) !== spec.chunkHash) {
      throw new Error("this build cuts the scan into other chunks than the job's (another sudokulab version made the job)");
    }
    return scanContext(spec, grid, setup);
  },

  run(context, spec, chunk) {
    const found: string[] = [];
    const keep = (puzzle: Uint8Array): void => {
      found.push(formatPuzzle(puzzle));
    };
    let complete = true;
    let counters: Counters;
    if (context.kind === "hitting") {
      const before = context.search.stats;
      complete = context.search.run(chunk, keep);
      const after = context.search.stats;
      counters = { nodes: after.nodes - before.nodes, solverCalls: after.solverCalls - before.solverCalls, addedUAs: after.addedUAs - before.addedUAs };
    } else if (spec.engine === "bands") {
      const stats = new Scan17Stats();
      complete = runBandChunk(context.grid, spec, chunk, keep, stats);
      counters = { nodes: stats.xyNodes + stats.band3Nodes, solverCalls: stats.xyChecks + stats.band3Checks, addedUAs: stats.xyFreshUAs + stats.band3FreshUAs };
    } else {
      const tried = scanNearFull(context.grid, spec, keep);
      complete = !(spec.stopAtFirst && found.length > 0);
      counters = { nodes: tried, solverCalls: tried, addedUAs: 0 };
    }
    return { data: { puzzles: found.sort(), complete }, counters: { ...counters, puzzles: found.length } };
  },

  check(spec, _chunk, data) {
    if (typeof data !== "object" || data === null) return "not an object";
    const { puzzles, complete } = data as Record<string, unknown>;
    if (!isStringArray(puzzles) || typeof complete !== "boolean") return "no puzzle list";
    if (!complete && (!spec.stopAtFirst || puzzles.length !== 1)) return "an unfinished chunk without --stop-at-first";
    const grid = gridOf(spec.grid);
    for (let i = 0; i < puzzles.length; i++) {
      if (i > 0 && puzzles[i - 1] >= puzzles[i]) return "puzzles not sorted";
      const why = puzzleProblem(grid, spec, puzzles[i]);
      if (why !== null) return `${puzzles[i]}: ${why}`;
    }
    return null;
  },

  renderer(spec) {
    let done = false;
    const line = (puzzle: string): string => (spec.json === true ? JSON.stringify({ puzzle, clues: spec.clues }) : puzzle) + "\n";
    return {
      render(data) {
        if (done) return "";
        if (spec.stopAtFirst && data.puzzles.length > 0) {
          done = true;
          return line(data.puzzles[0]);
        }
        return data.puzzles.map(line).join("");
      },
      finish: () => "",
    };
  },

  problems: () => [],

  ends: (spec, data) => spec.stopAtFirst && data.puzzles.length > 0,

  summary(spec, totals, verbose) {
    if (!verbose) return "";
    const c = totals.counters;
    const engine =
      spec.engine === "bands"
        ? "band engine (bands-1+2 and band-3 searches)"
        : spec.engine === "full"
          ? "near-full engine (every set of empty cells tried)"
          : `hitting-set engine, deepest levels in ${spec.javascriptOnly || !wasmKernelAvailable() ? "JavaScript" : "WebAssembly"}`;
    return (
      `scan totals: ${totals.units} chunks, ${c.nodes ?? 0} nodes, ${c.solverCalls ?? 0} solver calls, ${c.addedUAs ?? 0} UAs added, ` +
      `${c.puzzles ?? 0} puzzles, ${totals.cpuSeconds.toFixed(1)} s CPU; ${engine}\n`
    );
  },
};

/** The band engine's chunk: band `chunk` of the grid as band 3; each puzzle re-checked by the plain solver. */
function runBandChunk(grid: Puzzle, spec: ScanSpec, chunk: number, keep: (puzzle: Uint8Array) => void, stats: Scan17Stats): boolean {
  try {
    scanGridBandChunk(grid, spec.clues, chunk, (puzzle) => {
      if (countSolutions(puzzle, 2) !== 1) throw new Error("internal error: the band engine found a non-unique puzzle");
      if (spec.minimals && redundantClues(puzzle).length > 0) return;
      keep(puzzle);
      if (spec.stopAtFirst) throw new StopScan();
    }, stats);
  } catch (error) {
    if (error instanceof StopScan) return false;
    throw error;
  }
  return true;
}

/**
 * 78 to 81 clues: every way to empty 81 - N cells (those the mask forbids
 * among them, none it forces), each checked by the solver. Returns the sets
 * tried.
 */
function scanNearFull(grid: Puzzle, spec: ScanSpec, keep: (puzzle: Uint8Array) => void): number {
  const empty = 81 - spec.clues;
  const mustEmpty: number[] = [];
  const free: number[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const m = spec.mask?.[cell] ?? ".";
    if (m === "0") mustEmpty.push(cell);
    else if (m !== "1") free.push(cell);
  }
  const choose = empty - mustEmpty.length;
  if (choose < 0 || choose > free.length) return 0;
  const puzzle = new Uint8Array(81);
  const picked = new Int32Array(choose);
  let tried = 0;
  const visit = (from: number, depth: number): boolean => {
    if (depth === choose) {
      puzzle.set(grid);
      for (const cell of mustEmpty) puzzle[cell] = 0;
      for (let i = 0; i < choose; i++) puzzle[picked[i]] = 0;
      tried++;
      if (countSolutions(puzzle, 2) === 1 && !(spec.minimals && redundantClues(puzzle).length > 0)) {
        keep(puzzle);
        if (spec.stopAtFirst) return false;
      }
      return true;
    }
    for (let i = from; i <= free.length - (choose - depth); i++) {
      picked[depth] = free[i];
      if (!visit(i + 1, depth + 1)) return false;
    }
    return true;
  };
  visit(0, 0);
  return tried;
}

function gridOf(text: string): Puzzle {
  const parsed = parseLine(text);
  if (!parsed.ok || !isValidGrid(parsed.cells)) throw new Error(`not a valid solution grid: ${text.slice(0, 81)}`);
  return parsed.cells;
}

/** Why `text` is not one of this scan's puzzles, or null. */
function puzzleProblem(grid: Puzzle, spec: ScanSpec, text: string): string | null {
  const parsed = parseLine(text);
  if (!parsed.ok || parsed.annotation !== "") return "not a puzzle line";
  const cells = parsed.cells;
  let clues = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (cells[cell] === 0) {
      if (spec.mask?.[cell] === "1") return "a forced clue is missing";
      continue;
    }
    if (cells[cell] !== grid[cell]) return "not on the grid";
    if (spec.mask?.[cell] === "0") return "a forbidden cell is a clue";
    clues++;
  }
  if (clues !== spec.clues) return `${clues} clues`;
  if (countSolutions(cells, 2) !== 1) return "no unique solution";
  if (spec.minimals && redundantClues(cells).length > 0) return "not minimal";
  return null;
}

/** The band engine's reach: no mask, at most MAX_BAND_ENGINE_CLUES clues. */
export function bandEngineFits(clues: number, mask: string | null): boolean {
  return mask === null && clues <= MAX_BAND_ENGINE_CLUES;
}
