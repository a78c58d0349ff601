/**
 * A unit's CPU time is its own thread's: a thread spinning beside it is not
 * charged to it. Checked against process.cpuUsage, which counts every thread.
 */
import assert from "node:assert/strict";
import test from "node:test";
import { Worker } from "node:worker_threads";
import { threadCpuSeconds } from "../src/io/cpu.js";

function spin(seconds: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= seconds * 1e6) return;
  }
}

test("threadCpuSeconds counts this thread's CPU and not another thread's", { skip: process.platform !== "linux" && "the per-thread figure is read from Linux's /proc" }, async () => {
  const alone = threadCpuSeconds();
  spin(0.2);
  const spent = threadCpuSeconds() - alone;
  assert.ok(spent >= 0.15 && spent <= 0.35, `0.2 s of spinning read as ${spent.toFixed(3)} s`);

  // A second thread spins for 0.4 s of its own CPU (however busy the machine) while this one waits.
  const worker = new Worker(
    `const { readFileSync } = require("node:fs");
     const cpu = () => Number(readFileSync("/proc/thread-self/schedstat", "latin1").split(" ")[0]) / 1e9;
     const start = cpu();
     while (cpu() - start < 0.4);`,
    { eval: true },
  );
  const before = threadCpuSeconds();
  const processBefore = process.cpuUsage();
  await new Promise((resolve) => worker.once("exit", resolve));
  const mine = threadCpuSeconds() - before;
  const all = process.cpuUsage(processBefore);
  assert.ok((all.user + all.system) / 1e6 >= 0.3, "the other thread did spin");
  assert.ok(mine < 0.2, `this thread was charged ${mine.toFixed(3)} s for another thread's work`);
});
