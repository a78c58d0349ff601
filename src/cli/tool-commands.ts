/**
 * The everyday tools of the command line: minimize, transform, isomorphic
 * and draw. Declared here as main.ts declares its commands; each command's
 * module is loaded only when it runs.
 */
import { type Command, Option } from "commander";
import { positiveInteger, seedValue } from "./options.js";
import { cellList, pictureSize, transformSpec } from "./tool-options.js";
import { DRAW_HELP, ISOMORPHIC_HELP, MINIMIZE_HELP, TRANSFORM_HELP } from "./tool-help.js";
import { UsageError } from "./errors.js";
import type { DrawFlags } from "./draw-command.js";
import type { IsomorphicFlags } from "./isomorphic-command.js";
import type { MinimizeFlags } from "./minimize-command.js";
import type { TransformFlags } from "./transform-command.js";

const DEFAULT_MINIMAL_LIMIT = 1000;
const PUZZLE_ARGUMENTS = "puzzles, or files of puzzles ('-' or none: stdin)";
const JSON_OPTION = "one JSON object per result, on one line, for programs";

export function addToolCommands(program: Command): void {
  program
    .command("minimize")
    .description("Remove clues from each puzzle while its solution stays unique, down to a minimal puzzle; or list every minimal subpuzzle.")
    .argument("[puzzles...]", PUZZLE_ARGUMENTS)
    .option("--all", "list every minimal subpuzzle (subset of the clues), up to --limit")
    .option("--limit <n>", "with --all: stop after n minimal subpuzzles", positiveInteger, DEFAULT_MINIMAL_LIMIT)
    .addOption(new Option("--seed <n>", "try the clues in a random order drawn from seed n instead of cell order").argParser(seedValue).conflicts("all"))
    .option("--json", JSON_OPTION)
    .addHelpText("after", MINIMIZE_HELP)
    .action(
      exitWith(async function (this: Command, puzzles: string[], flags: MinimizeFlags) {
        if (flags.all !== true && this.getOptionValueSource("limit") === "cli") throw new UsageError("minimize: --limit goes with --all");
        return (await import("./minimize-command.js")).runMinimizeCommand(puzzles, flags);
      }),
    );

  program
    .command("transform")
    .description("Make an isomorph of each puzzle or grid: by a random Sudoku symmetry (--random), or a given one (--spec).")
    .argument("[puzzles...]", PUZZLE_ARGUMENTS)
    .addOption(new Option("--random", "a random symmetry for each puzzle").conflicts("spec"))
    .option("--seed <n>", "with --random: seed the generator, to repeat a run", seedValue)
    .option("--spec <transform>", "this symmetry for every puzzle, e.g. transpose,rows=456123789,cols=123456789,digits=912345678", transformSpec)
    .option("--show", "print each puzzle's transform after it, tab-separated")
    .option("--json", JSON_OPTION)
    .addHelpText("after", TRANSFORM_HELP)
    .action(
      exitWith(async (puzzles: string[], flags: TransformFlags) => {
        if (flags.random !== true && flags.spec === undefined) throw new UsageError("transform: give --random or --spec TRANSFORM");
        if (flags.seed !== undefined && flags.random !== true) throw new UsageError("transform: --seed goes with --random");
        return (await import("./transform-command.js")).runTransformCommand(puzzles, flags);
      }),
    );

  program
    .command("isomorphic")
    .description("Tell whether two grids or puzzles are the same up to the Sudoku symmetries, and which symmetry takes A to B.")
    .argument("[a]", "puzzle or grid A, or a file holding it, or A and B ('-' or none: stdin)")
    .argument("[b]", "puzzle or grid B, or a file holding it")
    .option("--json", JSON_OPTION)
    .addHelpText("after", ISOMORPHIC_HELP)
    .action(
      exitWith(async (a: string | undefined, b: string | undefined, flags: IsomorphicFlags) => {
        const inputs = [a, b].filter((arg): arg is string => arg !== undefined);
        return (await import("./isomorphic-command.js")).runIsomorphicCommand(inputs, flags);
      }),
    );

  program
    .command("draw")
    .description("Draw a puzzle or grid as an SVG or PNG picture, for forums and papers.")
    .argument("<puzzle>", "the puzzle, or a file holding it ('-': stdin)")
    .addOption(new Option("--svg", "an SVG picture (the default)").conflicts("png"))
    .option("--png", "a PNG picture (the SVG rasterized by resvg)")
    .option("--candidates", "write each empty cell's candidates: the digits no given of its row, column or box holds")
    .option("--highlight <cells>", "fill these cells, e.g. r1c2,r3c4", cellList)
    .option("--size <px>", "width and height in pixels (default 460)", pictureSize)
    .option("--out <file>", "write the picture to this file instead of stdout")
    .addHelpText("after", DRAW_HELP)
    .action(exitWith(async (puzzle: string, flags: DrawFlags) => (await import("./draw-command.js")).runDrawCommand(puzzle, flags)));
}

/** Wraps an action: its exit code (a number, or 0) becomes the process's. */
function exitWith<A extends unknown[]>(action: (this: Command, ...args: A) => Promise<number | void>): (this: Command, ...args: A) => Promise<void> {
  return async function (this: Command, ...args: A) {
    const code = await action.apply(this, args);
    process.exitCode = typeof code === "number" ? code : 0;
  };
}
