/**
 * `sudokulab scan GRID --clues N` and `scan --grids FILE --clues N`: the
 * grid scan as jobs (src/jobs/scan-job.ts, scan-grids-job.ts). This file
 * turns the options into a plan: it checks them, picks the engine and cuts
 * the units; the runner or the cluster does the rest.
 */
import { cellName } from "../core/cells.js";
import { formatPuzzle, isValidGrid, parseLine } from "../core/puzzle.js";
import { parseMask } from "../scan/index.js";
import { MAX_BAND_ENGINE_CLUES } from "../bandscan/index.js";
import { chunkHash, FULL_ENGINE_MIN_CLUES, MAX_CHOSEN_CLUES, scanSetup, type ScanEngine, type ScanSpec } from "../jobs/scan-job.js";
import type { ScanGridsSpec } from "../jobs/scan-grids-job.js";
import { resolveInputs } from "../io/input.js";
import type { JobPlan } from "../runner/plan.js";
import { itemSource } from "../runner/item-source.js";
import { InputProblem, UsageError } from "./errors.js";
import type { JobFlags } from "./job-flags.js";

export interface ScanFlags extends JobFlags {
  readonly clues: number;
  readonly minimals?: boolean;
  readonly stopAtFirst?: boolean;
  readonly mask?: string;
  /** False with --no-wasm: the hitting engine's deepest levels in JavaScript. */
  readonly wasm?: boolean;
  readonly engine: "auto" | "bands" | "hitting";
  readonly grids?: string;
  readonly json?: boolean;
}

/** The plan of `scan GRID`. */
export function planScan(gridText: string, flags: ScanFlags): JobPlan {
  if (flags.grids !== undefined) throw new UsageError("give a GRID or --grids FILE, not both");
  const grid = readGrid(gridText);
  const mask = flags.mask === undefined ? null : readMask(flags.mask, flags.clues);
  const engine = chooseEngine(flags.engine, flags.clues, mask, flags.stopAtFirst === true);
  const setup = scanSetup(grid, flags.clues, engine, mask);
  const spec: ScanSpec = {
    grid: formatPuzzle(grid),
    clues: flags.clues,
    mask,
    minimals: flags.minimals === true,
    stopAtFirst: flags.stopAtFirst === true,
    engine,
    javascriptOnly: flags.wasm === false,
    chunks: setup.chunks.length / 6,
    chunkHash: chunkHash(setup.chunks),
    json: flags.json === true,
  };
  const options = [
    `--clues ${spec.clues}`,
    mask === null ? "" : `--mask ${mask}`,
    spec.minimals ? "--minimals" : "",
    spec.stopAtFirst ? "--stop-at-first" : "",
    `--engine ${engine}`,
    spec.javascriptOnly ? "--no-wasm" : "",
    spec.json === true ? "--json" : "",
  ];
  return {
    kindName: "scan",
    spec,
    command: ["scan", spec.grid, ...options].filter((part) => part !== "").join(" "),
    source: { total: spec.chunks, units: () => Array.from({ length: spec.chunks }, (_, chunk) => chunk) },
    inputs: [],
    long: true,
    progress: { label: `scan ${spec.grid.slice(0, 12)}... ${spec.clues} clues`, noun: "chunks", found: puzzlesFound },
  };
}

/** The plan of `scan --grids FILE`: every grid of the file (or puzzle, for its solution grid), one per unit. */
export async function planScanGrids(file: string, flags: ScanFlags): Promise<JobPlan> {
  if (flags.mask !== undefined) throw new UsageError("--grids takes no --mask");
  if (flags.stopAtFirst === true) throw new UsageError("--grids takes no --stop-at-first");
  if (flags.clues > MAX_CHOSEN_CLUES) throw new UsageError(`--grids scans for 1 to ${MAX_CHOSEN_CLUES} clues, not ${flags.clues}`);
  const { sources, problems } = await resolveInputs([file]);
  if (problems.length > 0) throw new InputProblem(problems[0]);
  const engine = flags.engine === "hitting" ? "hitting" : "bands";
  const spec: ScanGridsSpec = { clues: flags.clues, minimals: flags.minimals === true, engine, javascriptOnly: flags.wasm === false, json: flags.json === true };
  return {
    kindName: "scan-grids",
    spec,
    command: ["scan --grids", file, `--clues ${spec.clues}`, spec.minimals ? "--minimals" : "", `--engine ${engine}`, spec.json === true ? "--json" : ""].filter((p) => p !== "").join(" "),
    source: itemSource(sources, 16, true),
    inputs: sources,
    long: true,
    progress: { label: `scan --grids ${file} ${spec.clues} clues`, noun: null, found: (c) => `${c.grids ?? 0} grids, ${c.puzzles ?? 0} puzzles` },
  };
}

