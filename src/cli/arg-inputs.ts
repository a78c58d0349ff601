/**
 * Inputs of the commands that take puzzles or grids as arguments as well as
 * files (explain, entry): an argument made only of cell characters is a
 * puzzle (so a puzzle one character short is told it is short, not that no
 * such file exists), anything else names a file ('-': stdin). Items come in
 * order: the arguments', and each file's.
 */
import { existsSync } from "node:fs";
import { readPuzzles } from "../core/puzzle-text.js";
import type { InputItem } from "../jobs/items.js";
import { ItemReader, resolveInputs } from "../io/input.js";

const CELL_TEXT = /^[0-9.xX*-]+$/;

/** True when an argument is a puzzle written out, not a file name. */
export function isPuzzleArgument(arg: string): boolean {
  return arg !== "-" && CELL_TEXT.test(arg.trim()) && !existsSync(arg);
}

/** Every item of the arguments (none: stdin), and each unreadable file as a problem item. */
export async function* argumentItems(args: readonly string[], perBatch = 1): AsyncGenerator<InputItem> {
  const inputs = args.length === 0 ? ["-"] : args;
  for (const [i, arg] of inputs.entries()) {
    const where = `argument ${i + 1}`;
    if (isPuzzleArgument(arg)) {
      const [read] = readPuzzles(arg.trim());
      yield read === undefined ? { where, error: "empty" } : read.ok ? { where, puzzle: read.puzzle, annotation: read.annotation } : { where, error: read.reason };
      continue;
    }
    const { sources, problems } = await resolveInputs([arg]);
    for (const problem of problems) {
      const colon = problem.indexOf(": ");
      yield { where: problem.slice(0, colon), error: problem.slice(colon + 2) };
    }
    for await (const batch of new ItemReader(sources).batches(perBatch)) yield* batch.items;
  }
}
