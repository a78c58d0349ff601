/**
 * `sudokulab scan17 --rank R --slices A..B --pass P`: the band scan for 17s
 * over slices of one band-1 rank, on worker threads (scan17-worker.ts).
 *
 * The slices to scan (the --shard part, less those the checkpoint holds) are
 * cut into one contiguous share per thread; a worker makes one scanSlices17
 * call per contiguous range of its share, since each call enumerates the
 * rank's bands 2 from the first. Every finished slice comes back with its
 * 17s and is recorded in the checkpoint (scan17-checkpoint.ts). Once all are
 * done, the 17s are written from that record, sorted by slice and in the
 * kernel's order within a slice: the same output for any --threads, and
 * never a line lost or repeated by an interruption.
 */
import { Worker } from "node:worker_threads";
import { Scan17Stats, type Scan17Engine, type Scan17Pass } from "../bandscan/index.js";
import { writeFileAtomically } from "./atomic-file.js";
import { resumeCommand } from "./resume-command.js";
import {
  freshScan17State,
  readScan17Checkpoint,
  scan17CheckpointExists,
  writeScan17Checkpoint,
  type Scan17Identity,
  type Scan17State,
} from "./scan17-checkpoint.js";
import {
  rangeSize,
  rangeText,
  shardRange,
  splitRanges,
  statsTable,
  type Scan17Message,
  type Scan17WorkerData,
  type SliceRange,
} from "./scan17-job.js";
import { createScan17Progress } from "./scan17-progress.js";
import { Interruption } from "./scan-threads.js";
import { openTextOutput } from "./text-output.js";

const INTERRUPTED = 130;

export interface SliceScanSettings {
  readonly identity: Scan17Identity;
  readonly threads: number;
  /** Where the 17s go; stdout when undefined. */
  readonly out?: string;
  /** null: no checkpoint (stdout without --checkpoint). */
  readonly checkpoint: string | null;
  readonly resume: boolean;
  readonly stats: boolean;
}

/** Runs the scan; returns the exit code (0, or 130 when a signal stopped it). */
export async function runScan17Slices(settings: SliceScanSettings): Promise<number> {
  // Listening from the start: a signal during the set-up then stops the run cleanly instead of killing it mid-write.
  const interruption = new Interruption();
  try {
    return await scanSlices(settings, interruption);
  } finally {
    interruption.dispose();
  }
}

