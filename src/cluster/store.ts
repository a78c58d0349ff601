/**
 * What sudokulab keeps in Redis beside BullMQ's queues, one set of keys per
 * job (P is the key prefix):
 *   P:jobs             hash  job id -> the job: kind, spec, command, units
 *   P:job:J:units      list  the units, for kinds whose units are input
 *                            items (the others follow from the spec)
 *   P:job:J:results    hash  unit index -> its result (data, counters, CPU,
 *                            worker): written by the worker that ran the
 *                            unit, overwritten with the same data if it ran
 *                            again, so every result counts exactly once
 *   P:job:J:runs       hash  unit index -> times it was run
 *   P:job:J:done       zset  unit index by the time it finished (throughput)
 *   P:job:J:cpu        zset  unit index by its CPU seconds (slowest units)
 *   P:job:J:workers    hash  worker -> units run, CPU, first and last time
 * A unit's result and its statistics are written in one transaction.
 */
import type { Redis } from "ioredis";
import type { Counters } from "../jobs/job.js";
import type { JobKindName } from "../jobs/index.js";

export interface JobMeta {
  readonly id: string;
  readonly kind: JobKindName;
  readonly command: string;
  readonly spec: unknown;
  readonly units: number;
  /** True when the units are stored (input items); false when they follow from the spec. */
  readonly storedUnits: boolean;
  readonly submitted: string;
  readonly cancelled?: boolean;
  /**
   * Units held in a collect journal when the job was last submitted
   * (`cluster submit --skip`): never queued, so no worker reports them.
   */
  readonly skipped?: number;
}

/** The units workers must still report for the job to be whole: all but those held in a journal. */
export function unitsToReport(meta: JobMeta): number {
  return meta.units - (meta.skipped ?? 0);
}

export interface StoredResult {
  readonly data: unknown;
  readonly counters: Counters;
  readonly cpu: number;
  readonly by: string;
  readonly finished: number;
  /** Times a worker started the unit (BullMQ's attemptsStarted): 2 or more after a stall or a retry. */
  readonly attempts: number;
}

export interface WorkerStats {
  readonly units: number;
  readonly cpu: number;
  readonly first: number;
  readonly last: number;
}

export class JobStore {
  constructor(
    readonly redis: Redis,
    readonly prefix: string,
  ) {}

  private key(job: string, what: string): string {
    return `${this.prefix}:job:${job}:${what}`;
  }

  /** Records a job; false when it was there already (submitted before). */
  async addJob(meta: JobMeta, units: readonly unknown[] | null): Promise<boolean> {
    const added = await this.redis.hsetnx(`${this.prefix}:jobs`, meta.id, JSON.stringify(meta));
    if (added === 1 && units !== null) {
      const key = this.key(meta.id, "units");
      for (let i = 0; i < units.length; i += 1000) await this.redis.rpush(key, ...units.slice(i, i + 1000).map((unit) => JSON.stringify(unit)));
    }
    return added === 1;
  }

  async job(id: string): Promise<JobMeta | null> {
    const text = await this.redis.hget(`${this.prefix}:jobs`, id);
    return text === null ? null : (JSON.parse(text) as JobMeta);
  }

  /** Every job, oldest first. */
  async jobs(): Promise<JobMeta[]> {
    const all = await this.redis.hvals(`${this.prefix}:jobs`);
    return all.map((text) => JSON.parse(text) as JobMeta).sort((a, b) => a.submitted.localeCompare(b.submitted));
  }

  async setCancelled(meta: JobMeta): Promise<void> {
    await this.redis.hset(`${this.prefix}:jobs`, meta.id, JSON.stringify({ ...meta, cancelled: true }));
  }

  /** Records how many of the job's units a journal holds (see JobMeta.skipped). */
  async setSkipped(meta: JobMeta, skipped: number): Promise<void> {
    const { skipped: _skipped, ...rest } = meta;
    await this.redis.hset(`${this.prefix}:jobs`, meta.id, JSON.stringify(skipped > 0 ? { ...rest, skipped } : rest));
  }

