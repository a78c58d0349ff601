/**
 * `sudokulab cluster worker`: runs units of the cluster's jobs on this
 * machine's threads until stopped. It works on the oldest job that has
 * units waiting (or on --queue-only JOB), through a BullMQ worker whose
 * processor hands each unit to the unit pool (src/runner/unit-pool.ts): the
 * search runs in a thread, the event loop stays free to renew BullMQ's
 * locks. A finished unit's result goes to Redis under the unit's index
 * (store.ts) before BullMQ marks it complete, so a unit that ran twice
 * (its worker was killed after storing) still counts once.
 *
 * For every unfinished job it also keeps BullMQ's stalled-unit check
 * running, so a unit whose worker died comes back even when no worker is
 * on that job any more. SIGINT or SIGTERM hands the units in progress back
 * to the queue at once (their threads are stopped) and exits with 130; a
 * second signal exits at once.
 */
import { hostname } from "node:os";
import { WaitingError, Worker, type Job } from "bullmq";
import { ThreadPool } from "../runner/unit-pool.js";
import { Interruption } from "../runner/signals.js";
import { lockMs, openQueue, queuePrefix, WORKER_SETTINGS, type UnitEntry } from "./queue.js";
import { connect, keyPrefix } from "./redis.js";
import { JobStore, type JobMeta, unitsToReport } from "./store.js";

export interface WorkerOptions {
  readonly redis: string;
  readonly threads: number;
  /** Work on this job only. */
  readonly queueOnly?: string;
  /** Exit (0) once no unit of any job is waiting or running (failed ones wait for `cluster retry`). */
  readonly untilDone?: boolean;
}

/** How often an idle worker looks for work. */
const IDLE_POLL_MS = 1000;

