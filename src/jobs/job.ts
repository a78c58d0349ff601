/**
 * What a job is, for the one runner that runs every long command (src/runner
 * on this machine's threads, src/cluster on many machines): a deterministic
 * list of units, each a small piece of plain data, and a pure function from a
 * unit to its result. Because a result depends on nothing but its unit, a
 * unit may run anywhere, twice, or after a crash, and the output, rendered
 * from the results in unit order, is the same bytes every time.
 *
 * A kind of job says four things: how a thread prepares for it (tables, a
 * grid's UAs: once per thread, not per unit), how one unit runs, how results
 * become output text, and how a result that comes from outside this process
 * (a checkpoint on disk, another machine through Redis) is checked before it
 * is believed. Nothing here touches Node: the kinds run in browsers too.
 */

/** An input item that could not be answered: where it is (FILE:LINE, "argument N") and why. */
export interface Problem {
  readonly where: string;
  readonly reason: string;
}

/** Counters of the work a unit did; they may differ between two runs of a unit, its data may not. */
export type Counters = Record<string, number>;

/** What running a unit gives. */
export interface UnitRun<Data> {
  /** The result: plain JSON, a pure function of the unit. */
  readonly data: Data;
  readonly counters: Counters;
}

/** Turns results into output text, unit after unit, in unit order. */
export interface Renderer<Data> {
  /** The text of one unit's result (may be ""). */
  render(data: Data): string;
  /** The text after the last unit (a total line, groups kept to the end). */
  finish(): string;
}

/** Counters and CPU summed over every unit of a job, each unit once. */
export interface Totals {
  readonly units: number;
  readonly counters: Counters;
  readonly cpuSeconds: number;
  readonly problems: number;
}

export interface JobKind<Spec, Unit, Data, Context = unknown> {
  /** The command this kind runs, as the CLI and the cluster name it. */
  readonly name: string;
  /**
   * The units, for kinds whose units follow from the spec alone (a scan's
   * chunks, a rank's slices): the cluster then stores only the spec. Kinds
   * whose units are input items have none here.
   */
  units?(spec: Spec): Unit[];
  /**
   * Loads what `run` needs beyond the kind itself, once, where units run
   * (awaited before the first run): a thread that only checks and renders
   * results, such as the main thread, does not pay for it.
   */
  load?(): Promise<void>;
  /**
   * V8 settings the job's hot loops run best with, for the Node runner to
   * set before they are compiled (the browser keeps its defaults). A
   * setting holds for the rest of the run, whatever job comes next.
   */
  engineFlags?(spec: Spec): string | undefined;
  /** What a thread sets up once for a job (cached by the job's id). */
  prepare(spec: Spec): Context;
  run(context: Context, spec: Spec, unit: Unit): UnitRun<Data>;
  /**
   * Why a result that did not come from this process cannot be believed, or
   * null. Checks its shape and, where that is cheap, its truth (a puzzle is
   * solved again), so an edited checkpoint or a bad machine cannot put a
   * false line in the output.
   */
  check(spec: Spec, unit: Unit, data: unknown): string | null;
  renderer(spec: Spec): Renderer<Data>;
  /** The bad input items in a result, reported on stderr in unit order. */
  problems(data: Data): readonly Problem[];
  /** True when the result makes every later unit useless (the first puzzle of --stop-at-first). */
  ends?(spec: Spec, data: Data): boolean;
  /** Why the complete job failed a check of its own (the exit code is then 1), or null. */
  failure?(spec: Spec, totals: Totals): string | null;
  /** Lines for stderr once the job is complete; `verbose` (--stats) asks for the counters too. */
  summary?(spec: Spec, totals: Totals, verbose: boolean): string;
}

/** A kind with its type parameters erased, as the runner and the threads hold it (`unknown` would not do: a kind's functions take its own types). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every spec, unit and result type
export type AnyJobKind = JobKind<any, any, any, any>;

/** Adds `more` into `sum`, counter by counter. */
export function addCounters(sum: Counters, more: Readonly<Counters>): void {
  for (const key of Object.keys(more)) sum[key] = (sum[key] ?? 0) + more[key];
}

/** True for a non-negative safe integer (the shape checks of results use it often). */
export function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** The problems field of a result: [{where, reason}] strings only. */
export function isProblemList(value: unknown): value is Problem[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === "object" && item !== null && typeof item.where === "string" && typeof item.reason === "string")
  );
}
