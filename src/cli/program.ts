/**
 * The commands of the `sudokulab` command line and their options; each
 * command's module is loaded only when it runs, so a run starts without the
 * others. The job commands (scan, scan17, entries --all-ranks, rate, the
 * batch commands) only make a plan: the same declarations serve a local run
 * (src/runner) and `cluster submit` (src/cluster), which re-parses the
 * command it is given with them.
 */
import { readFileSync } from "node:fs";
import { Command, InvalidArgumentError, Option } from "commander";
import { CATALOG_NAMES } from "../catalog/catalog.js";
import { DEFAULT_COLLECT_OPTIONS } from "../ua/collect-defaults.js";
import { DEFAULT_FORMAT, formatProblem } from "../jobs/rate-format.js";
import type { CanonForm, LineCommand } from "../jobs/lines-job.js";
import type { Deliver } from "../runner/plan.js";
import { UsageError } from "./errors.js";
import {
  CONVENTIONS, ENTRIES_HELP, ENTRY_HELP, EXPLAIN_HELP, GROUP_HELP, lineOutputHelp, RATE_HELP, SCAN_HELP, SCAN17_HELP, UA_HELP,
} from "./help.js";
import { addRunOptions, addThreadOptions, type JobFlags } from "./job-flags.js";
import { addToolCommands } from "./tool-commands.js";
import {
  bandRank, clueCount, digitCounts, nonNegativeInteger, positiveInteger, rankRange, scan17Engine, scan17Pass, seedValue, shardOption, sliceRange,
} from "./options.js";
import type { EntriesFlags } from "./entries-command.js";
import type { EntryFlags } from "./entry-command.js";
import type { ExplainFlags } from "./explain-command.js";
import type { RateFlags } from "./rate-command.js";
import type { ScanFlags } from "./scan-command.js";
import type { Scan17Flags } from "./scan17-command.js";
import type { UaFlags } from "./ua-command.js";

const DEFAULT_COUNT_LIMIT = 1000;


interface BatchFlags extends JobFlags {
  readonly limit?: number;
  readonly grid?: boolean;
  readonly puzzle?: boolean;
  readonly json?: boolean;
}

