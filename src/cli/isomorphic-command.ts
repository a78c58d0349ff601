/**
 * `sudokulab isomorphic A B`: whether two grids, or two puzzles with a
 * unique solution, are the same up to the Sudoku symmetries, and if so a
 * transform taking A to B in its text form. The answer is printed, not
 * signalled by the exit code, which keeps the house meaning: 0 answered,
 * 1 bad input, 2 bad options.
 */
import { clueCount, formatPuzzle, parseLine, type Puzzle } from "../core/puzzle.js";
import { solveUnique } from "../solver/solve.js";
import { formatTransform, isomorphism } from "../canon/index.js";
import { OutputClosed, stdoutSink } from "../io/output.js";
import { escapeControls } from "../io/messages.js";
import { argumentItems } from "./arg-inputs.js";
import { InputProblem } from "./errors.js";

export interface IsomorphicFlags {
  readonly json?: boolean;
}

interface Side {
  readonly where: string;
  readonly cells: Puzzle;
}

/** Returns the exit code: 1 when the input is not two good puzzles or grids. */
export async function runIsomorphicCommand(args: readonly string[], flags: IsomorphicFlags): Promise<number> {
  const sides: Side[] = [];
  let failed = false;
  let count = 0;
  const report = (where: string, reason: string): void => {
    failed = true;
    process.stderr.write(`sudokulab: ${escapeControls(where)}: ${escapeControls(reason)}\n`);
  };
  for await (const item of argumentItems(args)) {
    // A third item is enough to know there are too many; a long file is not read to its end.
    if (++count > 2) break;
    if ("error" in item) {
      report(item.where, item.error);
      continue;
    }
    const parsed = parseLine(item.puzzle);
    if (parsed.ok) sides.push({ where: item.where, cells: parsed.cells });
    else report(item.where, parsed.reason);
  }
  if (failed) return 1;
  if (count !== 2) throw new InputProblem(`expected two puzzles or grids (A and B), found ${count > 2 ? "more than two" : count}`);
  const [a, b] = sides;
  if (clueCount(a.cells) === clueCount(b.cells) && clueCount(a.cells) < 81) {
    for (const side of sides) {
      const status = solveUnique(side.cells).status;
      if (status !== "unique") report(side.where, `puzzle has ${status === "none" ? "no solution" : "several solutions"} (isomorphism is decided for grids and for puzzles with a unique solution)`);
    }
    if (failed) return 1;
  }
  const t = isomorphism(a.cells, b.cells);
  const answer = flags.json === true
    ? JSON.stringify({ isomorphic: t !== null, transform: t === null ? null : formatTransform(t), a: formatPuzzle(a.cells), b: formatPuzzle(b.cells) })
    : t === null ? "not isomorphic" : `isomorphic ${formatTransform(t)}`;
  try {
    await stdoutSink().write(answer + "\n");
  } catch (error) {
    if (!(error instanceof OutputClosed)) throw error;
  }
  return 0;
}
