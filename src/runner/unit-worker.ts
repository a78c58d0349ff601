/**
 * Worker-thread entry point of the unit pool (unit-pool.ts): runs each batch
 * of units it is sent, in order, and posts their outcomes back. A unit runs
 * synchronously; the main thread stays free for output, checkpoints, signals and, on the
 * cluster, the renewal of BullMQ's locks.
 */
import { parentPort } from "node:worker_threads";
import { runUnitTask, type UnitOutcome, type UnitTask } from "./unit-task.js";

if (parentPort === null) throw new Error("unit-worker.ts must run as a worker thread");
const port = parentPort;

/** A batch's outcomes go back together at its end, or every HOLD_MS milliseconds of a long batch, so that progress keeps moving. */
const HOLD_MS = 10;

port.on("message", (message: { readonly id: number; readonly tasks: readonly UnitTask[] }) => {
  void runBatch(message.id, message.tasks);
});

async function runBatch(id: number, tasks: readonly UnitTask[]): Promise<void> {
  let outcomes: UnitOutcome[] = [];
  let posted = performance.now();
  for (let i = 0; i < tasks.length; i++) {
    outcomes.push(await runUnitTask(tasks[i]));
    if (i === tasks.length - 1 || performance.now() - posted >= HOLD_MS) {
      port.postMessage({ id, outcomes });
      outcomes = [];
      posted = performance.now();
    }
  }
}
