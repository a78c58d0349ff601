/**
 * The long help texts of the commands, kept apart from their declarations
 * (main.ts) so that a command reads as its options.
 */
import { DEFAULT_COLLECT_OPTIONS, DEFAULT_FIVE_DIGIT_FLOOR_CAP } from "../ua/collect-defaults.js";
import { DEFAULT_FORMAT, FORMAT_CODES } from "../jobs/rate-format.js";

/** 1234567 as "1,234,567"; toLocaleString would load ICU's locale data (30 ms) on every start. */
export function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export const CONVENTIONS = `
Conventions (every command):
  Exit codes: 0 ok; 1 bad input lines (or a failed check); 2 a usage error
  (bad options, a checkpoint or lock in the way, Redis unreachable); 130
  interrupted by SIGINT or SIGTERM.
  Errors: one line on stderr, "sudokulab: FILE:LINE: reason" for a bad input
  line (or "argument N: reason"), and the rest of the batch goes on; never a
  stack trace.
  --threads defaults to all cores and is capped there; --json prints one JSON
  object per result line, where results are printed. Long runs write a
  checkpoint and resume with --resume without losing or repeating a result.`;

export const INPUT_HELP = `Input:
  The files named, read in order, or stdin when none is named (or for '-').
  A puzzle is 81 characters on one line: digits 1-9, and '.', '0', '-', 'x'
  or '*' for an empty cell, optionally followed by an annotation (text
  starting with a space, tab, '#' or ';'); or a grid of 9 lines, bare
  ("1.3|4..|...") or framed as the forums frame it ("+-------+" lines and
  '|' between boxes). Blank lines and lines starting with '#' are skipped.
  Lines are at most 65,536 bytes; a longer one is a bad line.

Errors:
  A bad item (malformed, a digit repeated in a unit, or a failure of the
  command on it) prints nothing on stdout, so stdout stays parseable; its
  reason goes to stderr as "sudokulab: FILE:LINE: REASON" (FILE is <stdin>
  for stdin) and the run goes on. The exit code is 1 if any item failed,
  0 otherwise. --strict stops at the first bad item instead.`;

/** The help's Output section for a line command; `result` describes its result (2-space indented lines). */
export function lineOutputHelp(result: string): string {
  return `
Output:
  One line per valid input item, in input order (whatever --threads): the
  result, followed by the item's annotation exactly as it was given.
${result}

${INPUT_HELP}`;
}

export const GROUP_HELP = `
Output:
  One line per distinct solution grid, after all the input is read:
  canonicalGrid<TAB>count<TAB>puzzle1,puzzle2,... The puzzles are relabelled
  into the canonical grid's coordinates, kept in input order, without their
  annotations. Lines are sorted by count (most first), then by grid. A puzzle
  without a unique solution is a bad line. When --strict stops the run,
  nothing is printed on stdout.

${INPUT_HELP}`;

export const RUN_HELP = (what: string, defaultCheckpoint: string): string => `
Checkpoint and resume:
  The run appends each finished ${what} to a checkpoint journal (--checkpoint;
  default ${defaultCheckpoint}) before its output is written; the
  journal is locked while a run holds it. SIGINT or SIGTERM stops the run,
  keeps everything finished and exits with 130, printing the command that
  continues; --resume goes on from the checkpoint (a new run when there is
  none): the finished results are checked again and must reproduce the
  output written so far byte for byte before anything is appended. Without
  --resume, an existing checkpoint is an error, so a long run is never
  discarded by mistake. A complete run removes its checkpoint and, with
  --out, writes OUT.record.json: the job, the output's SHA-256, and the CPU
  time and counters of every ${what}.`;

