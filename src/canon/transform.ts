/**
 * The Sudoku group as values: checking, composing, inverting and drawing
 * transforms at random. A transform moves cells (transposition, then row and
 * column orders that keep bands and stacks together) and relabels digits;
 * composing two is easiest through the cell map they induce, which is then
 * read back as rows and columns.
 */
import { COL_OF, ROW_OF } from "../core/cells.js";
import { randomOrder } from "../core/random.js";

/** A grid transformation: optional transposition first, then new row i = old row rows[i], new column j = old column cols[j], then digits relabelled old d -> digits[d] (digits[0] = 0). */
export interface GridTransform {
  readonly transpose: boolean;
  readonly rows: Uint8Array;
  readonly cols: Uint8Array;
  readonly digits: Uint8Array;
}

const IDENTITY_LINES = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/** The transform that changes nothing. */
export function identityTransform(): GridTransform {
  return { transpose: false, rows: Uint8Array.from(IDENTITY_LINES), cols: Uint8Array.from(IDENTITY_LINES), digits: Uint8Array.from([0, ...IDENTITY_LINES.map((i) => i + 1)]) };
}

/**
 * Why `t` is not an element of the Sudoku group, or null when it is: rows
 * and cols must be orders of 0-8 that keep each band (stack) together, and
 * digits a relabelling of 1-9 with digits[0] = 0.
 */
export function transformProblem(t: GridTransform): string | null {
  const lines = (order: ArrayLike<number>, name: string, block: string): string | null => {
    if (order?.length !== 9) return `${name} must list 9 lines, not ${order?.length}`;
    const seen = new Set<number>();
    for (let i = 0; i < 9; i++) {
      const line = order[i];
      if (!Number.isInteger(line) || line < 0 || line > 8 || seen.has(line)) return `${name} must list each of the 9 lines once`;
      seen.add(line);
      // The three lines that land in one block must come from one block.
      if (Math.floor(line / 3) !== Math.floor(order[i - (i % 3)] / 3)) return `${name} must keep each ${block} together: positions 1-3, 4-6 and 7-9 each take the three lines of one ${block}`;
    }
    return null;
  };
  const problem = lines(t.rows, "rows", "band") ?? lines(t.cols, "cols", "stack");
  if (problem !== null) return problem;
  if (t.digits?.length !== 10 || t.digits[0] !== 0) return "digits must have 10 entries, digits[0] = 0";
  const labels = new Set(Array.from(t.digits).slice(1));
  if (labels.size !== 9 || [...labels].some((d) => d < 1 || d > 9)) return "digits must relabel the digits 1-9 to 1-9, each once";
  return null;
}

/** Throws a RangeError naming `name` when `t` is not a transform of the group. */
function checked(t: GridTransform, name: string): GridTransform {
  if (typeof t !== "object" || t === null) throw new TypeError(`${name} must be a transform {transpose, rows, cols, digits}`);
  const problem = transformProblem(t);
  if (problem !== null) throw new RangeError(`${name}: ${problem}`);
  return t;
}

/** The transform doing `first`, then `second`: applyTransform(applyTransform(x, first), second) equals applyTransform(x, composeTransforms(first, second)). */
export function composeTransforms(first: GridTransform, second: GridTransform): GridTransform {
  const from = sourceCells(checked(first, "first"));
  const via = sourceCells(checked(second, "second"));
  const cells = new Uint8Array(81);
  for (let k = 0; k < 81; k++) cells[k] = from[via[k]];
  const digits = new Uint8Array(10);
  for (let d = 1; d <= 9; d++) digits[d] = second.digits[first.digits[d]];
  return fromSourceCells(cells, digits);
}

/** The transform that undoes `t`. */
export function invertTransform(t: GridTransform): GridTransform {
  const from = sourceCells(checked(t, "transform"));
  const cells = new Uint8Array(81);
  for (let k = 0; k < 81; k++) cells[from[k]] = k;
  const digits = new Uint8Array(10);
  for (let d = 1; d <= 9; d++) digits[t.digits[d]] = d;
  return fromSourceCells(cells, digits);
}

/** A transform drawn uniformly from the group (3,359,232 cell maps times 9! relabellings), with `random` giving numbers in [0, 1) (Math.random, or a seeded generator). */
export function randomTransform(random: () => number): GridTransform {
  if (typeof random !== "function") throw new TypeError("random must be a function returning numbers in [0, 1), e.g. Math.random");
  const lines = (): Uint8Array => {
    const blocks = randomOrder(3, random);
    const order = new Uint8Array(9);
    for (let b = 0; b < 3; b++) {
      const inner = randomOrder(3, random);
      for (let i = 0; i < 3; i++) order[3 * b + i] = 3 * blocks[b] + inner[i];
    }
    return order;
  };
  const transpose = random() < 0.5;
  const rows = lines();
  const cols = lines();
  const labels = randomOrder(9, random);
  const digits = new Uint8Array(10);
  for (let d = 1; d <= 9; d++) digits[d] = labels[d - 1] + 1;
  return { transpose, rows, cols, digits };
}

/** For each cell of the image, the cell of the source it shows. */
function sourceCells(t: GridTransform): Uint8Array {
  const cells = new Uint8Array(81);
  for (let i = 0; i < 9; i++) {
    for (let j = 0; j < 9; j++) cells[9 * i + j] = t.transpose ? 9 * t.cols[j] + t.rows[i] : 9 * t.rows[i] + t.cols[j];
  }
  return cells;
}

/** Reads a cell map of the group back as a transform: cells 0 and 1 of the image share a source row unless the map transposes. */
function fromSourceCells(cells: Uint8Array, digits: Uint8Array): GridTransform {
  const transpose = ROW_OF[cells[0]] !== ROW_OF[cells[1]];
  const rows = new Uint8Array(9);
  const cols = new Uint8Array(9);
  for (let i = 0; i < 9; i++) {
    rows[i] = transpose ? COL_OF[cells[9 * i]] : ROW_OF[cells[9 * i]];
    cols[i] = transpose ? ROW_OF[cells[i]] : COL_OF[cells[i]];
  }
  return { transpose, rows, cols, digits };
}

