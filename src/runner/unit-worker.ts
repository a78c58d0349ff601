/**
 * Worker-thread entry point of the unit pool (unit-pool.ts): runs each batch
 * of units it is sent, in order, and posts their outcomes back. A unit runs
 * synchronously; the main thread stays free for output, checkpoints, signals and, on the
 * cluster, the renewal of BullMQ's locks.
 */
import { parentPort } from "node:worker_threads";
import { threadCpuSeconds } from "../io/cpu.js";
import { runUnitTask, type UnitOutcome, type UnitTask } from "./unit-task.js";

if (parentPort === null) throw new Error("unit-worker.ts must run as a worker thread");
const port = parentPort;

/** A batch's outcomes go back together at its end, or every HOLD_MS milliseconds of a long batch, so that progress keeps moving. */
const HOLD_MS = 10;

port.on("message", (message: { readonly id: number; readonly tasks: readonly UnitTask[] }) => {
  void runBatch(message.id, message.tasks);
});

/**
 * The thread's CPU clock is read once per message back, not twice per
 * unit: a read costs about 20 µs, a tenth of an easy puzzle's rating. The
 * message's CPU time is shared over its units in proportion to their wall
 * times, so a unit alone in its message gets its exact figure and the
 * units of a message add up to the thread's time.
 */
async function runBatch(id: number, tasks: readonly UnitTask[]): Promise<void> {
  let outcomes: UnitOutcome[] = [];
  let walls: number[] = [];
  let posted = performance.now();
  let cpuPosted = threadCpuSeconds();
  for (let i = 0; i < tasks.length; i++) {
    const started = performance.now();
    outcomes.push(await runUnitTask(tasks[i], false));
    const now = performance.now();
    walls.push(now - started);
    if (i === tasks.length - 1 || now - posted >= HOLD_MS) {
      const cpu = threadCpuSeconds();
      port.postMessage({ id, outcomes: withCpu(outcomes, walls, cpu - cpuPosted) });
      outcomes = [];
      walls = [];
      posted = performance.now();
      cpuPosted = cpu;
    }
  }
}

function withCpu(outcomes: readonly UnitOutcome[], walls: readonly number[], cpu: number): UnitOutcome[] {
  let wall = 0;
  for (const w of walls) wall += w;
  return outcomes.map((outcome, i) => {
    if (!outcome.ok) return outcome;
    const share = wall > 0 ? walls[i] / wall : 1 / outcomes.length;
    return { ...outcome, cpu: cpu * share };
  });
}
