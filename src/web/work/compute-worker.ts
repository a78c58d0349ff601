/**
 * The page's worker: every computation runs here, so the page never waits
 * on one, and cancelling is terminating the worker. The library's tables
 * (band lookup, n6 ranks, catalogs' generators) are built on first use and
 * kept by the module for the worker's lifetime, so only the first job of a
 * kind pays for them.
 */
import {
  bandRanksOf, canonicalGrid, canonicalPuzzle, CATALOG_NAMES, cellSetToList, collectSmallUAs, countSolutions, EntryGenerator, formatPuzzle,
  gridsBeforeSteps, locateGrid, ratePuzzle, redundantClues, scanGridBandChunk, solve, UASet, GRID_BAND_CHUNKS, type CatalogName,
} from "../../index.js";
import { COUNT_LIMIT, type BatchItem, type CatalogEntryView, type Job, type JobEvent, type JobMessage } from "./protocol.js";

interface WorkerScope {
  onmessage: ((message: MessageEvent<JobMessage>) => void) | null;
  postMessage(message: unknown): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  const start = performance.now();
  const emit = (event: JobEvent): void => scope.postMessage({ id: data.id, event });
  try {
    run(data.job, emit);
    emit({ type: "done", ms: performance.now() - start });
  } catch (error) {
    emit({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};

function run(job: Job, emit: (event: JobEvent) => void): void {
  switch (job.kind) {
    case "facts": return facts(Uint8Array.from(job.puzzle), emit);
    case "slice": return emit({ type: "slice", catalog: job.entry.catalog, slice: sliceOf(job.entry) });
    case "rate": return rate(Uint8Array.from(job.puzzle), emit);
    case "uas": return unavoidableSets(Uint8Array.from(job.grid), job.maxSize, emit);
    case "scan": return scan(Uint8Array.from(job.grid), job.clues, emit);
    case "rate-lines": return rateLines(job.items, emit);
  }
}

/** From the quickest fact to the slowest, each sent as soon as it is known. */
function facts(cells: Uint8Array, emit: (event: JobEvent) => void): void {
  const count = countSolutions(cells, COUNT_LIMIT);
  const solution = count === 1 ? solve(cells) : null;
  emit({ type: "count", count, limit: COUNT_LIMIT, solution: solution === null ? null : formatPuzzle(solution) });
  if (solution === null) return;
  // A full grid is not a puzzle to make minimal: every one of its digits could go.
  if (cells.includes(0)) emit({ type: "minimal", redundant: redundantClues(cells) });
  // canonicalPuzzle gives the grid too, but not its automorphism count.
  const grid = canonicalGrid(solution);
  emit({ type: "canon", puzzle: formatPuzzle(canonicalPuzzle(cells).puzzle), grid: formatPuzzle(grid.grid), automorphisms: grid.automorphisms });
  emit({ type: "bands", ranks: bandRanksOf(solution) });
  for (const catalog of CATALOG_NAMES) {
    const entry = locateGrid(solution, catalog);
    emit({ type: "catalog", entry: { catalog, ranks: entry.ranks, grid: formatPuzzle(entry.grid) } });
  }
}

/**
 * The slice of an entry: the rank's bands 2 enumerated up to the entry's (a
 * few seconds, hence a job of its own, on demand). The generator of the last
 * rank asked is kept, as grids of one rank often come in a row.
 */
const generators = new Map<CatalogName, EntryGenerator>();
function sliceOf(entry: CatalogEntryView): number {
  const rank = entry.ranks[0];
  let generator = generators.get(entry.catalog);
  if (generator?.rank !== rank) {
    generator = new EntryGenerator(entry.catalog, rank);
    generators.set(entry.catalog, generator);
  }
  return generator.sliceOfBand2(Array.from(entry.grid.slice(27, 54), Number));
}

function rate(cells: Uint8Array, emit: (event: JobEvent) => void): void {
  const start = performance.now();
  const result = ratePuzzle(cells, { steps: true });
  const ms = performance.now() - start;
  if (result.status === "invalid") return emit({ type: "rating", rating: { status: "invalid", reason: result.reason } });
  if (result.status !== "rated" && result.status !== "unsolvable") {
    return emit({ type: "rating", rating: { status: "invalid", reason: `the rating stopped (${result.status})` } });
  }
  const grids = gridsBeforeSteps(cells, result.steps).map((grid) => ({ values: grid.values, candidates: grid.candidates }));
  emit({ type: "rating", rating: { status: result.status, er: result.er, ep: result.ep, ed: result.ed, steps: result.steps, grids, ms } });
}

/** Every minimal unavoidable set of at most `maxSize` cells (complete: collectSmallUAs), smallest first. */
function unavoidableSets(grid: Uint8Array, maxSize: number, emit: (event: JobEvent) => void): void {
  const start = performance.now();
  const set = new UASet();
  collectSmallUAs(grid, set, maxSize);
  const words = set.sorted();
  const uas: number[][] = [];
  for (let k = 0; k < words.length; k += 3) uas.push(cellSetToList(words.subarray(k, k + 3)));
  emit({ type: "uas", uas, ms: performance.now() - start });
}

/** The band engine, one chunk (a band of the grid as the puzzles' top band) at a time, for progress. */
function scan(grid: Uint8Array, clues: number, emit: (event: JobEvent) => void): void {
  const start = performance.now();
  for (let chunk = 0; chunk < GRID_BAND_CHUNKS; chunk++) {
    scanGridBandChunk(grid, clues, chunk, (puzzle) => emit({ type: "found", puzzle: formatPuzzle(puzzle) }));
    emit({ type: "scan-progress", chunksDone: chunk + 1, chunks: GRID_BAND_CHUNKS, ms: performance.now() - start });
  }
}

function rateLines(items: readonly BatchItem[], emit: (event: JobEvent) => void): void {
  for (const item of items) {
    const start = performance.now();
    const result = ratePuzzle(Uint8Array.from(item.cells));
    const ms = performance.now() - start;
    if (result.status === "rated" || result.status === "unsolvable") {
      emit({ type: "rated", result: { index: item.index, er: result.er, ep: result.ep, ed: result.ed, problem: null, ms } });
    } else {
      const problem = result.status === "invalid" ? describeInvalid(result.reason) : `the rating stopped (${result.status})`;
      emit({ type: "rated", result: { index: item.index, er: 0, ep: 0, ed: 0, problem, ms } });
    }
  }
}

/** The CLI's words for a puzzle that cannot be rated. */
function describeInvalid(reason: string): string {
  if (reason === "no solution") return "puzzle has no solution";
  return reason === "more than one solution" ? "puzzle has several solutions" : reason;
}
