/**
 * `sudokulab rate [FILE...]`: Sudoku Explainer ratings, one line per puzzle,
 * `puzzle ED=ER/EP/ED` (skfr's format) by default or serate's --format codes
 * (rate-job.ts), followed by the line's annotation, in input order. With
 * --threads N > 1 the lines are rated by worker threads (pool.ts, the
 * `rate` job of line-jobs.ts) in small batches.
 *
 * A bad line (malformed, contradictory, no or several solutions) prints
 * nothing on stdout and is reported on stderr as `sudokulab: FILE:LINE:
 * REASON`; the run goes on and the exit code is 1. A valid puzzle that no
 * technique of SE's ladder finishes gets ER 20.0, as from serate (EP and ED
 * as far as reached, else 0.0); so does one rated with --producers N that
 * the first N producers cannot finish. While the implemented ladder is
 * shorter than SE's, a puzzle that needs a missing technique is not an
 * error: its line reads `puzzle ED=?/EP/ED` with `?` for each value not
 * known exactly. Counts of both go to stderr at the end; neither changes the
 * exit code. --pearl / --diamond stop the rating (rate.ts) as soon as the
 * path shows the puzzle is not one, and print serate's numbers (ER 20.0).
 */
import { LineReader, resolveInputs, type LineBatch } from "./input.js";
import { runJob, type JobOptions, type JobResult } from "./line-jobs.js";
import { LineSink } from "./output.js";
import { reportError, totalSize } from "./batch-runner.js";
import { WorkerPool } from "./pool.js";
import { createProgress } from "./progress.js";
import { DEFAULT_FORMAT, formatRecord, rateRecord, type RateJobOptions, type RateRecord } from "./rate-job.js";
import { PRODUCERS, type EarlyStop } from "../rate/index.js";

/** The hardest technique implemented so far, for messages. */
export const RATE_LIMIT_TEXT = "dynamic forcing chains (+) (9.0+)";

/** Lines per batch: ratings take milliseconds to a second, so small batches keep the threads evenly busy. */
const BATCH_LINES = 16;

export interface RateFlags {
  readonly strict?: boolean;
  /** False with --no-uniqueness: no unique rectangles/loops, no BUG. */
  readonly uniqueness?: boolean;
  readonly format?: string;
  readonly threads?: number;
  readonly pearl?: boolean;
  readonly diamond?: boolean;
  /** --producers N: only SE's first N producers (SE with the later techniques unticked). */
  readonly producers?: number;
}

export type RateLineResult =
  | { readonly output: string; readonly rated: boolean }
  | { readonly error: string };

/** Rates one input line with the default format (with SE's uniqueness techniques unless `uniqueness` is false). Never throws. */
export function rateLine(text: string, uniqueness = true): RateLineResult {
  const result = rateRecord(text, { uniqueness, stop: null });
  if ("error" in result) return result;
  return { output: formatRecord(DEFAULT_FORMAT, result.record, 1), rated: result.record.er !== null };
}

/** Runs the command and returns the process exit code. */
export async function runRateCommand(files: readonly string[], flags: RateFlags): Promise<number> {
  const { sources, problems } = await resolveInputs(files);
  for (const problem of problems) reportError(problem);
  if (problems.length > 0 && flags.strict === true) return 1;
  const stop: EarlyStop | null = flags.diamond === true ? "diamond" : flags.pearl === true ? "pearl" : null;
  const rate: RateJobOptions = flags.producers === undefined ? { uniqueness: flags.uniqueness ?? true, stop } : { uniqueness: flags.uniqueness ?? true, stop, producers: flags.producers };
  const options: JobOptions = { limit: 0, canonForm: "auto", rate };
  const format = flags.format ?? DEFAULT_FORMAT;
  const threads = flags.threads ?? 1;
  const sink = new LineSink();
  const progress = createProgress(totalSize(sources));
  const pool = threads > 1 ? new WorkerPool(threads, { command: "rate", options }) : null;
  let failed = problems.length > 0;
  let stopped = false;
  let unrated = 0;
  let unsolvable = 0;
  let ordinal = 0;
  let done = 0;

  /** Writes a batch's results in order; false when --strict stops the run. */
  const emit = async (batch: LineBatch, results: readonly JobResult[]): Promise<boolean> => {
    for (let i = 0; i < results.length; i++) {
      const result = results[i];
      if ("output" in result) {
        const record = JSON.parse(result.output) as RateRecord;
        if (record.status === "beyond") unrated++;
        if (record.status === "unsolvable") unsolvable++;
        sink.accept(formatRecord(format, record, ++ordinal));
        continue;
      }
      failed = true;
      await sink.flush();
      progress.beforeMessage();
      const line = batch.lines[i];
      reportError(`${line.source.name}:${line.lineNumber}: ${result.error}`);
      if (flags.strict === true) return false;
    }
    done += results.length;
    progress.update(batch.bytesThrough, done);
    await sink.flush();
    return true;
  };

  const running: { batch: LineBatch; results: Promise<readonly JobResult[]> }[] = [];
  try {
    for await (const batch of new LineReader(sources).batches(BATCH_LINES)) {
      const texts = batch.lines.map((line) => line.text);
      if (pool === null) {
        if (!(await emit(batch, texts.map((text) => runJob("rate", options, text))))) {
          stopped = true;
          break;
        }
        continue;
      }
      const results = pool.run(texts);
      results.catch(() => {}); // awaited in order below; a crash must not be an unhandled rejection meanwhile
      running.push({ batch, results });
      while (running.length >= 2 * threads) {
        const oldest = running.shift()!;
        if (!(await emit(oldest.batch, await oldest.results))) {
          stopped = true;
          break;
        }
      }
      if (stopped) break;
    }
    while (!stopped && running.length > 0) {
      const oldest = running.shift()!;
      if (!(await emit(oldest.batch, await oldest.results))) stopped = true;
    }
  } finally {
    progress.stop();
    await pool?.close();
  }
  await sink.finish();
  if (unsolvable > 0) {
    const ladder = flags.producers === undefined ? "SE 1.2.1's techniques" : `SE's first ${Math.min(flags.producers, PRODUCERS.length)} producers`;
    reportError(`${unsolvable} puzzle${unsolvable === 1 ? "" : "s"} beyond ${ladder} (ER 20.0, as serate prints it)`);
  }
  if (unrated > 0) {
    reportError(`${unrated} puzzle${unrated === 1 ? "" : "s"} not rated yet: ${unrated === 1 ? "it needs" : "they need"} a technique harder than ${RATE_LIMIT_TEXT} (printed as ER '?')`);
  }
  return failed ? 1 : 0;
}
