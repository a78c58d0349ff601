/**
 * `cluster status`'s ETA, on the two kinds of job it meets: many short units
 * (the window's throughput) and a few long ones, where units finishing
 * together would make the window's rate jump.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { etaSeconds } from "../src/cluster/status.js";

test("cluster ETA: short units from the window's throughput, long ones from their CPU spread over the threads running them; none running, no ETA", () => {
  // 120 units in 10 minutes: 12 a minute, so 60 left take 5 minutes.
  assert.deepEqual(etaSeconds({ left: 60, recent: 120, windowMinutes: 10, cpuPerUnit: 0.9, running: 2 }), { seconds: 300, from: "throughput" });
  // Units of 1,400 s on 2 threads, both having just finished: 9 left are
  // 4.5 rounds of 1,400 s, not the 45 minutes the window's 0.2 units a minute would say.
  assert.deepEqual(etaSeconds({ left: 9, recent: 2, windowMinutes: 10, cpuPerUnit: 1400, running: 2 }), { seconds: 6300, from: "cpu" });
  // No unit running, or none done yet: nothing to tell.
  assert.equal(etaSeconds({ left: 4, recent: 2, windowMinutes: 10, cpuPerUnit: 1400, running: 0 }), null);
  assert.equal(etaSeconds({ left: 4, recent: 0, windowMinutes: 10, cpuPerUnit: 0, running: 2 }), null);
  assert.deepEqual(etaSeconds({ left: 0, recent: 0, windowMinutes: 10, cpuPerUnit: 0, running: 0 }), { seconds: 0, from: "throughput" });
});
