/**
 * `sudokulab scan GRID --clues N`: every N-clue puzzle with a unique solution
 * inside one solution grid (the grid scan of src/scan), on worker threads,
 * with a checkpoint after every chunk so a scan of hours survives an
 * interruption (--resume). The output is in chunk order, hence the same for
 * any thread count.
 */
import { formatPuzzle, isValidGrid, parseGrid } from "../core/puzzle.js";
import { parseMask, prepareScan, type ScanSetup } from "../scan/index.js";
import { GRID_BAND_CHUNKS, MAX_BAND_ENGINE_CLUES } from "../bandscan/grid-scan.js";
import { wasmKernelAvailable } from "../scan/wasm-kernel.js";
import { checkpointExists, chunkHash, readCheckpoint, removeCheckpoint, writeCheckpoint, type CheckpointState, type ScanIdentity } from "./scan-checkpoint.js";
import { NO_LIMIT, type ChunkReport, type JobOptions, type ScanEngine } from "./scan-job.js";
import { resumeCommand } from "./resume-command.js";
import { FileOutput, ScanWriter, stdoutOutput } from "./scan-output.js";
import { cpuSeconds, createScanProgress } from "./scan-progress.js";
import { Interruption, runInMainThread, runOnWorkers } from "./scan-threads.js";

export interface ScanFlags {
  readonly clues: number;
  readonly minimals?: boolean;
  readonly stopAtFirst?: boolean;
  readonly mask?: string;
  readonly threads: number;
  readonly out?: string;
  readonly checkpoint?: string;
  readonly resume?: boolean;
  readonly stats?: boolean;
  /** False with --no-wasm: the deep levels in JavaScript. */
  readonly wasm?: boolean;
  /** --engine: auto (the default), bands or hitting. */
  readonly engine?: "auto" | ScanEngine;
}

/**
 * --engine auto takes the band engine for every count it scans (up to 20):
 * measured 10-25 times faster on 16 to 20 clues (docs/BENCHMARKS.md, "Grid scan").
 */
const AUTO_BAND_ENGINE_CLUES = MAX_BAND_ENGINE_CLUES;

const INTERRUPTED = 130;


/** Runs the scan; returns the exit code (0, or 130 when a signal interrupted it). */
export async function runScanCommand(gridText: string, flags: ScanFlags): Promise<number> {
  const cpuStart = process.cpuUsage();
  // Listening from the start: a signal during the set-up then waits for it instead of killing the process mid-write.
  const interruption = new Interruption();
  try {
    return await scan(gridText, flags, interruption, cpuStart);
  } finally {
    interruption.dispose();
  }
}

async function scan(gridText: string, flags: ScanFlags, interruption: Interruption, cpuStart: NodeJS.CpuUsage): Promise<number> {
  const grid = readGrid(gridText);
  const mask = flags.mask === undefined ? null : readMask(flags.mask, flags.clues);
  const engine = chooseEngine(flags.engine ?? "auto", flags.clues, mask);
  const setup = engine === "bands" ? bandEngineSetup(grid, flags.clues) : prepareScan(grid, flags.clues, mask ?? undefined);
  const total = setup.chunks.length / 6;
  const identity: ScanIdentity = {
    engine,
    grid: formatPuzzle(grid),
    clues: flags.clues,
    mask,
    minimals: flags.minimals === true,
    chunks: total,
    chunkHash: chunkHash(setup.chunks),
  };
  const checkpointPath = flags.checkpoint ?? defaultCheckpointPath(identity, flags.out);
  // The set-up ran synchronously: let a signal that came meanwhile reach its handler now.
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (interruption.signal !== null) {
    process.stderr.write(`sudokulab: scan interrupted (${interruption.signal}) before it started; nothing to resume\n`);
    return INTERRUPTED;
  }
  const state = flags.resume ? resumedState(checkpointPath, identity, flags.out) : freshState(checkpointPath, flags.out);
  const output = flags.out === undefined ? stdoutOutput : await FileOutput.open(flags.out, flags.resume ? state.outBytes : null);
  try {
    // Written before any work, so an interruption from here on always leaves a checkpoint to resume.
    writeCheckpoint(checkpointPath, identity, state);
    const writer = new ScanWriter(total, identity, checkpointPath, state, output, flags.stopAtFirst === true);
    writer.drainLater();

    const pendingList: number[] = [];
    for (let chunk = state.written; chunk < total; chunk++) if (!state.ahead.has(chunk)) pendingList.push(chunk);
    const pending = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, pendingList.length))).subarray(0, pendingList.length);
    pending.set(pendingList);
    const control = new Int32Array(new SharedArrayBuffer(8));
    control[1] = NO_LIMIT;

    const progress = createScanProgress(total, writer.chunksDone, cpuStart);
    const tally = { chunks: 0, nodes: 0, solverCalls: 0, addedUAs: 0, found: 0 };
    const onReport = (report: ChunkReport): void => {
      if (report.complete) tally.chunks++;
      // --stop-at-first: a puzzle in this chunk makes the chunks after it useless.
      else Atomics.store(control, 1, Math.min(Atomics.load(control, 1), report.chunk));
      tally.nodes += report.work.nodes;
      tally.solverCalls += report.work.solverCalls;
      tally.addedUAs += report.work.addedUAs;
      tally.found += report.puzzles.length;
      writer.accept(report);
      progress.update(writer.chunksDone, tally.found);
    };
    const options: JobOptions = { engine, minimals: identity.minimals, stopAtFirst: flags.stopAtFirst === true, javascriptOnly: flags.wasm === false };
    try {
      if (pending.length > 0 && !writer.finished) {
        if (flags.threads === 1) await runInMainThread(setup, control, pending, options, onReport, writer, interruption);
        else await runOnWorkers({ setup, options, control, pending }, Math.min(flags.threads, pending.length), onReport, writer, interruption);
      }
      await writer.idle();
    } finally {
      progress.stop();
    }

    const totals = () =>
      `scan totals: ${tally.chunks} chunks, ${tally.nodes} nodes, ${tally.solverCalls} solver calls, ${tally.addedUAs} UAs added, ` +
      `${writer.puzzlesWritten} puzzles, ${cpuSeconds(cpuStart).toFixed(1)} s CPU; ` +
      (engine === "bands"
        ? "band engine (bands-1+2 and band-3 searches)\n"
        : `hitting-set engine, deepest levels in ${options.javascriptOnly || !wasmKernelAvailable() ? "JavaScript" : "WebAssembly"}\n`);
    if (writer.finished) {
      removeCheckpoint(checkpointPath);
      if (flags.stats) process.stderr.write(totals());
      return 0;
    }
    if (interruption.signal === null) throw new Error("internal error: the scan ended with chunks not done");
    process.stderr.write(
      `sudokulab: scan interrupted (${interruption.signal}): ${writer.chunksDone} of ${total} chunks done; checkpoint saved in ${checkpointPath}\n` +
        `sudokulab: to continue: ${resumeCommand()}\n`,
    );
    if (flags.stats) process.stderr.write(totals());
    return INTERRUPTED;
  } finally {
    await output.close();
  }
}

