/**
 * `sudokulab entries`: the entries of the band catalogs (design notes
 * band-scan.md §1.3). With --rank R, every grid listed under band-1 rank R,
 * one line per (entry, band 3) in the generator's order, or (--count) the
 * counts of that rank, in the main thread. With --all-ranks --count, the
 * count table of a range of ranks as a job, one rank per unit
 * (src/jobs/entries-job.ts).
 */
import type { CatalogName } from "../catalog/index.js";
import { countLine, runRank, type EntriesSpec } from "../jobs/entries-job.js";
import { rangeText, type NumberRange } from "../jobs/ranges.js";
import { threadCpuSeconds } from "../io/cpu.js";
import type { JobPlan } from "../runner/plan.js";
import { UsageError } from "./errors.js";
import { bandText, entryLine } from "./entry-format.js";
import type { JobFlags } from "./job-flags.js";
import { openTextOutput, type TextOutput } from "./text-output.js";

export interface EntriesFlags extends JobFlags {
  readonly rank?: number;
  readonly allRanks?: boolean;
  readonly catalog: CatalogName;
  readonly slices?: NumberRange;
  readonly count?: boolean;
  readonly ranks?: NumberRange;
  readonly json?: boolean;
  readonly slicesOnly?: boolean;
}

/** Listing text is handed to the output in pieces of about this many characters. */
const WRITE_CHUNK = 1 << 20;

/** What is wrong with the combination of options, or null. `given(name)` tells whether the option is on the command line. */
export function entriesUsageProblem(flags: EntriesFlags, given: (option: string) => boolean): string | null {
  if (flags.slicesOnly && !flags.allRanks) return "--slices-only works with --all-ranks --count";
  if (flags.allRanks) {
    if (!flags.count) return "--all-ranks needs --count (listing every grid of a catalog would print 5.5 billion lines)";
    if (flags.slices !== undefined) return "--slices works with --rank only";
    return null;
  }
  if (flags.rank === undefined) return "give --rank R (one band-1 rank) or --all-ranks --count";
  for (const option of ["ranks", "threads", "checkpoint", "resume", "stats"]) {
    if (given(option)) return `--${option} works with --all-ranks only`;
  }
  return null;
}

/** The plan of --all-ranks --count. */
export function planAllRanks(flags: EntriesFlags, given: (option: string) => boolean): JobPlan {
  const problem = entriesUsageProblem(flags, given);
  if (problem !== null) throw new UsageError(problem);
  const spec: EntriesSpec = {
    catalog: flags.catalog,
    first: flags.ranks?.first ?? 0,
    last: flags.ranks?.last ?? 415,
    json: flags.json === true,
    slicesOnly: flags.slicesOnly === true,
  };
  const ranks = Array.from({ length: spec.last - spec.first + 1 }, (_, i) => spec.first + i);
  return {
    kindName: "entries",
    spec,
    command:
      `entries --all-ranks --count --catalog ${spec.catalog}${flags.ranks === undefined ? "" : ` --ranks ${rangeText(flags.ranks)}`}` +
      `${spec.slicesOnly ? " --slices-only" : ""}${spec.json ? " --json" : ""}`,
    source: { total: ranks.length, units: () => ranks },
    inputs: [],
    long: true,
    progress: { label: `entries ${spec.catalog}`, noun: "ranks", found: (c) => `${(c.bands3 ?? 0).toLocaleString("en-US")} bands 3` },
  };
}

/** --rank R: the rank's listing or counts, in the main thread; returns the exit code. */
export async function runEntriesRank(flags: EntriesFlags, given: (option: string) => boolean): Promise<number> {
  const problem = entriesUsageProblem(flags, given);
  if (problem !== null) throw new UsageError(problem);
  const { catalog } = flags;
  const rank = flags.rank ?? 0;
  const output = openTextOutput(flags.out);
  try {
    const start = threadCpuSeconds();
    const json = flags.json === true;
    const run = flags.count ? runRank(catalog, rank, flags.slices) : listRank(catalog, rank, flags.slices, output, json);
    if (flags.count) {
      output.write(countLine(catalog, rank, run.count, json) + "\n");
      process.stderr.write(`entries: ${catalog} rank ${rank}: ${(threadCpuSeconds() - start).toFixed(2)} s CPU\n`);
    }
    // Slices past the rank's last band 2: the empty result is not a failure to find entries.
    if (flags.slices !== undefined && run.bands2Seen < 64 * flags.slices.first) {
      process.stderr.write(
        `sudokulab: entries: ${catalog} rank ${rank} has slices 0..${run.bands2Seen >> 6} only; slices ${flags.slices.first}..${flags.slices.last} are empty\n`,
      );
    }
  } finally {
    output.close();
  }
  return 0;
}

/** Prints every (entry, band 3) of the rank, or of its slices, in the generator's order (entry-format.ts). */
function listRank(catalog: CatalogName, rank: number, slices: NumberRange | undefined, output: TextOutput, json: boolean): ReturnType<typeof runRank> {
  let text = "";
  const run = runRank(catalog, rank, slices, (entry) => {
    const band1 = bandText(entry.grid, 0);
    const band2 = bandText(entry.grid, 27);
    for (let i = 0; i < entry.bands3Count; i++) {
      const band3 = bandText(entry.bands3, 27 * i);
      const ranks: [number, number, number] = [rank, entry.band2Rank, entry.bands3Ranks[i]];
      text += (json ? JSON.stringify({ bands: [band1, band2, band3], ranks, slice: entry.slice }) : entryLine([band1, band2, band3], ranks, entry.slice)) + "\n";
    }
    // Written as it comes: a rank can list hundreds of thousands of grids.
    if (text.length >= WRITE_CHUNK) {
      output.write(text);
      text = "";
    }
  });
  output.write(text);
  return run;
}
