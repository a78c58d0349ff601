/**
 * `scan17 --rank R --slices A..B --pass P` as a job: the band scan for 17s
 * (design notes band-scan.md §1.6-1.10) over slices of one band-1 rank,
 * cut into units of a few consecutive slices. Each unit enumerates the
 * rank's bands 2 from the first (about 2 s to reach slice 43,593 of rank
 * 190, measured), so units of several slices keep that cost small next to
 * the scan.
 *
 * A unit's result is its 17s in the C++ program's k-file lines, sorted by
 * slice and in the kernel's order within a slice: the output is the same
 * for any thread count and any machine.
 */
import { countSolutions } from "../solver/solve.js";
import { clueCount, parseLine } from "../core/puzzle.js";
import { bandScanEngineFlags, formatScan17Hit, scanSlices17, Scan17Stats, type Scan17Engine, type Scan17Pass } from "../bandscan/index.js";
import { isCount, isStringArray, type JobKind, type UnitRun } from "./job.js";
import { cutRange, rangeSize, rangeText, type NumberRange } from "./ranges.js";
import { scan17StatsTable } from "./stats-table.js";

export interface Scan17Spec {
  readonly pass: Scan17Pass;
  readonly engine: Scan17Engine;
  readonly rank: number;
  /** The slices this job scans: --slices, or the --shard part of it. */
  readonly first: number;
  readonly last: number;
  /** --shard i/N as given (it only names the part), or null. */
  readonly shard: string | null;
  /** Consecutive slices per unit. */
  readonly unitSlices: number;
  /** One JSON object per 17 ({"puzzle", "ranks", "slice"}) instead of the k-file line. */
  readonly json?: boolean;
}

export interface Scan17Data {
  /** The 17s, formatScan17Hit lines. */
  readonly lines: readonly string[];
  /** Slices of the unit past the rank's last one: they do not exist. */
  readonly absent: number;
}

/** Most slices in a unit by default: at rank 190 of pass 2a a slice costs up to 1.5 CPU-minutes. */
const MAX_UNIT_SLICES = 16;

/**
 * The default unit size, from the number of slices only: one slice per
 * unit for short ranges (so a few slices still spread over threads), up
 * to MAX_UNIT_SLICES for long ones (about 64 units or more).
 */
export function defaultUnitSlices(slices: number): number {
  return Math.max(1, Math.min(MAX_UNIT_SLICES, Math.ceil(slices / 64)));
}

/** The units: consecutive slices, unitSlices at a time (none for an empty shard, where last < first). */
export function scan17Units(spec: Scan17Spec): NumberRange[] {
  return spec.last < spec.first ? [] : cutRange({ first: spec.first, last: spec.last }, spec.unitSlices);
}

/** `puzzle;%3d;%3d;%3d;%5d` with its slice. */
const HIT_LINE = /^([1-9.]{81});\s*(\d+);\s*(\d+);\s*(\d+);\s*(\d+)$/;

export const scan17Job: JobKind<Scan17Spec, NumberRange, Scan17Data, null> = {
  name: "scan17",

  engineFlags: (spec) => bandScanEngineFlags(spec.pass),

  units: (spec) => scan17Units(spec),

  prepare: () => null,

  run: (_context, spec, unit) => scanSliceRange(spec, spec.rank, unit),

  check: (spec, unit, data) => checkSliceRange(spec.rank, unit, data),

  renderer: (spec) => ({
    render: (data) => renderHits(data.lines, spec.json === true),
    finish: () => "",
  }),

  problems: () => [],

  summary(spec, totals, verbose) {
    const found = totals.counters.puzzles ?? 0;
    const absent = totals.counters.absentSlices ?? 0;
    const line =
      `scan17: ${scan17Label(spec)}: ${found} 17s in ${spec.last - spec.first + 1} slices` +
      (absent > 0 ? ` (${absent} past the rank's last slice)` : "") +
      `; ${totals.cpuSeconds.toFixed(1)} s CPU\n`;
    return verbose ? line + scan17StatsTable(`scan17 stats, ${scan17Label(spec)}:`, Scan17Stats.fromJSON(totals.counters), totals.cpuSeconds) : line;
  },
};

/** A k-file line as JSON. */
function hitJson(line: string): string {
  const match = HIT_LINE.exec(line);
  if (match === null) throw new Error(`internal error: not a 17 line: ${line}`);
  return JSON.stringify({ puzzle: match[1], ranks: [Number(match[2]), Number(match[3]), Number(match[4])], slice: Number(match[5]) });
}

/** The 17s of slices `range` of one rank, as a unit's result, with the scan's counters. */
export function scanSliceRange(spec: Pick<Scan17Spec, "pass" | "engine">, rank: number, range: NumberRange): UnitRun<Scan17Data> {
  const stats = new Scan17Stats();
  const lines: string[] = [];
  let existing = 0;
  scanSlices17(
    { pass: spec.pass, engine: spec.engine, rank, firstSlice: range.first, lastSlice: range.last, stats, onSliceEnd: () => existing++ },
    (hit) => lines.push(formatScan17Hit(hit)),
  );
  const absent = rangeSize(range) - existing;
  return { data: { lines, absent }, counters: { ...stats.toJSON(), absentSlices: absent } };
}

/** Why `data` is not the result of scanning slices `range` of `rank`, or null: each line a 17 of those slices, in slice order, solved again. */
export function checkSliceRange(rank: number, range: NumberRange, data: unknown): string | null {
  if (typeof data !== "object" || data === null) return "not an object";
  const { lines, absent } = data as Record<string, unknown>;
  if (!isStringArray(lines)) return "no list of 17s";
  if (!isCount(absent) || absent > rangeSize(range)) return "bad count of absent slices";
  let lastSlice = -1;
  for (const line of lines) {
    const match = HIT_LINE.exec(line);
    if (match === null) return `not a 17 line: ${JSON.stringify(line.slice(0, 100))}`;
    const slice = Number(match[5]);
    if (Number(match[2]) !== rank || slice < range.first || slice > range.last || slice < lastSlice) return `17 of another rank or slice: ${line}`;
    lastSlice = slice;
    const parsed = parseLine(match[1]);
    if (!parsed.ok || clueCount(parsed.cells) !== 17 || countSolutions(parsed.cells, 2) !== 1) return `not a 17 with a unique solution: ${match[1]}`;
  }
  return null;
}

/** The k-file lines of a result, as text or (--json) one object per 17. */
export function renderHits(lines: readonly string[], json: boolean): string {
  return lines.map((line) => (json ? hitJson(line) : line) + "\n").join("");
}

/** "pass 1 rank 23 slices 1190..1199" (and the shard, when one was given). */
export function scan17Label(spec: Scan17Spec): string {
  const part = spec.shard === null ? "" : ` (shard ${spec.shard})`;
  return `pass ${spec.pass} rank ${spec.rank} slices ${rangeText(spec)}${part}`;
}
