import assert from "node:assert/strict";
import { test } from "node:test";
import type { ItemBlock } from "../src/jobs/items.js";
import type { LinesSpec } from "../src/jobs/lines-job.js";
import { ThreadPool } from "../src/runner/unit-pool.js";
import type { UnitOutcome, UnitTask } from "../src/runner/unit-task.js";
import { threadCpuSeconds } from "../src/io/cpu.js";

// A 17 (one solution) and the same puzzle with a clue removed (more than one).
const UNIQUE = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
const OPEN = "000000000400000000020000000000050407008000300001090000300400200050100000000806000";
const spec: LinesSpec = { command: "count", limit: 2 } as LinesSpec;

function task(index: number): UnitTask {
  const unit: ItemBlock = { items: [{ where: `test:${index + 1}`, puzzle: index % 3 === 0 ? OPEN : UNIQUE, annotation: "" }] };
  return { kind: "lines", job: "pool-test", spec, index, unit };
}

function countOf(outcome: UnitOutcome | null): string | null {
  if (outcome === null) return null;
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return ((outcome.data as { lines: string[] }).lines[0] ?? "").split(" ")[0];
}

test("quick units go to the threads in batches, and each outcome comes back to its own unit", async () => {
  const pool = new ThreadPool(2);
  try {
    const n = 600;
    const outcomes = await Promise.all(Array.from({ length: n }, (_, i) => pool.run(task(i))));
    for (let i = 0; i < n; i++) assert.equal(countOf(outcomes[i]), i % 3 === 0 ? "2" : "1", `unit ${i}`);
    assert.ok(pool.batchesSent < n / 4, `${pool.batchesSent} messages for ${n} units`);
  } finally {
    await pool.close();
  }
});

test("abandoning some units of a batch in progress runs the others still", async () => {
  const pool = new ThreadPool(2);
  try {
    // Enough units that they need many round trips: the abandon comes after the first, with most still waiting or running.
    const n = 3000;
    const running = Array.from({ length: n }, (_, i) => pool.run(task(i)));
    await running[0];
    await pool.abandon((index) => index % 2 === 1);
    const outcomes = await Promise.all(running);
    // An abandoned unit may have finished already; the others all finish.
    for (let i = 1; i < n; i++) {
      if (i % 2 === 1 && outcomes[i] === null) continue;
      assert.equal(countOf(outcomes[i]), i % 3 === 0 ? "2" : "1", `unit ${i}`);
    }
    assert.ok(outcomes.some((outcome) => outcome === null), "some units were abandoned");
  } finally {
    await pool.close();
  }
});

test("units sent together share their thread's CPU: together they are charged some, and no more than the threads used", async () => {
  const pool = new ThreadPool(1);
  try {
    const n = 600;
    const processBefore = process.cpuUsage();
    const mainBefore = threadCpuSeconds();
    const outcomes = await Promise.all(Array.from({ length: n }, (_, i) => pool.run(task(i))));
    const main = threadCpuSeconds() - mainBefore;
    const used = process.cpuUsage(processBefore);
    const others = (used.user + used.system) / 1e6 - main;
    let charged = 0;
    for (const outcome of outcomes) {
      assert.ok(outcome?.ok, JSON.stringify(outcome));
      // The thread's clock moves in scheduler ticks, so a quick message may read 0.
      assert.ok(outcome.cpu >= 0, `a unit charged ${outcome.cpu} s`);
      charged += outcome.cpu;
    }
    assert.ok(pool.batchesSent < n / 4, `${pool.batchesSent} messages for ${n} units`);
    assert.ok(charged > 0, "the units were charged nothing");
    // The worker thread's CPU is part of the other threads' (the collector's and compiler's threads are too); 10 ms for the clocks' ticks.
    assert.ok(charged <= others + 0.01, `units charged ${charged.toFixed(3)} s, the threads besides the main one used ${others.toFixed(3)} s`);
  } finally {
    await pool.close();
  }
});