/** Declares every command; `deliver` receives the job commands' plans. */
export function buildProgram(deliver: Deliver, name = "sudokulab"): Command {
  const program = new Command(name)
    // Usage errors in the house form, "sudokulab: reason", like every other error.
    .configureOutput({ outputError: (text, write) => write(`sudokulab: ${text.replace(/^error: /, "")}`) })
    .description("Sudoku research toolkit: solve, count, rate and canonicalize puzzles; scan grids for puzzles; search the band catalogs for 17s.")
    .version(packageVersion())
    .showHelpAfterError("(add --help for additional information)")
    .addHelpText("after", CONVENTIONS);

  const batch = (command: LineCommand, description: string, result: string): Command =>
    addThreadOptions(program.command(command).description(description).argument("[files...]", "input files (default: stdin; '-' also means stdin)"))
      .option("--strict", "stop at the first bad item (exit code 1)")
      .option("--json", "one JSON object per result line: the puzzle, the result's fields, the annotation")
      .addHelpText("after", command === "group-by-grid" ? GROUP_HELP : lineOutputHelp(result));

  const runBatch = (command: LineCommand) => async (files: string[], flags: BatchFlags) => {
    const canonForm: CanonForm = flags.grid ? "grid" : flags.puzzle ? "puzzle" : "auto";
    const { planBatch } = await import("./batch-command.js");
    const options = { limit: flags.limit ?? DEFAULT_COUNT_LIMIT, canonForm, threads: flags.threads, strict: flags.strict === true, json: flags.json === true };
    return deliver(await planBatch(command, files, options), flags);
  };

  batch("solve", "Solve each puzzle.", `  The result is the solution (81 digits), "none" when the puzzle has no
  solution, or "multiple" when it has several.`).action(exit(runBatch("solve")));

  batch("count", "Count the solutions of each puzzle, up to a limit.", `  The result is the number of solutions; a count equal to the limit means
  "at least that many".`)
    .option("--limit <n>", "stop counting at n solutions", positiveInteger, DEFAULT_COUNT_LIMIT)
    .action(exit(runBatch("count")));

  batch("canon", "Print the canonical (minlex) form of each grid or puzzle.", `  The result is the canonical form, 81 characters ('.' for an empty cell).
  Without --grid or --puzzle, a line of 81 digits is taken as a grid and any
  other line as a puzzle. A puzzle with no solution or several solutions is a
  bad line.`)
    .addOption(new Option("--grid", "each line is a complete solution grid").conflicts("puzzle"))
    .addOption(new Option("--puzzle", "each line is a puzzle with a unique solution").conflicts("grid"))
    .action(exit(runBatch("canon")));

  batch("minimal", "Tell whether each puzzle is minimal (no clue can be removed).", `  The result is "minimal", or "not-minimal" followed by the redundant clues
  (e.g. "not-minimal r1c3 r5c7": each of them, removed alone, leaves the
  solution unique), or "none" / "multiple" when the puzzle itself has no
  solution / several.`).action(exit(runBatch("minimal")));

  batch("group-by-grid", "Group puzzles by their solution grid, up to isomorphism.", "").action(exit(runBatch("group-by-grid")));

  addRunOptions(
    addThreadOptions(
      program
        .command("rate")
        .description("Rate each puzzle on Sudoku Explainer 1.2.1's scale (ER/EP/ED).")
        .argument("[files...]", "input files (default: stdin; '-' also means stdin)")
        .addOption(new Option("--format <fmt>", "output line, with serate's codes (see below)").argParser(rateFormat).default(DEFAULT_FORMAT)),
    )
      .addOption(new Option("--pearl", "report ER 20.0 as soon as the puzzle cannot be a pearl (ER = EP), as serate does").conflicts("diamond"))
      .option("--diamond", "report ER 20.0 as soon as the puzzle cannot be a diamond (ER = EP = ED), as serate does")
      .option("--strict", "stop at the first bad item (exit code 1)")
      .option("--json", "one JSON object per puzzle: n, puzzle, status, er, ep, ed (SE's scale), technique, ms, annotation")
      .option("--no-uniqueness", "rate without the uniqueness techniques (unique rectangles and loops, BUG)")
      .addOption(new Option("--producers <n>", "use only SE's first N producers, as SE with the later techniques unticked").argParser(positiveInteger)),
    "<out>.checkpoint with --out; none for stdout",
  )
    .addHelpText("after", RATE_HELP)
    .action(exit(async (files: string[], flags: RateFlags) => deliver(await (await import("./rate-command.js")).planRate(files, flags), flags)));

  program
    .command("explain")
    .description("Explain each puzzle's Sudoku Explainer 1.2.1 solving path, step by step.")
    .argument("[puzzles...]", "puzzles, or files of puzzles ('-' or none: stdin)")
    .option("--json", "one JSON object per puzzle, on one line, for programs")
    .option("--no-uniqueness", "without the uniqueness techniques (unique rectangles and loops, BUG)")
    .addOption(new Option("--producers <n>", "use only SE's first N producers, as SE with the later techniques unticked").argParser(positiveInteger))
    .addHelpText("after", EXPLAIN_HELP)
    .action(exit(async (puzzles: string[], flags: ExplainFlags) => (await import("./explain-command.js")).runExplainCommand(puzzles, flags)));

  const ua = DEFAULT_COLLECT_OPTIONS;
  program
    .command("ua")
    .description("List the minimal unavoidable sets (UAs) found in one solution grid.")
    .argument("<grid>", "the solution grid: 81 digits 1-9")
    .addOption(
      new Option("--digits <list>", "digit floors to run: sizes 2-5, comma-separated, or 'none'").argParser(digitCounts).default([...ua.digits], ua.digits.join(",")),
    )
    .option("--no-boxes", "skip the 126 groups of 4 emptied boxes")
    .option("--random <n>", "random probes (0 for none, at most 1,000,000)", boundedInteger(0, 1_000_000), ua.randomProbes)
    .option("--empty-cells <n>", "cells emptied per random probe, 4 to 60", boundedInteger(4, 60), ua.emptyCells)
    .option("--seed <n>", "seed of the random probes (32-bit)", seedValue, ua.seed)
    .option("--max-size <n>", "print only UAs of at most n cells (faster than filtering the output)", positiveInteger)
    .option("--stats", "print a summary on stderr: count, size histogram, CPU time per method")
    .option("--json", 'one JSON object per UA: {"size", "cells": ["r1c2", ...]}')
    .addHelpText("after", UA_HELP)
    .action(exit(async (grid: string, flags: UaFlags) => (await import("./ua-command.js")).runUaCommand(grid, flags)));

  addRunOptions(
    addThreadOptions(
      program
        .command("scan")
        .description("List every puzzle with N clues and a unique solution inside one solution grid, or in every grid of a file.")
        .argument("[grid]", "the solution grid: 81 digits 1-9")
        .option("--grids <file>", "instead of GRID: scan every grid of this file, one after another")
        .requiredOption("--clues <n>", "number of clues, 1 to 81", clueCount)
        .option("--minimals", "only minimal puzzles (no clue can be removed)")
        .option("--stop-at-first", "stop after the first puzzle")
        .option("--mask <mask>", "81 characters: 1 = must be a clue, 0 = must not, anything else = free"),
    ),
    "<out>.checkpoint, or sudokulab-scan-<job id>.checkpoint here for stdout",
  )
    .option("--stats", "print the totals on stderr at the end")
    .option("--json", 'one JSON object per puzzle {"puzzle", "clues"} (with --grids: per grid {"where", "grid", "puzzles"})')
    .addOption(new Option("--engine <name>", "the search: bands, hitting, or auto (see below)").choices(["auto", "bands", "hitting"]).default("auto"))
    .option("--no-wasm", "hitting engine: the deepest levels in JavaScript, not in the WebAssembly kernel (same puzzles and nodes, about twice the CPU time)")
    .addHelpText("after", SCAN_HELP)
    .action(
      exit(async (grid: string | undefined, flags: ScanFlags) => {
        const { planScan, planScanGrids } = await import("./scan-command.js");
        if (grid === undefined && flags.grids === undefined) throw new UsageError("give a GRID, or --grids FILE");
        return deliver(grid === undefined ? await planScanGrids(flags.grids as string, flags) : planScan(grid, flags), flags);
      }),
    );

  addRunOptions(
    addThreadOptions(
      program
        .command("entries")
        .description("List the grids a band catalog lists under one band-1 rank, or count them, for one rank or all.")
        .addOption(new Option("--rank <r>", "the band-1 rank (n6 order), 0 to 415").argParser(bandRank).conflicts("allRanks"))
        .option("--all-ranks", "count every rank (needs --count), one rank per unit of work")
        .addOption(new Option("--catalog <name>", "the catalog").choices(CATALOG_NAMES).default("main"))
        .option("--slices <a..b>", "with --rank: only the entries of slices a to b of the rank (or of slice a)", sliceRange)
        .option("--count", "print the counts instead of the grids")
        .option("--ranks <a..b>", "with --all-ranks: only ranks a to b (or rank a)", rankRange)
        .option("--slices-only", "with --all-ranks --count: only each rank's bands 2 and slices (seconds per rank), to plan a search"),
      "with --all-ranks: worker threads",
    ),
    "with --all-ranks: <out>.checkpoint, or sudokulab-entries-<job id>.checkpoint here",
  )
    .option("--stats", "with --all-ranks: print the totals and CPU time on stderr at the end")
    .option("--json", "one JSON object per line: a grid {bands, ranks, slice}, or a count {catalog, rank, bands2, entries, bands3}")
    .addHelpText("after", ENTRIES_HELP)
    .action(
      exit(async function (this: Command, flags: EntriesFlags) {
        const given = (option: string): boolean => this.getOptionValueSource(option) === "cli";
        const entries = await import("./entries-command.js");
        return flags.allRanks ? deliver(entries.planAllRanks(flags, given), flags) : entries.runEntriesRank(flags, given);
      }),
    );

  program
    .command("entry")
    .description("Tell where each grid is listed in the band catalogs: entry, band 3, ranks and slice.")
    .argument("[grids...]", "grids (81 digits) or puzzles with a unique solution; any other argument is a file of them ('-' or none: stdin)")
    .addOption(new Option("--catalog <name>", "the catalog").choices(CATALOG_NAMES).default("main").conflicts("allCatalogs"))
    .option("--all-catalogs", "one line per catalog: main, inverted, pass1")
    .option("--no-slice", "print '-' for the slice instead of computing it (about a second per grid and catalog)")
    .option("--json", "one JSON object per line: {catalog, bands, ranks, slice, annotation}")
    .addHelpText("after", ENTRY_HELP)
    .action(exit(async (grids: string[], flags: EntryFlags) => (await import("./entry-command.js")).runEntryCommand(grids, flags)));

  addRunOptions(
    addThreadOptions(
      program
        .command("scan17")
        .description("The band scan for 17-clue puzzles: slices of one band-1 rank in one pass, or given grids.")
        .option("--rank <r>", "the band-1 rank (n6 order), 0 to 415", bandRank)
        .option("--slices <a..b>", "slices a to b of the rank (or slice a)", sliceRange)
        .option("--pass <p>", "the pass: 1 (pass1 catalog), 2a (main) or 2b (inverted)", scan17Pass)
        .option("--engine <e>", "how bands 1+2 are searched: expand or chunks (see below)", scan17Engine, "expand")
        .option("--shard <i/N>", "scan only part i of the slices cut into N parts (see below)", shardOption)
        .option("--unit-slices <n>", "consecutive slices per unit of work (see below)", positiveInteger)
        .option("--grid <grid|file>", "instead of --rank: the 17s of this grid (81 digits), or of each grid of a file ('-': stdin)")
        .option("--picks <file>", "instead of --rank: the slices listed in the file, 'rank slice' per line, one unit each (with --pass)"),
    ),
    "<out>.checkpoint, or sudokulab-scan17-<job id>.checkpoint here for stdout",
  )
    .option("--stats", "print the scan's counters and CPU time on stderr at the end")
    .option("--json", 'one JSON object per 17 {"puzzle", "ranks", "slice"} (with --grid: per grid {"where", "grid", "seventeens"})')
    .addHelpText("after", SCAN17_HELP)
    .action(
      exit(async function (this: Command, flags: Scan17Flags) {
        const given = (option: string): boolean => this.getOptionValueSource(option) === "cli";
        return deliver(await (await import("./scan17-command.js")).planScan17(flags, given), flags);
      }),
    );

  // Parsed by src/cluster/command.ts (main.ts hands it the arguments); declared here for the help's list.
  program
    .command("cluster")
    .description("Run a job on many machines through BullMQ and Redis: submit, worker, status, collect, retry, cancel ('sudokulab cluster --help').")
    .argument("[arguments...]")
    .allowUnknownOption()
    .helpOption(false);

  // `web`: the browser page, served from the package (web-command.ts checks the options and exits 2 on a bad one).
  program
    .command("web")
    .description("Serve the web page (solve, rate with steps, scan a grid) at http://HOST:PORT/.")
    .option("--port <n>", "port to listen on (0: any free port)", "8017")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .action(exit(async (flags: { port: string; host: string }) => (await import("./web-command.js")).runWebCommand(flags)));

  program
    .command("demo")
    .description("Solve, count and canonicalize a built-in 17-clue puzzle, and show the results.")
    .action(exit(async () => (await import("./demo.js")).runDemo()));

  addToolCommands(program);
  // Every usage error exits with 2, whatever the command; help and --version with 0.
  program.exitOverride();
  for (const command of program.commands) command.exitOverride();
  return program;
}

/** Wraps a command's action: its exit code (a number, or 0) becomes the process's. */
function exit<A extends unknown[]>(action: (...args: A) => Promise<number | void>): (...args: A) => Promise<void> {
  return async function (this: unknown, ...args: A) {
    const code = await action.apply(this, args);
    process.exitCode = typeof code === "number" ? code : 0;
  };
}

function rateFormat(value: string): string {
  const problem = formatProblem(value);
  if (problem !== null) throw new InvalidArgumentError(problem + ".");
  return value;
}

function boundedInteger(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = nonNegativeInteger(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected an integer from ${min} to ${max}.`);
    return n;
  };
}

/** The installed package's version; main.js sits at dist/src/cli/, three levels below package.json. */
function packageVersion(): string {
  const text = readFileSync(new URL("../../../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}

