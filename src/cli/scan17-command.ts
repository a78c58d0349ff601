/**
 * `sudokulab scan17`: the band scan for 17-clue puzzles (design notes
 * band-scan.md §1.6-1.10). With --rank R --slices A..B --pass P, the 17s of
 * those slices of one band-1 rank, on worker threads with a checkpoint
 * (scan17-slices.ts); with --grid, the 17s of given grids (scan17-grid.ts).
 * This file holds the options' parsers and checks, and picks the form.
 */
import type { Scan17Engine, Scan17Pass } from "../bandscan/index.js";
import type { SliceRange } from "./entries-job.js";
import { runScan17Grids } from "./scan17-grid.js";
import { runScan17Slices } from "./scan17-slices.js";

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export interface Scan17Flags {
  readonly rank?: number;
  readonly slices?: SliceRange;
  readonly pass?: Scan17Pass;
  readonly engine: Scan17Engine;
  readonly grid?: string;
  readonly shard?: Shard;
  readonly threads: number;
  readonly out?: string;
  readonly checkpoint?: string;
  readonly resume?: boolean;
  readonly stats?: boolean;
}


/** Options of the --rank form, which --grid does not take. */
const RANK_OPTIONS = ["rank", "slices", "pass", "shard", "threads", "out", "checkpoint", "resume"] as const;

/** What is wrong with the combination of options, or null. `given(name)` tells whether the option is on the command line. */
export function scan17UsageProblem(flags: Scan17Flags, given: (option: string) => boolean): string | null {
  if (flags.grid !== undefined) {
    for (const option of RANK_OPTIONS) if (given(option)) return `--${option} cannot be used with --grid`;
    return null;
  }
  if (flags.rank === undefined) return "give --rank R --slices A..B --pass 1|2a|2b, or --grid GRID|FILE";
  if (flags.slices === undefined) return "--rank needs --slices A..B (or A for one slice)";
  if (flags.pass === undefined) return "--rank needs --pass 1, 2a or 2b";
  if (flags.resume && flags.out === undefined && flags.checkpoint === undefined) {
    return "--resume needs --checkpoint FILE when the 17s go to stdout (only --out has a default checkpoint, <out>.checkpoint.json)";
  }
  if (flags.out !== undefined && flags.checkpoint === flags.out) return "--checkpoint and --out name the same file";
  return null;
}

/** Runs the command (options already checked by scan17UsageProblem); returns the exit code. */
export async function runScan17Command(flags: Scan17Flags): Promise<number> {
  if (flags.grid !== undefined) return runScan17Grids(flags.grid, flags.stats === true, flags.engine);
  if (flags.rank === undefined || flags.slices === undefined || flags.pass === undefined) {
    throw new Error("internal error: scan17 without --rank, --slices or --pass");
  }
  return runScan17Slices({
    identity: { pass: flags.pass, engine: flags.engine, rank: flags.rank, slices: flags.slices, shard: flags.shard ?? null },
    threads: flags.threads,
    out: flags.out,
    checkpoint: flags.checkpoint ?? (flags.out === undefined ? null : `${flags.out}.checkpoint.json`),
    resume: flags.resume === true,
    stats: flags.stats === true,
  });
}
