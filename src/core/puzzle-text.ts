/**
 * Reading puzzles from text in the forms people paste and publish: one
 * puzzle per line (81 cell characters, then an optional annotation), and
 * grids of 9 rows, bare (`1.3|4..|...` or `1 . 3 4 . . . . .`) or framed as
 * the forums frame them (`+-------+-------+-------+` and `|` between boxes).
 * A grid ends with its ninth row; a blank line, a comment or any other line
 * before that is an error naming the grid's first line. Lines are numbered
 * from 1, so errors name the line a user sees in an editor.
 */
import { cellValue, findConflict, formatPuzzle, parseLine, printable, type Puzzle } from "./puzzle.js";

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
 * puzzle or bad item to `onItem` as soon as it is complete.
 */
export class PuzzleTextReader {
  private readonly rows = new Uint8Array(81);
  private rowCount = 0;
  private gridLine = 0;

  constructor(private readonly onItem: (item: ReadItem) => void) {}

  /** Takes the next line (without its line break); `line` is its 1-based number. */
  push(rawText: string, line: number): void {
    const text = rawText.endsWith("\r") ? rawText.slice(0, -1) : rawText;
    if (this.rowCount === 0 && isPuzzleLine(text)) {
      this.onItem(withLine(parseLine(text), line, text));
      return;
    }
    if (FRAME_LINE.test(text)) return;
    const row = gridRow(text);
    if (typeof row !== "string") {
      if (this.rowCount === 0) this.gridLine = line;
      this.rows.set(row, 9 * this.rowCount);
      if (++this.rowCount === 9) this.finishGrid();
      return;
    }
    if (this.rowCount > 0) this.abandonGrid();
    if (text.trim() === "" || text.startsWith("#")) return;
    // Neither a puzzle line nor a row: the 81-character reader says what is wrong, in its words.
    const parsed = parseLine(text);
    this.onItem(parsed.ok ? withLine(parsed, line, text) : { ok: false, reason: row === "" ? parsed.reason : row, line });
  }

  /** Ends the text: a grid still missing rows is an error. */
  end(): void {
    if (this.rowCount > 0) this.abandonGrid();
  }

  private finishGrid(): void {
    const cells = this.rows.slice();
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
  const reader = new PuzzleTextReader((item) => items.push(item));
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split("\n");
  // A final line break ends the last line; it does not start an empty one.
  const count = lines.length > 0 && lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
  for (let i = 0; i < count; i++) reader.push(lines[i], i + 1);
  reader.end();
  return items;
}

/** True when the line starts with 81 cell characters: a one-line puzzle (the common case, tested first). */
function isPuzzleLine(text: string): boolean {
  if (text.length < 81) return false;
  for (let i = 0; i < 81; i++) if (cellValue(text.charCodeAt(i)) < 0) return false;
  return true;
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

/** `text` is the line read: when its 81 cells are already written with '.' for empty, they are the puzzle's text as they stand. */
function withLine(parsed: ReturnType<typeof parseLine>, line: number, text?: string): ReadItem {
  if (!parsed.ok) return parsed.cells === undefined ? { ok: false, reason: parsed.reason, line } : { ok: false, reason: parsed.reason, line, cells: parsed.cells };
  const puzzle = text !== undefined && isPlainPuzzle(text) ? text.slice(0, 81) : formatPuzzle(parsed.cells);
  return { ok: true, cells: parsed.cells, puzzle, annotation: parsed.annotation, line };
}

/** True when the first 81 characters are 1-9 and '.' only. */
function isPlainPuzzle(text: string): boolean {
  for (let i = 0; i < 81; i++) {
    const code = text.charCodeAt(i);
    if (code !== 46 && (code < 49 || code > 57)) return false;
  }
  return true;
}
