/**
 * The text reader against puzzles whose cells are known from the public 17
 * list: each one written out by hand-made layouts (the forms the forums and
 * programs print), read back, must give the list's cells.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readPuzzles, type ReadItem } from "../src/core/puzzle-text.js";
import { formatPuzzle } from "../src/core/puzzle.js";

// The first two published 17-clue puzzles (sudoku17.txt, lines 1 and 2), empty cells as '0'.
const SEVENTEEN = [
  ".................1.....2.3.....4.2.5..6..7.....8.9...4...8.3.6..4.....9..5.......",
  ".................1.....2.3.....4...5..3.1.....26....7.15...8...4........7....6.2.",
].map((p) => p.replace(/\./g, "0"));

/** Rows of a puzzle as 9 strings of 9 characters, empty cells as `empty`. */
function rowsOf(puzzle: string, empty: string): string[] {
  const text = puzzle.replace(/[0.]/g, empty);
  return Array.from({ length: 9 }, (_, r) => text.slice(9 * r, 9 * r + 9));
}

/** The forum's framed layout: `+-------+`, `| 1 . . | ...`. */
function framed(puzzle: string): string {
  const rule = "+-------+-------+-------+";
  const lines = [rule];
  rowsOf(puzzle, ".").forEach((row, r) => {
    const boxes = [0, 3, 6].map((c) => row.slice(c, c + 3).split("").join(" "));
    lines.push(`| ${boxes.join(" | ")} |`);
    if (r % 3 === 2) lines.push(rule);
  });
  return lines.join("\n");
}

function okCells(items: readonly ReadItem[]): string[] {
  return items.map((item) => {
    assert.ok(item.ok, `unexpected error: ${item.ok ? "" : item.reason} (line ${item.line})`);
    return formatPuzzle(item.cells, "0");
  });
}

test("81-character lines with every empty-cell character, and annotations", () => {
  for (const empty of [".", "0", "-", "x", "*"]) {
    const items = readPuzzles(SEVENTEEN.map((p) => p.replace(/0/g, empty) + " # from the list").join("\n") + "\n");
    assert.deepEqual(okCells(items), SEVENTEEN);
    assert.equal(items[0].ok && items[0].annotation, " # from the list");
    assert.deepEqual(items.map((item) => item.line), [1, 2]);
  }
});

test("9-line grids, bare and framed, separated by blank lines or not", () => {
  const bare = SEVENTEEN.map((p) => rowsOf(p, "0").join("\n")).join("\n");
  assert.deepEqual(okCells(readPuzzles(bare)), SEVENTEEN);
  const spaced = SEVENTEEN.map((p) => rowsOf(p, ".").map((row) => row.split("").join(" ")).join("\n")).join("\n\n");
  const items = readPuzzles(spaced);
  assert.deepEqual(okCells(items), SEVENTEEN);
  assert.deepEqual(items.map((item) => item.line), [1, 11]);
  const forum = SEVENTEEN.map(framed).join("\n\n");
  const framedItems = readPuzzles(forum);
  assert.deepEqual(okCells(framedItems), SEVENTEEN);
  // The first row of the second grid: 13 lines of the first grid, a blank line, its top rule.
  assert.deepEqual(framedItems.map((item) => item.line), [2, 16]);
  // Mixed with one-line puzzles and comments.
  const mixed = `# two grids\n${SEVENTEEN[0]}\n${framed(SEVENTEEN[1])}\n${SEVENTEEN[1]}`;
  assert.deepEqual(okCells(readPuzzles(mixed)), [SEVENTEEN[0], SEVENTEEN[1], SEVENTEEN[1]]);
});

test("a byte-order mark and CRLF line ends are read as nothing", () => {
  const text = "\ufeff" + SEVENTEEN.join("\r\n") + "\r\n";
  assert.deepEqual(okCells(readPuzzles(text)), SEVENTEEN);
});

test("bad items name their line and say what is wrong; the reading goes on", () => {
  const rows = rowsOf(SEVENTEEN[0], ".");
  const text = [
    rows.slice(0, 5).join("\n"), // a grid cut short at line 5
    "",
    SEVENTEEN[0].slice(0, 80), // line 7: 80 characters
    "11" + SEVENTEEN[0].slice(2), // line 8: a repeated digit
    `| 1 . . | . Q . | . . . |`, // line 9: a bad character in a row
    SEVENTEEN[1], // line 10
  ].join("\n");
  const items = readPuzzles(text);
  assert.deepEqual(
    items.map((item) => [item.line, item.ok]),
    [[1, false], [7, false], [8, false], [9, false], [10, true]],
  );
  const reasons = items.map((item) => (item.ok ? "" : item.reason));
  assert.match(reasons[0], /grid ends after 5 rows/);
  assert.match(reasons[1], /80 characters/);
  assert.match(reasons[2], /digit 1 appears twice in row 1/);
  const clash = items[2];
  assert.ok(!clash.ok && clash.cells !== undefined && clash.cells[0] === 1 && clash.cells[1] === 1, "a repeated digit keeps the cells read");
  assert.match(reasons[3], /bad character 'Q'/);
});

test("control characters in a bad line are shown escaped", () => {
  const items = readPuzzles("12\u001b[31m" + "0".repeat(80));
  assert.equal(items.length, 1);
  assert.ok(!items[0].ok);
  assert.match(items[0].ok ? "" : items[0].reason, /'\\x1b'/);
  assert.ok(!(items[0].ok ? "" : items[0].reason).includes("\u001b"));
});
