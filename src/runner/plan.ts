/**
 * A job as a command defines it, before it runs anywhere: its kind, its
 * spec, its units and the input files they come from. The local runner
 * (run.ts) and `cluster submit` take the same plan, so a job has the same
 * id, the same units and the same output wherever it runs.
 *
 * The id is a hash of the kind, the spec and the content of every input
 * file: the same command on the same inputs is the same job (submitting it
 * again adds nothing; a checkpoint resumes only its own job), and a changed
 * input file makes another job.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { JobKindName } from "../jobs/index.js";
import type { InputSource } from "../io/input.js";
import type { ProgressSpec } from "./progress.js";
import type { UnitSource } from "./run.js";

export interface JobPlan {
  readonly kindName: JobKindName;
  readonly spec: unknown;
  /** The command as typed, normalized ("scan17 --rank 23 --slices 1190..1199 --pass 1"). */
  readonly command: string;
  readonly source: UnitSource;
  /** Files the units are read from (their content is part of the job's id); stdin makes a job without a stable id. */
  readonly inputs: readonly InputSource[];
  /** A long job: checkpointed by default even to stdout (in the current folder). */
  readonly long: boolean;
  readonly progress: ProgressSpec;
  /** Units to run in the main thread (small fast work), when running locally. */
  readonly inline?: (index: number) => boolean;
  /** Inputs that could not be opened ("FILE: no such file"): reported, the rest still run, and the exit code is 1. */
  readonly problems?: readonly string[];
}

/** The options of a job command that say how it runs here, not what it computes (they are not part of its id). */
export interface RunFlags {
  readonly threads: number;
  readonly threadsMaxOverride?: boolean;
  readonly out?: string;
  readonly checkpoint?: string;
  readonly resume?: boolean;
  readonly stats?: boolean;
  readonly strict?: boolean;
}

/** What a job command does with its plan: run it here, or submit it to the cluster. */
export type Deliver = (plan: JobPlan, flags: RunFlags) => Promise<number>;

/** The job's id: 16 hex digits of SHA-256 over the kind, the spec and the inputs' contents. */
export async function jobId(plan: Pick<JobPlan, "kindName" | "spec" | "inputs">): Promise<string> {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ kind: plan.kindName, spec: plan.spec }));
  for (const input of plan.inputs) {
    hash.update(`\ninput ${input.path === null ? "<stdin>" : "file"}\n`);
    if (input.path === null) {
      // stdin cannot be read twice: such a job is never resumed, so a fresh id each time.
      hash.update(`${process.pid} ${Date.now()} ${Math.random()}`);
      continue;
    }
    for await (const chunk of createReadStream(input.path)) hash.update(chunk as Buffer);
  }
  return hash.digest("hex").slice(0, 16);
}

/** True when every input is a file (the job can be resumed and submitted). */
export function inputsAreFiles(plan: Pick<JobPlan, "inputs">): boolean {
  return plan.inputs.every((input) => input.path !== null);
}