export const RATE_HELP = `
Ratings: ER is the hardest step of Sudoku Explainer 1.2.1's solving path
(serate 1.2.1.3), EP the hardest up to the first placed digit, ED the first
step. All 30 of SE's producers, from the singles to the nested forcing
chains of levels 2-5 (9.5+), in SE's order. SE always uses the uniqueness
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
  One line per valid input item, in input order whatever --threads: by
  default "PUZZLE ED=ER/EP/ED" (e.g. "<puzzle> ED=2.6/1.2/1.2"), then the
  item's annotation. A puzzle with no solution or several solutions is a bad
  item (serate does not check: it rates what its techniques make of it,
  20.0 when they get stuck). Puzzles are handed to the threads one at a
  time, so every thread is busy to the end.

${INPUT_HELP}`;

export const EXPLAIN_HELP = `
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
  ("rated" or "unsolvable" (ER 20.0)), er, ep, ed (SE's scale),
  hardestSoFar, and steps: [{step, technique, rating, units, cells (r1c2),
  cellIndices (0-80), digits, placement, eliminations,
  impliedEliminations (each {cell, index, digit}), text, and for chaining
  steps chains: [{cycle, links: [{cell, index, digit, on, parents}], text}]}]
  (parents: indexes of the links that imply the link; [] for the
  assumption, links[0]; the conclusion is the last link; a nested link
  also has nested: [chains of the same form]).

Input: an argument made only of cell characters is a puzzle; any other
  argument is a file of puzzles ('-' or none: stdin), read as the batch
  commands read theirs.

Errors: a bad puzzle goes to stderr as "sudokulab: FILE:LINE: REASON" (or
  "argument N: REASON"); the others are still explained; exit code 1.`;

const ua = DEFAULT_COLLECT_OPTIONS;

export const UA_HELP = `
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
               probe), reproducible with --seed; each probe's completions
               are capped, so a probe of many empty cells stays bounded.
Defaults: --digits ${ua.digits.join(",")} --random ${ua.randomProbes}, boxes on: about 0.5 s.

Output:
  One UA per line, smallest first, then by cells: its cells as r1c2 names,
  space-separated. A grid that is not a complete valid grid is an error
  (exit code 1).`;

export const SCAN_HELP = `
Engines (each exhaustive; every puzzle is checked by the solver before it
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
           otherwise; 78 to 81 clues: every way to empty 0-3 cells, tried
           (at most 85,320 sets, under a second).
  Past 20 clues chosen freely (clues less those --mask forces), a grid
  holds more puzzles than any scan can list: such a scan is refused unless
  --stop-at-first asks for one puzzle.

--grids FILE:
  Scans every grid of the file (a puzzle with a unique solution stands for
  its grid), one grid per unit of work: McGuire's search, grid by grid.
  Each grid's puzzles follow a header "# FILE:LINE GRID: N puzzles".

Output:
  One puzzle per line, 81 characters ('.' for empty), in chunk order and
  sorted within a chunk, so the output does not depend on --threads.
  --stop-at-first prints the first puzzle of the first chunk that has one.
${RUN_HELP("chunk (with --grids: grid)", "<out>.checkpoint, or sudokulab-scan-<job id>.checkpoint here for stdout")}

Progress:
  On a terminal, a progress bar with the ETA on stderr; otherwise a status
  line on stderr every 30 s. --stats prints the totals at the end: chunks,
  nodes, solver calls, UAs added, puzzles, CPU time.`;

export const CATALOG_HELP = `
Catalogs (design notes band-scan.md §1.3):
  A catalog lists every essentially different grid exactly once, as an entry
  (band 1 in minlex form + band 2) and one band 3. Bands are ranked 0..415 by
  their number of valid 6-clue sets (n6 order). The catalogs differ in which
  band of the grid is band 3: main, the highest rank (ranks r1 <= r2 <= r3);
  inverted, the middle one (r1 <= r3 <= r2); pass1, the lowest (r3 <= r1 <= r2).
  A slice is 64 consecutive accepted bands 2 of one band 1, numbered as the
  C++ program (sk_s17v9) numbers them: the n-th band 2 (from 1) is in slice
  n >> 6.`;

