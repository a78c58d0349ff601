/**
 * Worker-thread entry point of `sudokulab entries --all-ranks --count`
 * (entries-ranks.ts): counts the ranks the main thread sends, one at a time,
 * and posts each rank's counts. A rank runs wholly here; the main thread only
 * hands out ranks, records results and, on a signal, ends the worker with
 * terminate(), abandoning the rank in progress.
 */
import { parentPort, workerData } from "node:worker_threads";
import { countRank, type EntriesWorkerData, type RankCount, type RankRequest } from "./entries-job.js";

if (parentPort === null) throw new Error("entries-worker.ts must run as a worker thread");
const port = parentPort;
const { catalog } = workerData as EntriesWorkerData;

port.on("message", ({ rank }: RankRequest) => {
  // No rank left: closing the port lets the worker end by itself, with exit code 0.
  if (rank === null) port.close();
  else port.postMessage(countRank(catalog, rank) satisfies RankCount);
});
