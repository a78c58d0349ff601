/**
 * `sudokulab explain PUZZLE|FILE...`: every step of Sudoku Explainer 1.2.1's
 * solving path, in order, with its technique, rating, pattern (cells, digits,
 * units) and effects (placements r3c4=5, eliminations r1c2<>7), then a
 * summary line with ER/EP/ED; a chaining step is followed by its chains, one
 * line each, link by link from the assumption to the conclusion. A puzzle
 * that no technique of SE's ladder finishes ends with SE's ER 20.0. --json
 * prints one JSON object per puzzle and line instead. The formatting lives
 * in src/rate/explain.ts.
 *
 * An argument whose first 81 characters are digits and '.' is a puzzle;
 * anything else is a file of puzzles, one per line ('-' is stdin). A bad
 * puzzle is reported on stderr as `sudokulab: FILE:LINE: REASON` (or
 * `argument N: REASON`), the others are still explained, and the exit code is 1.
 */
import { formatPuzzle, parseLine } from "../core/puzzle.js";
import { formatRating, ratePuzzle, type RateResult } from "../rate/index.js";
import { describeChains, describeStep, stepJson } from "../rate/explain.js";
import { stdoutSink } from "../io/output.js";
import { escapeControls } from "../io/messages.js";
import { argumentItems } from "./arg-inputs.js";

export interface ExplainFlags {
  readonly json?: boolean;
  /** False with --no-uniqueness. */
  readonly uniqueness?: boolean;
  /** --producers N: only SE's first N producers. */
  readonly producers?: number;
}

export type ExplainResult = { readonly output: string } | { readonly error: string };

/** Explains one input line: the text (several lines, no final newline) or one JSON line. Never throws. */
export function explainLine(text: string, flags: ExplainFlags = {}): ExplainResult {
  const parsed = parseLine(text);
  if (!parsed.ok) return { error: parsed.reason };
  const result = ratePuzzle(parsed.cells, { steps: true, uniqueness: flags.uniqueness ?? true, ...(flags.producers === undefined ? {} : { producers: flags.producers }) });
  if (result.status === "invalid") {
    if (result.reason === "no solution") return { error: "puzzle has no solution" };
    return { error: result.reason === "more than one solution" ? "puzzle has several solutions" : result.reason };
  }
  const puzzle = formatPuzzle(parsed.cells);
  return { output: flags.json === true ? explainJson(puzzle, parsed.annotation, result) : explainText(puzzle + parsed.annotation, result, flags) };
}

type Rated = Exclude<RateResult, { status: "invalid" }>;

function explainText(header: string, result: Rated, flags: ExplainFlags): string {
  const lines = [header];
  const width = String(result.steps.length).length;
  const indent = " ".repeat(width + 4);
  result.steps.forEach((step, i) => {
    lines.push(`${String(i + 1).padStart(width)}. ${describeStep(step)}`);
    for (const chain of describeChains(step)) lines.push(indent + chain);
  });
  const all = (r: { er: number; ep: number; ed: number }): string => `${formatRating(r.er)}/${formatRating(r.ep)}/${formatRating(r.ed)}`;
  if (result.status === "unsolvable" || result.status === "stopped") {
    const why =
      result.status === "unsolvable"
        ? `no technique${flags.producers === undefined ? "" : ` of SE's first ${flags.producers} producers`} applies: SE rates the puzzle 20.0, with EP and ED as far as reached (0.0 if not).`
        : `the puzzle is not a ${result.stop}: serate stops with ER 20.0.`;
    lines.push(`Stopped after ${result.steps.length} steps: ${why}`, `ED=${all(result)}`);
  } else if (result.status === "rated") {
    lines.push(`ED=${formatRating(result.er)}/${formatRating(result.ep)}/${formatRating(result.ed)} (ER ${formatRating(result.er)}, EP ${formatRating(result.ep)}, ED ${formatRating(result.ed)}; ${result.steps.length} steps)`);
  } else {
    // Only a ladder shorter than SE's can leave a puzzle "beyond"; the whole ladder is implemented.
    throw new Error("internal error: the rating stopped short of SE's ladder");
  }
  return lines.join("\n");
}

function explainJson(puzzle: string, annotation: string, result: Rated): string {
  const value = (rating: number | null): number | null => (rating === null ? null : rating / 10);
  const object = {
    puzzle,
    annotation,
    status: result.status,
    er: value(result.status === "beyond" ? null : result.er),
    ep: value(result.ep),
    ed: value(result.ed),
    /** With status "beyond" or "unsolvable": the hardest step found before stopping (with "beyond", a lower bound of ER). */
    hardestSoFar: value(result.status === "rated" ? result.er : result.hardestSoFar),
    steps: result.steps.map(stepJson),
  };
  return JSON.stringify(object);
}

/** Runs the command and returns the process exit code. */
export async function runExplainCommand(args: readonly string[], flags: ExplainFlags): Promise<number> {
  const output = stdoutSink();
  let failed = false;
  let first = true;
  for await (const item of argumentItems(args)) {
    const result: ExplainResult = "error" in item ? { error: item.error } : explainLine(item.puzzle + item.annotation, flags);
    if ("output" in result) {
      await output.write((first || flags.json === true ? "" : "\n") + result.output + "\n");
      first = false;
      continue;
    }
    failed = true;
    process.stderr.write(`sudokulab: ${escapeControls(item.where)}: ${escapeControls(result.error)}\n`);
  }
  return failed ? 1 : 0;
}
