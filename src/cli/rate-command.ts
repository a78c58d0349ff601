/**
 * `sudokulab rate [FILE...]`: Sudoku Explainer 1.2.1's ratings as a job
 * (src/jobs/rate-job.ts), one puzzle per unit: ratings take milliseconds
 * to minutes, so single puzzles keep every thread busy to the end (two
 * threads help even on a dozen hard puzzles).
 */
import { resolveInputs } from "../io/input.js";
import { DEFAULT_FORMAT, type RateSpec } from "../jobs/rate-job.js";
import type { JobPlan } from "../runner/plan.js";
import { itemSource } from "../runner/item-source.js";
import type { JobFlags } from "./job-flags.js";

export interface RateFlags extends JobFlags {
  /** False with --no-uniqueness: no unique rectangles/loops, no BUG. */
  readonly uniqueness?: boolean;
  readonly format?: string;
  readonly pearl?: boolean;
  readonly diamond?: boolean;
  /** --producers N: only SE's first N producers (SE with the later techniques unticked). */
  readonly producers?: number;
  readonly json?: boolean;
}

export async function planRate(files: readonly string[], flags: RateFlags): Promise<JobPlan> {
  const { sources, problems } = await resolveInputs(files);
  const spec: RateSpec = {
    format: flags.format ?? DEFAULT_FORMAT,
    uniqueness: flags.uniqueness ?? true,
    stop: flags.diamond === true ? "diamond" : flags.pearl === true ? "pearl" : null,
    producers: flags.producers ?? null,
    json: flags.json === true,
  };
  const options = [
    spec.format === DEFAULT_FORMAT ? "" : `--format '${spec.format}'`,
    spec.uniqueness ? "" : "--no-uniqueness",
    spec.stop === null ? "" : `--${spec.stop}`,
    spec.producers === null ? "" : `--producers ${spec.producers}`,
    spec.json === true ? "--json" : "",
  ];
  return {
    kindName: "rate",
    spec,
    command: ["rate", ...files, ...options].filter((part) => part !== "").join(" "),
    source: itemSource(sources, 1),
    inputs: sources,
    problems,
    long: false,
    progress: { label: "rate", noun: null, found: (c) => `${c.rated ?? 0} rated` },
  };
}