/**
 * --engine auto: the band engine up to AUTO_BAND_ENGINE_CLUES clues without
 * a mask, else the hitting-set search. An engine asked for by name must be
 * able to run the scan.
 */
function chooseEngine(asked: "auto" | ScanEngine, clues: number, mask: string | null): ScanEngine {
  if (asked === "hitting") return "hitting";
  if (asked === "auto") return clues <= AUTO_BAND_ENGINE_CLUES && mask === null ? "bands" : "hitting";
  if (mask !== null) throw new Error("--engine bands takes no --mask (use --engine hitting or auto)");
  if (clues > MAX_BAND_ENGINE_CLUES) throw new Error(`--engine bands scans for at most ${MAX_BAND_ENGINE_CLUES} clues, not ${clues}`);
  return "bands";
}

/** The band engine's set-up: its chunks are the grid's three bands (the chunk words are unused). */
function bandEngineSetup(grid: Uint8Array, clues: number): ScanSetup {
  if (!isValidGrid(grid)) throw new Error("not a valid solution grid");
  return {
    grid,
    clues,
    forced: new Int32Array(3),
    forbidden: new Int32Array(3),
    uas: new Int32Array(0),
    chunks: new Int32Array(6 * GRID_BAND_CHUNKS),
  };
}

function readGrid(text: string): Uint8Array {
  const trimmed = text.trim();
  try {
    // parseGrid would take text after the 81 digits as an annotation; an argument has none.
    if (trimmed.length > 81) throw new Error(`${trimmed.length} characters (expected 81 digits)`);
    return parseGrid(trimmed);
  } catch (error) {
    throw new Error(`invalid grid: ${messageOf(error).replace(/^invalid (puzzle|grid): /, "").replace(/^line has /, "")}`);
  }
}

/** Checks --mask and normalizes it ('1', '0', '.'); null when it constrains no cell, which is the same scan as no mask. */
function readMask(text: string, clues: number): string | null {
  try {
    parseMask(text);
  } catch (error) {
    throw new Error(`invalid mask: ${messageOf(error)}`);
  }
  const normalized = [...text].map((ch) => (ch === "1" || ch === "0" ? ch : ".")).join("");
  const forced = normalized.split("1").length - 1;
  const open = forced + normalized.split(".").length - 1;
  if (forced > clues) throw new Error(`invalid mask: it forces ${forced} clues, more than --clues ${clues}`);
  if (open < clues) throw new Error(`invalid mask: it leaves room for only ${open} clues, fewer than --clues ${clues}`);
  return /[01]/.test(normalized) ? normalized : null;
}

function defaultCheckpointPath(identity: ScanIdentity, out: string | undefined): string {
  return out !== undefined ? `${out}.checkpoint.json` : `sudokulab-scan-${identity.grid.slice(0, 12)}-${identity.clues}.checkpoint.json`;
}

function freshState(checkpointPath: string, out: string | undefined): CheckpointState {
  // Starting over would throw away the record of a scan that may have run for hours.
  if (checkpointExists(checkpointPath)) {
    throw new Error(`checkpoint ${checkpointPath} exists: add --resume to continue that scan, or delete it to start over`);
  }
  return { written: 0, ahead: new Map(), out: out ?? null, outBytes: 0 };
}

function resumedState(checkpointPath: string, identity: ScanIdentity, out: string | undefined): CheckpointState {
  // Nothing to resume: start the scan ("resume if there is anything to resume"), so a
  // script can always pass --resume (npm start does).
  if (!checkpointExists(checkpointPath)) return freshState(checkpointPath, out);
  const state = readCheckpoint(checkpointPath, identity);
  // The puzzles already written are in one place; resuming elsewhere would split or repeat them.
  if (state.out !== null && out === undefined) throw new Error(`--resume: the interrupted scan wrote to ${state.out}; resume with --out ${state.out}`);
  if (state.out === null && out !== undefined) throw new Error("--resume: the interrupted scan wrote to stdout; resume without --out");
  return { ...state, out: out ?? null };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
