/**
 * The board's drawing coordinates: the SVG layer over the grid uses a
 * 900 x 900 view box, 100 units a cell, and a cell's candidates sit in a
 * 3 x 3 block (digit 1 top left, 9 bottom right), as the HTML cells lay
 * them out, so arrows meet the candidates they join.
 */
export const CELL = 100;
export const BOARD = 9 * CELL;

/** Centre of candidate `digit` (1-9) of `cell` (0-80). */
export function candidateCentre(cell: number, digit: number): [number, number] {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  const k = digit - 1;
  const third = CELL / 3;
  return [col * CELL + (k % 3) * third + third / 2, row * CELL + Math.floor(k / 3) * third + third / 2];
}

/** Key of a candidate in mark maps. */
export function candidateKey(cell: number, digit: number): number {
  return 9 * cell + digit - 1;
}
