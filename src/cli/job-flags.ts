/**
 * The options every job command shares (--threads, --out, --checkpoint,
 * --resume), declared once. `--threads` defaults to every core and is capped there: past
 * the cores, threads only add memory (200 threads on 6,000 lines took 36 s
 * and 2.2 GB against 1 s with one, measured) unless a user insists.
 */
import { availableParallelism } from "node:os";
import { type Command, Option } from "commander";
import type { RunFlags } from "../runner/plan.js";
import { positiveInteger } from "./options.js";

export type JobFlags = RunFlags;

/** Adds --threads and --threads-max-override. */
export function addThreadOptions(command: Command, what = "worker threads"): Command {
  const cores = availableParallelism();
  return command
    .addOption(new Option("--threads <n>", `${what}, at most one per core`).argParser(positiveInteger).default(cores, `all cores, ${cores} here`))
    .option("--threads-max-override", "allow more threads than cores");
}

/** Adds --out, --checkpoint and --resume, with the help's words for this command. */
export function addRunOptions(command: Command, checkpointDefault: string): Command {
  return command
    .option("--out <file>", "write the output to this file instead of stdout")
    .option("--checkpoint <file>", `the checkpoint journal (default: ${checkpointDefault})`)
    .option("--resume", "go on from the checkpoint (a new run when there is none)");
}

/** The thread count to use: --threads, capped at the cores with a note unless --threads-max-override. */
export function threadCount(flags: Pick<JobFlags, "threads" | "threadsMaxOverride">): number {
  const cores = availableParallelism();
  if (flags.threads <= cores || flags.threadsMaxOverride === true) return flags.threads;
  process.stderr.write(`sudokulab: note: --threads ${flags.threads} capped at ${cores}, the cores here (--threads-max-override to insist)\n`);
  return cores;
}

