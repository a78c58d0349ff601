/**
 * `sudokulab scan17`: the band scan for 17s (design notes band-scan.md
 * §1.6-1.10) as jobs. With --rank R --slices A..B --pass P, the 17s of
 * those slices of one band-1 rank (src/jobs/scan17-job.ts); with --grid,
 * the 17s of given grids (scan17-grid-job.ts). This file checks the options
 * and makes the plan.
 */
import { resolveInputs } from "../io/input.js";
import type { Scan17Engine, Scan17Pass } from "../bands/index.js";
import { defaultUnitSlices, scan17Label, scan17Units, type Scan17Spec } from "../jobs/scan17-job.js";
import type { Scan17GridSpec } from "../jobs/scan17-grid-job.js";
import { rangeSize, rangeText, shardRange, type NumberRange } from "../jobs/ranges.js";
import type { InputItem } from "../jobs/items.js";
import type { JobPlan } from "../runner/plan.js";
import { itemSource } from "../runner/item-source.js";
import { formatPuzzle } from "../core/puzzle.js";
import { readPuzzles } from "../core/puzzle-text.js";
import { InputProblem, UsageError } from "./errors.js";
import type { JobFlags } from "./job-flags.js";
import type { Shard } from "./options.js";

export interface Scan17Flags extends JobFlags {
  readonly rank?: number;
  readonly slices?: NumberRange;
  readonly pass?: Scan17Pass;
  readonly engine: Scan17Engine;
  readonly grid?: string;
  readonly shard?: Shard;
  readonly unitSlices?: number;
}

/** Options of the --rank form, which --grid does not take. */
const RANK_OPTIONS = ["rank", "slices", "pass", "shard", "unitSlices"] as const;

/** The plan of the command (--rank or --grid); `given(name)` tells whether an option is on the command line. */
export async function planScan17(flags: Scan17Flags, given: (option: string) => boolean): Promise<JobPlan> {
  if (flags.grid !== undefined) {
    for (const option of RANK_OPTIONS) if (given(option)) throw new UsageError(`--${optionName(option)} cannot be used with --grid`);
    return planGrids(flags.grid, flags.engine);
  }
  if (flags.rank === undefined) throw new UsageError("give --rank R --slices A..B --pass 1|2a|2b, or --grid GRID|FILE");
  if (flags.slices === undefined) throw new UsageError("--rank needs --slices A..B (or A for one slice)");
  if (flags.pass === undefined) throw new UsageError("--rank needs --pass 1, 2a or 2b");
  const shard = flags.shard ?? null;
  const part = shard === null ? flags.slices : shardRange(flags.slices, shard.index, shard.count);
  // An empty shard (fewer slices than shards) is a job of no unit.
  const first = part?.first ?? flags.slices.first;
  const last = part?.last ?? first - 1;
  const slices = Math.max(0, last - first + 1);
  const spec: Scan17Spec = {
    pass: flags.pass,
    engine: flags.engine,
    rank: flags.rank,
    first,
    last,
    shard: shard === null ? null : `${shard.index}/${shard.count}`,
    unitSlices: flags.unitSlices ?? defaultUnitSlices(slices),
  };
  if (part === null && shard !== null) {
    process.stderr.write(`scan17: shard ${spec.shard} of slices ${rangeText(flags.slices)} is empty (fewer slices than shards)\n`);
  }
  const units = scan17Units(spec);
  const command = [
    "scan17",
    `--rank ${spec.rank}`,
    `--slices ${rangeText(flags.slices)}`,
    `--pass ${spec.pass}`,
    spec.engine === "expand" ? "" : `--engine ${spec.engine}`,
    shard === null ? "" : `--shard ${spec.shard}`,
    flags.unitSlices === undefined ? "" : `--unit-slices ${flags.unitSlices}`,
  ];
  return {
    kindName: "scan17",
    spec,
    command: command.filter((part) => part !== "").join(" "),
    source: { total: units.length, totalWeight: slices, weight: (unit) => rangeSize(unit as NumberRange), units: () => units },
    inputs: [],
    long: true,
    progress: { label: `scan17 ${scan17Label(spec)}`, noun: "slices", found: (c) => `${c.puzzles ?? 0} 17s` },
  };
}

/** --grid GRID (one grid, no header) or --grid FILE (a header per grid). */
async function planGrids(arg: string, engine: Scan17Engine): Promise<JobPlan> {
  const spec: Scan17GridSpec = { engine, headers: !/^[0-9.]+$/.test(arg) };
  const common = {
    kindName: "scan17-grid" as const,
    spec,
    command: `scan17 --grid ${arg}${engine === "expand" ? "" : ` --engine ${engine}`}`,
    long: false,
    progress: { label: `scan17 --grid ${spec.headers ? arg : arg.slice(0, 12) + "..."}`, noun: null, found: (c: Readonly<Record<string, number>>) => `${c.grids ?? 0} grids, ${c.puzzles ?? 0} 17s` },
  };
  if (!spec.headers) {
    const [read] = readPuzzles(arg);
    if (read === undefined || !read.ok || read.annotation !== "") {
      throw new InputProblem(`--grid: ${read === undefined ? "empty" : read.ok ? "text after the 81 digits" : read.reason}`);
    }
    const item: InputItem = { where: "--grid", puzzle: formatPuzzle(read.cells), annotation: "" };
    return { ...common, source: { total: 1, units: () => [item] }, inputs: [] };
  }
  const { sources, problems } = await resolveInputs([arg]);
  if (problems.length > 0) throw new InputProblem(problems[0]);
  return { ...common, source: itemSource(sources, 16, true), inputs: sources };
}

function optionName(option: string): string {
  return option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
