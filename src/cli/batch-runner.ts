/**
 * Runs a batch command (solve, count, canon, minimal, group-by-grid) over its
 * inputs: reads lines, cuts them into batches, runs the batches on worker
 * threads or in the main thread, and hands the results to the output sink
 * strictly in input order. Bad lines are reported on stderr as
 * `sudokulab: FILE:LINE: REASON`; the returned exit code is 1 if any failed.
 */
import { resolveInputs, LineReader, type InputLine, type InputSource } from "./input.js";
import { runJob, type BatchCommand, type JobOptions, type JobResult } from "./line-jobs.js";
import { GridGroupSink, LineSink, type ResultSink } from "./output.js";
import { WorkerPool } from "./pool.js";
import { createProgress, type Progress } from "./progress.js";

/** Lines per batch: large enough that a batch's messaging cost is small next to its solving. */
const BATCH_LINES = 512;
/** Inputs shorter than this run in the main thread: starting workers would cost more than it saves. */
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

/** Runs batches of lines and returns their results, one per line, in order. */
interface LineExecutor {
  run(lines: readonly string[]): Promise<readonly JobResult[]>;
  close(): Promise<void>;
}

interface Batch {
  readonly lines: readonly InputLine[];
  /** Input bytes consumed up to the end of this batch, for the progress bar. */
  readonly bytesThrough: number;
}

interface RunningBatch {
  readonly batch: Batch;
  readonly results: Promise<readonly JobResult[]>;
}

class BatchRun {
  failed = false;
  /** Set when --strict stopped the run at an error. */
  stopped = false;

  private executor: LineExecutor | null = null;
  /** Batches read before the executor was chosen. */
  private readonly waiting: Batch[] = [];
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
      let lines: InputLine[] = [];
      for await (const line of reader.lines()) {
        lines.push(line);
        if (lines.length === BATCH_LINES) {
          await this.submit({ lines, bytesThrough: reader.bytesRead });
          lines = [];
          if (this.stopped) return;
        }
      }
      if (lines.length > 0) await this.submit({ lines, bytesThrough: reader.bytesRead });
      this.executor ??= this.createExecutor(false);
      await this.startWaiting();
      while (this.running.length > 0 && !this.stopped) await this.emitOldest();
    } finally {
      await this.executor?.close();
    }
  }

  private async submit(batch: Batch): Promise<void> {
    this.waiting.push(batch);
    this.linesRead += batch.lines.length;
    // The executor is chosen once the input is known to be large, or at its end (readAndRun).
    if (this.executor === null && (this.settings.threads === 1 || this.linesRead >= SMALL_INPUT_LINES)) {
      this.executor = this.createExecutor(this.settings.threads > 1);
    }
    if (this.executor !== null) await this.startWaiting();
  }

  private createExecutor(useWorkers: boolean): LineExecutor {
    const { command, options, threads } = this.settings;
    if (useWorkers) return new WorkerPool(threads, { command, options });
    return {
      run: async (lines) => lines.map((line) => runJob(command, options, line)),
      close: async () => {},
    };
  }

  /** Hands the waiting batches to the executor, keeping a bounded number in flight. */
  private async startWaiting(): Promise<void> {
    const executor = this.executor;
    if (executor === null) return;
    // Two per thread keeps every worker busy while the main thread writes results.
    const maxRunning = 2 * this.settings.threads;
    for (let batch = this.waiting.shift(); batch !== undefined && !this.stopped; batch = this.waiting.shift()) {
      const results = executor.run(batch.lines.map((line) => line.text));
      // Marked handled now: if a worker crashes, batches behind the one awaited fail too.
      results.catch(() => {});
      this.running.push({ batch, results });
      while (this.running.length >= maxRunning && !this.stopped) await this.emitOldest();
    }
  }

  /** Waits for the oldest running batch and passes its results on in order. */
  private async emitOldest(): Promise<void> {
    const oldest = this.running.shift();
    if (oldest === undefined) return;
    const { batch, results } = oldest;
    const outcomes = await results;
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

function reportError(message: string): void {
  process.stderr.write(`sudokulab: ${message}\n`);
}

function totalSize(sources: readonly InputSource[]): number | null {
  let total = 0;
  for (const source of sources) {
    if (source.size === null) return null;
    total += source.size;
  }
  return total;
}
