/**
 * `sudokulab entries --all-ranks --count`: counts the entries of every rank
 * of a range, one rank per unit of work on worker threads (entries-worker.ts),
 * prints the count table in rank order, and records each finished rank in the
 * checkpoint (entries-checkpoint.ts), so a run of CPU-hours interrupted by a
 * signal or a kill goes on with --resume, losing only the ranks in progress.
 */
import { Worker } from "node:worker_threads";
import type { CatalogName } from "../catalog/index.js";
import {
  entriesCheckpointExists,
  readEntriesCheckpoint,
  writeEntriesCheckpoint,
} from "./entries-checkpoint.js";
import { countLine, type EntriesWorkerData, type EntryFigures, type RankCount, type RankRequest } from "./entries-job.js";
import { createEntriesProgress } from "./entries-progress.js";
import { resumeCommand } from "./resume-command.js";
import { cpuSeconds } from "./scan-progress.js";
import { Interruption } from "./scan-threads.js";
import { openTextOutput, type TextOutput } from "./text-output.js";

/** Essentially different grids. Each catalog lists every one exactly once, so the bands 3 of all 416 ranks add up to this. */
export const ESSENTIALLY_DIFFERENT_GRIDS = 5_472_730_538;

const INTERRUPTED = 130;

export interface AllRanksSettings {
  readonly catalog: CatalogName;
  readonly firstRank: number;
  readonly lastRank: number;
  readonly threads: number;
  readonly checkpoint: string;
  readonly resume: boolean;
  readonly out?: string;
}

/** Runs the count; returns the exit code: 0, 1 when all 416 ranks do not add up, 130 when a signal stopped it. */
export async function runAllRanks(settings: AllRanksSettings): Promise<number> {
  const cpuStart = process.cpuUsage();
  // Listening from the start: a signal then stops the run between ranks, with its message, instead of killing the process.
  const interruption = new Interruption();
  try {
    return await countAllRanks(settings, interruption, cpuStart);
  } finally {
    interruption.dispose();
  }
}

async function countAllRanks(settings: AllRanksSettings, interruption: Interruption, cpuStart: NodeJS.CpuUsage): Promise<number> {
  const { catalog, checkpoint } = settings;
  const counts = settings.resume && entriesCheckpointExists(checkpoint) ? readEntriesCheckpoint(checkpoint, catalog) : freshCounts(checkpoint);
  // Written before any work, so that from here on a second run without --resume cannot start over by mistake.
  writeEntriesCheckpoint(checkpoint, catalog, counts);

  const ranks = Array.from({ length: settings.lastRank - settings.firstRank + 1 }, (_, i) => settings.firstRank + i);
  const pending = ranks.filter((rank) => !counts.has(rank));
  const recorded = ranks.length - pending.length;
  const rangeText = `${catalog} ranks ${settings.firstRank}..${settings.lastRank}`;
  if (recorded > 0) {
    process.stderr.write(`entries: ${rangeText}: ${ranksText(recorded)} from the checkpoint ${checkpoint}, ${pending.length} to count\n`);
  }

  const output = openTextOutput(settings.out);
  try {
    const recordedBands3 = ranks.reduce((sum, rank) => sum + (counts.get(rank)?.bands3 ?? 0), 0);
    const progress = createEntriesProgress(catalog, ranks.length, recorded, recordedBands3);
    const table = new RankTable(catalog, settings.firstRank, settings.lastRank, output, () => progress.beforeOutput(settings.out === undefined));
    table.printReady(counts);
    const onCount = (count: RankCount): void => {
      counts.set(count.rank, count);
      writeEntriesCheckpoint(checkpoint, catalog, counts);
      progress.rankDone(count);
      table.printReady(counts);
    };
    try {
      if (pending.length > 0 && interruption.signal === null) {
        await countOnWorkers(catalog, pending, Math.min(settings.threads, pending.length), onCount, interruption);
      }
    } finally {
      progress.stop();
    }

    const counted = pending.filter((rank) => counts.has(rank)).length;
    if (!table.complete) {
      if (interruption.signal === null) throw new Error("internal error: the worker threads ended with ranks not counted");
      process.stderr.write(
        `sudokulab: entries interrupted (${interruption.signal}): ${recorded + counted} of ${ranks.length} ranks done; checkpoint saved in ${checkpoint}\n` +
          `sudokulab: to continue: ${resumeCommand()}\n`,
      );
      return INTERRUPTED;
    }
    const total = table.printTotals(counts);
    process.stderr.write(
      `entries: ${rangeText}: ${total.bands3} bands 3 in ${total.entries} entries; ` +
        `${ranksText(counted)} counted now, ${recorded} from the checkpoint; ${cpuSeconds(cpuStart).toFixed(1)} s CPU in this run\n`,
    );
    if (settings.firstRank !== 0 || settings.lastRank !== 415) return 0;
    return checkGridCount(catalog, total.bands3);
  } finally {
    output.close();
  }
}