function puzzlesFound(counters: Readonly<Record<string, number>>): string {
  const n = counters.puzzles ?? 0;
  return `${n} puzzle${n === 1 ? "" : "s"}`;
}

/**
 * --engine auto: the band engine up to 20 clues without a mask, the
 * near-full engine from 78 clues, the hitting-set search otherwise. Past
 * 20 clues chosen freely a grid holds so many puzzles that no scan ends,
 * and a chunk's list outgrows memory: refused, unless --stop-at-first.
 */
function chooseEngine(asked: ScanFlags["engine"], clues: number, mask: string | null, stopAtFirst: boolean): ScanEngine {
  if (clues >= FULL_ENGINE_MIN_CLUES) {
    if (asked === "bands") throw new UsageError(`--engine bands scans for at most ${MAX_BAND_ENGINE_CLUES} clues, not ${clues}`);
    return "full";
  }
  const forced = mask === null ? 0 : mask.split("1").length - 1;
  if (clues - forced > MAX_CHOSEN_CLUES && !stopAtFirst) {
    throw new UsageError(
      `--clues ${clues}: a grid holds astronomically many puzzles of ${MAX_CHOSEN_CLUES + 1} to ${FULL_ENGINE_MIN_CLUES - 1} clues, more than any scan can list; ` +
        `scan lists up to ${MAX_CHOSEN_CLUES} clues chosen freely (a --mask may force more), and ${FULL_ENGINE_MIN_CLUES} to 81; --stop-at-first finds one`,
    );
  }
  if (asked === "hitting") return "hitting";
  if (asked === "auto") return clues <= MAX_BAND_ENGINE_CLUES && mask === null ? "bands" : "hitting";
  if (mask !== null) throw new UsageError("--engine bands takes no --mask (use --engine hitting or auto)");
  if (clues > MAX_BAND_ENGINE_CLUES) throw new UsageError(`--engine bands scans for at most ${MAX_BAND_ENGINE_CLUES} clues, not ${clues}`);
  return "bands";
}

function readGrid(text: string): Uint8Array {
  const trimmed = text.trim();
  const parsed = parseLine(trimmed);
  if (!parsed.ok) throw new InputProblem(`grid argument: ${parsed.reason}`);
  // parseLine would take text after the 81 digits as an annotation; an argument has none.
  if (parsed.annotation !== "") throw new InputProblem(`grid argument: ${trimmed.length} characters (expected 81 digits)`);
  const empty = parsed.cells.indexOf(0);
  if (empty >= 0) throw new InputProblem(`grid argument: cell ${cellName(empty)} is empty (a grid needs 81 digits)`);
  if (!isValidGrid(parsed.cells)) throw new InputProblem("grid argument: not a valid solution grid");
  return parsed.cells;
}

/** Checks --mask and normalizes it ('1', '0', '.'); null when it constrains no cell, which is the same scan as no mask. */
function readMask(text: string, clues: number): string | null {
  try {
    parseMask(text);
  } catch (error) {
    throw new InputProblem(`mask argument: ${error instanceof Error ? error.message : String(error)}`);
  }
  const normalized = [...text].map((ch) => (ch === "1" || ch === "0" ? ch : ".")).join("");
  const forced = normalized.split("1").length - 1;
  const open = forced + normalized.split(".").length - 1;
  if (forced > clues) throw new InputProblem(`mask argument: it forces ${forced} clues, more than --clues ${clues}`);
  if (open < clues) throw new InputProblem(`mask argument: it leaves room for only ${open} clues, fewer than --clues ${clues}`);
  return /[01]/.test(normalized) ? normalized : null;
}
