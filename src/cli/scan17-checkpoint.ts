/**
 * The checkpoint of `sudokulab scan17 --rank`: which slices of the run are
 * finished (as ranges), every 17 they hold, their counters and CPU seconds,
 * rewritten atomically after each slice. The output is written only from
 * this record, whole, once every slice is done, so an interrupted run and
 * its --resume can neither lose nor repeat a line; a slice is recorded whole
 * or not at all. The file is kept at the end as the run's record, so
 * --resume on a finished run prints the same output again without scanning.
 *
 * It names the run's parameters (pass, engine, rank, slices, shard); --resume
 * refuses a checkpoint made with others.
 */
import { existsSync } from "node:fs";
import { Scan17Stats, type Scan17Engine, type Scan17Pass } from "../bandscan/index.js";
import { readCheckpointRecord, writeFileAtomically } from "./atomic-file.js";
import { SliceSet, type SliceRange } from "./scan17-job.js";

const KIND = "sudokulab scan17";
const VERSION = 1;

/** What a checkpoint must match to be resumed. */
export interface Scan17Identity {
  readonly pass: Scan17Pass;
  /** The bands-1+2 engine: the 17s are the same, the counters are not. */
  readonly engine: Scan17Engine;
  readonly rank: number;
  /** --slices, the whole range (before --shard). */
  readonly slices: SliceRange;
  /** --shard i/N, or null. */
  readonly shard: { readonly index: number; readonly count: number } | null;
}

export interface Scan17State {
  /** Finished slices of the part (absent ones included). */
  readonly done: SliceSet;
  /** The 17s of finished slices, by slice (formatScan17Hit lines, in the kernel's order); slices without any are left out. */
  readonly hits: Map<number, readonly string[]>;
  /** Counters summed over the finished slices. */
  readonly stats: Scan17Stats;
  /** CPU seconds of the finished work, summed over the threads that did it. */
  cpuSeconds: number;
  /** Finished slices that do not exist: past the rank's last slice. */
  absentSlices: number;
}

/** How the checkpoint writes the parameters (and how a mismatch is told). */
function identityFields(identity: Scan17Identity): Record<string, string | number | null> {
  return {
    pass: identity.pass,
    engine: identity.engine,
    rank: identity.rank,
    slices: `${identity.slices.first}..${identity.slices.last}`,
    shard: identity.shard === null ? null : `${identity.shard.index}/${identity.shard.count}`,
  };
}

export function freshScan17State(): Scan17State {
  return { done: new SliceSet(), hits: new Map(), stats: new Scan17Stats(), cpuSeconds: 0, absentSlices: 0 };
}

export function scan17CheckpointExists(path: string): boolean {
  return existsSync(path);
}

/** Writes the checkpoint atomically; `part` is the slices this run covers (the shard's part), null when empty. */
export function writeScan17Checkpoint(path: string, identity: Scan17Identity, part: SliceRange | null, state: Scan17State): void {
  const complete = part === null || state.done.countWithin(part) === part.last - part.first + 1;
  const head = {
    kind: KIND,
    version: VERSION,
    ...identityFields(identity),
    part: part === null ? null : `${part.first}..${part.last}`,
    complete,
    done: state.done.toJSON(),
    absentSlices: state.absentSlices,
    cpuSeconds: Math.round(100 * state.cpuSeconds) / 100,
    stats: state.stats.toJSON(),
  };
  const hits = [...state.hits.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([slice, lines]) => "  " + JSON.stringify({ slice, lines }));
  // One slice's 17s per line: the file stays readable and diffable.
  const text = JSON.stringify(head).replace(/}$/, `,\n "hits": [${hits.length === 0 ? "" : "\n" + hits.join(",\n") + "\n"}]}\n`);
  writeFileAtomically(path, text);
}

/** Reads a checkpoint for --resume; throws a clear error when it is unreadable or was made with other parameters. */
export function readScan17Checkpoint(path: string, identity: Scan17Identity): Scan17State {
  const bad = (why: string): Error => new Error(`checkpoint ${path} is not a valid scan17 checkpoint: ${why}`);
  const record = readCheckpointRecord(path, KIND, VERSION, "scan17");
  // Checkpoints written before the chunks engine name none: they are the expansion engine's.
  if (record.engine === undefined) record.engine = "expand";
  const expected = identityFields(identity);
  const differences = Object.keys(expected).filter((key) => record[key] !== expected[key]);
  if (differences.length > 0) {
    const there = differences.map((key) => `${key} ${JSON.stringify(record[key])}`).join(", ");
    const here = differences.map((key) => `${key} ${JSON.stringify(expected[key])}`).join(", ");
    throw new Error(
      `checkpoint ${path} was made by another scan17 run (${there}; this one has ${here}): ` +
        "resume with the options it was made with, or give another --checkpoint (or --out), or delete it to start over",
    );
  }

  const { done, absentSlices, cpuSeconds, stats, hits } = record;
  if (!Array.isArray(done)) throw bad("no 'done' list");
  const ranges: SliceRange[] = [];
  for (const item of done as unknown[]) {
    if (!Array.isArray(item) || item.length !== 2 || !isCount(item[0]) || !isCount(item[1]) || item[0] > item[1]) {
      throw bad(`bad range ${JSON.stringify(item)} in 'done'`);
    }
    if (item[0] < identity.slices.first || item[1] > identity.slices.last) throw bad(`range ${JSON.stringify(item)} outside the slices`);
    ranges.push({ first: item[0], last: item[1] });
  }
  const doneSet = SliceSet.of(ranges);
  if (!isCount(absentSlices)) throw bad("bad 'absentSlices'");
  if (typeof cpuSeconds !== "number" || !(cpuSeconds >= 0)) throw bad("bad 'cpuSeconds'");
  if (typeof stats !== "object" || stats === null) throw bad("no 'stats'");
  if (!Array.isArray(hits)) throw bad("no 'hits' list");
  const hitMap = new Map<number, readonly string[]>();
  for (const item of hits as unknown[]) {
    const { slice, lines } = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    if (!isCount(slice) || !doneSet.has(slice) || hitMap.has(slice)) throw bad(`bad slice ${JSON.stringify(slice)} in 'hits'`);
    if (!Array.isArray(lines) || !lines.every((line): line is string => isHitLine(line, slice))) throw bad(`bad 17s of slice ${slice}`);
    hitMap.set(slice, lines);
  }
  return {
    done: doneSet,
    hits: hitMap,
    stats: Scan17Stats.fromJSON(stats as Parameters<typeof Scan17Stats.fromJSON>[0]),
    cpuSeconds,
    absentSlices,
  };
}

/** A formatScan17Hit line of this slice: `puzzle;%3d;%3d;%3d;%5d`. */
function isHitLine(line: unknown, slice: number): boolean {
  if (typeof line !== "string") return false;
  const match = /^[1-9.]{81};[ \d]+;[ \d]+;[ \d]+;\s*(\d+)$/.exec(line);
  return match !== null && Number(match[1]) === slice;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
