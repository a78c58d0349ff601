/**
 * A puzzle as an SVG picture, for forum posts and papers: 81 cells with thin
 * borders, thick lines around the boxes and the grid, the givens in bold,
 * optionally each empty cell's candidates as small digits placed as on a
 * phone keypad (1 top left, 9 bottom right), and highlighted cells filled.
 * Plain text out, no DOM, so it runs anywhere. Every element has a class
 * (background, cell, boxes, given, candidate) for a stylesheet to restyle.
 */
import { COL_OF, ROW_OF } from "../core/cells.js";
import { peerCandidates } from "../core/candidates.js";
import { formatPuzzle } from "../core/puzzle.js";
import { integerArgument, puzzleArgument, type PuzzleInput } from "../core/arguments.js";

export interface SvgOptions {
  /** Show each empty cell's candidates: the digits no clue of its row, column or box holds. */
  readonly candidates?: boolean;
  /** Cells to fill with the highlight colour, as indexes 0-80 (row-major: r1c1 = 0, r9c9 = 80). */
  readonly highlight?: Iterable<number>;
  /** Width and height in pixels (the drawing scales to it); default 460. */
  readonly size?: number;
}

/** Drawing units: the picture's own coordinates, whatever its size in pixels. */
const CELL = 50;
const MARGIN = 5;
const SIDE = 2 * MARGIN + 9 * CELL;
const FONTS = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const GIVEN_SIZE = 32;
const CANDIDATE_SIZE = 13;
/** Digits' glyphs sit on the baseline and are about 0.7 em tall: this much below the centre centres them. */
const BASELINE_DROP = 0.36;
const HIGHLIGHT = "#ffe680";

/** The SVG document (UTF-8 text, no XML declaration needed) for a puzzle or grid. */
export function puzzleSvg(puzzle: PuzzleInput, options: SvgOptions = {}): string {
  const cells = puzzleArgument(puzzle);
  const size = options.size === undefined ? SIDE : integerArgument(options.size, "size", 1, 100_000);
  const lit = new Set<number>();
  for (const cell of options.highlight ?? []) lit.add(integerArgument(cell, "highlight cell", 0, 80));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${SIDE} ${SIDE}">`,
    `<title>Sudoku ${formatPuzzle(cells)}</title>`,
    `<rect class="background" x="0" y="0" width="${SIDE}" height="${SIDE}" fill="#ffffff"/>`,
    `<g stroke="#a0a0a0" stroke-width="1">`,
  ];
  for (let cell = 0; cell < 81; cell++) {
    out.push(`<rect class="cell" x="${left(cell)}" y="${top(cell)}" width="${CELL}" height="${CELL}" fill="${lit.has(cell) ? HIGHLIGHT : "#ffffff"}"/>`);
  }
  out.push(`</g>`, `<path class="boxes" d="${boxLines()}" fill="none" stroke="#000000" stroke-width="3" stroke-linecap="square"/>`);
  out.push(`<g font-family="${FONTS}" text-anchor="middle" fill="#000000" font-size="${GIVEN_SIZE}" font-weight="bold">`);
  for (let cell = 0; cell < 81; cell++) {
    if (cells[cell] !== 0) out.push(text("given", left(cell) + CELL / 2, top(cell) + CELL / 2 + BASELINE_DROP * GIVEN_SIZE, cells[cell]));
  }
  out.push(`</g>`);
  if (options.candidates === true) {
    out.push(`<g font-family="${FONTS}" text-anchor="middle" fill="#505050" font-size="${CANDIDATE_SIZE}">`);
    const third = CELL / 3;
    peerCandidates(cells).forEach((set, cell) => {
      for (let d = 1; d <= 9; d++) {
        if (((set >> (d - 1)) & 1) === 0) continue;
        const x = left(cell) + third * (((d - 1) % 3) + 0.5);
        const y = top(cell) + third * (Math.floor((d - 1) / 3) + 0.5) + BASELINE_DROP * CANDIDATE_SIZE;
        out.push(text("candidate", x, y, d));
      }
    });
    out.push(`</g>`);
  }
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}

function left(cell: number): number {
  return MARGIN + CELL * COL_OF[cell];
}

function top(cell: number): number {
  return MARGIN + CELL * ROW_OF[cell];
}

function text(kind: string, x: number, y: number, digit: number): string {
  return `<text class="${kind}" x="${round(x)}" y="${round(y)}">${digit}</text>`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The grid's outline and the lines between boxes, as one path. */
function boxLines(): string {
  const end = MARGIN + 9 * CELL;
  const parts: string[] = [];
  for (let k = 0; k <= 9; k += 3) {
    const at = MARGIN + k * CELL;
    parts.push(`M${MARGIN} ${at}H${end}`, `M${at} ${MARGIN}V${end}`);
  }
  return parts.join("");
}
