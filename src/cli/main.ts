#!/usr/bin/env node
/**
 * The `sudokulab` command line: the batch commands (solve, count, canon,
 * minimal, group-by-grid), which read puzzles one per line and answer each,
 * `ua` (the unavoidable sets of one grid), `scan` (the N-clue puzzles of one
 * grid), `entries` and `entry` (the band catalogs), `scan17` (the band scan
 * for 17s) and `demo`. This file only declares the commands and their
 * options (parsed by options.ts), and loads a command's module only when that
 * command runs, so a run starts without the others; the work happens in batch-runner.ts, line-jobs.ts, ua-command.ts,
 * scan-command.ts, entries-command.ts, entry-command.ts, scan17-command.ts, rate-command.ts and explain-command.ts.
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Command, InvalidArgumentError, Option } from "commander";
import { CATALOG_NAMES } from "../catalog/catalog.js";
import { DEFAULT_COLLECT_OPTIONS, DEFAULT_FIVE_DIGIT_FLOOR_CAP } from "../ua/collect.js";
import type { EntriesFlags } from "./entries-command.js";
import type { EntryFlags } from "./entry-command.js";
import type { BatchCommand, CanonForm, JobOptions } from "./line-jobs.js";
import type { ExplainFlags } from "./explain-command.js";
import { bandRank, clueCount, digitCounts, nonNegativeInteger, rankRange, scan17Engine, scan17Pass, seedValue, shardOption, sliceRange } from "./options.js";
import type { RateFlags } from "./rate-command.js";
import { DEFAULT_FORMAT, FORMAT_CODES, formatProblem } from "./rate-job.js";
import type { ScanFlags } from "./scan-command.js";
import type { Scan17Flags } from "./scan17-command.js";
import type { UaFlags } from "./ua-command.js";

const DEFAULT_COUNT_LIMIT = 1000;
/** Exit code of a bad command line for `entries`, `entry` and `scan17` (the usual code for a usage error). */
const USAGE_ERROR = 2;

const INPUT_HELP = `Input:
  The files named, read in order, or stdin when none is named (or for '-').
  One puzzle per line: 81 characters, digits 1-9 and '.' or '0' for an empty
  cell, optionally followed by an annotation: text starting with a space, tab,
  '#' or ';'. Blank lines and lines starting with '#' are skipped silently.

Errors:
  A bad line (malformed, a digit repeated in a unit, or a failure of the
  command on it) prints nothing on stdout, so stdout stays parseable; its
  reason goes to stderr as "sudokulab: FILE:LINE: REASON" (FILE is <stdin>
  for stdin) and the run goes on. The exit code is 1 if any line failed,
  0 otherwise. --strict stops at the first bad line instead.`;

/** The help's Output section for a line command; `result` describes its result (2-space indented lines). */
function lineOutputHelp(result: string): string {
  return `
Output:
  One line per valid input line, in input order: the result, followed by the
  line's annotation exactly as it was given.
${result}

${INPUT_HELP}`;
}

interface BatchFlags {
  readonly threads: number;
  readonly strict?: boolean;
}

interface CountFlags extends BatchFlags {
  readonly limit: number;
}

interface CanonFlags extends BatchFlags {
  readonly grid?: boolean;
  readonly puzzle?: boolean;
}

const DEFAULT_JOB_OPTIONS: JobOptions = { limit: DEFAULT_COUNT_LIMIT, canonForm: "auto" };

