/**
 * Worker-thread entry point for the pool (pool.ts): runs each batch of lines
 * it receives through runJob and posts the results back, in the same order.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runJob } from "./line-jobs.js";
import type { BatchReply, BatchRequest, WorkerSetup } from "./pool.js";

if (parentPort === null) throw new Error("worker.ts must run as a worker thread");
const port = parentPort;
const { command, options } = workerData as WorkerSetup;

port.on("message", (request: BatchRequest) => {
  const reply: BatchReply = { id: request.id, results: request.lines.map((line) => runJob(command, options, line)) };
  port.postMessage(reply);
});
