/**
 * Reading and writing puzzles and grids: one per line, 81 characters, digits
 * 1-9 and '.' or '0' for an empty cell. Anything after the 81 characters that
 * starts with whitespace, '#' or ';' is an annotation, carried along verbatim.
 * A puzzle is a Uint8Array(81) with 0 for empty cells; a grid has no zeros.
 */
import { UNITS, UNIT_NAMES, cellName } from "./cells.js";

export type Puzzle = Uint8Array;

export type ParsedLine =
  | { readonly ok: true; readonly cells: Puzzle; readonly annotation: string }
  | { readonly ok: false; readonly reason: string };

const SEPARATORS = " \t#;";

/** Parses one line. Never throws: a bad line comes back with its reason. */
export function parseLine(rawLine: string): ParsedLine {
  const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
  const cells = new Uint8Array(81);
  const n = Math.min(81, line.length);
  for (let i = 0; i < n; i++) {
    const ch = line.charCodeAt(i);
    if (ch >= 49 && ch <= 57) cells[i] = ch - 48;
    else if (ch === 46 || ch === 48) cells[i] = 0;
    else if (SEPARATORS.includes(line[i])) {
      return { ok: false, reason: `only ${i} cell characters before '${printable(line[i])}' (expected 81)` };
    } else {
      return { ok: false, reason: `bad character '${printable(line[i])}' at position ${i + 1} (expected 1-9, '.' or '0')` };
    }
  }
  if (line.length < 81) return { ok: false, reason: `line has ${line.length} characters (expected 81)` };
  if (line.length > 81 && !SEPARATORS.includes(line[81])) {
    return { ok: false, reason: `more than 81 cell characters (character 82 is '${printable(line[81])}'; an annotation must start with a space, tab, '#' or ';')` };
  }
  const conflict = findConflict(cells);
  if (conflict !== null) return { ok: false, reason: conflict };
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

export function formatPuzzle(cells: ArrayLike<number>, empty = "."): string {
  let text = "";
  for (let i = 0; i < 81; i++) text += cells[i] === 0 ? empty : String.fromCharCode(48 + cells[i]);
  return text;
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

function printable(ch: string): string {
  return ch === "\t" ? "\\t" : ch;
}