async function scanSlices(settings: SliceScanSettings, interruption: Interruption): Promise<number> {
  const { identity, checkpoint } = settings;
  const { pass, engine, rank, slices, shard } = identity;
  const part = shard === null ? slices : shardRange(slices, shard.index, shard.count);
  const label = `pass ${pass} rank ${rank}`;
  const partText = part === null ? "(none)" : rangeText(part);
  if (part === null && shard !== null) {
    process.stderr.write(`scan17: shard ${shard.index}/${shard.count} of slices ${rangeText(slices)} is empty (fewer slices than shards)\n`);
  }

  const state = checkpoint !== null && scan17CheckpointExists(checkpoint) ? resumedState(checkpoint, identity, settings.resume) : freshScan17State();
  const record = (): void => {
    if (checkpoint !== null) writeScan17Checkpoint(checkpoint, identity, part, state);
  };
  // Written before any work, so that from here on a second run without --resume cannot start over by mistake.
  record();

  const pending = part === null ? [] : state.done.missingWithin(part);
  const total = part === null ? 0 : rangeSize(part);
  const toScan = pending.reduce((sum, range) => sum + rangeSize(range), 0);
  const found = (): number => [...state.hits.values()].reduce((sum, lines) => sum + lines.length, 0);
  if (total > toScan) {
    process.stderr.write(`scan17: ${label} slices ${partText}: ${total - toScan} slices from the checkpoint ${checkpoint}, ${toScan} to scan\n`);
  }

  const progress = createScan17Progress(label, total, total - toScan, found());
  const onMessage = (message: Scan17Message): void => {
    if (message.kind === "slice") {
      state.done.addRange({ first: message.slice, last: message.slice });
      if (message.hits.length > 0) state.hits.set(message.slice, message.hits);
    } else {
      // The range's slices never reported do not exist: they are past the rank's last slice.
      state.absentSlices += rangeSize(message.range) - state.done.countWithin(message.range);
      state.done.addRange(message.range);
    }
    state.stats.add(Scan17Stats.fromJSON(message.stats));
    state.cpuSeconds += message.cpuSeconds;
    record();
    progress.update(part === null ? 0 : state.done.countWithin(part), found());
  };
  try {
    // A signal that came during the set-up reaches its handler now.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (toScan > 0 && interruption.signal === null) {
      await scanOnWorkers(pass, engine, rank, splitRanges(pending, settings.threads), onMessage, interruption);
    }
  } finally {
    progress.stop();
  }

  const done = part === null ? 0 : state.done.countWithin(part);
  const statsText = (): string => statsTable(`scan17 stats, ${label} slices ${partText}:`, state.stats, state.cpuSeconds);
  if (done < total) {
    if (interruption.signal === null) throw new Error("internal error: the worker threads ended with slices not scanned");
    const where = checkpoint === null ? "no checkpoint (add --out FILE or --checkpoint FILE to make a run resumable)" : `checkpoint saved in ${checkpoint}`;
    process.stderr.write(`sudokulab: scan17 interrupted (${interruption.signal}): ${done} of ${total} slices done; ${where}\n`);
    if (checkpoint !== null) process.stderr.write(`sudokulab: to continue: ${resumeCommand()}\n`);
    if (settings.stats) process.stderr.write(statsText());
    return INTERRUPTED;
  }

  const lines = [...state.hits.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, hits]) => hits);
  const text = lines.map((line) => line + "\n").join("");
  if (settings.out !== undefined) writeFileAtomically(settings.out, text);
  else {
    const output = openTextOutput(undefined);
    output.write(text);
    output.close();
  }
  const absent = state.absentSlices === 0 ? "" : ` (${state.absentSlices} past the rank's last slice)`;
  process.stderr.write(
    `scan17: ${label} slices ${partText}: ${lines.length} 17s in ${total} slices${absent}; ${toScan} scanned now, ` +
      `${total - toScan} from the checkpoint; ${state.cpuSeconds.toFixed(1)} s CPU\n`,
  );
  if (settings.stats) process.stderr.write(statsText());
  return 0;
}

function resumedState(checkpoint: string, identity: Scan17Identity, resume: boolean): Scan17State {
  // Starting over would throw away the record of a scan that may have run for hours.
  if (!resume) throw new Error(`checkpoint ${checkpoint} exists: add --resume to go on from it, or delete it to start over`);
  return readScan17Checkpoint(checkpoint, identity);
}

/** Runs one worker per share until every range is reported finished or a signal arrives. */
async function scanOnWorkers(
  pass: Scan17Pass,
  engine: Scan17Engine,
  rank: number,
  shares: readonly (readonly SliceRange[])[],
  onMessage: (message: Scan17Message) => void,
  interruption: Interruption,
): Promise<void> {
  const script = new URL("./scan17-worker.js", import.meta.url);
  const expected = shares.reduce((sum, ranges) => sum + ranges.length, 0);
  const workers: Worker[] = [];
  let finished = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      interruption.onSignal(resolve);
      for (const ranges of shares) {
        const workerData: Scan17WorkerData = { pass, engine, rank, ranges };
        const worker = new Worker(script, { workerData });
        worker.on("message", (message: Scan17Message) => {
          try {
            // A slice that finishes just after a signal is still whole: record it.
            onMessage(message);
          } catch (error) {
            reject(error);
            return;
          }
          if (message.kind === "range" && ++finished === expected) resolve();
        });
        worker.on("error", reject);
        // A worker that finishes exits with 0; terminate() (code 1) comes only after the promise is settled.
        worker.on("exit", (code) => {
          if (code !== 0) reject(new Error(`a scan17 worker thread exited with code ${code}`));
        });
        workers.push(worker);
      }
      if (interruption.signal !== null) resolve();
    });
  } finally {
    interruption.onSignal(null);
    // Slices still running are abandoned: the checkpoint does not name them, so a resume scans them again.
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
