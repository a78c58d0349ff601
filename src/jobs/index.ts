/**
 * The kinds of job, by name: what the runner's threads and the cluster's
 * workers load to run a unit. Each kind is loaded when first asked for, so a
 * thread that rates puzzles never loads the band scan.
 */
import type { AnyJobKind } from "./job.js";

export const JOB_KIND_NAMES = ["lines", "rate", "scan", "scan-grids", "scan17", "scan17-grid", "scan17-picks", "entries"] as const;
export type JobKindName = (typeof JOB_KIND_NAMES)[number];

const LOADERS: Record<JobKindName, () => Promise<AnyJobKind>> = {
  lines: async () => (await import("./lines-job.js")).linesJob,
  rate: async () => (await import("./rate-job.js")).rateJob,
  scan: async () => (await import("./scan-job.js")).scanJob,
  "scan-grids": async () => (await import("./scan-grids-job.js")).scanGridsJob,
  scan17: async () => (await import("./scan17-job.js")).scan17Job,
  "scan17-grid": async () => (await import("./scan17-grid-job.js")).scan17GridJob,
  "scan17-picks": async () => (await import("./scan17-picks-job.js")).scan17PicksJob,
  entries: async () => (await import("./entries-job.js")).entriesJob,
};

export function isJobKindName(name: string): name is JobKindName {
  return (JOB_KIND_NAMES as readonly string[]).includes(name);
}

/**
 * Kinds loaded so far, by name: a dynamic import of a module already
 * loaded still goes through the module loader's resolution, which cost
 * more than rating an easy puzzle when it ran for every unit.
 */
const loaded = new Map<JobKindName, Promise<AnyJobKind>>();

export function loadJobKind(name: JobKindName): Promise<AnyJobKind> {
  let kind = loaded.get(name);
  if (kind === undefined) {
    kind = LOADERS[name]();
    loaded.set(name, kind);
    // A kind that failed to load is tried again next time.
    kind.catch(() => loaded.delete(name));
  }
  return kind;
}

export * from "./job.js";
