/**
 * `scan17 --pass P --picks FILE` as a job: the band scan of given slices
 * of any ranks, one slice per unit. A sample of slices drawn across all
 * ranks is how the cost of a whole pass is measured without running it
 * (bench/cost.ts), and a list of slices is how a search is checked or
 * repeated piecemeal.
 */
import type { Scan17Engine, Scan17Pass } from "../bandscan/index.js";
import { bandScanEngineFlags, Scan17Stats } from "../bandscan/index.js";
import type { JobKind } from "./job.js";
import { checkSliceRange, renderHits, scanSliceRange, type Scan17Data } from "./scan17-job.js";
import { scan17StatsTable } from "./stats-table.js";

export interface Scan17PicksSpec {
  readonly pass: Scan17Pass;
  readonly engine: Scan17Engine;
  /** [rank, slice] pairs, in the order given. */
  readonly picks: readonly (readonly [number, number])[];
  readonly json?: boolean;
}

export interface Pick {
  readonly rank: number;
  readonly slice: number;
}

export const scan17PicksJob: JobKind<Scan17PicksSpec, Pick, Scan17Data, null> = {
  name: "scan17-picks",

  engineFlags: (spec) => bandScanEngineFlags(spec.pass),

  units: (spec) => spec.picks.map(([rank, slice]) => ({ rank, slice })),

  prepare: () => null,

  run: (_context, spec, pick) => scanSliceRange(spec, pick.rank, { first: pick.slice, last: pick.slice }),

  check: (_spec, pick, data) => checkSliceRange(pick.rank, { first: pick.slice, last: pick.slice }, data),

  renderer: (spec) => ({ render: (data) => renderHits(data.lines, spec.json === true), finish: () => "" }),

  problems: () => [],

  summary(spec, totals, verbose) {
    const line = `scan17: pass ${spec.pass}, ${spec.picks.length} slices picked: ${totals.counters.puzzles ?? 0} 17s; ${totals.cpuSeconds.toFixed(1)} s CPU\n`;
    return verbose ? line + scan17StatsTable(`scan17 stats, pass ${spec.pass}, ${spec.picks.length} picked slices:`, Scan17Stats.fromJSON(totals.counters), totals.cpuSeconds) : line;
  },
};