/** 1234567 as "1,234,567" for the help texts; toLocaleString would load ICU's locale data (30 ms) on every start. */
function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function main(): Promise<Command> {
  // `sudokulab ... | head` closes stdout early; that is a normal way to stop, not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });

  const program = new Command("sudokulab")
    .description("Sudoku research toolkit: solve, count, canonicalize and check puzzles, one per line.")
    .version(packageVersion())
    .showHelpAfterError("(add --help for additional information)")
    .addHelpText(
      "after",
      `
The batch commands (all but ua, scan, entries, entry, scan17 and demo) read one puzzle
per line from files or stdin and answer each line on stdout; bad lines are
reported on stderr and make the exit code 1. See 'sudokulab <command> --help'
for the details.`,
    );

  batchCommand(program, "solve", "Solve each puzzle.")
    .addHelpText(
      "after",
      lineOutputHelp(`  The result is the solution (81 digits), "none" when the puzzle has no
  solution, or "multiple" when it has several.`),
    )
    .action(async (files: string[], flags: BatchFlags) => runBatch("solve", files, flags, DEFAULT_JOB_OPTIONS));

  batchCommand(program, "count", "Count the solutions of each puzzle, up to a limit.")
    .option("--limit <n>", "stop counting at n solutions", positiveInteger, DEFAULT_COUNT_LIMIT)
    .addHelpText(
      "after",
      lineOutputHelp(`  The result is the number of solutions; a count equal to the limit means
  "at least that many".`),
    )
    .action(async (files: string[], flags: CountFlags) =>
      runBatch("count", files, flags, { ...DEFAULT_JOB_OPTIONS, limit: flags.limit }),
    );

  batchCommand(program, "canon", "Print the canonical (minlex) form of each grid or puzzle.")
    .addOption(new Option("--grid", "each line is a complete solution grid").conflicts("puzzle"))
    .addOption(new Option("--puzzle", "each line is a puzzle with a unique solution").conflicts("grid"))
    .addHelpText(
      "after",
      lineOutputHelp(`  The result is the canonical form, 81 characters ('.' for an empty cell).
  Without --grid or --puzzle, a line of 81 digits is taken as a grid and any
  other line as a puzzle. A puzzle with no solution or several solutions is a
  bad line.`),
    )
    .action(async (files: string[], flags: CanonFlags) => {
      const canonForm: CanonForm = flags.grid ? "grid" : flags.puzzle ? "puzzle" : "auto";
      await runBatch("canon", files, flags, { ...DEFAULT_JOB_OPTIONS, canonForm });
    });

  batchCommand(program, "minimal", "Tell whether each puzzle is minimal (no clue can be removed).")
    .addHelpText(
      "after",
      lineOutputHelp(`  The result is "minimal", or "not-minimal" followed by the redundant clues
  (e.g. "not-minimal r1c3 r5c7": each of them, removed alone, leaves the
  solution unique), or "none" / "multiple" when the puzzle itself has no
  solution / several.`),
    )
    .action(async (files: string[], flags: BatchFlags) => runBatch("minimal", files, flags, DEFAULT_JOB_OPTIONS));

  batchCommand(program, "group-by-grid", "Group puzzles by their solution grid, up to isomorphism.")
    .addHelpText(
      "after",
      `
Output:
  One line per distinct solution grid, after all the input is read:
  canonicalGrid<TAB>count<TAB>puzzle1,puzzle2,... The puzzles are relabelled
  into the canonical grid's coordinates, kept in input order, without their
  annotations. Lines are sorted by count (most first), then by grid. A puzzle
  without a unique solution is a bad line. When --strict stops the run,
  nothing is printed on stdout.

${INPUT_HELP}`,
    )
    .action(async (files: string[], flags: BatchFlags) =>
      runBatch("group-by-grid", files, flags, DEFAULT_JOB_OPTIONS),
    );

  program
    .command("rate")
    .description("Rate each puzzle on Sudoku Explainer 1.2.1's scale (ER/EP/ED).")
    .argument("[files...]", "input files (default: stdin; '-' also means stdin)")
    .addOption(new Option("--format <fmt>", "output line, with serate's codes (see below)").argParser(rateFormat).default(DEFAULT_FORMAT))
    .addOption(new Option("--threads <n>", "worker threads (1: the main thread)").argParser(positiveInteger).default(1))
    .addOption(new Option("--pearl", "report ER 20.0 as soon as the puzzle cannot be a pearl (ER = EP), as serate does").conflicts("diamond"))
    .option("--diamond", "report ER 20.0 as soon as the puzzle cannot be a diamond (ER = EP = ED), as serate does")
    .option("--strict", "stop at the first bad line (exit code 1)")
    .option("--no-uniqueness", "rate without the uniqueness techniques (unique rectangles and loops, BUG)")
    .addOption(new Option("--producers <n>", "use only SE's first N producers, as SE with the later techniques unticked").argParser(positiveInteger))
    .addHelpText(
      "after",
      `
Ratings: ER is the hardest step of Sudoku
Explainer 1.2.1's solving path (serate 1.2.1.3), EP the hardest up to the
first placed digit, ED the first step. All 30 of SE's producers, from the
singles to the nested forcing chains of levels 2-5 (9.5+), in SE's order.
SE always uses the uniqueness
techniques (unique rectangles and loops 4.5+, BUG 5.6+), and so do published
ratings; --no-uniqueness rates as SE does with them switched off.

Format codes (--format; default "${DEFAULT_FORMAT}"):
${FORMAT_CODES.map(([code, text]) => `  ${code}  ${text}`).join("\n")}
  Any other character is copied. The line's annotation follows the format.

ER 20.0: as serate, a valid puzzle that no technique of SE's ladder (or of
  its first N producers with --producers N) can finish gets ER 20.0, with EP
  and ED as far as the path got (0.0 when not reached: no digit placed, no
  step); a count goes to stderr.

Early stops (serate's --pearl / --diamond): the rating stops as soon as the
  puzzle cannot be a pearl (ER = EP) / diamond (ER = EP = ED) and prints
  ER 20.0: from the first placed digit on, at a step harder than EP;
  --diamond also at a step harder than ED before the first placement
  (printing EP 0.0). EP and ED are printed as serate has them then, and %t
  names the step that stopped the rating.

Output:
  One line per valid input line, in input order whatever --threads: by
  default "PUZZLE ED=ER/EP/ED" (e.g. "<puzzle> ED=2.6/1.2/1.2"), then the
  line's annotation. While SE's ladder is not all implemented, a puzzle that
  needs a harder technique is not rated yet: its ER is printed as '?' (and
  EP or ED too, unless the path reached them first; %t is '?'), and a count
  of such puzzles goes to stderr at the end; they do not change the exit
  code. A puzzle with no solution or several solutions is a bad line
  (serate does not check: it rates what its techniques make of it, 20.0
  when they get stuck).

${INPUT_HELP}`,
    )
    .action(async (files: string[], flags: RateFlags) => {
      process.exitCode = await (await import("./rate-command.js")).runRateCommand(files, flags);
    });

  program
    .command("explain")
    .description("Explain each puzzle's Sudoku Explainer 1.2.1 solving path, step by step.")
    .argument("[puzzles...]", "81-character puzzles, or files of puzzles one per line ('-' or none: stdin)")
    .option("--json", "one JSON object per puzzle, on one line, for programs")
    .option("--no-uniqueness", "without the uniqueness techniques (unique rectangles and loops, BUG)")
    .addOption(new Option("--producers <n>", "use only SE's first N producers, as SE with the later techniques unticked").argParser(positiveInteger))
    .addHelpText(
      "after",
      `
Output (text): per puzzle, the puzzle line, then one line per step:
  "N. TECHNIQUE (RATING) digits D in CELLS [UNITS] => EFFECTS", where the
  effects are eliminations (r1c2<>7) and a placement (r3c4=5); SE's direct
  hints add "(implies ...)": eliminations they show but do not apply. A
  chaining step (chains and cycles, Nishio, multiple and dynamic forcing
  chains) is followed by its chains, one line each, link by link from the
  assumption to the conclusion: "r1c2=5" (on: the digit is there),
  "r1c4<>5" (off), "->" for "then"; when a link also needs links other than
  the one before it (dynamic chains), the links are numbered and it names
  them: "[4] r3c4=5 (from 2,3)". A cycle ("cycle: ...") is shown once,
  closed back to its first link. In the nested levels (9.5+), a link that a
  nested hint implies is marked "(nested)", and that hint's chains follow,
  indented under the chain: "[13] r5c4<>8 by chain: ..." (their own nested
  chains below them, indented further). Then "ED=ER/EP/ED (...)". Puzzles
  are separated by a blank line. When no technique applies, the explanation
  stops with SE's rating, ER 20.0.

Output (--json): one object per puzzle and line: puzzle, annotation, status
  ("rated", "unsolvable" (ER 20.0) or "beyond"), er, ep, ed (SE's scale,
  null when not known), hardestSoFar, and steps: [{step, technique, rating,
  units, cells (r1c2), cellIndices (0-80), digits, placement, eliminations,
  impliedEliminations (each {cell, index, digit}), text, and for chaining
  steps chains: [{cycle, links: [{cell, index, digit, on, parents}], text}]}]
  (parents: indexes of the links that imply the link; [] for the
  assumption, links[0]; the conclusion is the last link; a nested link
  also has nested: [chains of the same form]).

Errors: a bad puzzle goes to stderr as "sudokulab: FILE:LINE: REASON" (or
  "argument N: REASON"); the others are still explained; exit code 1.`,
    )
    .action(async (puzzles: string[], flags: ExplainFlags) => {
      process.exitCode = await (await import("./explain-command.js")).runExplainCommand(puzzles, flags);
    });

  const ua = DEFAULT_COLLECT_OPTIONS;
  program
    .command("ua")
    .description("List the minimal unavoidable sets (UAs) found in one solution grid.")
    .argument("<grid>", "the solution grid: 81 digits 1-9")
    .addOption(
      new Option("--digits <list>", "digit floors to run: sizes 2-5, comma-separated, or 'none'")
        .argParser(digitCounts)
        .default([...ua.digits], ua.digits.join(",")),
    )
    .option("--no-boxes", "skip the 126 groups of 4 emptied boxes")
    .option("--random <n>", "random probes (0 for none)", nonNegativeInteger, ua.randomProbes)
    .option("--empty-cells <n>", "cells emptied per random probe", cellCount, ua.emptyCells)
    .option("--seed <n>", "seed of the random probes (32-bit)", seedValue, ua.seed)
    .option("--max-size <n>", "print only UAs of at most n cells (faster than filtering the output)", positiveInteger)
    .option("--stats", "print a summary on stderr: count, size histogram, CPU time per method")
    .addHelpText(
      "after",
      `
Method (seed 003, step 1): empty some cells of the grid, enumerate every
completion, and keep the cells where a completion differs from the grid:
each such set is unavoidable (a puzzle must give a clue in it); only the
minimal ones are kept.
  --digits k   every set of k digits: all their cells emptied. Floors of k
               digits find every UA of at most 2k+1 cells and include the
               floors of fewer digits. 2-4 are exhaustive (4: about 0.7 s);
               5 is capped at ${withThousands(DEFAULT_FIVE_DIGIT_FLOOR_CAP)} completions per floor (about 12 s).
  boxes        every group of 4 boxes emptied (126 groups, about 0.2 s).
  --random n   n times, --empty-cells random cells emptied (1.5-2 ms per
               probe), reproducible with --seed.
Defaults: --digits ${ua.digits.join(",")} --random ${ua.randomProbes}, boxes on: about 0.5 s.

Output:
  One UA per line, smallest first, then by cells: its cells as r1c2 names,
  space-separated. A grid that is not a complete valid grid is an error
  (exit code 1).`,
    )
    .action(async (grid: string, flags: UaFlags) => (await import("./ua-command.js")).runUaCommand(grid, flags));

  program
    .command("scan")
    .description("List every puzzle with N clues and a unique solution inside one solution grid.")
    .argument("<grid>", "the solution grid: 81 digits 1-9")
    .requiredOption("--clues <n>", "number of clues, 1 to 81", clueCount)
    .option("--minimals", "only minimal puzzles (no clue can be removed)")
    .option("--stop-at-first", "stop after the first puzzle")
    .option("--mask <mask>", "81 characters: 1 = must be a clue, 0 = must not, anything else = free")
    .addOption(
      new Option("--threads <n>", "worker threads (1: run in the main thread)")
        .argParser(positiveInteger)
        .default(availableParallelism(), `available parallelism, ${availableParallelism()} here`),
    )
    .option("--out <file>", "write the puzzles to this file instead of stdout (appended to with --resume)")
    .option("--checkpoint <file>", "checkpoint file (default: <out>.checkpoint.json, or sudokulab-scan-<first 12 digits>-<N>.checkpoint.json here)")
    .option("--resume", "continue the scan recorded in the checkpoint (a new scan when there is none)")
    .option("--stats", "print the totals on stderr at the end: chunks, nodes, solver calls, UAs added, puzzles, CPU time")
    .addOption(
      new Option("--engine <name>", "the search: bands (up to 20 clues, no --mask), hitting (any), or auto (see below)")
        .choices(["auto", "bands", "hitting"])
        .default("auto"),
    )
    .option("--no-wasm", "hitting engine: search the deepest levels in JavaScript, not in the WebAssembly kernel (same puzzles and nodes, about twice the CPU time)")
    .addHelpText(
      "after",
      `
Engines (both exhaustive; each puzzle is checked by the solver before it
is written):
  hitting  Seed 003's method: a hitting-set search over the grid's
           unavoidable sets (UAs). The work is cut into chunks (the first
           branching levels, at least 256 chunks), handed out to the
           threads one at a time. The deepest levels run in a WebAssembly
           kernel (SIMD) where the platform has one; --no-wasm keeps them
           in JavaScript, e.g. to cross-check the kernel.
  bands    The band scan of \`scan17\` (blue's method) applied to this one
           grid: once per band, with that band as band 3 holding the most
           clues of the puzzle (the first such band on a tie), bands 1+2
           searched on their UAs and band 3 on its GUA sockets. Three
           chunks; at most 20 clues; no --mask.
  auto     bands up to 20 clues without a mask (10-25 times faster: a
           grid's 17s in seconds instead of a minute or more), hitting
           otherwise.

Output:
  One puzzle per line, 81 characters ('.' for empty), in chunk order and
  sorted within a chunk, so the output does not depend on --threads.
  --stop-at-first prints the first puzzle of the first chunk that has one.

Checkpoint and resume:
  After each chunk, the checkpoint records the chunks done (written
  atomically); chunks that finish early wait there with their puzzles until
  the chunks before them are written. SIGINT or SIGTERM stops the scan,
  keeps the checkpoint and exits with code 130; rerun the same command with
  --resume to continue, appending to --out. (With --threads 1, SIGTERM ends
  the process at once, without a message; the checkpoint is still valid.)
  A completed scan deletes its checkpoint. Without --resume, an existing
  checkpoint is an error, so a long scan is never discarded by mistake.

Progress:
  On a terminal, a progress bar on stderr; otherwise a status line on
  stderr every 30 s. A bad grid or mask is an error (exit code 1).`,
    )
    .action(async (grid: string, flags: ScanFlags) => {
      process.exitCode = await (await import("./scan-command.js")).runScanCommand(grid, flags);
    });

  const catalogHelp = `
Catalogs (design notes band-scan.md §1.3):
  A catalog lists every essentially different grid exactly once, as an entry
  (band 1 in minlex form + band 2) and one band 3. Bands are ranked 0..415 by
  their number of valid 6-clue sets (n6 order). The catalogs differ in which
  band of the grid is band 3: main, the highest rank (ranks r1 <= r2 <= r3);
  inverted, the middle one (r1 <= r3 <= r2); pass1, the lowest (r3 <= r1 <= r2).
  A slice is 64 consecutive accepted bands 2 of one band 1, numbered as the
  C++ program (sk_s17v9) numbers them: the n-th band 2 (from 1) is in slice
  n >> 6.`;

  const entries = program
    .command("entries")
    .description("List the grids a band catalog lists under one band-1 rank, or count them, for one rank or all.")
    .addOption(new Option("--rank <r>", "the band-1 rank (n6 order), 0 to 415").argParser(bandRank).conflicts("allRanks"))
    .option("--all-ranks", "count every rank (needs --count), one rank per worker thread")
    .addOption(new Option("--catalog <name>", "the catalog").choices(CATALOG_NAMES).default("main"))
    .option("--slices <a..b>", "with --rank: only the entries of slices a to b of the rank (or of slice a)", sliceRange)
    .option("--count", "print the counts instead of the grids")
    .option("--ranks <a..b>", "with --all-ranks: only ranks a to b (or rank a)", rankRange)
    .addOption(
      new Option("--threads <n>", "with --all-ranks: worker threads")
        .argParser(positiveInteger)
        .default(availableParallelism(), `available parallelism, ${availableParallelism()} here`),
    )
    .option("--out <file>", "write to this file instead of stdout")
    .option("--checkpoint <file>", "with --all-ranks: the checkpoint file (default: entries-<catalog>.checkpoint.json here)")
    .option("--resume", "with --all-ranks: take the ranks the checkpoint holds, count the others")
    .addHelpText(
      "after",
      `${catalogHelp}

Output (tab-separated, no header):
  Without --count, one line per grid listed: its three bands as 27 digits
  each (rows 1-3, 4-6, 7-9 of the grid in entry form, row by row), the ranks
  of bands 1, 2, 3, and the slice:
    band1 band2 band3 rank1 rank2 rank3 slice
  in the order the generator finds them (entry by entry). With --count, one
  line per rank:
    catalog rank bands2 entries bands3 cpu_seconds
  (bands2: accepted bands 2, in the slices asked for with --slices; entries:
  those with at least one band 3; bands3: grids listed; cpu_seconds: the
  enumeration's CPU time in its thread). --all-ranks ends with a line
  "catalog total ..." of sums; over all 416 ranks, bands3 must be
  5,472,730,538 (the essentially different grids): the run says so on stderr,
  and exits with 1 if not.

Time:
  One rank takes 2-30 s of CPU (the first one also builds tables, about 3 s);
  a slice, about a second (the bands 2 before it are still enumerated); all
  416 ranks of a catalog, several CPU-hours.

Checkpoint and resume (--all-ranks):
  After each rank, the checkpoint records the counts of the ranks finished
  (written atomically); it is kept at the end, as the record of the run.
  SIGINT or SIGTERM (or a kill) loses only the ranks in progress: the run
  exits with 130 and prints the command that continues; --resume takes the
  recorded ranks, for any --ranks, counts the others and prints the whole
  table again. Without --resume, an existing checkpoint is an error.

Progress (--all-ranks):
  A progress bar on stderr on a terminal; otherwise a line on stderr per rank
  finished. Bad options exit with code 2.`,
    )
    .action(async (flags: EntriesFlags, command: Command) => {
      const { entriesUsageProblem, runEntriesCommand } = await import("./entries-command.js");
      const problem = entriesUsageProblem(flags, (option) => command.getOptionValueSource(option) === "cli");
      if (problem !== null) command.error(`error: ${problem}`, { exitCode: USAGE_ERROR });
      process.exitCode = await runEntriesCommand(flags);
    });
  usageErrorsExit2(entries);

  const entry = program
    .command("entry")
    .description("Tell where each grid is listed in the band catalogs: entry, band 3, ranks and slice.")
    .argument("[grids...]", "grids (81 digits) or puzzles with a unique solution; an argument that is not digits and '.' is a file of them, one per line ('-' or none: stdin)")
    .addOption(new Option("--catalog <name>", "the catalog").choices(CATALOG_NAMES).default("main").conflicts("allCatalogs"))
    .option("--all-catalogs", "one line per catalog: main, inverted, pass1")
    .option("--no-slice", "print '-' for the slice instead of computing it (about a second per grid and catalog)")
    .addHelpText(
      "after",
      `${catalogHelp}

Output (tab-separated, no header):
  Per grid and catalog, in input order, one line: the catalog, then the line
  'sudokulab entries --rank rank1 --catalog C' prints for that grid, then the
  input line's annotation:
    catalog band1 band2 band3 rank1 rank2 rank3 slice
  A puzzle stands for its solution grid. Input lines follow the batch
  commands' rules (see 'sudokulab solve --help'); a bad line is reported on
  stderr as "sudokulab: FILE:LINE: REASON" (or "argument N"), the others are
  answered, and the exit code is 1. Bad options exit with code 2.`,
    )
    .action(async (grids: string[], flags: EntryFlags) => {
      process.exitCode = await (await import("./entry-command.js")).runEntryCommand(grids, flags);
    });
  usageErrorsExit2(entry);

  const scan17 = program
    .command("scan17")
    .description("The band scan for 17-clue puzzles: slices of one band-1 rank in one pass, or given grids.")
    .option("--rank <r>", "the band-1 rank (n6 order), 0 to 415", bandRank)
    .option("--slices <a..b>", "slices a to b of the rank (or slice a)", sliceRange)
    .option("--pass <p>", "the pass: 1 (pass1 catalog), 2a (main) or 2b (inverted)", scan17Pass)
    .option("--engine <e>", "how bands 1+2 are searched: expand or chunks (see below)", scan17Engine, "expand")
    .option("--shard <i/N>", "scan only part i of the slices cut into N parts (see below)", shardOption)
    .addOption(
      new Option("--threads <n>", "worker threads")
        .argParser(positiveInteger)
        .default(availableParallelism(), `available parallelism, ${availableParallelism()} here`),
    )
    .option("--out <file>", "write the 17s to this file (at the end, whole) instead of stdout")
    .option("--checkpoint <file>", "the checkpoint file (default: <out>.checkpoint.json; none for stdout unless given)")
    .option("--resume", "go on from the checkpoint (a new scan when there is none)")
    .option("--grid <grid|file>", "instead of --rank: the 17s of this grid (81 digits), or of each grid of a file ('-': stdin)")
    .option("--stats", "print the scan's counters and CPU time on stderr at the end (with --grid: per grid)")
    .addHelpText(
      "after",
      `${catalogHelp}

Passes (sk_s17 split, design notes band-scan.md §1.10):
  pass 1 reads the pass1 catalog (band 3 holds 7 or more clues), pass 2a the
  main catalog and pass 2b the inverted one (band 3 holds 6 or more);
  together they find every 17 of every grid.

Engines (--engine; the same 17s, other counters):
  expand  the direct UA expansion of sk_s17 VB: a hitting-set search over the
          UAs of bands 1+2, clue by clue (the default; the fastest on pass 2).
  chunks  blue's method as seeds 000-002 describe it: every valid clue set X
          of band 1 against every valid Y of band 2, in chunks of 256 through
          a bit-sliced UA filter, then the FIFO tables of fresh UAs, the
          band-3 bound and the uniqueness check of bands 1+2.

Output (--rank):
  One line per 17, as the C++ program's k-files: the puzzle in its entry's
  coordinates, the ranks of bands 1, 2, 3 and the slice:
    puzzle;%3d;%3d;%3d;%5d
  sorted by slice, and within a slice in the scan's order, so the output is
  the same for any --threads. It is written once every slice is done (to
  --out atomically). Slices past the rank's last one are not an error: they
  are empty. A summary goes to stderr.

Threads and shards:
  The slices are cut into one contiguous part per thread (each part
  enumerates the rank's bands 2 from the first, as 'entries --slices' does).
  --shard i/N (1 <= i <= N) cuts the slices a..b into N contiguous parts of
  sizes differing by at most one (the larger ones last) and scans part i
  only: run i = 1..N on N machines with the same --slices and concatenate
  their outputs in shard order to get the whole range's output.

Checkpoint and resume (--rank):
  After each slice, the checkpoint (default <out>.checkpoint.json; with
  stdout only if --checkpoint is given) records the slices done, their 17s,
  counters and CPU time, atomically, with the pass, engine, rank, slices and
  shard; it is kept at the end as the run's record. SIGINT or SIGTERM loses only
  the slices in progress: the run exits with 130 and prints the command that
  continues. --resume scans the slices not done and writes the whole output
  (on a finished run: the same output again, nothing scanned); a checkpoint
  made with other options is refused. Without --resume, an existing
  checkpoint is an error.

Progress (--rank):
  A progress bar on stderr on a terminal; otherwise a status line on stderr
  every 30 s.

--grid GRID|FILE:
  The 17s of one grid, through its entry in each of the three passes (only
  the grid's own band 3 is scanned), one line per 17 found:
    original;pass;entry-puzzle;%3d;%3d;%3d
  the puzzle on the grid as given, the pass, the same puzzle in the entry's
  coordinates and the entry's band ranks. An argument that is not digits and
  '.' is a file of grids, one per line (read as the batch commands read
  theirs; a puzzle with a unique solution stands for its grid): each grid's
  lines follow a header '# FILE:LINE GRID: N 17s'. A bad line is reported on
  stderr as "sudokulab: FILE:LINE: REASON", the others are answered, and the
  exit code is 1.

Bad options exit with code 2.`,
    )
    .action(async (flags: Scan17Flags, command: Command) => {
      const { runScan17Command, scan17UsageProblem } = await import("./scan17-command.js");
      const problem = scan17UsageProblem(flags, (option) => command.getOptionValueSource(option) === "cli");
      if (problem !== null) command.error(`error: ${problem}`, { exitCode: USAGE_ERROR });
      process.exitCode = await runScan17Command(flags);
    });
  usageErrorsExit2(scan17);

  program
    .command("demo")
    .description("Solve, count and canonicalize a built-in 17-clue puzzle, and show the results.")
    .action(async () => (await import("./demo.js")).runDemo());

  return program.parseAsync();
}

