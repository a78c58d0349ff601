/**
 * `sudokulab cluster submit <command> <options>`: the command's plan, made
 * by the same declarations as a local run, becomes a job in Redis: its
 * meta (kind, spec, command), its units in a BullMQ queue, and, for units
 * read from input files, the units themselves. The job's id is the plan's
 * (a hash of the command and the inputs' contents), printed on stdout:
 * submitting the same job again adds no unit, unless units were lost (a
 * Redis that restarted empty): those, and only those, are added again.
 */
import { loadJobKind } from "../jobs/index.js";
import { readJournal } from "../runner/checkpoint.js";
import { inputsAreFiles, jobId, type JobPlan } from "../runner/plan.js";
import { openQueue, UNIT_OPTIONS, unitJobId, type UnitEntry } from "./queue.js";
import { connect, keyPrefix } from "./redis.js";
import { JobStore, type JobMeta } from "./store.js";

export interface SubmitOptions {
  readonly redis: string;
  /** A collect journal (OUT.checkpoint) whose units need not run again. */
  readonly skip?: string;
}

/** Units added to BullMQ per call. */
const BULK = 1000;

export async function submit(plan: JobPlan, options: SubmitOptions): Promise<number> {
  if (!inputsAreFiles(plan)) throw Object.assign(new Error("cluster submit reads its input from files, not stdin"), { exitCode: 2 });
  for (const problem of plan.problems ?? []) process.stderr.write(`sudokulab: ${problem}\n`);
  const id = await jobId(plan);
  const kind = await loadJobKind(plan.kindName);
  const units: unknown[] = [];
  for await (const unit of plan.source.units()) units.push(unit);
  const skipped = options.skip === undefined ? new Set<number>() : skippedUnits(options.skip, id);

  const redis = await connect(options.redis);
  try {
    const store = new JobStore(redis, keyPrefix());
    const meta: JobMeta = {
      id,
      kind: plan.kindName,
      command: plan.command,
      spec: plan.spec,
      units: units.length,
      storedUnits: kind.units === undefined,
      submitted: new Date().toISOString(),
    };
    const fresh = await store.addJob(meta, meta.storedUnits ? units : null);
    // Submitting a cancelled job again takes the cancel back: its missing units are queued below.
    const before = fresh ? null : await store.job(id);
    const revived = before?.cancelled === true;
    if (revived) await store.clearCancelled(before);
    const done = await store.doneIndexes(id);
    const queue = openQueue(id, redis);
    try {
      const queued = fresh ? new Set<string>() : new Set((await queue.getJobs(["waiting", "active", "delayed", "failed", "prioritized"])).map((job) => job.id));
      const toAdd: UnitEntry[] = [];
      // The journal's units that no worker will report: not done here, not queued before.
      let held = 0;
      units.forEach((unit, index) => {
        if (done.has(index) || queued.has(unitJobId(index))) return;
        if (skipped.has(index)) held++;
        else toAdd.push({ index, unit });
      });
      const current = (await store.job(id)) ?? meta;
      if ((current.skipped ?? 0) !== held) await store.setSkipped(current, held);
      for (let i = 0; i < toAdd.length; i += BULK) {
        await queue.addBulk(toAdd.slice(i, i + BULK).map((entry) => ({ name: "unit", data: entry, opts: { ...UNIT_OPTIONS, jobId: unitJobId(entry.index) } })));
      }
      const parts = [`${units.length} units`, `${toAdd.length} added`];
      if (done.size > 0) parts.push(`${done.size} done already`);
      if (skipped.size > 0) parts.push(`${skipped.size} in ${options.skip}`);
      if (queued.size > 0) parts.push(`${queued.size} queued already`);
      const how = fresh ? "submitted" : revived ? "submitted again after its cancel" : "already submitted";
      process.stderr.write(`sudokulab: ${how}: ${plan.command}: ${parts.join(", ")}\n`);
      process.stdout.write(`${id}\n`);
    } finally {
      await queue.close();
    }
  } finally {
    redis.disconnect();
  }
  return (plan.problems ?? []).length > 0 ? 1 : 0;
}

/** The units a collect journal holds, when it is this job's. */
function skippedUnits(path: string, id: string): Set<number> {
  const journal = readJournal(path);
  if (journal.header.job !== id) throw Object.assign(new Error(`--skip ${path} holds job ${journal.header.job}, not ${id}`), { exitCode: 2 });
  return new Set(journal.units.keys());
}
