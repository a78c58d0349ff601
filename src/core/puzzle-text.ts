/**
 * Reading puzzles from text in the forms people paste and publish: one
 * puzzle per line (81 cell characters, then an optional annotation), and
 * grids of 9 rows, bare (`1.3|4..|...` or `1 . 3 4 . . . . .`) or framed as
 * the forums frame them (`+-------+-------+-------+` and `|` between boxes).
 * A grid ends with its ninth row; a blank line, a comment or any other line
 * before that is an error naming the grid's first line. Lines are numbered
 * from 1, so errors name the line a user sees in an editor.
 */
import { CELLS, PLAIN, REPEATED, cellValue, findConflict, formatPuzzle, printable, scanCells, scanProblem, type Puzzle } from "./puzzle.js";

export type ReadItem =
  | {
      readonly ok: true;
      readonly cells: Puzzle;
      /** The puzzle as 81 characters, 1-9 and '.'. */
      readonly puzzle: string;
      readonly annotation: string;
      readonly line: number;
    }
  /** `cells` is there when the item reads as 81 cells and only a repeated digit is wrong. */
  | { readonly ok: false; readonly reason: string; readonly line: number; readonly cells?: Puzzle };

/** A frame line: only rule characters, with a run of at least three dashes or equals signs. */
const FRAME_LINE = /^[\s+\-=*|:]*[-=]{3}[\s+\-=*|:]*$/;
/** What may separate the cells of a grid row: spaces and box walls. */
const ROW_SEPARATOR = /[\s|:¦]/;

/**
 * Reads lines one at a time (a stream needs no whole text) and hands each
 * puzzle or bad item to `onItem` as soon as it is complete. An item's
 * `cells` are the reader's own buffer, valid during the call: copy them to
 * keep them (a batch of a million lines then allocates no array per line).
 */
export class PuzzleTextReader {
  private readonly cells = new Uint8Array(81);
  private readonly rows = new Uint8Array(81);
  private rowCount = 0;
  private gridLine = 0;

  constructor(private readonly onItem: (item: ReadItem) => void) {}

  /** Takes the next line (without its line break); `line` is its 1-based number. */
  push(rawText: string, line: number): void {
    const text = rawText.endsWith("\r") ? rawText.slice(0, -1) : rawText;
    // A line that starts with 81 cell characters is a one-line puzzle: the common case, read in one pass.
    if (this.rowCount === 0 && text.length >= 81 && this.pushPuzzleLine(text, line)) return;
    if (FRAME_LINE.test(text)) return;
    const row = gridRow(text);
    if (typeof row !== "string") {
      if (this.rowCount === 0) this.gridLine = line;
      this.rows.set(row, 9 * this.rowCount);
      if (++this.rowCount === 9) this.finishGrid();
      return;
    }
    if (this.rowCount > 0) {
      this.abandonGrid();
      if (text.length >= 81 && this.pushPuzzleLine(text, line)) return;
    }
    if (text.trim() === "" || text.startsWith("#")) return;
    // Neither a puzzle line nor a row: the 81-character reader says what is wrong, in its words.
    this.onItem({ ok: false, reason: row === "" ? scanProblem(text, scanCells(text, this.cells)) : row, line });
  }

  /** False when the line is not a one-line puzzle (a character among its first 81 is not a cell). */
  private pushPuzzleLine(text: string, line: number): boolean {
    const cells = this.cells;
    const scan = scanCells(text, cells);
    if (scan >= 0) return false;
    if (scan === PLAIN || scan === CELLS) {
      const puzzle = scan === PLAIN ? text.slice(0, 81) : formatPuzzle(cells);
      this.onItem({ ok: true, cells, puzzle, annotation: text.length > 81 ? text.slice(81) : "", line });
    } else if (scan === REPEATED) this.onItem({ ok: false, reason: findConflict(cells) ?? "a digit repeats", line, cells });
    else this.onItem({ ok: false, reason: scanProblem(text, scan), line });
    return true;
  }

  /** Ends the text: a grid still missing rows is an error. */
  end(): void {
    if (this.rowCount > 0) this.abandonGrid();
  }

  private finishGrid(): void {
    const cells = this.rows;
    this.rowCount = 0;
    const conflict = findConflict(cells);
    this.onItem(conflict === null ? { ok: true, cells, puzzle: formatPuzzle(cells), annotation: "", line: this.gridLine } : { ok: false, reason: conflict, line: this.gridLine, cells });
  }

  private abandonGrid(): void {
    const rows = this.rowCount;
    this.rowCount = 0;
    this.onItem({ ok: false, reason: `grid ends after ${rows} row${rows === 1 ? "" : "s"} (expected 9)`, line: this.gridLine });
  }
}

/** Every puzzle and bad item of a text, in order. A leading byte-order mark is skipped. */
export function readPuzzles(text: string): ReadItem[] {
  const items: ReadItem[] = [];
  const reader = new PuzzleTextReader((item) => items.push(item.cells === undefined ? item : { ...item, cells: item.cells.slice() }));
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split("\n");
  // A final line break ends the last line; it does not start an empty one.
  const count = lines.length > 0 && lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
  for (let i = 0; i < count; i++) reader.push(lines[i], i + 1);
  reader.end();
  return items;
}

/**
 * A grid row: exactly 9 cell characters once spaces and box walls are
 * removed. Otherwise "" when the line has no cell character at all or far
 * more than a row's worth (it is not a row; let the line reader judge it),
 * or why it is a bad row.
 */
function gridRow(text: string): Uint8Array | string {
  const row = new Uint8Array(9);
  let n = 0;
  let walls = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ROW_SEPARATOR.test(ch)) {
      if (ch !== " " && ch !== "\t") walls++;
      continue;
    }
    const value = cellValue(text.charCodeAt(i));
    if (value < 0) return walls > 0 && n > 0 ? `bad character '${printable(ch)}' in a grid row` : "";
    if (n === 9) return walls > 0 ? `grid row with more than 9 cells` : "";
    row[n++] = value;
  }
  if (n === 9) return row;
  return walls > 0 && n > 0 ? `grid row with ${n} cells (expected 9)` : "";
}