/** Declares a batch command with the arguments and options all of them share. */
function batchCommand(program: Command, name: BatchCommand, description: string): Command {
  return program
    .command(name)
    .description(description)
    .argument("[files...]", "input files (default: stdin; '-' also means stdin)")
    .addOption(
      new Option("--threads <n>", "worker threads; the first 2000 lines run in the main thread, so small inputs start none")
        .argParser(positiveInteger)
        .default(availableParallelism(), `available parallelism, ${availableParallelism()} here`),
    )
    .option("--strict", "stop at the first bad line (exit code 1)");
}

/**
 * Bad command lines of `entries`, `entry` and `scan17` exit with 2, the usual code for
 * a usage error, so a script can tell them from a failed run (1); the older
 * commands keep commander's default, 1, which their scripts and tests expect.
 */
function usageErrorsExit2(command: Command): void {
  command.exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR));
}

async function runBatch(command: BatchCommand, files: string[], flags: BatchFlags, options: JobOptions): Promise<void> {
  process.exitCode = await (await import("./batch-runner.js")).runBatchCommand({ command, options, files, threads: flags.threads, strict: flags.strict === true });
}

function cellCount(value: string): number {
  const n = nonNegativeInteger(value);
  if (n > 81) throw new InvalidArgumentError("expected a number of cells, 0 to 81.");
  return n;
}

function rateFormat(value: string): string {
  const problem = formatProblem(value);
  if (problem !== null) throw new InvalidArgumentError(problem + ".");
  return value;
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("expected a positive integer.");
  }
  return n;
}

/** The installed package's version; main.js sits at dist/src/cli/, three levels below package.json. */
function packageVersion(): string {
  const text = readFileSync(new URL("../../../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}

main().catch((error: unknown) => {
  process.stderr.write(`sudokulab: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
