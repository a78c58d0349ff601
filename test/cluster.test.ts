/**
 * The cluster on a real Redis (127.0.0.1:6379, or $SUDOKULAB_REDIS): jobs
 * run by `cluster worker` processes and written by `cluster collect` must be
 * byte for byte what the local commands write, with every result counted
 * once when a worker is killed in the middle of a unit, when a unit fails
 * and is retried, and when Redis itself restarts empty (a private
 * redis-server on another port). Each test works under its own key prefix
 * and deletes its keys at the end.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Redis } from "ioredis";
import { CLI, freshDir } from "./cli-helpers.js";
import { dataFile, missingData } from "./helpers.js";

const REDIS = process.env.SUDOKULAB_REDIS ?? "redis://127.0.0.1:6379";
const redisAnswers = await pingRedis(REDIS);
const skipNoRedis = redisAnswers ? false : `no Redis answers at ${REDIS} (start one: redis-server --daemonize yes --port 6379 --save "" --appendonly no)`;
const seventeens = dataFile("sudoku17.txt");
const most = dataFile("grids-with-most-17s.tsv");
const k3 = dataFile("k3_p1.txt");

async function pingRedis(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix of its own for a test, and the environment its processes get. */
function clusterEnv(extra: Record<string, string> = {}, redis = REDIS): { env: NodeJS.ProcessEnv; prefix: string } {
  const prefix = `sudokulab-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  return { prefix, env: { ...process.env, SUDOKULAB_REDIS: redis, SUDOKULAB_REDIS_PREFIX: prefix, SUDOKULAB_CLUSTER_LOCK_MS: "1500", ...extra } };
}

async function dropKeys(prefix: string, redis = REDIS): Promise<void> {
  const client = new Redis(redis, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}

function cli(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: "utf8", timeout: 300_000, maxBuffer: 1 << 26 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function startWorker(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { child: ChildProcess; exited: Promise<number | null>; stderr: () => string } {
  const child = spawn(process.execPath, [CLI, "cluster", "worker", ...args], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Submits the command and returns the job's id. */
function submit(command: readonly string[], env: NodeJS.ProcessEnv, cwd: string): string {
  const run = cli(["cluster", "submit", ...command], env, cwd);
  assert.equal(run.code, 0, run.stderr);
  const id = run.stdout.trim();
  assert.match(id, /^[0-9a-f]{16}$/);
  return id;
}

function collect(id: string, out: string, env: NodeJS.ProcessEnv, cwd: string, extra: string[] = []): { code: number | null; stderr: string } {
  const run = cli(["cluster", "collect", id, "--out", out, ...extra], env, cwd);
  return { code: run.code, stderr: run.stderr };
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("cluster: Redis down is one clear line and exit code 2, for every subcommand", { skip: false }, () => {
  const dir = freshDir();
  const env = { ...process.env, SUDOKULAB_REDIS: "redis://127.0.0.1:1" };
  for (const args of [["status"], ["worker", "--until-done"], ["collect", "0123456789abcdef", "--out", "x.txt"], ["submit", "scan17", "--rank", "415", "--slices", "2", "--pass", "1"]]) {
    const run = cli(["cluster", ...args], env, dir);
    assert.equal(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
    assert.match(run.stderr, /^sudokulab: cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/);
    assert.equal(run.stderr.trim().split("\n").length, 1, "one line, no stack trace");
  }
});

test("cluster: scan17 on two workers, one killed in the middle of a unit: collect equals the local run byte for byte, the known 17s, nothing lost or repeated", { skip: skipNoRedis || (k3 === null && missingData("k3_p1.txt")) }, async () => {
  const dir = freshDir();
  const { env, prefix } = clusterEnv();
  try {
    const command = ["scan17", "--rank", "23", "--slices", "1194..1197", "--pass", "1"];
    const id = submit(command, env, dir);
    const again = cli(["cluster", "submit", ...command], env, dir);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout.trim(), id, "the same job, the same id");
    assert.match(again.stderr, /already submitted: .*: 4 units, 0 added/);

    const doomed = startWorker(["--threads", "1"], env, dir);
    const survivor = startWorker(["--threads", "1", "--until-done"], env, dir);
    // Kill the first worker once it holds a unit: its lock expires and the survivor runs the unit again.
    await waitFor(() => /cluster worker/.test(doomed.stderr()), "the first worker to start");
    await waitFor(async () => (await activeUnits(prefix, id)) >= 2, "both workers to hold a unit");
    doomed.child.kill("SIGKILL");
    assert.equal(await survivor.exited, 0, survivor.stderr());
    await doomed.exited;

    const out = join(dir, "cluster.txt");
    const collected = collect(id, out, env, dir, ["--stats"]);
    assert.equal(collected.code, 0, collected.stderr);
    const local = cli([...command, "--threads", "2", "--out", "local.txt"], process.env, dir);
    assert.equal(local.code, 0, local.stderr);
    const text = readFileSync(out, "utf8");
    assert.equal(text, readFileSync(join(dir, "local.txt"), "utf8"), "byte for byte the local output");
    // The public k-file's 17s of these slices, as a set: the independent truth.
    const known = readFileSync(k3!, "utf8").split("\n").filter((line) => /;\s*23;\s*\d+;\s*\d+;\s*119[4-7]\s*$/.test(line));
    const puzzles = (lines: readonly string[]): string[] => lines.map((line) => line.slice(0, 81)).sort();
    assert.deepEqual(puzzles(text.trim().split("\n").filter((l) => l !== "")), puzzles(known));
    const record = JSON.parse(readFileSync(`${out}.record.json`, "utf8")) as { units: { unit: number; runs: number; by: string }[] };
    assert.deepEqual(record.units.map((u) => u.unit), [0, 1, 2, 3]);
    assert.ok(record.units.every((u) => u.runs >= 1));
    assert.ok(record.units.some((u) => u.runs >= 2), "the unit of the killed worker ran again, and the record says so");
    const status = cli(["cluster", "status", id], env, dir);
    assert.match(status.stdout, /units: 4: 4 done, 0 running, 0 waiting, 0 failed/);
    assert.match(status.stdout, /slowest units: #\d+ \d+\.\d s/);
  } finally {
    await dropKeys(prefix);
  }
});

test("cluster: SIGTERM to a worker hands its unit back to the queue at once and exits with 130; cancel empties the queue", { skip: skipNoRedis }, async () => {
  const dir = freshDir();
  const { env, prefix } = clusterEnv({ SUDOKULAB_CLUSTER_LOCK_MS: "60000" });
  try {
    // Slices past pass-1 rank 0's last one: the unit enumerates the rank's bands 2 for about 5 s, then finds nothing.
    const id = submit(["scan17", "--rank", "0", "--slices", "100000", "--pass", "1"], env, dir);
    const worker = startWorker(["--threads", "1"], env, dir);
    await waitFor(async () => (await activeUnits(prefix, id)) === 1, "the worker to take the unit");
    worker.child.kill("SIGTERM");
    assert.equal(await worker.exited, 130, worker.stderr());
    assert.match(worker.stderr(), /stopping; units in progress go back to their queue/);
    // Long before the minute-long lock could expire, the unit waits for the next worker.
    const status = cli(["cluster", "status", id], env, dir);
    assert.match(status.stdout, /units: 1: 0 done, 0 running, 1 waiting, 0 failed/);
    // Cancelled: its units leave the queue, the job says so, and a worker has nothing to do.
    assert.equal(cli(["cluster", "cancel", id], env, dir).code, 0);
    assert.match(cli(["cluster", "status", id], env, dir).stdout, /\(cancelled\)[\s\S]*units: 1: 0 done, 0 running, 0 waiting, 0 failed/);
    const idle = startWorker(["--until-done"], env, dir);
    assert.equal(await idle.exited, 0, idle.stderr());
    // Submitted again, the job is no longer cancelled and its unit waits for a worker.
    const again = cli(["cluster", "submit", "scan17", "--rank", "0", "--slices", "100000", "--pass", "1"], env, dir);
    assert.equal(again.stdout.trim(), id);
    assert.match(again.stderr, /submitted again after its cancel: .*1 added/);
    const revived = cli(["cluster", "status", id], env, dir).stdout;
    assert.doesNotMatch(revived, /cancelled/);
    assert.match(revived, /units: 1: 0 done, 0 running, 1 waiting, 0 failed/);
  } finally {
    await dropKeys(prefix);
  }
});

/** Units BullMQ holds as active in the job's queue. */
async function activeUnits(prefix: string, id: string): Promise<number> {
  const client = new Redis(REDIS, { maxRetriesPerRequest: 1 });
  try {
    return await client.llen(`${prefix}:q:${id}:active`);
  } finally {
    client.disconnect();
  }
}

test("cluster: rate on 300 puzzles and scan --grids on 4 grids at 16 clues equal the local runs; a failing unit shows its error and completes after retry", { skip: skipNoRedis || ((seventeens === null || most === null) && missingData("sudoku17.txt", "grids-with-most-17s.tsv")) }, async () => {
  const dir = freshDir();
  const { env, prefix } = clusterEnv();
  try {
    writeFileSync(join(dir, "p.txt"), readFileSync(seventeens!, "utf8").split("\n").slice(0, 300).join("\n") + "\n");
    const grids = readFileSync(most!, "utf8").split("\n").filter((line) => /^\d{81}\t/.test(line)).map((line) => line.slice(0, 81));
    assert.equal(grids.length, 10);
    writeFileSync(join(dir, "grids.txt"), grids.slice(0, 4).join("\n") + "\n");
    // rate's units grow 1, 1, 1, 1, 2, ... up to 8 here, then hold no more than a 32nd of the puzzles left: 127 units for 300.
    const rate = submit(["rate", "p.txt"], env, dir);
    const scan = submit(["scan", "--grids", "grids.txt", "--clues", "16"], env, dir);

    // Units 3 of each job fail on this worker, twice (attempts), and are left failed.
    const faulty = startWorker(["--threads", "2", "--until-done"], { ...env, SUDOKULAB_TEST_FAIL_UNITS: "3" }, dir);
    assert.equal(await faulty.exited, 0, faulty.stderr());
    const status = cli(["cluster", "status", rate], env, dir);
    assert.match(status.stdout, /units: 127: 126 done, 0 running, 0 waiting, 1 failed/);
    assert.match(status.stdout, /#3: unit 3 failed on purpose/);
    const refused = collect(rate, join(dir, "rate.txt"), env, dir);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /1 of 127 units have no result yet/);

    for (const id of [rate, scan]) assert.equal(cli(["cluster", "retry", id], env, dir).code, 0);
    const fixed = startWorker(["--threads", "2", "--until-done"], env, dir);
    assert.equal(await fixed.exited, 0, fixed.stderr());

    for (const [id, out, local] of [[rate, "rate.txt", ["rate", "p.txt"]], [scan, "scan.txt", ["scan", "--grids", "grids.txt", "--clues", "16"]]] as const) {
      const collected = collect(id, join(dir, out), env, dir);
      assert.equal(collected.code, 0, collected.stderr);
      const here = cli([...local, "--threads", "2"], process.env, dir);
      assert.equal(here.code, 0, here.stderr);
      assert.equal(readFileSync(join(dir, out), "utf8"), here.stdout, `${out}: byte for byte the local output`);
    }
    // No 16 exists: the scan's output is the four grid headers with 0 puzzles.
    assert.deepEqual(readFileSync(join(dir, "scan.txt"), "utf8").trim().split("\n").map((line) => line.replace(/^# grids\.txt:\d+ \d{81}: /, "")), Array(4).fill("0 puzzles"));
  } finally {
    await dropKeys(prefix);
  }
});

test("cluster: Redis restarts empty; the results collect pulled to disk are kept, submit --skip queues only the rest, and the output is whole", { skip: skipNoRedis || (seventeens === null && missingData("sudoku17.txt")) }, async () => {
  const dir = freshDir();
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const startRedis = (): ChildProcess => spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  let server = startRedis();
  try {
    await waitFor(() => pingRedis(url), "the private Redis", 10_000);
    const { env } = clusterEnv({}, url);
    writeFileSync(join(dir, "p.txt"), readFileSync(seventeens!, "utf8").split("\n").slice(0, 40).join("\n") + "\n");
    // 40 puzzles: one per unit (a unit holds no more than a 32nd of the puzzles left).
    const id = submit(["rate", "p.txt"], env, dir);
    const first = startWorker(["--until-done"], { ...env, SUDOKULAB_TEST_FAIL_UNITS: "5,6,7" }, dir);
    assert.equal(await first.exited, 0, first.stderr());
    const out = join(dir, "rate.txt");
    const partial = collect(id, out, env, dir, ["--partial"]);
    assert.equal(partial.code, 0, partial.stderr);
    assert.match(partial.stderr, /partial: 3 units missing \(5, 6, 7\)/);

    server.kill("SIGKILL");
    await new Promise((resolve) => server.on("close", resolve));
    server = startRedis();
    await waitFor(() => pingRedis(url), "the restarted Redis", 10_000);

    const resubmitted = cli(["cluster", "submit", "--skip", `${out}.checkpoint`, "rate", "p.txt"], env, dir);
    assert.equal(resubmitted.code, 0, resubmitted.stderr);
    assert.equal(resubmitted.stdout.trim(), id);
    assert.match(resubmitted.stderr, /submitted: rate p\.txt: 40 units, 3 added, 37 in /);
    // The journal's units are not left to run: only the 3 queued ones count for the ETA and for completion.
    assert.match(cli(["cluster", "status", id], env, dir).stdout, /units: 40: 0 done, 37 in a journal, /);
    const second = startWorker(["--until-done"], env, dir);
    assert.equal(await second.exited, 0, second.stderr());
    assert.match(cli(["cluster", "status"], env, dir).stdout, new RegExp(`${id}  40/40 units \\(37 in a journal\\)  complete `));
    assert.match(cli(["cluster", "status", id], env, dir).stdout, /ETA done/);
    const complete = collect(id, out, env, dir);
    assert.equal(complete.code, 0, complete.stderr);
    const local = cli(["rate", "p.txt"], process.env, dir);
    assert.equal(readFileSync(out, "utf8"), local.stdout);
  } finally {
    server.kill("SIGKILL");
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
