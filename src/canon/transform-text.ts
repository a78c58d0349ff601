/**
 * The text form of a transform, for people and command lines:
 *
 *   [transpose,]rows=R1..R9,cols=C1..C9,digits=D1..D9
 *
 * e.g. `transpose,rows=456123789,cols=123456789,digits=912345678`. Read it in
 * order: transpose the grid first (when `transpose` is there); then row i of
 * the result is row Ri of that grid and column j is column Cj (lines counted
 * 1-9); then every digit d is written Dd. Commas keep it one shell word with
 * no quoting. When read, a missing field means "unchanged" (`digits=234567891`
 * alone only relabels), the fields may come in any order, and rows and
 * columns must keep bands and stacks together, as every Sudoku symmetry does.
 */
import { identityTransform, transformProblem, type GridTransform } from "./transform.js";

const FIELDS = ["rows", "cols", "digits"] as const;

/** The text form of a transform (all fields, transpose first when set). */
export function formatTransform(t: GridTransform): string {
  if (typeof t !== "object" || t === null) throw new TypeError("transform must be an object {transpose, rows, cols, digits}");
  const problem = transformProblem(t);
  if (problem !== null) throw new RangeError(`transform: ${problem}`);
  const ones = (order: ArrayLike<number>): string => Array.from(order, (line) => line + 1).join("");
  return `${t.transpose ? "transpose," : ""}rows=${ones(t.rows)},cols=${ones(t.cols)},digits=${Array.from(t.digits).slice(1).join("")}`;
}

/** Reads the text form; throws a RangeError saying what is wrong. */
export function parseTransform(text: string): GridTransform {
  if (typeof text !== "string") throw new TypeError("transform text must be a string");
  const given = new Map<string, Uint8Array>();
  let transpose = false;
  const parts = text.trim().split(",").map((part) => part.trim());
  if (parts.length === 1 && parts[0] === "") throw new RangeError("transform: empty (expected e.g. transpose,rows=123456789,cols=123456789,digits=123456789)");
  for (const part of parts) {
    if (part === "transpose") {
      if (transpose) throw new RangeError("transform: 'transpose' given twice");
      transpose = true;
      continue;
    }
    const match = /^([a-z]+)=(.*)$/.exec(part);
    const field = FIELDS.find((name) => name === match?.[1]);
    if (match === null || field === undefined) throw new RangeError(`transform: unknown part '${part}' (expected transpose, rows=, cols= or digits=)`);
    if (given.has(field)) throw new RangeError(`transform: ${field} given twice`);
    if (!/^[1-9]{9}$/.test(match[2])) throw new RangeError(`transform: ${field} must be 9 digits 1-9, not '${match[2]}'`);
    given.set(field, Uint8Array.from(match[2], (ch) => Number(ch) - (field === "digits" ? 0 : 1)));
  }
  const unchanged = identityTransform();
  const digits = given.get("digits");
  const t: GridTransform = {
    transpose,
    rows: given.get("rows") ?? unchanged.rows,
    cols: given.get("cols") ?? unchanged.cols,
    digits: digits === undefined ? unchanged.digits : Uint8Array.from([0, ...digits]),
  };
  const problem = transformProblem(t);
  if (problem !== null) throw new RangeError(`transform: ${problem}`);
  return t;
}

