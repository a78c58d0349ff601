/**
 * The batch commands (solve, count, canon, minimal, group-by-grid) as jobs
 * (src/jobs/lines-job.ts): blocks of 512 puzzles, large enough that a
 * block's messaging cost is small next to its solving. The first blocks run
 * in the main thread, so a small input never pays for starting threads.
 */
import { resolveInputs } from "../io/input.js";
import type { CanonForm, LineCommand, LinesSpec } from "../jobs/lines-job.js";
import type { JobPlan } from "../runner/plan.js";
import { itemSource } from "../runner/item-source.js";

const BLOCK_ITEMS = 512;
/** Blocks run in the main thread before threads start: the first 2,048 puzzles. */
const INLINE_BLOCKS = 4;

export async function planBatch(
  command: LineCommand,
  files: readonly string[],
  options: { limit: number; canonForm: CanonForm; threads: number; strict: boolean; json: boolean },
): Promise<JobPlan> {
  const { sources, problems } = await resolveInputs(files);
  const spec: LinesSpec = { command, limit: options.limit, canonForm: options.canonForm, json: options.json };
  const extra =
    (command === "count" ? ` --limit ${spec.limit}` : command === "canon" && spec.canonForm !== "auto" ? ` --${spec.canonForm}` : "") + (options.json ? " --json" : "");
  return {
    kindName: "lines",
    spec,
    command: [command, ...files].join(" ") + extra,
    // --strict stops at the first bad item: with one item per unit, nothing after it is printed.
    source: itemSource(sources, options.strict ? 1 : BLOCK_ITEMS),
    inputs: sources,
    problems,
    long: false,
    progress: { label: command, noun: null, found: (c) => `${c.items ?? 0} puzzles` },
    inline: (index) => options.threads === 1 || options.strict || index < INLINE_BLOCKS,
  };
}
