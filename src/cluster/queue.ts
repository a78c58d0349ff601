/**
 * The BullMQ side: one queue per job, named by the job's id, whose entries
 * are the units (`u<index>`, so adding a unit that is there already adds
 * nothing). Settings that decide how fast a dead machine's unit comes back:
 * a worker holds a unit under a lock it renews while the unit runs in a
 * thread (the event loop stays free); a lock not renewed for lockDuration
 * means the worker died, and the next stall check hands the unit to
 * another worker. A search must survive many crashes, so a unit may stall
 * up to MAX_STALLS times before it counts as failed.
 */
import { Queue, type JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import { keyPrefix } from "./redis.js";

/** Times a unit may be handed back after its worker died, before it fails. */
const MAX_STALLS = 20;

/** Lock and stall-check period: 30 s by default; SUDOKULAB_CLUSTER_LOCK_MS shortens it (tests). */
export function lockMs(): number {
  const value = Number(process.env.SUDOKULAB_CLUSTER_LOCK_MS);
  return Number.isFinite(value) && value >= 500 ? value : 30_000;
}

export const WORKER_SETTINGS = { maxStalledCount: MAX_STALLS } as const;

/** A unit that throws is tried again once, a few seconds later, before it stays failed (for `cluster retry`). */
export const UNIT_OPTIONS: JobsOptions = {
  attempts: 2,
  backoff: { type: "fixed", delay: 2000 },
  removeOnComplete: true,
  removeOnFail: false,
};

export function queuePrefix(): string {
  return `${keyPrefix()}:q`;
}

export function unitJobId(index: number): string {
  return `u${index}`;
}

export function unitIndexOf(jobId: string | undefined): number {
  return Number(jobId?.slice(1));
}

export function openQueue(job: string, connection: Redis): Queue {
  return new Queue(job, { connection, prefix: queuePrefix() });
}

/** What a BullMQ entry carries: the unit's index and the unit itself. */
export interface UnitEntry {
  readonly index: number;
  readonly unit: unknown;
}
