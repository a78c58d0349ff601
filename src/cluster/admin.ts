/**
 * `sudokulab cluster retry JOB` and `cluster cancel JOB`. Retry moves the
 * failed units back to the queue. Cancel removes the units not run yet and
 * marks the job cancelled, so workers leave it; the results kept so far stay
 * for `collect --partial`, unless --purge deletes everything of the job.
 */
import { openQueue } from "./queue.js";
import type { JobStore } from "./store.js";

export async function retryFailed(store: JobStore, job: string): Promise<number> {
  await requireJob(store, job);
  const queue = openQueue(job, store.redis);
  try {
    const failed = await queue.getFailed();
    for (const entry of failed) await entry.retry("failed");
    process.stderr.write(`sudokulab: job ${job}: ${failed.length} failed unit${failed.length === 1 ? "" : "s"} back in the queue\n`);
  } finally {
    await queue.close();
  }
  return 0;
}

export async function cancelJob(store: JobStore, job: string, purge: boolean): Promise<number> {
  const meta = await requireJob(store, job);
  const queue = openQueue(job, store.redis);
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
  }
  if (purge) await store.purge(job);
  else await store.setCancelled(meta);
  process.stderr.write(`sudokulab: job ${job} ${purge ? "deleted" : "cancelled; its results so far stay for 'collect --partial'"}\n`);
  return 0;
}

async function requireJob(store: JobStore, job: string) {
  const meta = await store.job(job);
  if (meta === null) throw Object.assign(new Error(`no job ${job} in Redis (see 'sudokulab cluster status')`), { exitCode: 2 });
  return meta;
}