  /** A cancelled job submitted again: workers take its units again. */
  async clearCancelled(meta: JobMeta): Promise<void> {
    const { cancelled: _cancelled, ...active } = meta;
    await this.redis.hset(`${this.prefix}:jobs`, meta.id, JSON.stringify(active));
  }

  /** The stored units from `from`, `count` of them. */
  async units(job: string, from = 0, count = -1): Promise<unknown[]> {
    const texts = await this.redis.lrange(this.key(job, "units"), from, count < 0 ? -1 : from + count - 1);
    return texts.map((text) => JSON.parse(text) as unknown);
  }

  /** Stores a unit's result with its statistics, in one transaction. `started`: when the unit began, for the worker's first time. */
  async saveResult(job: string, index: number, result: StoredResult, started: number): Promise<void> {
    const workers = this.key(job, "workers");
    await this.redis
      .multi()
      .hset(this.key(job, "results"), String(index), JSON.stringify(result))
      .hincrby(this.key(job, "runs"), String(index), 1)
      .zadd(this.key(job, "done"), result.finished, String(index))
      .zadd(this.key(job, "cpu"), result.cpu, String(index))
      // One field per figure, so that units finishing at once in one process add up, not overwrite.
      .hincrby(workers, `${result.by}|units`, 1)
      .hincrbyfloat(workers, `${result.by}|cpu`, result.cpu)
      .hsetnx(workers, `${result.by}|first`, String(started))
      .hset(workers, `${result.by}|last`, String(result.finished))
      .exec();
  }

  async resultCount(job: string): Promise<number> {
    return this.redis.hlen(this.key(job, "results"));
  }

  /** The results of units `indexes` (null where there is none). */
  async results(job: string, indexes: readonly number[]): Promise<(StoredResult | null)[]> {
    if (indexes.length === 0) return [];
    const texts = await this.redis.hmget(this.key(job, "results"), ...indexes.map(String));
    return texts.map((text) => (text === null ? null : (JSON.parse(text) as StoredResult)));
  }

  /** Indexes of the units that have a result. */
  async doneIndexes(job: string): Promise<Set<number>> {
    return new Set((await this.redis.hkeys(this.key(job, "results"))).map(Number));
  }

  async runs(job: string, indexes: readonly number[]): Promise<number[]> {
    if (indexes.length === 0) return [];
    const counts = await this.redis.hmget(this.key(job, "runs"), ...indexes.map(String));
    return counts.map((count) => Number(count ?? 0));
  }

  /** Units finished since `since` (ms). */
  async finishedSince(job: string, since: number): Promise<number> {
    return this.redis.zcount(this.key(job, "done"), since, "+inf");
  }

  /** The `count` units with the most CPU: [index, seconds]. */
  async slowest(job: string, count: number): Promise<[number, number][]> {
    const flat = await this.redis.zrevrange(this.key(job, "cpu"), 0, count - 1, "WITHSCORES");
    const out: [number, number][] = [];
    for (let i = 0; i < flat.length; i += 2) out.push([Number(flat[i]), Number(flat[i + 1])]);
    return out;
  }

  async totalCpu(job: string): Promise<number> {
    let total = 0;
    for (const stats of Object.values(await this.workers(job))) total += stats.cpu;
    return total;
  }

  async workers(job: string): Promise<Record<string, WorkerStats>> {
    const all = await this.redis.hgetall(this.key(job, "workers"));
    const out: Record<string, { units: number; cpu: number; first: number; last: number }> = {};
    for (const [field, value] of Object.entries(all)) {
      const bar = field.lastIndexOf("|");
      const name = field.slice(0, bar);
      const figure = field.slice(bar + 1) as keyof WorkerStats;
      out[name] ??= { units: 0, cpu: 0, first: 0, last: 0 };
      out[name][figure] = Number(value);
    }
    return out;
  }

  /** Deletes everything kept for the job (its queue is BullMQ's to remove). */
  async purge(job: string): Promise<void> {
    await this.redis.del(...["units", "results", "runs", "done", "cpu", "workers"].map((what) => this.key(job, what)));
    await this.redis.hdel(`${this.prefix}:jobs`, job);
  }
}
