/**
 * The job runner: one machine, its threads. Every long command runs
 * through here (scan, scan --grids, scan17, entries --all-ranks, rate and
 * the batch commands); the cluster's collect renders through the same kind
 * of job, so a local run and a cluster run write the same bytes.
 *
 * What it does, once for all commands:
 * - hands units to threads (unit-pool.ts), at most a bounded stretch ahead
 *   of the output, and writes results in unit order: the output does not
 *   depend on the thread count;
 * - appends every finished unit to the checkpoint journal (checkpoint.ts)
 *   before its text is written, so the output never holds what the
 *   checkpoint does not;
 * - resumes: results from the journal are checked by their kind, rendered
 *   again and compared with the output file byte for byte before anything
 *   is appended; a checkpoint is locked (io/lock.ts) while a run holds it;
 * - reports bad input items on stderr in input order, shows progress, and
 *   on SIGINT/SIGTERM abandons the units in progress, keeps everything
 *   finished and exits with 130, printing the command that continues;
 * - at the end writes the run's record beside --out (record.ts) and removes
 *   the checkpoint.
 */
import { createHash, type Hash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { hostname } from "node:os";
import { resolve } from "node:path";
import { addCounters, type AnyJobKind, type Counters, type JobKindName, type Problem, type Renderer } from "../jobs/index.js";
import { FileLock } from "../io/lock.js";
import { checkWritable, fileSink, OutputClosed, stdoutSink, type TextSink } from "../io/output.js";
import { escapeControls } from "../io/messages.js";
import { CheckpointError, Journal, readJournal, type ReadJournal, type UnitRecord } from "./checkpoint.js";
import { createProgress, type Progress, type ProgressSpec } from "./progress.js";
import { readRecord, recordPath, totalsOf, writeRecord, type UnitCost } from "./record.js";
import { Interruption, resumeCommand } from "./signals.js";
import { MainThread, ThreadPool, type UnitExecutor } from "./unit-pool.js";
import type { UnitOutcome } from "./unit-task.js";

export const INTERRUPTED = 130;

/** The run could not start as asked (a checkpoint in the way, a lock held, paths that clash): exit code 2. */
export class RunRefused extends Error {}

export interface UnitSource {
  /** The units, in index order from 0. */
  units(): AsyncIterable<unknown> | Iterable<unknown>;
  /** How many there are, when known before they are all read. */
  readonly total: number | null;
  /** What a unit counts for in the progress (the slices of a scan17 unit, the input bytes of a block); 1 when absent. */
  weight?(unit: unknown): number;
  /** The weights' sum, when known before the units are all read (the input files' size). */
  readonly totalWeight?: number | null;
}

export interface RunSettings {
  readonly kindName: JobKindName;
  readonly kind: AnyJobKind;
  /** The job's id: a hash of its kind, spec and inputs (job-id.ts). */
  readonly job: string;
  /** The command as a user would type it, for the checkpoint and messages. */
  readonly command: string;
  readonly spec: unknown;
  readonly source: UnitSource;
  readonly threads: number;
  /** Units to run in the main thread (small fast work: the batch commands' first lines); none when absent. */
  readonly inline?: (index: number) => boolean;
  /** The output file, or null for stdout. */
  readonly out: string | null;
  /** The checkpoint journal, or null for a run that cannot be resumed. */
  readonly checkpoint: string | null;
  readonly resume: boolean;
  /** --stats: the kind's summary with its counters. */
  readonly stats: boolean;
  /** --strict: stop at the first bad input item. */
  readonly strict: boolean;
  /** Progress on stderr, or null for none. */
  readonly progress: ProgressSpec | null;
  /** Where units run instead of this machine's threads (cluster collect: the results stored in Redis). */
  readonly executor?: UnitExecutor;
  /** Units without a result are skipped, and the output holds what comes before the first of them (collect --partial). */
  readonly partial?: boolean;
}

/** Units finished but not yet written, at the most: bounds memory when one unit is slow. */
const MAX_AHEAD = 4096;

/** Runs the job; returns the exit code (0; 1: bad input items, a failed unit or check; 130: interrupted). */
export async function runJob(settings: RunSettings): Promise<number> {
  const interruption = new Interruption();
  try {
    return await new Run(settings, interruption).run();
  } finally {
    interruption.dispose();
  }
}

class Run {
  private readonly renderer: Renderer<unknown>;
  private journal: Journal | null = null;
  private lock: FileLock | null = null;
  private sink: TextSink | null = null;
  private verifier: PrefixCheck | null = null;
  private readonly outHash: Hash = createHash("sha256");
  private outBytes = 0;
  private progress: Progress | null = null;
  private executor: UnitExecutor | null = null;
  private readonly main = new MainThread();

  /** Results waiting for the units before them. */
  private readonly held = new Map<number, { data: unknown; fromJournal: boolean }>();
  /** Every finished unit's cost, each unit once. */
  private readonly costs = new Map<number, UnitCost>();
  /** Units without a result (collect --partial). */
  private readonly missing: number[] = [];
  /** The journal of a resumed run: finished units not yet met in the unit order. */
  private resumed: ReadJournal | null = null;
  private next = 0;
  /** Stdout runs with a checkpoint: units written before this run. */
  private writtenBefore = 0;
  private problems = 0;
  private unitWeights = new Map<number, number>();
  private weightDone = 0;
  private weightTotal: number | null = null;
  /** The first unit whose result ends the job (--stop-at-first), if any. */
  private endAt = Number.POSITIVE_INFINITY;
  private writes: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  private unitFailure: string | null = null;
  private strictStop = false;
  private readonly counters: Counters = {};
  private readonly cpuStart = process.cpuUsage();
  /** Units in the job, once the source has been read to its end. */
  private unitCount: number | null = null;
  /** Resolves when the run must stop early: a signal, a failed unit or write, --strict. */
  private readonly halted: Promise<void>;
  private halt: () => void = () => {};
  /**
   * Set while runUnits waits for a free slot: a unit's end, or a halt,
   * calls it. One waiter at a time, instead of a race that would hang a
   * reaction on every unit in flight (and on `halted`) for each unit read.
   */
  private wake: (() => void) | null = null;
  /** Set while runUnits waits for input: only a halt calls it. */
  private wakeOnHalt: (() => void) | null = null;
  private hasHalted = false;
  /** Whether a drain is queued and has not started: later results wait for it instead of queueing their own. */
  private drainQueued = false;

  constructor(
    private readonly settings: RunSettings,
    private readonly interruption: Interruption,
  ) {
    this.renderer = settings.kind.renderer(settings.spec);
    this.halted = new Promise((resolve) => {
      this.halt = resolve;
    });
    void interruption.stopped.then(() => this.halt());
    void this.halted.then(() => {
      this.hasHalted = true;
      this.wakeOnHalt?.();
      this.wakeUp();
    });
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Resolves at the next unit's end or halt. */
  private unitEndOrHalt(): Promise<void> {
    if (this.hasHalted) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /** The source's next unit, or null once the run has halted. */
  private nextOrHalt<T>(next: Promise<T> | T): Promise<T | null> {
    return new Promise((resolve, reject) => {
      this.wakeOnHalt = () => resolve(null);
      Promise.resolve(next).then(resolve, reject);
    });
  }

  async run(): Promise<number> {
    const { settings } = this;
    try {
      const early = await this.open();
      if (early !== null) return early;
      this.progress = settings.progress === null ? null : createProgress(settings.progress, 0, () => cpuSeconds(this.cpuStart));
      await this.runUnits();
      await this.writes;
      if (this.failure !== null) throw this.failure;
      if (this.unitFailure !== null) return this.failUnit();
      if (this.strictStop) return 1;
      if (this.missing.length > 0) return this.partialEnd();
      if (!this.complete()) {
        if (this.interruption.signal === null) throw new Error("internal error: the run ended with units not written");
        return this.interrupted();
      }
      return await this.finish();
    } catch (error) {
      if (error instanceof OutputClosed) return this.readerGone();
      throw error;
    } finally {
      this.progress?.stop();
      await this.executor?.close();
      await this.sink?.close().catch(() => {});
      this.journal?.close();
      this.lock?.unlock();
    }
  }

  /** Checkpoint, lock and output; returns an exit code when there is nothing to run. */
  private async open(): Promise<number | null> {
    const { settings } = this;
    const out = settings.out === null ? null : resolve(settings.out);
    if (settings.checkpoint !== null) {
      if (out !== null && resolve(settings.checkpoint) === out) throw new RunRefused("--out and --checkpoint name the same file");
      this.lock = FileLock.acquire(`${settings.checkpoint}.lock`, `checkpoint ${settings.checkpoint}`);
      if (existsSync(settings.checkpoint)) {
        if (!settings.resume) {
          throw new RunRefused(`checkpoint ${settings.checkpoint} exists: add --resume to go on from it, or delete it to start over`);
        }
        this.resumed = this.readOwnJournal(settings.checkpoint, out);
      } else if (settings.resume && out !== null && this.alreadyDone(out)) {
        return 0;
      }
    }
    if (settings.out !== null) await checkWritable(settings.out);
    const resuming = this.resumed !== null;
    if (out !== null && resuming) this.verifier = PrefixCheck.of(out);
    this.sink = settings.out === null ? stdoutSink() : await fileSink(settings.out, resuming);
    if (this.resumed !== null) {
      this.writtenBefore = out === null ? this.resumed.written : 0;
      this.journal = Journal.reopen(this.resumed);
      const count = this.resumed.units.size;
      if (count > 0) process.stderr.write(`sudokulab: resuming ${settings.command}: ${count} unit${count === 1 ? "" : "s"} from the checkpoint ${settings.checkpoint}\n`);
    } else if (settings.checkpoint !== null) {
      this.journal = Journal.create(settings.checkpoint, { job: settings.job, kind: settings.kindName, command: settings.command, spec: settings.spec, out });
    }
    return null;
  }

  /** Reads the checkpoint and checks it belongs to this job and this output. */
  private readOwnJournal(path: string, out: string | null): ReadJournal {
    let read: ReadJournal;
    try {
      read = readJournal(path);
    } catch (error) {
      if (error instanceof CheckpointError) throw new RunRefused(error.message);
      throw error;
    }
    if (read.header.job !== this.settings.job) {
      throw new RunRefused(
        `checkpoint ${path} was made by another run (${read.header.command}); resume with that command, ` +
          "or give another --checkpoint (or --out), or delete it to start over",
      );
    }
    if (read.header.out !== out) {
      throw new RunRefused(
        `checkpoint ${path} was made for the output ${read.header.out ?? "<stdout>"}, not ${out ?? "<stdout>"}; ` +
          `resume with ${read.header.out === null ? "no --out" : `--out ${read.header.out}`}`,
      );
    }
    return read;
  }

  /** --resume with no checkpoint: a record of this job beside an intact output means it is done. */
  private alreadyDone(out: string): boolean {
    const record = readRecord(recordPath(out));
    if (record === null || record.job !== this.settings.job || !existsSync(out)) return false;
    if (createHash("sha256").update(readFileSync(out)).digest("hex") !== record.sha256) return false;
    process.stderr.write(`sudokulab: ${this.settings.command}: already complete (${recordPath(out)}); nothing to run\n`);
    const summary = this.settings.kind.summary?.(this.settings.spec, record.totals, this.settings.stats) ?? "";
    process.stderr.write(summary);
    return true;
  }

  private async runUnits(): Promise<void> {
    const { settings } = this;
    const inFlight = new Set<Promise<void>>();
    const threads = Math.max(1, settings.threads);
    const source = settings.source.units();
    const units: AsyncIterator<unknown> | Iterator<unknown> = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
    try {
      for (let i = 0; ; i++) {
        // A signal must not wait for input that may never come (a terminal, a quiet pipe).
        const next = this.hasHalted ? null : await this.nextOrHalt(units.next());
        this.wakeOnHalt = null;
        if (next === null || this.stopping() || i > this.endAt) break;
        if (next.done === true) {
          this.unitCount = i;
          break;
        }
        const unit = next.value;
        this.unitWeights.set(i, settings.source.weight?.(unit) ?? 1);
        const record = this.resumed?.units.get(i);
        if (record !== undefined) {
          this.acceptJournalRecord(i, unit, record);
          continue;
        }
        const capacity = (this.executor ?? settings.executor)?.capacity ?? 2 * threads;
        while (!this.stopping() && (inFlight.size >= capacity || i >= this.next + MAX_AHEAD)) {
          // Too far ahead with nothing running: the writer has the results it needs; let it catch up.
          if (inFlight.size === 0) await this.writes;
          else await this.unitEndOrHalt();
        }
        if (this.stopping() || i > this.endAt) break;
        const executor = settings.executor ?? (settings.inline?.(i) === true ? this.main : (this.executor ??= new ThreadPool(threads)));
        const running = executor
          .run({ kind: settings.kindName, job: settings.job, spec: settings.spec, index: i, unit })
          .then((outcome) => this.unitDone(i, unit, outcome));
        inFlight.add(running);
        void running.finally(() => {
          inFlight.delete(running);
          this.wakeUp();
        });
      }
    } finally {
      // Releases the input (the reader's files and stdin) when the run stopped early.
      await units.return?.();
    }
    if (this.unitCount !== null) {
      this.weightTotal = this.totalWeight(this.unitCount);
      this.showProgress();
    }
    while (inFlight.size > 0) {
      if (this.stopping()) {
        await this.executor?.abandon(() => true);
        await Promise.all(inFlight);
        break;
      }
      await Promise.race([Promise.all(inFlight), this.halted]);
    }
  }

  private stopping(): boolean {
    return this.interruption.signal !== null || this.failure !== null || this.unitFailure !== null || this.strictStop;
  }

  private totalWeight(units: number): number {
    let total = 0;
    for (let i = 0; i < units; i++) total += this.unitWeights.get(i) ?? 1;
    return total;
  }

  private acceptJournalRecord(index: number, unit: unknown, record: UnitRecord): void {
    const why = this.settings.kind.check(this.settings.spec, unit, record.data);
    if (why !== null) throw new RunRefused(`checkpoint ${this.settings.checkpoint}: the result of unit ${index} cannot be trusted (${why}); delete the checkpoint to start over`);
    this.costs.set(index, { unit: index, cpu: record.cpu, counters: record.counters, by: record.by });
    this.accept(index, record.data, true);
  }

  private unitDone(index: number, unit: unknown, outcome: UnitOutcome | null): void {
    if (outcome === null) return;
    if (!outcome.ok) {
      if ("missing" in outcome) {
        if (!this.settings.partial) {
          this.unitFailure ??= `unit ${index} (${describeUnit(unit)}) has no result`;
          this.halt();
        }
        this.missing.push(index);
        return;
      }
      this.unitFailure ??= `unit ${index} (${describeUnit(unit)}) failed: ${outcome.error}`;
      this.halt();
      return;
    }
    if (this.settings.executor !== undefined) {
      // A result from elsewhere is believed only once its kind has checked it.
      const why = this.settings.kind.check(this.settings.spec, unit, outcome.data);
      if (why !== null) {
        this.unitFailure ??= `the result of unit ${index} (${describeUnit(unit)}) cannot be trusted: ${why}`;
        this.halt();
        return;
      }
    }
    const by = outcome.by ?? thisProcess();
    this.journal?.addUnit({ unit: index, data: outcome.data, counters: outcome.counters, cpu: outcome.cpu, by });
    const cost: UnitCost = { unit: index, cpu: outcome.cpu, counters: outcome.counters, by, ...(outcome.runs === undefined ? {} : { runs: outcome.runs }) };
    this.costs.set(index, cost);
    this.accept(index, outcome.data, false);
  }

  private accept(index: number, data: unknown, fromJournal: boolean): void {
    if (this.settings.kind.ends?.(this.settings.spec, data) === true && index < this.endAt) {
      this.endAt = index;
      void this.executor?.abandon((i) => i > index);
    }
    this.held.set(index, { data, fromJournal });
    if (this.drainQueued) return;
    this.drainQueued = true;
    this.writes = this.writes
      .then(() => {
        this.drainQueued = false;
        return this.drain();
      })
      .catch((error: unknown) => {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
        this.halt();
      });
  }

  /** Writes every result that is next in unit order. */
  private async drain(): Promise<void> {
    let text = "";
    const problems: Problem[] = [];
    while (this.next <= this.endAt && !this.strictStop) {
      const result = this.held.get(this.next);
      if (result === undefined) break;
      this.held.delete(this.next);
      const rendered = this.renderer.render(result.data);
      const unitProblems = this.settings.kind.problems(result.data);
      this.problems += unitProblems.length;
      const silent = this.next < this.writtenBefore || (this.verifier !== null && result.fromJournal);
      if (!silent) problems.push(...unitProblems);
      this.weightDone += this.unitWeights.get(this.next) ?? 1;
      const cost = this.costs.get(this.next);
      if (cost !== undefined) addCounters(this.counters, cost.counters);
      this.next++;
      if (this.next <= this.writtenBefore) continue;
      text += rendered;
      if (this.settings.strict && unitProblems.length > 0) {
        this.strictStop = true;
        this.halt();
        break;
      }
    }
    await this.write(text);
    this.report(problems);
    if (this.settings.out === null) this.journal?.addWritten(this.next);
    this.journal?.syncSoon();
    this.showProgress();
  }

  /** Writes output text: first compared with what a resumed run's file already holds, the rest appended. */
  private async write(text: string): Promise<void> {
    if (text.length === 0) return;
    let rest = text;
    if (this.verifier !== null) {
      rest = this.verifier.consume(text, this.settings.out ?? "", this.settings.checkpoint ?? "");
      if (this.verifier.done) this.verifier = null;
    }
    this.outHash.update(text);
    this.outBytes += Buffer.byteLength(text);
    if (rest.length > 0) await this.sink!.write(rest);
  }

  private report(problems: readonly Problem[]): void {
    if (problems.length === 0) return;
    this.progress?.beforeMessage();
    process.stderr.write(problems.map((p) => `sudokulab: ${escapeControls(p.where)}: ${escapeControls(p.reason)}\n`).join(""));
  }

  private showProgress(): void {
    this.progress?.update(this.weightDone, this.weightTotal ?? this.knownTotalWeight(), this.counters);
  }

  /** The total weight while units are still being read, when the source knows it. */
  private knownTotalWeight(): number | null {
    const { source } = this.settings;
    if (source.totalWeight !== undefined) return source.totalWeight;
    return source.weight === undefined ? source.total : null;
  }

  /** Every unit that matters is written: all of them, or all up to the one that ends the job. */
  private complete(): boolean {
    return this.next > this.endAt || (this.unitCount !== null && this.next >= this.unitCount);
  }

  private async finish(): Promise<number> {
    const { settings } = this;
    if (this.verifier !== null && !this.verifier.done) {
      throw new RunRefused(`${settings.out} holds more than the checkpoint's results account for; delete the checkpoint and the output to start over`);
    }
    await this.write(this.renderer.finish());
    await this.sink!.sync();
    const totals = totalsOf(this.costs.values(), this.problems);
    if (settings.out !== null) {
      writeRecord(recordPath(settings.out), {
        job: settings.job,
        kind: settings.kindName,
        command: settings.command,
        spec: settings.spec,
        out: resolve(settings.out),
        bytes: this.outBytes,
        sha256: this.outHash.digest("hex"),
        totals,
        units: [...this.costs.values()].sort((a, b) => a.unit - b.unit),
      });
    }
    this.removeCheckpoint();
    this.progress?.stop();
    process.stderr.write(settings.kind.summary?.(settings.spec, totals, settings.stats) ?? "");
    const failure = settings.kind.failure?.(settings.spec, totals) ?? null;
    if (failure !== null) process.stderr.write(`sudokulab: ${failure}\n`);
    return this.problems > 0 || failure !== null ? 1 : 0;
  }

  private removeCheckpoint(): void {
    if (this.settings.checkpoint === null) return;
    this.journal?.close();
    this.journal = null;
    rmSync(this.settings.checkpoint, { force: true });
  }

  private interrupted(): number {
    const { settings } = this;
    this.progress?.stop();
    const where = settings.checkpoint === null ? "no checkpoint (add --out FILE or --checkpoint FILE to make a run resumable)" : `checkpoint saved in ${settings.checkpoint}`;
    const done = this.costs.size;
    process.stderr.write(`sudokulab: ${settings.command} interrupted (${this.interruption.signal}): ${done} unit${done === 1 ? "" : "s"} done; ${where}\n`);
    if (settings.checkpoint !== null) process.stderr.write(`sudokulab: to continue: ${resumeCommand()}\n`);
    return INTERRUPTED;
  }

  /** collect --partial with units missing: the output holds the units before the first missing one; the journal keeps every result pulled. */
  private partialEnd(): number {
    const { settings } = this;
    this.progress?.stop();
    const missing = this.missing.sort((a, b) => a - b);
    const shown = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ", ..." : "");
    process.stderr.write(
      `sudokulab: ${settings.command}: partial: ${missing.length} unit${missing.length === 1 ? "" : "s"} missing (${shown}); ` +
        `${settings.out ?? "the output"} holds the first ${this.next} units, ${settings.checkpoint} every result pulled so far\n`,
    );
    return 0;
  }

  private failUnit(): number {
    this.progress?.stop();
    process.stderr.write(`sudokulab: ${this.unitFailure}\n`);
    if (this.settings.checkpoint !== null) process.stderr.write(`sudokulab: the units finished are in the checkpoint ${this.settings.checkpoint}\n`);
    return 1;
  }

  /** The reader of stdout went away (`| head`): a normal way to stop. The run cannot be resumed into that pipe. */
  private readerGone(): number {
    this.removeCheckpoint();
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  }
}

/**
 * A resumed run's output file: the results from the checkpoint, rendered
 * again, must reproduce it byte for byte before anything is appended.
 */
class PrefixCheck {
  private offset = 0;

  private constructor(private readonly existing: Buffer) {}

  static of(path: string): PrefixCheck {
    return new PrefixCheck(existsSync(path) ? readFileSync(path) : Buffer.alloc(0));
  }

  get done(): boolean {
    return this.offset >= this.existing.length;
  }

  /** Compares `text` with the file's next bytes; returns what lies past the file's end. */
  consume(text: string, path: string, checkpoint: string): string {
    const bytes = Buffer.from(text);
    const overlap = Math.min(bytes.length, this.existing.length - this.offset);
    if (!bytes.subarray(0, overlap).equals(this.existing.subarray(this.offset, this.offset + overlap))) {
      throw new RunRefused(
        `${path} differs from what the checkpoint ${checkpoint} says was written (from byte ${this.offset + 1} on): ` +
          "it was changed, or belongs to another run; nothing was written",
      );
    }
    this.offset += overlap;
    return bytes.subarray(overlap).toString();
  }
}

function describeUnit(unit: unknown): string {
  const text = JSON.stringify(unit);
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const now = process.cpuUsage(since);
  return (now.user + now.system) / 1e6;
}

let processName: string | null = null;

/** This process as a unit's runner: host/pid (read once: hostname() is a system call). */
function thisProcess(): string {
  return (processName ??= `${hostname()}/${process.pid}`);
}
