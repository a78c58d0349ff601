/**
 * `sudokulab scan17`: the band scan for 17s (design notes band-scan.md
 * §1.6-1.10) as jobs. With --rank R --slices A..B --pass P, the 17s of
 * those slices of one band-1 rank (src/jobs/scan17-job.ts); with --grid,
 * the 17s of given grids (scan17-grid-job.ts). This file checks the options
 * and makes the plan.
 */
import { readFileSync } from "node:fs";
import { describeFsError, resolveInputs } from "../io/input.js";
import { scan17PicksJob, type Scan17PicksSpec } from "../jobs/scan17-picks-job.js";
import type { Scan17Engine, Scan17Pass } from "../bandscan/index.js";
import { defaultUnitSlices, scan17Label, scan17Units, type Scan17Spec } from "../jobs/scan17-job.js";
import type { Scan17GridSpec } from "../jobs/scan17-grid-job.js";
import { rangeSize, rangeText, shardRange, type NumberRange } from "../jobs/ranges.js";
import type { InputItem } from "../jobs/items.js";
import type { JobPlan } from "../runner/plan.js";
import { itemSource } from "../runner/item-source.js";
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
  readonly json?: boolean;
  readonly picks?: string;
}

/** Options of the --rank form, which --grid and --picks do not take (--picks takes --pass). */
const RANK_OPTIONS = ["rank", "slices", "pass", "shard", "unitSlices"] as const;

/** The plan of the command (--rank or --grid); `given(name)` tells whether an option is on the command line. */
export async function planScan17(flags: Scan17Flags, given: (option: string) => boolean): Promise<JobPlan> {
  if (flags.grid !== undefined) {
    for (const option of [...RANK_OPTIONS, "picks"]) if (given(option)) throw new UsageError(`--${optionName(option)} cannot be used with --grid`);
    return planGrids(flags.grid, flags.engine, flags.json === true);
  }
  if (flags.picks !== undefined) {
    for (const option of RANK_OPTIONS) if (option !== "pass" && given(option)) throw new UsageError(`--${optionName(option)} cannot be used with --picks`);
    if (flags.pass === undefined) throw new UsageError("--picks needs --pass 1, 2a or 2b");
    return planPicks(flags.picks, flags.pass, flags.engine, flags.json === true);
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
    json: flags.json === true,
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
    spec.json === true ? "--json" : "",
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
async function planGrids(arg: string, engine: Scan17Engine, json: boolean): Promise<JobPlan> {
  const spec: Scan17GridSpec = { engine, headers: !/^[0-9.]+$/.test(arg), json };
  const common = {
    kindName: "scan17-grid" as const,
    spec,
    command: `scan17 --grid ${arg}${engine === "expand" ? "" : ` --engine ${engine}`}${json ? " --json" : ""}`,
    long: false,
    progress: { label: `scan17 --grid ${spec.headers ? arg : arg.slice(0, 12) + "..."}`, noun: null, found: (c: Readonly<Record<string, number>>) => `${c.grids ?? 0} grids, ${c.puzzles ?? 0} 17s` },
  };
  if (!spec.headers) {
    const [read] = readPuzzles(arg);
    if (read === undefined || !read.ok || read.annotation !== "") {
      throw new InputProblem(`--grid: ${read === undefined ? "empty" : read.ok ? "text after the 81 digits" : read.reason}`);
    }
    const item: InputItem = { where: "--grid", puzzle: read.puzzle, annotation: "" };
    return { ...common, source: { total: 1, units: () => [item] }, inputs: [] };
  }
  const { sources, problems } = await resolveInputs([arg]);
  if (problems.length > 0) throw new InputProblem(problems[0]);
  return { ...common, source: itemSource(sources, 16, true), inputs: sources };
}

/** --picks FILE: "rank slice" per line ('#' comments), each slice a unit. */
async function planPicks(file: string, pass: Scan17Pass, engine: Scan17Engine, json: boolean): Promise<JobPlan> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new InputProblem(`${file}: ${describeFsError(error)}`);
  }
  const picks: [number, number][] = [];
  text.split("\n").forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const match = /^(\d+)\s+(\d+)$/.exec(trimmed);
    if (match === null || Number(match[1]) > 415) throw new InputProblem(`${file}:${i + 1}: expected "rank slice" (rank 0 to 415)`);
    picks.push([Number(match[1]), Number(match[2])]);
  });
  const spec: Scan17PicksSpec = { pass, engine, picks, json };
  return {
    kindName: "scan17-picks",
    spec,
    command: `scan17 --pass ${pass} --picks ${file}${engine === "expand" ? "" : ` --engine ${engine}`}${json ? " --json" : ""}`,
    source: { total: picks.length, units: () => scan17PicksJob.units!(spec) },
    inputs: [{ name: file, path: file, size: null }],
    long: true,
    progress: { label: `scan17 pass ${pass} picks`, noun: "slices", found: (c) => `${c.puzzles ?? 0} 17s` },
  };
}

function optionName(option: string): string {
  return option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
