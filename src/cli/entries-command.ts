/**
 * `sudokulab entries`: the entries of the band catalogs (design notes
 * band-scan.md §1.3). With --rank R, every grid listed under band-1 rank R,
 * one line per (entry, band 3) in the generator's order, or (--count) the
 * counts of that rank, in the main thread. With --all-ranks --count, the
 * count table of a range of ranks on worker threads (entries-ranks.ts).
 */
import type { CatalogName } from "../catalog/index.js";
import { defaultEntriesCheckpoint } from "./entries-checkpoint.js";
import { countLine, runRank, type RankRun, type SliceRange } from "./entries-job.js";
import { runAllRanks } from "./entries-ranks.js";
import { bandText, entryLine } from "./entry-format.js";
import { openTextOutput, type TextOutput } from "./text-output.js";

export interface EntriesFlags {
  readonly rank?: number;
  readonly allRanks?: boolean;
  readonly catalog: CatalogName;
  readonly slices?: SliceRange;
  readonly count?: boolean;
  readonly ranks?: SliceRange;
  readonly threads: number;
  readonly out?: string;
  readonly checkpoint?: string;
  readonly resume?: boolean;
}

/** Listing text is handed to the output in pieces of about this many characters. */
const WRITE_CHUNK = 1 << 20;


/** What is wrong with the combination of options, or null. `given(name)` tells whether the option is on the command line. */
export function entriesUsageProblem(flags: EntriesFlags, given: (option: string) => boolean): string | null {
  if (flags.allRanks) {
    if (!flags.count) return "--all-ranks needs --count (listing every grid of a catalog would print 5.5 billion lines)";
    if (flags.slices !== undefined) return "--slices works with --rank only";
    return null;
  }
  if (flags.rank === undefined) return "give --rank R (one band-1 rank) or --all-ranks --count";
  for (const option of ["ranks", "threads", "checkpoint", "resume"]) {
    if (given(option)) return `--${option} works with --all-ranks only`;
  }
  return null;
}

/** Runs the command (options already checked by entriesUsageProblem); returns the exit code. */
export async function runEntriesCommand(flags: EntriesFlags): Promise<number> {
  const { catalog } = flags;
  if (flags.allRanks) {
    return runAllRanks({
      catalog,
      firstRank: flags.ranks?.first ?? 0,
      lastRank: flags.ranks?.last ?? 415,
      threads: flags.threads,
      checkpoint: flags.checkpoint ?? defaultEntriesCheckpoint(catalog),
      resume: flags.resume === true,
      out: flags.out,
    });
  }
  const rank = flags.rank ?? 0;
  const output = openTextOutput(flags.out);
  try {
    const run = flags.count ? runRank(catalog, rank, flags.slices) : listRank(catalog, rank, flags.slices, output);
    if (flags.count) output.write(countLine(catalog, rank, run.count) + "\n");
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
function listRank(catalog: CatalogName, rank: number, slices: SliceRange | undefined, output: TextOutput): RankRun {
  let text = "";
  const run = runRank(catalog, rank, slices, (entry) => {
    const band1 = bandText(entry.grid, 0);
    const band2 = bandText(entry.grid, 27);
    for (let i = 0; i < entry.bands3Count; i++) {
      const band3 = bandText(entry.bands3, 27 * i);
      text += entryLine([band1, band2, band3], [rank, entry.band2Rank, entry.bands3Ranks[i]], entry.slice) + "\n";
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
