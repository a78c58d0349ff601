/**
 * The loop of the commands that answer each puzzle given as an argument or
 * read from files (minimize, transform): items in order, each answer written
 * to stdout as soon as it is ready, each bad item or failed answer reported
 * on stderr as `sudokulab: WHERE: REASON` while the others go on.
 */
import { parseLine, type Puzzle } from "../core/puzzle.js";
import { OutputClosed, stdoutSink, type TextSink } from "../io/output.js";
import { escapeControls } from "../io/messages.js";
import { argumentItems } from "./arg-inputs.js";

/** One good input item. */
export interface GoodItem {
  readonly where: string;
  readonly cells: Puzzle;
  /** The text after the 81 cells, as given (empty, or starting with a separator). */
  readonly annotation: string;
}

/** A problem with one item, told in a sentence: the item is skipped and the exit code becomes 1. */
export class ItemProblem extends Error {}

/**
 * Answers every item of `args` (none: stdin) with `answer`, which returns
 * the text to print (ending with a newline; a long answer may write its
 * beginning to `output` itself as it goes) or throws an ItemProblem.
 * Returns the exit code: 1 when any item was bad.
 */
export async function answerEachItem(args: readonly string[], answer: (item: GoodItem, output: TextSink) => string | Promise<string>): Promise<number> {
  const output = stdoutSink();
  let failed = false;
  const report = (where: string, reason: string): void => {
    failed = true;
    process.stderr.write(`sudokulab: ${escapeControls(where)}: ${escapeControls(reason)}\n`);
  };
  try {
    for await (const item of argumentItems(args)) {
      if ("error" in item) {
        report(item.where, item.error);
        continue;
      }
      const parsed = parseLine(item.puzzle);
      if (!parsed.ok) {
        report(item.where, parsed.reason);
        continue;
      }
      let text: string;
      try {
        text = await answer({ where: item.where, cells: parsed.cells, annotation: item.annotation }, output);
      } catch (error) {
        if (!(error instanceof ItemProblem)) throw error;
        report(item.where, error.message);
        continue;
      }
      await output.write(text);
    }
  } catch (error) {
    // The reader went away (`sudokulab minimize ... | head`): a normal way to stop, as for the batch commands.
    if (!(error instanceof OutputClosed)) throw error;
  }
  return failed ? 1 : 0;
}
