/**
 * The long help texts of the tool commands (minimize, transform,
 * isomorphic, draw), kept apart from their declarations (tool-commands.ts).
 */

const ARGUMENT_INPUT = `Input:
  An argument made only of cell characters (1-9, and '.', '0', '-', 'x', '*'
  for an empty cell) is a puzzle; any other argument is a file of puzzles,
  read as the batch commands read theirs (81-character lines with optional
  annotations, or 9-line grids, bare or framed; see 'sudokulab solve
  --help'); '-' or no argument at all is stdin.`;

const ITEM_ERRORS = `Errors:
  A bad item (malformed, a digit repeated in a unit, a puzzle without a
  unique solution where one is needed) prints nothing on stdout; its reason
  goes to stderr as "sudokulab: FILE:LINE: REASON" or "sudokulab: argument
  N: REASON", the other items are still answered, and the exit code is 1.
  Bad options exit with 2.`;

export const TRANSFORM_TEXT = `Transforms are written [transpose,]rows=R1..R9,cols=C1..C9,digits=D1..D9,
  e.g. transpose,rows=456123789,cols=132456789,digits=912345678: first the
  grid is transposed (only when "transpose" is there), then row i of the
  result is row Ri of that grid and column j is column Cj (lines counted
  1-9), then each digit d is written Dd. Rows 1-3, 4-6 and 7-9 of the result
  must each come from one band (and columns from one stack), as for every
  Sudoku symmetry. A field left out is unchanged ("digits=234567891" only
  relabels); fields may come in any order.`;

export const MINIMIZE_HELP = `
Method:
  A minimal puzzle has a unique solution, and loses it when any one clue is
  removed. Without --all, the clues are tried once each in cell order (r1c1,
  r1c2, ..., r9c9), or in a random order drawn from --seed, and a clue is
  removed whenever the solution stays unique; one pass is enough, since a
  clue that cannot go never can later. With --all, every minimal subpuzzle
  (every subset of the clues that is minimal with the same solution) is
  listed, in the search's deterministic order, up to --limit of them (the
  search goes on to the next one, if any, to tell whether that is all). A
  puzzle with many redundant clues has a great many of them (a full grid,
  astronomically many): the limit bounds the run (a full grid's first 1,000
  take about a second).

Output:
  One line per puzzle, in input order: the minimal puzzle (81 characters,
  '.' for empty), then the input's annotation. With --all, per puzzle: a
  header "# WHERE: PUZZLE ANNOTATION", one minimal subpuzzle per line, and a
  footer "# N minimal subpuzzles, all of them" or "# N minimal
  subpuzzles, and more: stopped at --limit N" (also said on stderr). The
  comment lines let the output be read back as a file of puzzles.
  --json: one object per puzzle and line: {puzzle, annotation, minimal,
  clues, removed: ["r1c1", ...]}; with --all {puzzle, annotation, minimals:
  [...], count, complete (false: there are more)}.

${ARGUMENT_INPUT}

${ITEM_ERRORS}`;

export const TRANSFORM_HELP = `
${TRANSFORM_TEXT}

--random draws a transform per puzzle, every symmetry equally likely, from
  a generator seeded with --seed; without --seed a seed is drawn and named
  on stderr, so the run can be repeated. --spec applies one transform to
  every puzzle. Any puzzle or grid can be transformed, solvable or not.

Output:
  One line per puzzle, in input order: the transformed puzzle (81
  characters, '.' for empty), with --show a tab and the transform used, then
  the input's annotation. 'sudokulab transform --spec T' with the shown T
  gives the same puzzle again.
  --json: one object per puzzle and line: {puzzle, input, transform,
  annotation}.

${ARGUMENT_INPUT}

${ITEM_ERRORS}`;

export const ISOMORPHIC_HELP = `
Answer:
  Two grids, or two puzzles with a unique solution, are isomorphic when a
  Sudoku symmetry (transposition, band and row, stack and column orders,
  relabelling) takes one to the other; they are compared by their canonical
  forms. A grid and a puzzle, or puzzles with different clue counts, are
  never isomorphic.

Output:
  One line: "isomorphic T", where T is a transform taking A to B
  ('sudokulab transform --spec T A' prints B), or "not isomorphic".
  --json: {isomorphic, transform (or null), a, b}. The exit code is 0 for
  either answer: 1 and 2 keep their meaning of bad input and bad options
  for every command, so scripts read the answer, not the exit code.

${TRANSFORM_TEXT}

Input:
  A and B are each a puzzle or grid written out, or a file holding it ('-':
  stdin; 9-line grids and annotations are read as the batch commands read
  them). One file holding exactly two puzzles also does, or stdin holding
  them when no argument is given.

Errors:
  A bad item, a puzzle without a unique solution (when the clue counts
  match), or input holding anything but two items: a message on stderr
  ("sudokulab: WHERE: REASON") and exit code 1. Bad options, or more than
  two arguments, exit with 2.`;

export const DRAW_HELP = `
Picture:
  The 81 cells with thin borders and thick lines around boxes and grid,
  givens in bold; --candidates writes in each empty cell the digits that no
  given of its row, column or box holds, small, placed as on a keypad (1
  top left, 9 bottom right); --highlight fills the cells named (r1c2,r3c4
  or "r1c2 r3c4"). Every element has a class (cell, boxes, given,
  candidate) for restyling. --size sets the side in pixels (default 460).

Output:
  SVG (the default, or --svg), or PNG with --png, written to --out FILE or
  stdout (a PNG never to a terminal). PNG is the same SVG rasterized by
  resvg (the package @resvg/resvg-js, prebuilt for Linux, macOS and Windows
  on x64 and arm64), with the system's fonts: where it has no build, or no
  font is installed, --png says so and exits with 1; SVG works everywhere.

Input:
  PUZZLE is a puzzle or grid written out, or a file holding one ('-':
  stdin), in any form the batch commands read.

Errors:
  A bad puzzle, a file with none or more than one, or output that cannot be
  written: one line on stderr and exit code 1. Bad options exit with 2.`;
