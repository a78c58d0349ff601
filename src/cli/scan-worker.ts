/**
 * Worker-thread entry point of `sudokulab scan` (scan-command.ts): runs
 * chunks claimed from the shared counter and posts each chunk's report. The
 * search is synchronous; the main thread receives the reports while it runs,
 * and ends the worker with terminate() when it must stop early.
 */
import { parentPort, workerData } from "node:worker_threads";
import { claimer, runClaimed, type ScanWorkerData, type WorkerMessage } from "./scan-job.js";

if (parentPort === null) throw new Error("scan-worker.ts must run as a worker thread");
const port = parentPort;
const { setup, options, control, pending } = workerData as ScanWorkerData;

const post = (message: WorkerMessage): void => port.postMessage(message);
runClaimed(setup, claimer(control, pending), options, (report) => post({ kind: "chunk", report }));
post({ kind: "done" });
