/**
 * Runs a batch command (solve, count, canon, minimal, group-by-grid) over its
 * inputs: reads the lines in batches, runs the batches on worker threads or
 * in the main thread, and hands the results to the output sink strictly in
 * input order. Bad lines are reported on stderr as
 * `sudokulab: FILE:LINE: REASON`; the returned exit code is 1 if any failed.
 */
import { resolveInputs, LineReader, type InputSource, type LineBatch } from "./input.js";
import { runJob, type BatchCommand, type JobOptions, type JobResult } from "./line-jobs.js";
import { GridGroupSink, LineSink, type ResultSink } from "./output.js";
import { WorkerPool } from "./pool.js";
import { createProgress, type Progress } from "./progress.js";

/** Lines per batch: large enough that a batch's messaging cost is small next to its solving. */
const BATCH_LINES = 512;
/** The first this-many lines run in the main thread, so a small input never pays for starting workers. */
const SMALL_INPUT_LINES = 2000;

export interface BatchSettings {
  readonly command: BatchCommand;
  readonly options: JobOptions;
  readonly files: readonly string[];
  readonly threads: number;
  readonly strict: boolean;
}

/** Runs the command and returns the process exit code. */
export async function runBatchCommand(settings: BatchSettings): Promise<number> {
  const { sources, problems } = await resolveInputs(settings.files);
  for (const problem of problems) reportError(problem);
  if (problems.length > 0 && settings.strict) return 1;

  const sink = settings.command === "group-by-grid" ? new GridGroupSink() : new LineSink();
  const progress = createProgress(totalSize(sources));
  const run = new BatchRun(settings, sink, progress);
  try {
    await run.readAndRun(new LineReader(sources));
  } finally {
    progress.stop();
  }
  await sink.finish(!run.stopped);
  return problems.length > 0 || run.failed ? 1 : 0;
}

interface RunningBatch {
  readonly batch: LineBatch;
  readonly results: Promise<readonly JobResult[]>;
  settled: boolean;
}

class BatchRun {
  failed = false;
  /** Set when --strict stopped the run at an error. */
  stopped = false;

  private pool: WorkerPool | null = null;
  /** Batches handed to the pool, oldest first: their results are used in this order. */
  private readonly running: RunningBatch[] = [];
  private linesRead = 0;
  private linesDone = 0;

  constructor(
    private readonly settings: BatchSettings,
    private readonly sink: ResultSink,
    private readonly progress: Progress,
  ) {}

  async readAndRun(reader: LineReader): Promise<void> {
    try {
      for await (const batch of reader.batches(BATCH_LINES)) {
        await this.start(batch);
        if (this.stopped) return;
      }
      while (this.running.length > 0 && !this.stopped) await this.emitOldest();
    } finally {
      await this.pool?.close();
    }
  }

  /** Runs a batch in the main thread (the first SMALL_INPUT_LINES lines, or --threads 1) or hands it to the pool. */
  private async start(batch: LineBatch): Promise<void> {
    const { command, options, threads } = this.settings;
    const inline = threads === 1 || this.linesRead < SMALL_INPUT_LINES;
    this.linesRead += batch.lines.length;
    if (inline) {
      // Nothing is running yet: inline batches all come before the first pool batch.
      await this.emit(batch, batch.lines.map((line) => runJob(command, options, line.text)));
      return;
    }
    this.pool ??= new WorkerPool(threads, { command, options });
    const results = this.pool.run(batch.lines.map((line) => line.text));
    const entry: RunningBatch = { batch, results, settled: false };
    // Also marks the promise handled: if a worker crashes, the batches behind the one awaited fail too.
    results.then(
      () => {
        entry.settled = true;
      },
      () => {},
    );
    this.running.push(entry);
    // Two batches per thread keep every worker busy while the main thread writes results.
    while (this.running.length > 0 && !this.stopped && (this.running.length >= 2 * threads || this.running[0].settled)) {
      await this.emitOldest();
    }
  }

  private async emitOldest(): Promise<void> {
    const oldest = this.running.shift();
    if (oldest !== undefined) await this.emit(oldest.batch, await oldest.results);
  }

  /** Passes a batch's results on in order, reporting its bad lines. */
  private async emit(batch: LineBatch, outcomes: readonly JobResult[]): Promise<void> {
    for (let i = 0; i < outcomes.length; i++) {
      const outcome = outcomes[i];
      if ("output" in outcome) {
        this.sink.accept(outcome.output);
        continue;
      }
      this.failed = true;
      await this.sink.flush(); // earlier lines' output first, so a terminal shows them in order
      const { source, lineNumber } = batch.lines[i];
      this.progress.beforeMessage();
      reportError(`${source.name}:${lineNumber}: ${outcome.error}`);
      if (this.settings.strict) {
        this.stopped = true;
        return;
      }
    }
    this.linesDone += outcomes.length;
    this.progress.update(batch.bytesThrough, this.linesDone);
    await this.sink.flush();
  }
}

/** An error line on stderr, prefixed with the program's name. */
export function reportError(message: string): void {
  process.stderr.write(`sudokulab: ${message}\n`);
}

/** Total bytes of the inputs, or null when one has no known size (stdin). */
export function totalSize(sources: readonly InputSource[]): number | null {
  let total = 0;
  for (const source of sources) {
    if (source.size === null) return null;
    total += source.size;
  }
  return total;
}
