/**
 * The pieces of `sudokulab scan17 --rank` shared by the main thread and its
 * workers (scan17-worker.ts): the messages, and the pure arithmetic of slice
 * ranges: --shard's split, the split of the pending slices between threads,
 * and sets of slices kept as ranges (the checkpoint's "done"); and the
 * --stats table, which the --grid form prints too.
 */
import type { Scan17Engine, Scan17Pass, Scan17Stats } from "../bandscan/index.js";
import type { SliceRange } from "./entries-job.js";

export type { SliceRange };

/** Sent to each worker as workerData: the ranges it scans, one scanSlices17 call each, in order. */
export interface Scan17WorkerData {
  readonly pass: Scan17Pass;
  readonly engine: Scan17Engine;
  readonly rank: number;
  readonly ranges: readonly SliceRange[];
}

/** Counters as plain numbers (Scan17Stats.toJSON), as messages and the checkpoint carry them. */
export type StatsRecord = ReturnType<Scan17Stats["toJSON"]>;

/**
 * What a worker posts. "slice": a slice of the rank finished, with its 17s
 * (formatScan17Hit lines, in the kernel's order) and the counters and CPU
 * seconds since the previous message. "range": one of its ranges finished;
 * its slices not reported are past the rank's last slice (absent). The main
 * thread counts the "range"s, not the worker exits: an exit event can
 * overtake the worker's last messages.
 */
export type Scan17Message =
  | { readonly kind: "slice"; readonly slice: number; readonly hits: readonly string[]; readonly stats: StatsRecord; readonly cpuSeconds: number }
  | { readonly kind: "range"; readonly range: SliceRange; readonly stats: StatsRecord; readonly cpuSeconds: number };

/** Slices in a range. */
export function rangeSize(range: SliceRange): number {
  return range.last - range.first + 1;
}

/**
 * --shard i/N: part i (1 <= i <= N) of `range` cut into N contiguous parts
 * whose sizes differ by at most one (the larger ones last); null when the
 * part is empty (fewer slices than shards). Pure: every machine computes the
 * same split, and the N parts cover the range exactly once.
 */
export function shardRange(range: SliceRange, index: number, count: number): SliceRange | null {
  if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(index) || index < 1 || index > count) {
    throw new RangeError(`bad shard ${index}/${count}`);
  }
  const size = rangeSize(range);
  const first = range.first + partStart(size, index - 1, count);
  const last = range.first + partStart(size, index, count) - 1;
  return first <= last ? { first, last } : null;
}

/** Offset of part k of n in a run of `size` items: floor(k * size / n), without overflow for large sizes. */
function partStart(size: number, k: number, n: number): number {
  return Math.floor(size / n) * k + Math.floor(((size % n) * k) / n);
}

/**
 * The threads' shares: the slices of `ranges` (sorted, disjoint) cut into at
 * most `parts` contiguous runs of sizes differing by at most one, each given
 * as the ranges it covers (more than one only when it spans a gap of slices
 * already done). No share is empty.
 */
export function splitRanges(ranges: readonly SliceRange[], parts: number): SliceRange[][] {
  const total = ranges.reduce((sum, range) => sum + rangeSize(range), 0);
  const n = Math.min(parts, total);
  const shares: SliceRange[][] = [];
  let index = 0;
  let offset = 0; // slices of ranges[index] already handed out
  for (let k = 0; k < n; k++) {
    let left = partStart(total, k + 1, n) - partStart(total, k, n);
    const share: SliceRange[] = [];
    while (left > 0) {
      const range = ranges[index];
      const take = Math.min(left, rangeSize(range) - offset);
      share.push({ first: range.first + offset, last: range.first + offset + take - 1 });
      left -= take;
      offset += take;
      if (offset === rangeSize(range)) {
        index++;
        offset = 0;
      }
    }
    shares.push(share);
  }
  return shares;
}

/** A set of slices as sorted, disjoint, non-adjacent ranges: the completed slices of a run. */
export class SliceSet {
  private ranges: SliceRange[] = [];

  static of(ranges: readonly SliceRange[]): SliceSet {
    const set = new SliceSet();
    for (const range of ranges) set.addRange(range);
    return set;
  }

  addRange(range: SliceRange): void {
    let { first, last } = range;
    const kept: SliceRange[] = [];
    let placed = false;
    for (const r of this.ranges) {
      if (r.last + 1 < first) kept.push(r);
      else if (last + 1 < r.first) {
        if (!placed) kept.push({ first, last });
        placed = true;
        kept.push(r);
      } else {
        first = Math.min(first, r.first);
        last = Math.max(last, r.last);
      }
    }
    if (!placed) kept.push({ first, last });
    this.ranges = kept;
  }

  has(slice: number): boolean {
    return this.ranges.some((r) => r.first <= slice && slice <= r.last);
  }

  /** Slices of the set inside `within`. */
  countWithin(within: SliceRange): number {
    let count = 0;
    for (const r of this.ranges) count += Math.max(0, Math.min(r.last, within.last) - Math.max(r.first, within.first) + 1);
    return count;
  }

  /** The slices of `within` not in the set, as sorted ranges. */
  missingWithin(within: SliceRange): SliceRange[] {
    const missing: SliceRange[] = [];
    let next = within.first;
    for (const r of this.ranges) {
      if (r.last < next) continue;
      if (r.first > within.last) break;
      if (r.first > next) missing.push({ first: next, last: r.first - 1 });
      next = r.last + 1;
    }
    if (next <= within.last) missing.push({ first: next, last: within.last });
    return missing;
  }

  /** [[first, last], ...]: how the checkpoint stores it. */
  toJSON(): [number, number][] {
    return this.ranges.map((r) => [r.first, r.last]);
  }
}

/** "A..B", or "A" for one slice. */
export function rangeText(range: SliceRange): string {
  return range.first === range.last ? String(range.first) : `${range.first}..${range.last}`;
}

/** The counters of `now` minus those of `before`, key by key. */
export function statsDelta(now: StatsRecord, before: StatsRecord): StatsRecord {
  const delta = { ...now };
  for (const key of Object.keys(delta) as (keyof StatsRecord)[]) delta[key] -= before[key];
  return delta;
}

/**
 * The --stats table: the kernel's counters in pipeline order, then the CPU
 * seconds and what they buy, labels left-aligned and values right-aligned.
 */
export function statsTable(title: string, stats: Scan17Stats, cpuSeconds: number): string {
  const ratio = (n: number, d: number, digits: number): string => (d > 0 ? (n / d).toFixed(digits) : "-");
  const rows: [string, string][] = stats.lines().map(([label, value]) => [label, String(value)]);
  rows.push(
    ["CPU seconds", cpuSeconds.toFixed(2)],
    ["bands 3 per entry", ratio(stats.bands3, stats.entries, 2)],
    ["entries per CPU second", ratio(stats.entries, cpuSeconds, 1)],
    ["bands 3 per CPU second", ratio(stats.bands3, cpuSeconds, 1)],
  );
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  return `${title}\n` + rows.map(([label, value]) => `  ${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}\n`).join("");
}
