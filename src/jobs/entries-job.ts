/**
 * `entries --all-ranks --count` as a job: the entries of every band-1 rank
 * of a catalog counted, one rank per unit (2 to 30 s of CPU each). Over all
 * 416 ranks the bands 3 must add up to the 5,472,730,538 essentially
 * different grids, since each catalog lists every one exactly once.
 */
import { EntryGenerator, type CatalogName, type EntryVisitor } from "../catalog/index.js";
import { isCount, type Counters, type JobKind, type Renderer } from "./job.js";
import type { NumberRange } from "./ranges.js";

/** Essentially different grids. */
export const ESSENTIALLY_DIFFERENT_GRIDS = 5_472_730_538;

export interface EntriesSpec {
  readonly catalog: CatalogName;
  readonly first: number;
  readonly last: number;
  /** One JSON object per rank and for the total instead of tab-separated lines. */
  readonly json?: boolean;
  /**
   * Only the bands 2 of each rank (its slices), without their bands 3: a few
   * seconds per rank instead of up to minutes, for planning a search.
   */
  readonly slicesOnly?: boolean;
}

/** What is counted over one rank, or summed over several. */
export interface EntryFigures {
  /** Accepted bands 2 (in the slices asked for, with --slices). */
  readonly bands2: number;
  /** Entries with at least one band 3. */
  readonly entries: number;
  /** Bands 3 of those entries: grids listed. */
  readonly bands3: number;
}

export interface RankCount extends EntryFigures {
  readonly rank: number;
}

/** What a run over one rank saw. */
export interface RankRun {
  readonly count: RankCount;
  /** Bands 2 the generator went through, from the first: all of the rank's unless it stopped after the last slice. */
  readonly bands2Seen: number;
}

/** Runs the generator over `rank` (all of it, or the entries of `slices`), showing each entry to `visit`. */
export function runRank(catalog: CatalogName, rank: number, slices?: NumberRange, visit?: EntryVisitor): RankRun {
  const generator = new EntryGenerator(catalog, rank);
  generator.run(slices === undefined ? {} : { firstSlice: slices.first, lastSlice: slices.last }, visit);
  const bands2 = slices === undefined ? generator.bands2 : bands2InSlices(generator.bands2, slices);
  return { count: { rank, bands2, entries: generator.entries, bands3: generator.totalBands3 }, bands2Seen: generator.bands2 };
}

/**
 * The bands 2 of a rank that fall in `slices`, from the generator's count
 * after a sliced run: it numbers them 1, 2, ... and stops at the first band 2
 * past the last slice (which it has counted), or at the rank's last one.
 */
function bands2InSlices(counted: number, slices: NumberRange): number {
  const from = Math.max(1, 64 * slices.first);
  const to = Math.min(counted, 64 * slices.last + 63);
  return Math.max(0, to - from + 1);
}

/** One line of the count table, tab-separated: catalog, rank (or "total"), bands 2, entries, bands 3; or the same as JSON. */
export function countLine(catalog: CatalogName, label: number | "total", figures: EntryFigures, json = false): string {
  if (json) return JSON.stringify({ catalog, rank: label, bands2: figures.bands2, entries: figures.entries, bands3: figures.bands3 });
  return [catalog, label, figures.bands2, figures.entries, figures.bands3].join("\t");
}

export const entriesJob: JobKind<EntriesSpec, number, RankCount, null> = {
  name: "entries",

  units: (spec) => Array.from({ length: spec.last - spec.first + 1 }, (_, i) => spec.first + i),

  prepare: () => null,

  run(_context, spec, rank) {
    if (spec.slicesOnly === true) {
      // A range past any rank's last slice: every band 2 is enumerated, no band 3 is.
      const { bands2Seen } = runRank(spec.catalog, rank, { first: Number.MAX_SAFE_INTEGER, last: Number.MAX_SAFE_INTEGER });
      const counters: Counters = { bands2: bands2Seen };
      return { data: { rank, bands2: bands2Seen, entries: 0, bands3: 0 }, counters };
    }
    const { count } = runRank(spec.catalog, rank);
    return { data: count, counters: { bands2: count.bands2, entries: count.entries, bands3: count.bands3 } };
  },

  check(_spec, rank, data) {
    if (typeof data !== "object" || data === null) return "not an object";
    const { rank: r, bands2, entries, bands3 } = data as Record<string, unknown>;
    if (r !== rank) return `the count of rank ${String(r)}, not ${rank}`;
    if (!isCount(bands2) || !isCount(entries) || !isCount(bands3) || entries > bands2 || bands3 < entries) return "bad counts";
    return null;
  },

  renderer(spec) {
    if (spec.slicesOnly === true) return slicesRenderer(spec);
    let bands2 = 0;
    let entries = 0;
    let bands3 = 0;
    return {
      render(count) {
        bands2 += count.bands2;
        entries += count.entries;
        bands3 += count.bands3;
        return countLine(spec.catalog, count.rank, count, spec.json === true) + "\n";
      },
      finish: () => countLine(spec.catalog, "total", { bands2, entries, bands3 }, spec.json === true) + "\n",
    };
  },

  problems: () => [],

  summary(spec, totals) {
    if (spec.slicesOnly === true) {
      return `entries: ${spec.catalog} ranks ${spec.first}..${spec.last}: ${totals.counters.bands2 ?? 0} bands 2; ${totals.cpuSeconds.toFixed(1)} s CPU\n`;
    }
    const listed = totals.counters.bands3 ?? 0;
    const line = `entries: ${spec.catalog} ranks ${spec.first}..${spec.last}: ${listed} bands 3 in ${totals.counters.entries ?? 0} entries; ${totals.cpuSeconds.toFixed(1)} s CPU\n`;
    if (spec.first !== 0 || spec.last !== 415) return line;
    const expected = ESSENTIALLY_DIFFERENT_GRIDS.toLocaleString("en-US");
    return listed === ESSENTIALLY_DIFFERENT_GRIDS
      ? line + `entries: ${spec.catalog}: all 416 ranks list ${expected} grids, the number of essentially different grids: OK\n`
      : line;
  },

  failure(spec, totals) {
    if (spec.slicesOnly === true) return null;
    const listed = totals.counters.bands3 ?? 0;
    if (spec.first !== 0 || spec.last !== 415 || listed === ESSENTIALLY_DIFFERENT_GRIDS) return null;
    return `entries: ${spec.catalog}: all 416 ranks list ${listed.toLocaleString("en-US")} grids, not ${ESSENTIALLY_DIFFERENT_GRIDS.toLocaleString("en-US")} (the number of essentially different grids)`;
  },
};

/** --slices-only: `catalog rank bands2 slices` per rank (slices = the rank's last slice + 1), and a total. */
function slicesRenderer(spec: EntriesSpec): Renderer<RankCount> {
  let bands2 = 0;
  let slices = 0;
  const line = (rank: number | "total", b: number, s: number): string =>
    (spec.json === true ? JSON.stringify({ catalog: spec.catalog, rank, bands2: b, slices: s }) : [spec.catalog, rank, b, s].join("\t")) + "\n";
  return {
    render(count) {
      const rankSlices = (count.bands2 >> 6) + 1;
      bands2 += count.bands2;
      slices += rankSlices;
      return line(count.rank, count.bands2, rankSlices);
    },
    finish: () => line("total", bands2, slices),
  };
}
