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

/** The cell a character stands for: 1-9, 0 for empty, -1 when it is not a cell character. */
export function cellValue(code: number): number {
  if (code >= 49 && code <= 57) return code - 48;
  // '.', '0', '-', 'x', 'X', '*'
  return code === 46 || code === 48 || code === 45 || code === 120 || code === 88 || code === 42 ? 0 : -1;
}

/** Parses one line. Never throws: a bad line comes back with its reason. */
export function parseLine(rawLine: string): ParsedLine {
  const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
  const cells = new Uint8Array(81);
  const n = Math.min(81, line.length);
  for (let i = 0; i < n; i++) {
    const value = cellValue(line.charCodeAt(i));
    if (value >= 0) cells[i] = value;
    else if (SEPARATORS.includes(line[i])) {
      return { ok: false, reason: `only ${i} cell characters before '${printable(line[i])}' (expected 81)` };
    } else {
      return { ok: false, reason: `bad character '${printable(line[i])}' at position ${i + 1} (expected 1-9, or '.', '0', '-', 'x', '*' for an empty cell)` };
    }
  }
  if (line.length < 81) return { ok: false, reason: `line has ${line.length} characters (expected 81)` };
  if (line.length > 81 && !SEPARATORS.includes(line[81])) {
    return { ok: false, reason: `more than 81 cell characters (character 82 is '${printable(line[81])}'; an annotation must start with a space, tab, '#' or ';')` };
  }
  const conflict = findConflict(cells);
  if (conflict !== null) return { ok: false, reason: conflict, cells };
  return { ok: true, cells, annotation: line.slice(81) };
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

/** Describes the first digit repeated in a unit, or null when there is none. */
export function findConflict(cells: Puzzle): string | null {
  // A bit per digit and unit: one pass over the cells finds whether any repeats, which almost none does.
  let clean = true;
  const seen = conflictMasks;
  seen.fill(0);
  for (let cell = 0; cell < 81 && clean; cell++) {
    const d = cells[cell];
    if (d === 0) continue;
    const bit = 1 << d;
    const r = ROW_OF[cell];
    const c = 9 + COL_OF[cell];
    const b = 18 + BOX_OF[cell];
    if ((seen[r] | seen[c] | seen[b]) & bit) clean = false;
    seen[r] |= bit;
    seen[c] |= bit;
    seen[b] |= bit;
  }
  if (clean) return null;
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
