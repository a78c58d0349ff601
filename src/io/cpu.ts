/**
 * CPU seconds of the calling thread. process.cpuUsage() counts every thread
 * of the process, so with two workers each unit would be charged for both;
 * Node 20 has no per-thread figure, but Linux keeps one: the thread's time
 * on a CPU in nanoseconds (/proc/thread-self/schedstat, first field), or in
 * ticks of 1/100 s (/proc/thread-self/stat, fields 14 and 15). Elsewhere the
 * process's figure stands in, exact with one thread.
 */
import { openSync, readFileSync, readSync } from "node:fs";

let source: "schedstat" | "stat" | "process" | null = null;
/**
 * This thread's schedstat, kept open: a unit reads it twice, and opening it
 * each time cost more than a short unit's work. Module state is per thread,
 * and the descriptor names the thread that opened it.
 */
let schedstat = -1;
const schedstatBytes = new Uint8Array(128);

function readSchedstat(): number {
  if (schedstat < 0) schedstat = openSync("/proc/thread-self/schedstat", "r");
  const length = readSync(schedstat, schedstatBytes, 0, schedstatBytes.length, 0);
  let ns = 0;
  for (let i = 0; i < length; i++) {
    const digit = schedstatBytes[i] - 48;
    if (digit < 0 || digit > 9) break;
    ns = ns * 10 + digit;
  }
  return length > 0 ? ns : Number.NaN;
}

export function threadCpuSeconds(): number {
  if (source === null || source === "schedstat") {
    try {
      const ns = readSchedstat();
      if (Number.isFinite(ns)) {
        source = "schedstat";
        return ns / 1e9;
      }
    } catch {
      // Not Linux, or no scheduler statistics: try the next source.
    }
    source = "stat";
  }
  if (source === "stat") {
    try {
      const stat = readFileSync("/proc/thread-self/stat", "latin1");
      // Field 2 (the thread name, in parentheses) may hold spaces: count the fields after it.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number.isFinite(ticks)) return ticks / 100;
    } catch {
      // Not Linux: fall through.
    }
    source = "process";
  }
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
