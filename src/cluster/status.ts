/**
 * `sudokulab cluster status [JOB]`: every job in one line each, or one job
 * in full: its units waiting, running, done and failed (with each failure's
 * error), the throughput of the last ten minutes and the ETA (from that
 * throughput, or from the CPU per unit when few units finished in it), each
 * worker's rate, the slowest units, and the CPU time spent.
 */
import { duration } from "../runner/progress.js";
import { openQueue } from "./queue.js";
import { type JobMeta, type JobStore, unitsToReport } from "./store.js";

/** The window the throughput is measured over. */
const WINDOW_MS = 10 * 60_000;

/** Fewer units than this finished in the window make its throughput too coarse for an ETA. */
const FEW_UNITS = 10;

export interface EtaInput {
  /** Units not done. */
  readonly left: number;
  /** Units finished in the window, and its length. */
  readonly recent: number;
  readonly windowMinutes: number;
  /** Mean CPU seconds of the units done (0: none yet). */
  readonly cpuPerUnit: number;
  /** Units being run now: one per busy worker thread. */
  readonly running: number;
}

/**
 * Seconds until the job is done, or null when nothing tells yet. The
 * window's throughput when it holds enough units; otherwise units are long
 * (a few finishing together would make the window's rate jump), and the
 * units left cost their mean CPU each, spread over the threads running them
 * (none running: no ETA).
 */
export function etaSeconds(input: EtaInput): { seconds: number; from: "throughput" | "cpu" } | null {
  const { left, recent, windowMinutes, cpuPerUnit, running } = input;
  if (left === 0) return { seconds: 0, from: "throughput" };
  if (recent >= FEW_UNITS) return { seconds: (left / (recent / windowMinutes)) * 60, from: "throughput" };
  if (cpuPerUnit > 0 && running > 0) return { seconds: (left * cpuPerUnit) / running, from: "cpu" };
  return null;
}

export async function printStatus(store: JobStore, job: string | undefined): Promise<number> {
  if (job === undefined) {
    const jobs = await store.jobs();
    if (jobs.length === 0) process.stdout.write("no jobs\n");
    for (const meta of jobs) {
      const done = await store.resultCount(meta.id);
      const held = meta.skipped ?? 0;
      const state = meta.cancelled === true ? "cancelled" : done >= unitsToReport(meta) ? "complete" : "running";
      process.stdout.write(`${meta.id}  ${done + held}/${meta.units} units${held > 0 ? ` (${held} in a journal)` : ""}  ${state.padEnd(9)}  ${meta.command}\n`);
    }
    return 0;
  }
  const meta = await store.job(job);
  if (meta === null) throw Object.assign(new Error(`no job ${job} in Redis (see 'sudokulab cluster status')`), { exitCode: 2 });
  process.stdout.write(await jobStatus(store, meta));
  return 0;
}

async function jobStatus(store: JobStore, meta: JobMeta): Promise<string> {
  const queue = openQueue(meta.id, store.redis);
  try {
    const counts = await queue.getJobCounts("waiting", "prioritized", "delayed", "active", "failed");
    const done = await store.resultCount(meta.id);
    const now = Date.now();
    const recent = await store.finishedSince(meta.id, now - WINDOW_MS);
    const workers = await store.workers(meta.id);
    const cpu = Object.values(workers).reduce((sum, w) => sum + w.cpu, 0);
    const held = meta.skipped ?? 0;
    const left = Math.max(0, unitsToReport(meta) - done);
    const rate = recent / (WINDOW_MS / 60_000);
    const eta = etaSeconds({ left, recent, windowMinutes: WINDOW_MS / 60_000, cpuPerUnit: done > 0 ? cpu / done : 0, running: counts.active });
    const lines = [
      `job ${meta.id}${meta.cancelled === true ? " (cancelled)" : ""}: ${meta.command}`,
      `submitted ${meta.submitted}`,
      `units: ${meta.units}: ${done} done, ${held > 0 ? `${held} in a journal, ` : ""}${counts.active} running, ${counts.waiting + counts.prioritized + counts.delayed} waiting, ${counts.failed} failed`,
      `throughput: ${rate.toFixed(1)} units/min over the last 10 min; ETA ${left === 0 ? "done" : eta === null ? (counts.active === 0 ? "? (no unit running)" : "?") : duration(eta.seconds)}${eta?.from === "cpu" ? " (from the CPU per unit)" : ""}`,
      `CPU: ${cpu.toFixed(1)} s${done > 0 ? ` (${(cpu / done).toFixed(2)} s per unit)` : ""}`,
    ];
    const names = Object.keys(workers).sort();
    if (names.length > 0) lines.push("workers:");
    for (const name of names) {
      const w = workers[name];
      const minutes = Math.max((w.last - w.first) / 60_000, 1 / 60);
      const idle = now - w.last;
      lines.push(`  ${name}: ${w.units} units, ${(w.units / minutes).toFixed(1)} units/min, ${w.cpu.toFixed(1)} s CPU, last ${duration(idle / 1000)} ago`);
    }
    const slowest = await store.slowest(meta.id, 5);
    if (slowest.length > 0) lines.push(`slowest units: ${slowest.map(([index, seconds]) => `#${index} ${seconds.toFixed(1)} s`).join(", ")}`);
    if (counts.failed > 0) {
      lines.push("failed units ('sudokulab cluster retry JOB' runs them again):");
      for (const failed of await queue.getFailed(0, 19)) lines.push(`  #${(failed.data as { index: number }).index}: ${failed.failedReason}`);
      if (counts.failed > 20) lines.push(`  ... and ${counts.failed - 20} more`);
    }
    return lines.join("\n") + "\n";
  } finally {
    await queue.close();
  }
}
