/**
 * `sudokulab demo` (the `npm start` target): solves, counts and canonicalizes
 * one built-in 17-clue puzzle and prints a short report. A placeholder until
 * the grid scan gives `npm start` something bigger to show.
 */
import { clueCount, formatPuzzle, parsePuzzle } from "../core/puzzle.js";
import { countSolutions, solve } from "../solver/solve.js";
import { bandLookup, canonicalGrid, canonicalPuzzle } from "../canon/index.js";

/** A 17-clue puzzle (the minimum for a unique solution) from the sudoku17 collection. */
export const DEMO_PUZZLE = "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

export function runDemo(): void {
  const puzzle = parsePuzzle(DEMO_PUZZLE);
  const solved = timed(() => solve(puzzle));
  const counted = timed(() => countSolutions(puzzle, 1000));
  const solution = solved.value;
  const table = timed(() => bandLookup().size);
  const canonGrid = timed(() => (solution === null ? "-" : formatPuzzle(canonicalGrid(solution).grid)));
  const canonPuzzle = timed(() => formatPuzzle(canonicalPuzzle(puzzle).puzzle));

  const lines = [
    "sudokulab demo",
    "",
    ...sideBySide(formatPuzzle(puzzle), solution === null ? ".".repeat(81) : formatPuzzle(solution)),
    "",
    `puzzle            ${formatPuzzle(puzzle)} (${clueCount(puzzle)} clues)`,
    `solution          ${solution === null ? "none" : formatPuzzle(solution)}`,
    `solutions         ${counted.value}${counted.value === 1 ? " (unique)" : ""}`,
    `canonical grid    ${canonGrid.value}`,
    `canonical puzzle  ${canonPuzzle.value}`,
    `time              solve ${ms(solved)}, count ${ms(counted)}, canonical grid ${ms(canonGrid)}, canonical puzzle ${ms(canonPuzzle)}`,
    `                  (once per process: band lookup table, ${table.value.toLocaleString("en")} normalized bands, ${ms(table)})`,
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

function timed<T>(compute: () => T): { value: T; elapsedMs: number } {
  const started = performance.now();
  const value = compute();
  return { value, elapsedMs: performance.now() - started };
}

function ms(step: { elapsedMs: number }): string {
  return `${step.elapsedMs.toFixed(1)} ms`;
}

/** The puzzle and its solution as two 9x9 pictures, side by side. */
function sideBySide(left: string, right: string): string[] {
  const rows: string[] = [];
  for (let r = 0; r < 9; r++) {
    if (r === 3 || r === 6) rows.push("  ------+-------+------     ------+-------+------");
    rows.push(`  ${pictureRow(left, r)}     ${pictureRow(right, r)}`);
  }
  return rows;
}

function pictureRow(cells: string, row: number): string {
  const digits = cells.slice(9 * row, 9 * row + 9).split("");
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].map((part) => part.join(" ")).join(" | ");
}
