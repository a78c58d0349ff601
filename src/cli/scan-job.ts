/**
 * One thread's share of a scan (the main thread with --threads 1, or a worker,
 * scan-worker.ts): claims chunks one at a time and reports each finished
 * chunk with its puzzles. Claims go through a shared counter, so the threads
 * take chunks in index order as they become free, without a round trip to
 * the main thread, and each keeps one search (and the UAs it learns) across
 * its chunks.
 */
import { formatPuzzle } from "../core/puzzle.js";
import { runChunks, StopScan, type ScanSetup, type SearchStats } from "../scan/index.js";
import { scanGridBandChunk, Scan17Stats } from "../bandscan/index.js";
import { countSolutions, redundantClues } from "../solver/solve.js";

export interface ChunkWork {
  readonly nodes: number;
  readonly solverCalls: number;
  readonly addedUAs: number;
}

export interface ChunkReport {
  readonly chunk: number;
  /**
   * Puzzles as 81-character lines. Sorted: the order the search finds them in
   * depends on the UAs the thread learned from its earlier chunks, and the
   * output must not depend on which thread ran which chunk.
   */
  readonly puzzles: readonly string[];
  /** False when --stop-at-first ended the chunk at its first puzzle. */
  readonly complete: boolean;
  /** Search work since the thread's previous report. */
  readonly work: ChunkWork;
}

/**
 * The scan's engines: the hitting-set search of src/scan (any clue count,
 * --mask, 256 or more chunks), or the band scan of src/bandscan applied to the
 * grid (up to MAX_BAND_ENGINE_CLUES clues, no mask, one chunk per band).
 */
export type ScanEngine = "hitting" | "bands";

export interface JobOptions {
  readonly engine: ScanEngine;
  readonly minimals: boolean;
  readonly stopAtFirst: boolean;
  /** No WebAssembly kernel (--no-wasm; hitting engine). */
  readonly javascriptOnly?: boolean;
}

/**
 * What a worker posts: each chunk's report, then "done" when it has no chunk
 * left. The main thread counts the "done"s, not the worker exits: an exit
 * event can overtake the worker's last messages.
 */
export type WorkerMessage = { readonly kind: "chunk"; readonly report: ChunkReport } | { readonly kind: "done" };

/** Sent to each worker as workerData. */
export interface ScanWorkerData {
  readonly setup: ScanSetup;
  readonly options: JobOptions;
  /** Shared: [next claim position, highest chunk still worth claiming]. */
  readonly control: Int32Array;
  /** Shared: the chunks to run, in order. */
  readonly pending: Int32Array;
}

/** No limit on the chunks to claim (control[1]). */
export const NO_LIMIT = 0x7fffffff;

/** Claims the next pending chunk; -1 when none is left (or none below the limit set by a --stop-at-first hit). */
export function claimer(control: Int32Array, pending: Int32Array): () => number {
  return () => {
    const k = Atomics.add(control, 0, 1);
    return k < pending.length && pending[k] <= Atomics.load(control, 1) ? pending[k] : -1;
  };
}

/** Runs chunks from `claim` until it returns -1, reporting each. */
export function runClaimed(setup: ScanSetup, claim: () => number, options: JobOptions, report: (r: ChunkReport) => void): void {
  if (options.engine === "bands") {
    runBandChunks(setup, claim, options, report);
    return;
  }
  const chunks: Iterable<number> = {
    *[Symbol.iterator]() {
      for (let chunk = claim(); chunk >= 0; chunk = claim()) yield chunk;
    },
  };
  // The search's stats are cumulative over the call: reports carry differences.
  let last: ChunkWork = { nodes: 0, solverCalls: 0, addedUAs: 0 };
  const since = (stats: SearchStats): ChunkWork => {
    const work = { nodes: stats.nodes - last.nodes, solverCalls: stats.solverCalls - last.solverCalls, addedUAs: stats.addedUAs - last.addedUAs };
    last = { nodes: stats.nodes, solverCalls: stats.solverCalls, addedUAs: stats.addedUAs };
    return work;
  };
  let found: string[] = [];
  let hitChunk = -1;
  const totals = runChunks(setup, chunks, {
    minimals: options.minimals,
    stopAtFirst: options.stopAtFirst,
    kernelLeft: options.javascriptOnly === true ? 0 : undefined,
    onPuzzle(puzzle, chunk) {
      found.push(formatPuzzle(puzzle));
      hitChunk = chunk;
    },
    onChunkDone(chunk, stats) {
      report({ chunk, puzzles: found.sort(), complete: true, work: since(stats) });
      found = [];
    },
  });
  // runChunks returns early, without onChunkDone, when --stop-at-first stops a chunk.
  if (found.length > 0) report({ chunk: hitChunk, puzzles: found, complete: false, work: since(totals) });
}

/**
 * The band engine's chunks (one per band of the grid, scanGridBandChunk).
 * Each puzzle is re-checked with the plain solver count before it is
 * reported, as runChunks does for the hitting engine.
 */
function runBandChunks(setup: ScanSetup, claim: () => number, options: JobOptions, report: (r: ChunkReport) => void): void {
  for (let chunk = claim(); chunk >= 0; chunk = claim()) {
    const stats = new Scan17Stats();
    const found: string[] = [];
    let complete = true;
    try {
      scanGridBandChunk(setup.grid, setup.clues, chunk, (puzzle) => {
        if (countSolutions(puzzle, 2) !== 1) throw new Error("internal error: the band engine found a non-unique puzzle");
        if (options.minimals && redundantClues(puzzle).length > 0) return;
        found.push(formatPuzzle(puzzle));
        if (options.stopAtFirst) throw new StopScan();
      }, stats);
    } catch (error) {
      if (!(error instanceof StopScan)) throw error;
      complete = false;
    }
    const work = { nodes: stats.xyNodes + stats.band3Nodes, solverCalls: stats.xyChecks + stats.band3Checks, addedUAs: stats.xyFreshUAs + stats.band3FreshUAs };
    report({ chunk, puzzles: found.sort(), complete, work });
    if (!complete) return;
  }
}
