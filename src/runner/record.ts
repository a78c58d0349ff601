/**
 * The record of a finished run, written beside its output (`OUT.record.json`)
 * by the local runner and by `cluster collect`, in the same form: which job
 * (id, command, spec), what was written (bytes and SHA-256), and what it
 * cost, unit by unit (CPU seconds, counters, which machine ran it, how often
 * it ran). A resumed run that finds its record and an output with that
 * hash knows the job is done.
 */
import { readFileSync } from "node:fs";
import { addCounters, type Counters, type Totals } from "../jobs/job.js";
import { writeFileAtomically } from "../io/atomic-file.js";

export const RECORD_FORMAT = "sudokulab record";

export interface UnitCost {
  readonly unit: number;
  readonly cpu: number;
  readonly counters: Counters;
  /** host/pid, or the cluster worker's name. */
  readonly by: string;
  /** Times the unit was run (more than 1 after a stall or a retry). */
  readonly runs?: number;
}

export interface RunRecord {
  readonly format: string;
  readonly job: string;
  readonly kind: string;
  readonly command: string;
  readonly spec: unknown;
  readonly out: string | null;
  readonly bytes: number;
  readonly sha256: string;
  readonly totals: Totals;
  readonly completed: string;
  readonly units: readonly UnitCost[];
}

export function recordPath(out: string): string {
  return `${out}.record.json`;
}

/** Sums the units' costs, each unit once. */
export function totalsOf(units: Iterable<UnitCost>, problems: number): Totals {
  const counters: Counters = {};
  let cpu = 0;
  let count = 0;
  for (const unit of units) {
    addCounters(counters, unit.counters);
    cpu += unit.cpu;
    count++;
  }
  return { units: count, counters, cpuSeconds: cpu, problems };
}

export function writeRecord(path: string, record: Omit<RunRecord, "format" | "completed">): void {
  const { units, ...head } = record;
  const full = { format: RECORD_FORMAT, ...head, completed: new Date().toISOString() };
  // One unit per line: a record of thousands of units stays readable and diffable.
  const text = JSON.stringify(full, null, 1).replace(/\n}$/, `,\n "units": [\n${units.map((unit) => "  " + JSON.stringify(unit)).join(",\n")}\n ]\n}\n`);
  writeFileAtomically(path, text);
}

/** The record at `path`, or null when there is none or it is not one of ours. */
export function readRecord(path: string): RunRecord | null {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as RunRecord;
    return value.format === RECORD_FORMAT ? value : null;
  } catch {
    return null;
  }
}
