/**
 * A unit handed to a thread, and what comes back. The same shapes serve the
 * local runner and the cluster's workers, and runUnitTask is the one place
 * a unit runs, in a worker thread or in the main thread: a unit gets the
 * same result whichever way it ran.
 */
import { loadJobKind, type JobKindName, type Counters, type AnyJobKind } from "../jobs/index.js";
import { useBandLookupFile } from "../io/band-lookup-file.js";
import { threadCpuSeconds } from "../io/cpu.js";
import { setEngineFlags } from "../io/engine-flags.js";

// Every thread that runs units (the CLI's, a worker thread, a cluster
// worker's) reads the band lookup table from the build's file, not building it.
useBandLookupFile();

export interface UnitTask {
  readonly kind: JobKindName;
  /** The job's id: a thread keeps what it prepared for a job under it. */
  readonly job: string;
  readonly spec: unknown;
  readonly index: number;
  readonly unit: unknown;
}

export type UnitOutcome =
  | {
      readonly ok: true;
      readonly data: unknown;
      readonly counters: Counters;
      readonly cpu: number;
      /** Who ran it, when it ran elsewhere (a cluster worker); this process otherwise. */
      readonly by?: string;
      /** Times it ran (more than 1 after a stall or a retry). */
      readonly runs?: number;
    }
  | { readonly ok: false; readonly error: string }
  /** The unit has no result yet (cluster collect --partial). */
  | { readonly ok: false; readonly missing: true };

/** Jobs a thread keeps prepared: a scan's set-up is worth keeping, not every one a thread ever saw. */
const KEPT_CONTEXTS = 4;

/** What this thread prepared, by job id, most recent last. */
const contexts = new Map<string, unknown>();

/**
 * Runs one unit in this thread. Never throws: a failure is the outcome's
 * error. With `timed` false the outcome's cpu is 0: the caller times a
 * batch of quick units as a whole (unit-worker.ts).
 */
export async function runUnitTask(task: UnitTask, timed = true): Promise<UnitOutcome> {
  let kind: AnyJobKind;
  try {
    kind = await loadJobKind(task.kind);
    setEngineFlags(kind.engineFlags?.(task.spec));
    await kind.load?.();
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
  const start = timed ? threadCpuSeconds() : 0;
  try {
    let context = contexts.get(task.job);
    if (context === undefined) {
      context = kind.prepare(task.spec);
      if (contexts.size >= KEPT_CONTEXTS) contexts.delete(contexts.keys().next().value as string);
    } else contexts.delete(task.job);
    contexts.set(task.job, context);
    const result = kind.run(context, task.spec, task.unit);
    return { ok: true, data: result.data, counters: result.counters, cpu: timed ? threadCpuSeconds() - start : 0 };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
