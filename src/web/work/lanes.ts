/**
 * The page's workers, one per kind of work, so a slow job of one kind (the
 * catalog's slices, a nested rating, a scan) never holds up another, and
 * each keeps the tables its kind needs. The batch has a pool of its own.
 */
import { WorkerLane } from "./worker-lane.js";

export const lanes = {
  facts: new WorkerLane(),
  slices: new WorkerLane(),
  rate: new WorkerLane(),
  uas: new WorkerLane(),
  scan: new WorkerLane(),
};
