/**
 * Rates a batch on every core: one worker per core, each taking a few
 * puzzles at a time from a shared queue, so a hard puzzle on one worker does
 * not leave the others idle. Results come back one puzzle at a time, in the
 * order they finish; cancelling ends every worker at once.
 */
import type { BatchItem, BatchResult } from "../work/protocol.js";
import { WorkerLane } from "../work/worker-lane.js";

/** Puzzles handed to a worker at a time: small enough to balance the load, large enough to keep messages rare. */
const TAKE = 4;

export interface PoolRun {
  /** Resolves true when every puzzle was rated, false when cancelled. */
  readonly finished: Promise<boolean>;
  readonly workers: number;
  cancel(): void;
}

export function rateInPool(items: readonly BatchItem[], onResult: (result: BatchResult) => void, cores = navigator.hardwareConcurrency || 2): PoolRun {
  const workers = Math.max(1, Math.min(cores, Math.ceil(items.length / TAKE)));
  const lanes = Array.from({ length: workers }, () => new WorkerLane());
  let next = 0;
  let cancelled = false;
  const work = async (lane: WorkerLane): Promise<void> => {
    while (!cancelled && next < items.length) {
      const chunk = items.slice(next, next + TAKE);
      next += chunk.length;
      const ended = await lane.run({ kind: "rate-lines", items: chunk }, (event) => {
        if (event.type === "rated") onResult(event.result);
      });
      if (!ended) return;
    }
  };
  const finished = Promise.all(lanes.map(work)).then(() => {
    for (const lane of lanes) lane.close();
    return !cancelled;
  });
  return {
    finished,
    workers,
    cancel() {
      cancelled = true;
      for (const lane of lanes) lane.close();
    },
  };
}
