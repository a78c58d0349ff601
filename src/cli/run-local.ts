/**
 * How a job command's plan runs on this machine: its id, its checkpoint
 * (--checkpoint; <out>.checkpoint; or, for a long job to stdout,
 * sudokulab-<kind>-<id>.checkpoint in the current folder), its threads, and
 * the runner.
 */
import { jobId, inputsAreFiles, type JobPlan } from "../runner/plan.js";
import { runJob } from "../runner/run.js";
import { loadJobKind } from "../jobs/index.js";
import { escapeControls } from "../io/messages.js";
import { UsageError } from "./errors.js";
import { threadCount, type JobFlags } from "./job-flags.js";

/** Where a plan's checkpoint goes: --checkpoint, <out>.checkpoint, or for a long job to stdout sudokulab-<kind>-<id>.checkpoint here. */
export function checkpointPath(plan: JobPlan, flags: JobFlags, id: string): string | null {
  if (flags.checkpoint !== undefined) return flags.checkpoint;
  if (!inputsAreFiles(plan)) return null;
  if (flags.out !== undefined) return `${flags.out}.checkpoint`;
  return plan.long ? `sudokulab-${plan.kindName}-${id.slice(0, 12)}.checkpoint` : null;
}

/** Runs a plan on this machine's threads; returns the exit code. */
export async function runLocally(plan: JobPlan, flags: JobFlags): Promise<number> {
  const id = await jobId(plan);
  if (flags.resume === true && !inputsAreFiles(plan)) throw new UsageError("--resume needs the input in files: stdin cannot be read again");
  for (const problem of plan.problems ?? []) process.stderr.write(`sudokulab: ${escapeControls(problem)}\n`);
  if ((plan.problems ?? []).length > 0 && flags.strict === true) return 1;
  const code = await runJob({
    kindName: plan.kindName,
    kind: await loadJobKind(plan.kindName),
    job: id,
    command: plan.command,
    spec: plan.spec,
    source: plan.source,
    threads: threadCount(flags),
    inline: plan.inline,
    out: flags.out ?? null,
    checkpoint: checkpointPath(plan, flags, id),
    resume: flags.resume === true,
    stats: flags.stats === true,
    strict: flags.strict === true,
    progress: plan.progress,
  });
  return code === 0 && (plan.problems ?? []).length > 0 ? 1 : code;
}
