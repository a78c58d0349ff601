/**
 * Reading and writing puzzles and grids: one per line, 81 characters, digits
 * 1-9 and '.', '0', '-', 'x' or '*' for an empty cell (the forms in use on the
 * forums and in the published lists). Anything after the 81 characters that
 * starts with whitespace, '#' or ';' is an annotation, carried along verbatim.
 * A puzzle is a Uint8Array(81) with 0 for empty cells; a grid has no zeros.
 * Multi-line grids (9 rows, framed or not) are read by puzzle-text.ts.
 */
import { BOX_OF, COL_OF, ROW_OF, UNITS, UNIT_NAMES, cellName } from "./cells.js";

export type Puzzle = Uint8Array;

export type ParsedLine =
  | { readonly ok: true; readonly cells: Puzzle; readonly annotation: string }
  /** `cells` is there when the line reads as 81 cells and only a repeated digit is wrong (a page can mark them). */
  | { readonly ok: false; readonly reason: string; readonly cells?: Puzzle };

const SEPARATORS = " \t#;";
/** Digits seen per unit while looking for a conflict: rows 0-8, columns 9-17, boxes 18-26. */
const conflictMasks = new Int32Array(27);
/** The characters that stand for an empty cell. */
export const EMPTY_CELL_CHARACTERS = ".0-xX*";

/** Cell values by character code: 1-9, 0 for an empty cell, -1 for anything else. */
const CELL_VALUES = new Int8Array(128).fill(-1);
for (let d = 1; d <= 9; d++) CELL_VALUES[48 + d] = d;
for (const ch of EMPTY_CELL_CHARACTERS) CELL_VALUES[ch.charCodeAt(0)] = 0;

/** The cell a character stands for: 1-9, 0 for empty, -1 when it is not a cell character. */
export function cellValue(code: number): number {
  return code < 128 ? CELL_VALUES[code] : -1;
}

/** Parses one line. Never throws: a bad line comes back with its reason. */
export function parseLine(rawLine: string): ParsedLine {
  const line = rawLine.charCodeAt(rawLine.length - 1) === 13 ? rawLine.slice(0, -1) : rawLine;
  const cells = new Uint8Array(81);
  const scan = scanCells(line, cells);
  if (scan === PLAIN || scan === CELLS) return { ok: true, cells, annotation: line.length > 81 ? line.slice(81) : "" };
  if (scan === REPEATED) return { ok: false, reason: findConflict(cells) ?? "a digit repeats", cells };
  return { ok: false, reason: scanProblem(line, scan) };
}

/** scanCells' answers; 0-80 is the position of the first character that is not a cell. */
export const PLAIN = -1;
/** 81 good cells, some written other than with 1-9 and '.'. */
export const CELLS = -2;
/** 81 cells with a digit repeated in a row, column or box. */
export const REPEATED = -3;
/** Fewer than 81 characters. */
export const SHORT = -4;
/** An 82nd character that cannot start an annotation. */
export const RUN_ON = -5;

/**
 * Reads the 81 cells of a line (no line break) into `cells`, and checks in
 * the same pass that no digit repeats in a unit. PLAIN when they are written
 * with 1-9 and '.' only (the line is then the puzzle's own text), CELLS for
 * other empty-cell characters, otherwise what is wrong. The caller owns the
 * buffer, so a batch reads its lines without allocating: an array per line
 * costs as much as the reading.
 */
export function scanCells(line: string, cells: Uint8Array): number {
  const n = Math.min(81, line.length);
  const seen = conflictMasks;
  seen.fill(0);
  let clean = true;
  let plain = true;
  for (let i = 0; i < n; i++) {
    const code = line.charCodeAt(i);
    const value = cellValue(code);
    if (value < 0) return i;
    cells[i] = value;
    if (value === 0) {
      if (code !== 46) plain = false;
      continue;
    }
    const bit = 1 << value;
    const r = ROW_OF[i];
    const c = 9 + COL_OF[i];
    const b = 18 + BOX_OF[i];
    if ((seen[r] | seen[c] | seen[b]) & bit) clean = false;
    seen[r] |= bit;
    seen[c] |= bit;
    seen[b] |= bit;
  }
  if (line.length < 81) return SHORT;
  if (line.length > 81 && !SEPARATORS.includes(line[81])) return RUN_ON;
  if (!clean) return REPEATED;
  return plain ? PLAIN : CELLS;
}

/** What is wrong with a line, from scanCells' answer (not REPEATED, which findConflict describes). */
export function scanProblem(line: string, scan: number): string {
  if (scan === SHORT) return `line has ${line.length} characters (expected 81)`;
  if (scan === RUN_ON) return `more than 81 cell characters (character 82 is '${printable(line[81])}'; an annotation must start with a space, tab, '#' or ';')`;
  const ch = line[scan];
  if (SEPARATORS.includes(ch)) return `only ${scan} cell characters before '${printable(ch)}' (expected 81)`;
  return `bad character '${printable(ch)}' at position ${scan + 1} (expected 1-9, or '.', '0', '-', 'x', '*' for an empty cell)`;
}

/** Parses a puzzle string, throwing an Error with the reason when it is bad. */
export function parsePuzzle(text: string): Puzzle {
  const parsed = parseLine(text.trim());
  if (!parsed.ok) throw new Error(`invalid puzzle: ${parsed.reason}`);
  return parsed.cells;
}

/** Parses a complete solution grid (81 digits, no empty cell). */
export function parseGrid(text: string): Puzzle {
  const cells = parsePuzzle(text);
  const empty = cells.indexOf(0);
  if (empty >= 0) throw new Error(`invalid grid: cell ${cellName(empty)} is empty (a grid needs 81 digits)`);
  return cells;
}

/** Describes the first digit repeated in a unit, or null when there is none (scanCells finds whether one is, in its pass). */
export function findConflict(cells: Puzzle): string | null {
  for (let u = 0; u < 27; u++) {
    const unit = UNITS[u];
    for (let i = 0; i < 9; i++) {
      const d = cells[unit[i]];
      if (d === 0) continue;
      for (let j = i + 1; j < 9; j++) {
        if (cells[unit[j]] === d) {
          return `digit ${d} appears twice in ${UNIT_NAMES[u]} (${cellName(unit[i])} and ${cellName(unit[j])})`;
        }
      }
    }
  }
  return null;
}

/** Character codes of a puzzle being formatted: one flat string from them, not a rope of 81 concatenations. */
const formatCodes = new Uint16Array(81);

export function formatPuzzle(cells: ArrayLike<number>, empty = "."): string {
  const emptyCode = empty.charCodeAt(0);
  for (let i = 0; i < 81; i++) formatCodes[i] = cells[i] === 0 ? emptyCode : 48 + cells[i];
  return String.fromCharCode.apply(null, formatCodes as unknown as number[]);
}

export function clueCount(cells: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < 81; i++) if (cells[i] !== 0) n++;
  return n;
}

/** True when `grid` is a complete valid Sudoku grid. */
export function isValidGrid(grid: ArrayLike<number>): boolean {
  for (let u = 0; u < 27; u++) {
    let seen = 0;
    for (const cell of UNITS[u]) {
      const d = grid[cell];
      if (d < 1 || d > 9) return false;
      seen |= 1 << d;
    }
    if (seen !== 0x3fe) return false;
  }
  return true;
}

/**
 * A character as a message may show it: control characters, invisible
 * spaces and a byte-order mark are written as escapes, so input bytes never
 * reach a terminal raw.
 */
export function printable(ch: string): string {
  if (ch === "\t") return "\\t";
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || code === 0xfeff || code === 0x200b || code === 0xa0) {
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return ch;
}