export async function runWorker(options: WorkerOptions): Promise<number> {
  const name = `${hostname()}/${process.pid}`;
  const interruption = new Interruption();
  const redis = await connect(options.redis);
  const blocking = await connect(options.redis, true);
  const store = new JobStore(redis, keyPrefix());
  const pool = new ThreadPool(options.threads);
  const sentinels = new Map<string, Worker>();
  const failUnits = testFailures();
  const working: { current: { job: string; worker: Worker } | null } = { current: null };
  let stopping = false;
  process.stderr.write(`cluster worker ${name}: ${options.threads} thread${options.threads === 1 ? "" : "s"}, Redis ${options.redis}\n`);

  const metas = new Map<string, JobMeta>();
  const metaOf = async (job: string): Promise<JobMeta> => {
    let meta = metas.get(job);
    if (meta === undefined) {
      const found = await store.job(job);
      if (found === null) throw new Error(`no job ${job} in Redis`);
      meta = found;
      metas.set(job, meta);
    }
    return meta;
  };

  const processUnit = async (job: string, entry: Job<UnitEntry>, token: string | undefined, signal: AbortSignal | undefined): Promise<{ cpu: number }> => {
    const meta = await metaOf(job);
    const { index, unit } = entry.data;
    if (failUnits.has(index)) throw new Error(`unit ${index} failed on purpose (SUDOKULAB_TEST_FAIL_UNITS)`);
    const started = Date.now();
    const abandon = (): void => void pool.abandon((i) => i === index);
    signal?.addEventListener("abort", abandon);
    try {
      const outcome = await pool.run({ kind: meta.kind, job, spec: meta.spec, index, unit });
      if (outcome === null) {
        // Handed back: another worker (or this one, later) runs it from the start.
        await entry.moveToWait(token);
        throw new WaitingError();
      }
      if (!outcome.ok) throw new Error("error" in outcome ? outcome.error : "no result");
      const result = { data: outcome.data, counters: outcome.counters, cpu: outcome.cpu, by: name, finished: Date.now(), attempts: entry.attemptsStarted };
      await store.saveResult(job, index, result, started);
      return { cpu: outcome.cpu };
    } finally {
      signal?.removeEventListener("abort", abandon);
    }
  };

  const startOn = (job: string): Worker => {
    const worker = new Worker<UnitEntry>(job, (entry, token, signal) => processUnit(job, entry, token, signal), {
      connection: blocking,
      prefix: queuePrefix(),
      concurrency: options.threads,
      lockDuration: lockMs(),
      stalledInterval: lockMs(),
      ...WORKER_SETTINGS,
      name,
    });
    worker.on("error", (error) => process.stderr.write(`sudokulab: cluster worker: ${error.message}\n`));
    worker.on("failed", (entry, error) => {
      if (entry !== undefined && !(error instanceof WaitingError)) process.stderr.write(`sudokulab: job ${job} unit ${entry.data.index} failed: ${error.message}\n`);
    });
    return worker;
  };

  /** Keeps a stalled-unit check on every unfinished job, and drops those of finished ones. */
  const watchStalls = async (unfinished: readonly JobMeta[]): Promise<void> => {
    for (const meta of unfinished) {
      if (sentinels.has(meta.id)) continue;
      const sentinel = new Worker(meta.id, null, {
        connection: blocking,
        prefix: queuePrefix(),
        autorun: false,
        lockDuration: lockMs(),
        stalledInterval: lockMs(),
        ...WORKER_SETTINGS,
        name: `${name} stall check`,
      });
      sentinel.on("error", () => {});
      await sentinel.startStalledCheckTimer();
      sentinels.set(meta.id, sentinel);
    }
    for (const [id, sentinel] of sentinels) {
      if (!unfinished.some((meta) => meta.id === id)) {
        sentinels.delete(id);
        await sentinel.close();
      }
    }
  };

  /**
   * The oldest job with units to run now; the unfinished jobs; and whether
   * any unit is still waiting or running anywhere (a failed unit waits for
   * `cluster retry`, not for this worker).
   */
  const pick = async (): Promise<{ job: string | null; unfinished: JobMeta[]; busy: boolean }> => {
    const jobs = options.queueOnly === undefined ? await store.jobs() : [await metaOf(options.queueOnly)];
    const unfinished: JobMeta[] = [];
    let chosen: string | null = null;
    let busy = false;
    for (const meta of jobs) {
      if (meta.cancelled === true || (await store.resultCount(meta.id)) >= unitsToReport(meta)) continue;
      unfinished.push(meta);
      const queue = openQueue(meta.id, redis);
      const counts = await queue.getJobCounts("waiting", "prioritized", "delayed", "active");
      await queue.close();
      const ready = counts.waiting + counts.prioritized + counts.delayed;
      if (ready + counts.active > 0) busy = true;
      if (chosen === null && ready > 0) chosen = meta.id;
    }
    return { job: chosen, unfinished, busy };
  };

  const stop = interruption.stopped.then(async () => {
    stopping = true;
    process.stderr.write(`cluster worker ${name}: stopping; units in progress go back to their queue\n`);
    working.current?.worker.cancelAllJobs("the worker is stopping");
  });
  void stop;

  try {
    let unreachable = false;
    while (!stopping) {
      try {
        const { job, unfinished, busy } = await pick();
        await watchStalls(unfinished);
        if (unreachable) process.stderr.write(`cluster worker ${name}: Redis answers again\n`);
        unreachable = false;
        if (options.untilDone === true && !busy) break;
        if (job !== null && working.current?.job !== job) {
          const previous = working.current;
          working.current = { job, worker: startOn(job) };
          // The previous job's last units finish while the new one starts.
          if (previous !== null) void previous.worker.close();
        }
      } catch (error) {
        // Redis went away (a restart): keep the threads, say so once, and look again.
        if (!unreachable) process.stderr.write(`sudokulab: cluster worker ${name}: ${error instanceof Error ? error.message : String(error)}; retrying\n`);
        unreachable = true;
        metas.clear();
      }
      await Promise.race([sleep(IDLE_POLL_MS), interruption.stopped]);
    }
  } finally {
    if (working.current !== null) {
      working.current.worker.cancelAllJobs("the worker is stopping");
      await working.current.worker.close();
    }
    for (const sentinel of sentinels.values()) await sentinel.close();
    await pool.close();
    redis.disconnect();
    blocking.disconnect();
    interruption.dispose();
  }
  return interruption.signal === null ? 0 : 130;
}

/** Units made to fail, to test failures and `cluster retry`: SUDOKULAB_TEST_FAIL_UNITS=3,5. */
function testFailures(): Set<number> {
  const list = process.env.SUDOKULAB_TEST_FAIL_UNITS ?? "";
  return new Set(list.split(",").filter((part) => part.trim() !== "").map(Number));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

