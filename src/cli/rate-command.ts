/**
 * `sudokulab rate [FILE...]`: Sudoku Explainer 1.2.1's ratings as a job
 * (src/jobs/rate-job.ts). Ratings take milliseconds to minutes, so the
 * first puzzles go one per unit and keep every thread busy (two threads
 * help even on a dozen hard puzzles); the units then grow to blocks of
 * RATE_BLOCK_MAX, so that a list of easy puzzles does not pay the runner's
 * cost per unit (tens of microseconds, a tenth of an easy rating) for each,
 * and shrink again for the last puzzles (growingBlocks).
 */
import { resolveInputs } from "../io/input.js";
import { DEFAULT_FORMAT, type RateSpec } from "../jobs/rate-job.js";
import type { JobPlan } from "../runner/plan.js";
import { growingBlocks, itemSource } from "../runner/item-source.js";
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

/** The largest unit: 16 puzzles, 3 ms of easy ratings or 10 s of the hardest list's. */
const RATE_BLOCK_MAX = 16;

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
    // --strict stops at the first bad item: with one item per unit, nothing after it is printed.
    source: itemSource(sources, flags.strict === true ? 1 : growingBlocks(RATE_BLOCK_MAX)),
    inputs: sources,
    problems,
    long: false,
    progress: { label: "rate", noun: null, found: (c) => `${c.rated ?? 0} rated` },
  };
}
