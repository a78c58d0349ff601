/**
 * Worker-thread entry point of the unit pool (unit-pool.ts): runs each unit
 * it is sent and posts the outcome back. A unit runs synchronously; the
 * main thread stays free for output, checkpoints, signals and, on the
 * cluster, the renewal of BullMQ's locks.
 */
import { parentPort } from "node:worker_threads";
import { runUnitTask, type UnitTask } from "./unit-task.js";

if (parentPort === null) throw new Error("unit-worker.ts must run as a worker thread");
const port = parentPort;

port.on("message", (message: { readonly id: number; readonly task: UnitTask }) => {
  void runUnitTask(message.task).then((outcome) => port.postMessage({ id: message.id, outcome }));
});
