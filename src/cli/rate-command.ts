/**
 * `sudokulab rate [FILE...]`: Sudoku Explainer ratings, one line per puzzle,
 * `puzzle ED=ER/EP/ED` (skfr's format), followed by the line's annotation.
 * Runs in the main thread (no --threads yet: that needs `rate` as a
 * BatchCommand of line-jobs.ts and the worker pool).
 *
 * A bad line (malformed, contradictory, no or several solutions) prints
 * nothing on stdout and is reported on stderr as `sudokulab: FILE:LINE:
 * REASON`; the run goes on and the exit code is 1. A puzzle that needs a
 * technique this implementation does not have yet is not an error: its line
 * reads `puzzle ED=?/EP/ED` with `?` for each value not known exactly, and a
 * count of such puzzles goes to stderr at the end.
 */
import { formatPuzzle, parseLine } from "../core/puzzle.js";
import { formatRating, ratePuzzle } from "../rate/index.js";
import { LineReader, resolveInputs, type InputSource } from "./input.js";
import { LineSink } from "./output.js";
import { reportError, totalSize } from "./batch-runner.js";
import { createProgress } from "./progress.js";

/** The hardest technique implemented so far, for messages. */
export const RATE_LIMIT_TEXT = "dynamic forcing chains (8.5+)";

export interface RateFlags {
  readonly strict?: boolean;
  /** False with --no-uniqueness: no unique rectangles/loops, no BUG. */
  readonly uniqueness?: boolean;
}

export type RateLineResult =
  | { readonly output: string; readonly rated: boolean }
  | { readonly error: string };

/** Rates one input line (with SE's uniqueness techniques unless `uniqueness` is false). Never throws. */
export function rateLine(text: string, uniqueness = true): RateLineResult {
  const parsed = parseLine(text);
  if (!parsed.ok) return { error: parsed.reason };
  const result = ratePuzzle(parsed.cells, { uniqueness });
  const puzzle = formatPuzzle(parsed.cells);
  switch (result.status) {
    case "invalid":
      if (result.reason === "no solution") return { error: "puzzle has no solution" };
      return { error: result.reason === "more than one solution" ? "puzzle has several solutions" : result.reason };
    case "rated":
      return { output: `${puzzle} ED=${formatRating(result.er)}/${formatRating(result.ep)}/${formatRating(result.ed)}${parsed.annotation}`, rated: true };
    case "beyond": {
      const known = (rating: number | null): string => (rating === null ? "?" : formatRating(rating));
      return { output: `${puzzle} ED=?/${known(result.ep)}/${known(result.ed)}${parsed.annotation}`, rated: false };
    }
  }
}

/** Runs the command and returns the process exit code. */
export async function runRateCommand(files: readonly string[], flags: RateFlags): Promise<number> {
  const { sources, problems } = await resolveInputs(files);
  for (const problem of problems) reportError(problem);
  if (problems.length > 0 && flags.strict === true) return 1;
  const sink = new LineSink();
  const progress = createProgress(totalSize(sources));
  let failed = problems.length > 0;
  let unrated = 0;
  let done = 0;
  try {
    batches: for await (const batch of new LineReader(sources).batches(64)) {
      for (const line of batch.lines) {
        const result = rateLine(line.text, flags.uniqueness ?? true);
        if ("output" in result) {
          sink.accept(result.output);
          if (!result.rated) unrated++;
          continue;
        }
        failed = true;
        await sink.flush();
        progress.beforeMessage();
        reportError(`${line.source.name}:${line.lineNumber}: ${result.error}`);
        if (flags.strict === true) break batches;
      }
      done += batch.lines.length;
      progress.update(batch.bytesThrough, done);
      await sink.flush();
    }
  } finally {
    progress.stop();
  }
  await sink.finish();
  if (unrated > 0) {
    reportError(`${unrated} puzzle${unrated === 1 ? "" : "s"} not rated yet: ${unrated === 1 ? "it needs" : "they need"} a technique harder than ${RATE_LIMIT_TEXT} (printed as ER '?')`);
  }
  return failed ? 1 : 0;
}
