/**
 * One unit of `sudokulab entries --count`: every entry of one band-1 rank of
 * a catalog, counted. `--all-ranks` runs one rank per worker thread
 * (entries-worker.ts); `--rank R` runs it in the main thread.
 */
import { readFileSync } from "node:fs";
import { EntryGenerator, type CatalogName, type EntryVisitor } from "../catalog/index.js";

/** What is counted over one rank, or summed over several. */
export interface EntryFigures {
  /** Accepted bands 2 (in the slices asked for, with --slices). */
  readonly bands2: number;
  /** Entries with at least one band 3. */
  readonly entries: number;
  /** Bands 3 of those entries: grids listed. */
  readonly bands3: number;
  /** CPU seconds of the enumeration, in the thread that ran it (the one-off tables are not counted). */
  readonly cpuSeconds: number;
}

/** The counts of one rank, as printed and as kept in the checkpoint. */
export interface RankCount extends EntryFigures {
  readonly rank: number;
}

/** Slices first..last (inclusive) of a rank; slice s holds the bands 2 numbered 64s..64s+63 from 1. */
export interface SliceRange {
  readonly first: number;
  readonly last: number;
}

/** What the main thread sends a worker: the next rank to count, or null when there is none left. */
export interface RankRequest {
  readonly rank: number | null;
}

/** Sent to each worker as workerData. */
export interface EntriesWorkerData {
  readonly catalog: CatalogName;
}

/** What a run over one rank saw. */
export interface RankRun {
  readonly count: RankCount;
  /** Bands 2 the generator went through, from the first: all of the rank's unless it stopped after the last slice. */
  readonly bands2Seen: number;
}

/** Runs the generator over `rank` (all of it, or the entries of `slices`), showing each entry to `visit`. */
export function runRank(catalog: CatalogName, rank: number, slices?: SliceRange, visit?: EntryVisitor): RankRun {
  const generator = new EntryGenerator(catalog, rank);
  const start = threadCpuSeconds();
  generator.run(slices === undefined ? {} : { firstSlice: slices.first, lastSlice: slices.last }, visit);
  // Hundredths: the figure's resolution on Linux (clock ticks), and what the checkpoint keeps.
  const cpuSeconds = Math.round(100 * (threadCpuSeconds() - start)) / 100;
  const bands2 = slices === undefined ? generator.bands2 : bands2InSlices(generator.bands2, slices);
  return { count: { rank, bands2, entries: generator.entries, bands3: generator.totalBands3, cpuSeconds }, bands2Seen: generator.bands2 };
}

/** Counts all the entries of `rank`. */
export function countRank(catalog: CatalogName, rank: number): RankCount {
  return runRank(catalog, rank).count;
}

/**
 * The bands 2 of a rank that fall in `slices`, from the generator's count
 * after a sliced run: it numbers them 1, 2, ... and stops at the first band 2
 * past the last slice (which it has counted), or at the rank's last one.
 */
function bands2InSlices(counted: number, slices: SliceRange): number {
  const from = Math.max(1, 64 * slices.first);
  const to = Math.min(counted, 64 * slices.last + 63);
  return Math.max(0, to - from + 1);
}

/**
 * One line of the count table, tab-separated: catalog, rank (or "total"),
 * bands 2, entries, bands 3, CPU seconds.
 */
export function countLine(catalog: CatalogName, label: number | "total", figures: EntryFigures): string {
  return [catalog, label, figures.bands2, figures.entries, figures.bands3, figures.cpuSeconds.toFixed(2)].join("\t");
}

/**
 * CPU seconds used so far by the calling thread. process.cpuUsage() counts
 * every thread of the process, so with two workers each rank would be charged
 * for both; Node 20 has no per-thread figure, but Linux keeps one in
 * /proc/thread-self/stat (user and system time, fields 14 and 15, in ticks
 * of 1/100 s). Elsewhere the process's figure stands in, exact with one thread.
 */
export function threadCpuSeconds(): number {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "latin1");
    // Field 2 (the thread name, in parentheses) may hold spaces: count the fields after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number.isFinite(ticks)) return ticks / 100;
  } catch {
    // Not Linux: fall through.
  }
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
