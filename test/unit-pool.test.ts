import assert from "node:assert/strict";
import { test } from "node:test";
import type { ItemBlock } from "../src/jobs/items.js";
import type { LinesSpec } from "../src/jobs/lines-job.js";
import { ThreadPool } from "../src/runner/unit-pool.js";
import type { UnitOutcome, UnitTask } from "../src/runner/unit-task.js";

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
