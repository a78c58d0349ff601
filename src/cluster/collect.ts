/**
 * `sudokulab cluster collect JOB --out FILE`: writes what the local command
 * would have written, from the results the workers stored, through the same
 * runner: each result is checked by its kind, appended to FILE.checkpoint
 * (a journal on disk, so results pulled once survive a Redis that loses
 * them), and rendered in unit order; a complete job also gets its record,
 * FILE.record.json (CPU and counters per unit, which worker ran it and how
 * often). While units have no result, collect refuses and says how many;
 * --partial writes the units before the first missing one and keeps every
 * result pulled in the journal, and a later collect goes on from there.
 */
import { existsSync } from "node:fs";
import { loadJobKind } from "../jobs/index.js";
import { readJournal } from "../runner/checkpoint.js";
import { runJob } from "../runner/run.js";
import type { UnitExecutor } from "../runner/unit-pool.js";
import type { UnitOutcome, UnitTask } from "../runner/unit-task.js";
import type { JobStore, StoredResult } from "./store.js";

export interface CollectOptions {
  readonly out: string;
  readonly partial: boolean;
  readonly stats: boolean;
}

/** Results fetched from Redis per round trip. */
const FETCH = 1000;

export async function collect(store: JobStore, job: string, options: CollectOptions): Promise<number> {
  const meta = await store.job(job);
  if (meta === null) throw Object.assign(new Error(`no job ${job} in Redis (see 'sudokulab cluster status')`), { exitCode: 2 });
  const kind = await loadJobKind(meta.kind);
  const units = meta.storedUnits || kind.units === undefined ? await store.units(job) : kind.units(meta.spec);
  if (units.length !== meta.units) throw new Error(`job ${job} should have ${meta.units} units, and ${units.length} were found`);
  const journal = `${options.out}.checkpoint`;
  const pulled = existsSync(journal) ? journalUnits(journal, job) : new Set<number>();
  const inRedis = await store.doneIndexes(job);
  const done = units.reduce((n: number, _unit, index) => n + (pulled.has(index) || inRedis.has(index) ? 1 : 0), 0);
  if (done < units.length && !options.partial) {
    process.stderr.write(
      `sudokulab: job ${job}: ${units.length - done} of ${units.length} units have no result yet; ` +
        "wait for the workers ('sudokulab cluster status " + job + "'), or collect --partial\n",
    );
    return 1;
  }
  return runJob({
    kindName: meta.kind,
    kind,
    job,
    command: meta.command,
    spec: meta.spec,
    source: { total: units.length, units: () => units },
    threads: 1,
    out: options.out,
    checkpoint: journal,
    resume: true,
    stats: options.stats,
    strict: false,
    progress: { label: `collect ${job}`, noun: "units" },
    executor: new StoredResults(store, job),
    partial: options.partial,
  });
}

/** "Runs" a unit by reading its stored result, fetched a thousand at a time. */
class StoredResults implements UnitExecutor {
  readonly size = 1;
  private cache = new Map<number, { result: StoredResult | null; runs: number }>();

  constructor(
    private readonly store: JobStore,
    private readonly job: string,
  ) {}

  async run(task: UnitTask): Promise<UnitOutcome> {
    let entry = this.cache.get(task.index);
    if (entry === undefined) {
      const indexes = Array.from({ length: FETCH }, (_, i) => task.index + i);
      const [results, runs] = await Promise.all([this.store.results(this.job, indexes), this.store.runs(this.job, indexes)]);
      this.cache = new Map(indexes.map((index, i) => [index, { result: results[i], runs: runs[i] }]));
      entry = this.cache.get(task.index)!;
    }
    const { result, runs } = entry;
    if (result === null) return { ok: false, missing: true };
    // A unit started twice (its worker died) or stored twice counts once, and the record says how often it ran.
    return { ok: true, data: result.data, counters: result.counters, cpu: result.cpu, by: result.by, runs: Math.max(runs, result.attempts ?? 1) };
  }

  async abandon(): Promise<void> {}

  async close(): Promise<void> {}
}

/** The units a collect journal already holds, when it is this job's (another job's is refused by the runner). */
function journalUnits(path: string, job: string): Set<number> {
  const read = readJournal(path);
  return read.header.job === job ? new Set(read.units.keys()) : new Set();
}
