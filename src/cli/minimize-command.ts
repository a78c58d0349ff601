/**
 * `sudokulab minimize PUZZLE|FILE...`: a minimal subpuzzle of each puzzle
 * (src/solver/minimize.ts), its clues tried in cell order or in a seeded
 * random order; with --all, every minimal subpuzzle up to --limit, each
 * list between a header and a footer comment that says whether it is
 * complete.
 */
import { cellName } from "../core/cells.js";
import { clueCount, formatPuzzle, type Puzzle } from "../core/puzzle.js";
import { mulberry32, randomOrder } from "../core/random.js";
import { minimalSubpuzzles, minimizePuzzle } from "../solver/minimize.js";
import { solveUnique } from "../solver/solve.js";
import { escapeControls } from "../io/messages.js";
import type { TextSink } from "../io/output.js";
import { answerEachItem, ItemProblem, type GoodItem } from "./each-item.js";

export interface MinimizeFlags {
  readonly all?: boolean;
  readonly limit: number;
  readonly seed?: number;
  readonly json?: boolean;
}

/** Returns the exit code: 1 when any puzzle was bad. */
export async function runMinimizeCommand(args: readonly string[], flags: MinimizeFlags): Promise<number> {
  const random = flags.seed === undefined ? null : mulberry32(flags.seed);
  return answerEachItem(args, (item, output) => {
    checkUnique(item.cells);
    return flags.all === true ? allMinimals(item, flags, output) : oneMinimal(item, random === null ? undefined : randomOrder(81, random), flags);
  });
}

function checkUnique(cells: Puzzle): void {
  const status = solveUnique(cells).status;
  if (status === "none") throw new ItemProblem("puzzle has no solution");
  if (status === "multiple") throw new ItemProblem("puzzle has several solutions (a minimal subpuzzle needs a unique one)");
}

function oneMinimal(item: GoodItem, order: number[] | undefined, flags: MinimizeFlags): string {
  const minimal = minimizePuzzle(item.cells, order);
  if (flags.json !== true) return formatPuzzle(minimal) + item.annotation + "\n";
  const removed: string[] = [];
  for (let cell = 0; cell < 81; cell++) if (item.cells[cell] !== minimal[cell]) removed.push(cellName(cell));
  const object = { puzzle: formatPuzzle(item.cells), annotation: item.annotation, minimal: formatPuzzle(minimal), clues: clueCount(minimal), removed };
  return JSON.stringify(object) + "\n";
}

/** Lines of minimal subpuzzles written at once: the first come out soon, and a long list costs few writes. */
const LINES_PER_WRITE = 64;

async function allMinimals(item: GoodItem, flags: MinimizeFlags, output: TextSink): Promise<string> {
  const puzzle = formatPuzzle(item.cells);
  const minimals: string[] = [];
  let written = 0;
  let complete = true;
  if (flags.json !== true) await output.write(`# ${item.where}: ${puzzle}${item.annotation}\n`);
  for (const minimal of minimalSubpuzzles(item.cells)) {
    if (minimals.length === flags.limit) {
      complete = false;
      break;
    }
    minimals.push(formatPuzzle(minimal));
    if (flags.json !== true && minimals.length - written === LINES_PER_WRITE) {
      await output.write(minimals.slice(written).join("\n") + "\n");
      written = minimals.length;
    }
  }
  if (!complete) {
    process.stderr.write(`sudokulab: ${escapeControls(item.where)}: more than ${flags.limit} minimal subpuzzles: stopped at the limit (--limit)\n`);
  }
  if (flags.json === true) return JSON.stringify({ puzzle, annotation: item.annotation, minimals, count: minimals.length, complete }) + "\n";
  const counted = `# ${minimals.length} minimal subpuzzle${minimals.length === 1 ? "" : "s"}`;
  const footer = complete ? `${counted}, all of them` : `${counted}, and more: stopped at --limit ${flags.limit}`;
  return [...minimals.slice(written), footer].join("\n") + "\n";
}