function ranksText(n: number): string {
  return n === 1 ? "1 rank" : `${n} ranks`;
}

function freshCounts(checkpoint: string): Map<number, RankCount> {
  // Starting over would throw away the record of a run that may have taken hours.
  if (entriesCheckpointExists(checkpoint)) {
    throw new Error(`checkpoint ${checkpoint} exists: add --resume to go on from it, or delete it to start over`);
  }
  return new Map();
}

/** All 416 ranks: the catalog must list as many grids as there are essentially different grids. */
function checkGridCount(catalog: CatalogName, bands3: number): number {
  const expected = ESSENTIALLY_DIFFERENT_GRIDS.toLocaleString("en-US");
  if (bands3 === ESSENTIALLY_DIFFERENT_GRIDS) {
    process.stderr.write(`entries: ${catalog}: all 416 ranks list ${expected} grids, the number of essentially different grids: OK\n`);
    return 0;
  }
  process.stderr.write(
    `sudokulab: entries: ${catalog}: all 416 ranks list ${bands3.toLocaleString("en-US")} grids, ` +
      `not ${expected} (the number of essentially different grids)\n`,
  );
  return 1;
}

/** The count table, one line per rank in rank order: a rank is printed once every rank before it is. */
class RankTable {
  private next: number;

  constructor(
    private readonly catalog: CatalogName,
    private readonly first: number,
    private readonly last: number,
    private readonly output: TextOutput,
    private readonly beforeOutput: () => void,
  ) {
    this.next = first;
  }

  get complete(): boolean {
    return this.next > this.last;
  }

  printReady(counts: ReadonlyMap<number, RankCount>): void {
    let text = "";
    for (let count = counts.get(this.next); count !== undefined && !this.complete; count = counts.get(this.next)) {
      text += countLine(this.catalog, count.rank, count) + "\n";
      this.next++;
    }
    if (text === "") return;
    this.beforeOutput();
    this.output.write(text);
  }

  /** The last line: `catalog total bands2 entries bands3 cpu_seconds`, sums over the range. */
  printTotals(counts: ReadonlyMap<number, RankCount>): EntryFigures {
    let bands2 = 0;
    let entries = 0;
    let bands3 = 0;
    let cpu = 0;
    for (let rank = this.first; rank <= this.last; rank++) {
      const count = counts.get(rank);
      if (count === undefined) throw new Error(`internal error: rank ${rank} not counted`);
      bands2 += count.bands2;
      entries += count.entries;
      bands3 += count.bands3;
      cpu += count.cpuSeconds;
    }
    const total: EntryFigures = { bands2, entries, bands3, cpuSeconds: cpu };
    this.output.write(countLine(this.catalog, "total", total) + "\n");
    return total;
  }
}

/** Hands the ranks out to `threads` workers, one at a time, until all are counted or a signal arrives. */
async function countOnWorkers(
  catalog: CatalogName,
  ranks: readonly number[],
  threads: number,
  onCount: (count: RankCount) => void,
  interruption: Interruption,
): Promise<void> {
  const script = new URL("./entries-worker.js", import.meta.url);
  const workerData: EntriesWorkerData = { catalog };
  const workers: Worker[] = [];
  let handedOut = 0;
  let counted = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const handNext = (worker: Worker): void => {
        const request: RankRequest = { rank: handedOut < ranks.length ? ranks[handedOut++] : null };
        worker.postMessage(request);
      };
      interruption.onSignal(resolve);
      for (let i = 0; i < threads; i++) {
        const worker = new Worker(script, { workerData });
        worker.on("message", (count: RankCount) => {
          try {
            // A rank that finishes just after a signal is still whole: record it.
            onCount(count);
          } catch (error) {
            reject(error);
            return;
          }
          if (++counted === ranks.length) resolve();
          else if (interruption.signal === null) handNext(worker);
        });
        worker.on("error", reject);
        // A worker with no rank left exits with 0; terminate() (code 1) comes only after the promise is settled.
        worker.on("exit", (code) => {
          if (code !== 0) reject(new Error(`an entries worker thread exited with code ${code}`));
        });
        workers.push(worker);
        handNext(worker);
      }
      if (interruption.signal !== null) resolve();
    });
  } finally {
    interruption.onSignal(null);
    // Ranks still running are abandoned: the checkpoint does not name them, so a resume counts them again.
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
