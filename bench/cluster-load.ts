/**
 * The queue alone under load (`npm run bench:cluster -- [units] [workers] [processes]`):
 * one Redis, many simulated workers (BullMQ workers of concurrency 1, spread
 * over a few processes), units that do no work. Each unit goes the whole way
 * a real one goes, less the computing: taken from the queue, its result
 * stored with its statistics (store.ts), marked complete. Reports units
 * dispatched and completed per second, and Redis memory per waiting unit and
 * per stored result (INFO memory, before and after). Defaults: 20,000 units,
 * 200 workers, 2 processes.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { JobStore } from "../src/cluster/store.js";
import { queuePrefix, UNIT_OPTIONS, unitJobId } from "../src/cluster/queue.js";

const REDIS = process.env.SUDOKULAB_REDIS ?? "redis://127.0.0.1:6379";
const PREFIX = `sudokulab-load-${process.pid}`;
const JOB = "load";

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info("memory");
  return Number(/used_memory:(\d+)/.exec(info)?.[1]);
}

/** A worker process: `count` BullMQ workers on the load queue; exits when told the units are all done. */
async function workerProcess(count: number, prefix: string): Promise<void> {
  process.env.SUDOKULAB_REDIS_PREFIX = prefix;
  const connection = new Redis(REDIS, { maxRetriesPerRequest: null });
  const store = new JobStore(new Redis(REDIS), prefix);
  const workers: Worker[] = [];
  for (let i = 0; i < count; i++) {
    const name = `load/${process.pid}/${i}`;
    workers.push(
      new Worker(
        JOB,
        async (job) => {
          const now = Date.now();
          await store.saveResult(JOB, (job.data as { index: number }).index, { data: { lines: [] }, counters: { units: 1 }, cpu: 0, by: name, finished: now, attempts: job.attemptsStarted }, now);
          return null;
        },
        { connection, prefix: `${prefix}:q`, concurrency: 1, name },
      ),
    );
  }
  process.send?.("ready");
  process.on("message", async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    connection.disconnect();
    store.redis.disconnect();
    process.exit(0);
  });
}

async function main(): Promise<void> {
  const units = Number(process.argv[2] ?? 20_000);
  const workers = Number(process.argv[3] ?? 200);
  const processes = Number(process.argv[4] ?? 2);
  process.env.SUDOKULAB_REDIS_PREFIX = PREFIX;
  const redis = new Redis(REDIS);
  const store = new JobStore(redis, PREFIX);
  const queue = new Queue(JOB, { connection: redis, prefix: queuePrefix() });
  try {
    await queue.pause();
    const before = await usedMemory(redis);
    for (let i = 0; i < units; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, units - i) }, (_, k) => ({ name: "unit", data: { index: i + k, unit: { first: i + k, last: i + k } }, opts: { ...UNIT_OPTIONS, jobId: unitJobId(i + k) } }));
      await queue.addBulk(batch);
    }
    const queued = await usedMemory(redis);

    const children = Array.from({ length: processes }, () =>
      fork(fileURLToPath(import.meta.url), ["--worker", String(Math.ceil(workers / processes)), PREFIX], { stdio: "inherit" }),
    );
    await Promise.all(children.map((child) => new Promise((resolve) => child.once("message", resolve))));
    const start = performance.now();
    await queue.resume();
    while ((await store.resultCount(JOB)) < units) await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (performance.now() - start) / 1000;
    const done = await usedMemory(redis);
    for (const child of children) child.send("stop");
    await Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve))));

    const rate = units / seconds;
    process.stdout.write(
      `cluster load: ${units} units, ${workers} workers in ${processes} processes, one Redis (${REDIS})\n` +
        `  dispatched and completed: ${rate.toFixed(0)} units/s (${seconds.toFixed(2)} s)\n` +
        `  Redis memory: ${((queued - before) / units).toFixed(0)} bytes per waiting unit, ${((done - before) / units).toFixed(0)} bytes per stored result (all units done)\n`,
    );
    const workersSeen = Object.keys(await store.workers(JOB)).length;
    process.stdout.write(`  workers that ran units: ${workersSeen}\n`);
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${PREFIX}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
    redis.disconnect();
  }
}

if (process.argv[2] === "--worker") await workerProcess(Number(process.argv[3]), process.argv[4]);
else await main();
