/**
 * Worker-thread entry point of `sudokulab scan17 --rank` (scan17-command.ts):
 * scans its share of the slices, one scanSlices17 call per contiguous range
 * (each call enumerates the rank's bands 2 from the first one, so a range is
 * never cut further), and posts every finished slice with its 17s, counters
 * and CPU seconds. The main thread records them and, on a signal, ends the
 * worker with terminate(), abandoning the slice in progress.
 */
import { parentPort, workerData } from "node:worker_threads";
import { formatScan17Hit, scanSlices17, Scan17Stats } from "../bandscan/index.js";
import { threadCpuSeconds } from "./entries-job.js";
import { statsDelta, type Scan17Message, type Scan17WorkerData, type StatsRecord } from "./scan17-job.js";

if (parentPort === null) throw new Error("scan17-worker.ts must run as a worker thread");
const port = parentPort;
const { pass, engine, rank, ranges } = workerData as Scan17WorkerData;
const post = (message: Scan17Message): void => port.postMessage(message);

// This thread's CPU only (process.cpuUsage counts every thread): the first slice also pays for the tables.
let cpu = threadCpuSeconds();
const cpuSince = (): number => {
  const now = threadCpuSeconds();
  const spent = now - cpu;
  cpu = now;
  return spent;
};

for (const range of ranges) {
  const stats = new Scan17Stats();
  let reported: StatsRecord = new Scan17Stats().toJSON();
  const since = (): StatsRecord => {
    const now = stats.toJSON();
    const delta = statsDelta(now, reported);
    reported = now;
    return delta;
  };
  // By slice: onSliceEnd comes after all of a slice's hits, in the kernel's order.
  const hits = new Map<number, string[]>();
  scanSlices17(
    {
      pass,
      engine,
      rank,
      firstSlice: range.first,
      lastSlice: range.last,
      stats,
      onSliceEnd(slice) {
        const found = hits.get(slice) ?? [];
        hits.delete(slice);
        post({ kind: "slice", slice, hits: found, stats: since(), cpuSeconds: cpuSince() });
      },
    },
    (hit) => {
      const list = hits.get(hit.slice);
      if (list === undefined) hits.set(hit.slice, [formatScan17Hit(hit)]);
      else list.push(formatScan17Hit(hit));
    },
  );
  if (hits.size > 0) throw new Error(`internal error: 17s reported in slices never ended: ${[...hits.keys()].join(", ")}`);
  post({ kind: "range", range, stats: since(), cpuSeconds: cpuSince() });
}
