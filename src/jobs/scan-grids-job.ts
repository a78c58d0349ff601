/**
 * `scan --grids FILE --clues N` as a job: the grid scan of every grid of a
 * file, one grid per unit (the shape of McGuire's 16-clue search: billions
 * of grids, each a few seconds). Each grid's lines follow a header
 * `# FILE:LINE GRID: N puzzles`, so a grid without puzzles shows too.
 */
import { formatPuzzle } from "../core/puzzle.js";
import { addCounters, isProblemList, isStringArray, type Counters, type JobKind, type Problem } from "./job.js";
import type { InputItem } from "./items.js";
import { itemGrid } from "./grid-items.js";
import { scanContext, scanJob, scanSetup, type ScanEngine, type ScanSpec } from "./scan-job.js";

export interface ScanGridsSpec {
  readonly clues: number;
  readonly minimals: boolean;
  /** "bands" or "hitting": one engine for every grid. */
  readonly engine: Exclude<ScanEngine, "full">;
  readonly javascriptOnly: boolean;
  /** One JSON object per grid ({"where", "grid", "puzzles"}) instead of a header and lines. */
  readonly json?: boolean;
}

export interface ScanGridsData {
  readonly where: string;
  /** The grid scanned (81 digits), or "" for a bad item. */
  readonly grid: string;
  readonly puzzles: readonly string[];
  readonly problems: readonly Problem[];
}

export const scanGridsJob: JobKind<ScanGridsSpec, InputItem, ScanGridsData, null> = {
  name: "scan-grids",

  prepare: () => null,

  run(_context, spec, item) {
    const grid = itemGrid(item);
    if ("reason" in grid) return { data: { where: item.where, grid: "", puzzles: [], problems: [grid] }, counters: {} };
    const setup = scanSetup(grid, spec.clues, spec.engine, null);
    const gridSpec: ScanSpec = {
      grid: formatPuzzle(grid),
      clues: spec.clues,
      mask: null,
      minimals: spec.minimals,
      stopAtFirst: false,
      engine: spec.engine,
      javascriptOnly: spec.javascriptOnly,
      chunks: setup.chunks.length / 6,
      chunkHash: "",
    };
    // A grid is scanned whole here: its chunks in order, with one search.
    const context = scanContext(gridSpec, grid, setup);
    const puzzles: string[] = [];
    const counters: Counters = {};
    for (let chunk = 0; chunk < gridSpec.chunks; chunk++) {
      const result = scanJob.run(context, gridSpec, chunk);
      puzzles.push(...result.data.puzzles);
      addCounters(counters, result.counters);
    }
    return { data: { where: item.where, grid: gridSpec.grid, puzzles, problems: [] }, counters: { ...counters, grids: 1 } };
  },

  check(spec, item, data) {
    if (typeof data !== "object" || data === null) return "not an object";
    const { where, grid, puzzles, problems } = data as Record<string, unknown>;
    if (where !== item.where || typeof grid !== "string" || !isStringArray(puzzles) || !isProblemList(problems)) return "not a grid's result";
    if (grid === "") return problems.length === 1 && puzzles.length === 0 ? null : "a bad item with puzzles";
    const setup = { grid, clues: spec.clues, mask: null, minimals: spec.minimals, stopAtFirst: false, engine: spec.engine, javascriptOnly: false, chunks: 0, chunkHash: "" };
    return scanJob.check(setup, 0, { puzzles: [...puzzles].sort(), complete: true });
  },

  renderer: (spec) => ({
    render: (data) =>
      data.grid === ""
        ? ""
        : spec.json === true
          ? JSON.stringify({ where: data.where, grid: data.grid, puzzles: data.puzzles }) + "\n"
          : `# ${data.where} ${data.grid}: ${data.puzzles.length} puzzles\n` + data.puzzles.map((p) => p + "\n").join(""),
    finish: () => "",
  }),

  problems: (data) => data.problems,

  summary(spec, totals, verbose) {
    const grids = totals.counters.grids ?? 0;
    const line = `scan: ${grids} grids at ${spec.clues} clues: ${totals.counters.puzzles ?? 0} puzzles; ${totals.cpuSeconds.toFixed(1)} s CPU` +
      (grids > 0 ? `, ${(totals.cpuSeconds / grids).toFixed(2)} s per grid` : "") + "\n";
    return verbose ? line : "";
  },
};