export const ENTRIES_HELP = `${CATALOG_HELP}

Output (tab-separated, no header):
  Without --count, one line per grid listed: its three bands as 27 digits
  each (rows 1-3, 4-6, 7-9 of the grid in entry form, row by row), the ranks
  of bands 1, 2, 3, and the slice:
    band1 band2 band3 rank1 rank2 rank3 slice
  in the order the generator finds them (entry by entry). With --count, one
  line per rank:
    catalog rank bands2 entries bands3
  (bands2: accepted bands 2, in the slices asked for with --slices; entries:
  those with at least one band 3; bands3: grids listed); the CPU time goes
  to stderr (--all-ranks: to the record, and to stderr with --stats).
  --all-ranks ends with a line "catalog total ..." of sums; over all 416
  ranks, bands3 must be 5,472,730,538 (the essentially different grids):
  the run says so on stderr, and exits with 1 if not. --slices-only counts
  only the bands 2 of each rank, "catalog rank bands2 slices" (seconds per
  rank): the size of a search, to plan it.

Time:
  One rank takes 2-30 s of CPU (the first one also builds tables, about 3 s);
  a slice, about a second (the bands 2 before it are still enumerated); all
  416 ranks of a catalog, several CPU-hours.
${RUN_HELP("rank", "<out>.checkpoint, or sudokulab-entries-<job id>.checkpoint here for stdout")}`;

export const ENTRY_HELP = `${CATALOG_HELP}

Output (tab-separated, no header):
  Per grid and catalog, in input order, one line: the catalog, then the line
  'sudokulab entries --rank rank1 --catalog C' prints for that grid, then the
  input line's annotation:
    catalog band1 band2 band3 rank1 rank2 rank3 slice
  A puzzle stands for its solution grid. Input lines follow the batch
  commands' rules (see 'sudokulab solve --help'); a bad line is reported on
  stderr as "sudokulab: FILE:LINE: REASON" (or "argument N"), the others are
  answered, and the exit code is 1.`;

export const SCAN17_HELP = `${CATALOG_HELP}

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
  the same for any --threads and on the cluster. Slices past the rank's
  last one are not an error: they are empty. A summary goes to stderr.

Units, threads and shards:
  The slices are cut into units of consecutive slices (--unit-slices;
  default: 1 for up to 64 slices, up to 16 for long ranges), each
  enumerating the rank's bands 2 from the first; the threads take units in
  order. --shard i/N (1 <= i <= N) cuts the slices a..b into N contiguous
  parts of sizes differing by at most one (the larger ones last) and scans
  part i only: run i = 1..N on N machines (a Slurm array job) with the same
  --slices and concatenate their outputs in shard order. 'sudokulab cluster
  submit scan17 ...' hands the units out to many machines instead.
${RUN_HELP("unit", "<out>.checkpoint, or sudokulab-scan17-<job id>.checkpoint here for stdout")}

Progress (--rank):
  A progress bar with the ETA on stderr on a terminal; otherwise a status
  line on stderr every 30 s.

--picks FILE (with --pass):
  The slices listed in FILE, "rank slice" per line ('#' comments), of any
  ranks, one unit each, in the order given, as k-file lines: a sample of a
  pass, or a search repeated piecemeal.

--grid GRID|FILE:
  The 17s of one grid, through its entry in each of the three passes (only
  the grid's own band 3 is scanned), one line per 17 found (once, with the
  first pass that found it):
    original;pass;entry-puzzle;%3d;%3d;%3d
  the puzzle on the grid as given, the pass, the same puzzle in the entry's
  coordinates and the entry's band ranks. An argument that is not digits and
  '.' is a file of grids (read as the batch commands read theirs; a puzzle
  with a unique solution stands for its grid): each grid's lines follow a
  header '# FILE:LINE GRID: N 17s'. A bad line is reported on stderr as
  "sudokulab: FILE:LINE: REASON", the others are answered, and the exit code
  is 1.`;
