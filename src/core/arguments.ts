/**
 * Checks of the arguments a library user passes to the public entry
 * points, made once at the entry (the hot paths inside take typed arrays
 * unchecked). A wrong type is a TypeError, a wrong value a RangeError, and
 * the message names the argument, so `solve(42)` or `countSolutions(p, NaN)`
 * fail at once with a sentence instead of answering nonsense or hanging.
 */
import { parseLine, type Puzzle } from "./puzzle.js";

/** What the public entry points take as a puzzle or grid. */
export type PuzzleInput = string | ArrayLike<number>;

/**
 * A puzzle or grid: an 81-character string (digits, and '.', '0', '-', 'x',
 * '*' for empty cells; a String object too) or an array-like of 81 integers
 * 0-9. Returns the cells (the same Uint8Array when one was given).
 */
export function puzzleArgument(value: unknown, name = "puzzle"): Puzzle {
  if (typeof value === "string" || value instanceof String) {
    const parsed = parseLine(String(value).trim());
    if (!parsed.ok) throw new RangeError(`${name}: ${parsed.reason}`);
    if (parsed.annotation.trim() !== "") throw new RangeError(`${name}: unexpected text after the 81 cells`);
    return parsed.cells;
  }
  if (value instanceof Uint8Array) {
    if (value.length !== 81) throw new RangeError(`${name} must have 81 cells, not ${value.length}`);
    for (let i = 0; i < 81; i++) if (value[i] > 9) throw new RangeError(`${name}: cell ${i} holds ${value[i]} (expected 0-9)`);
    return value;
  }
  if (typeof value === "object" && value !== null && typeof (value as ArrayLike<unknown>).length === "number") {
    const list = value as ArrayLike<unknown>;
    if (list.length !== 81) throw new RangeError(`${name} must have 81 cells, not ${list.length}`);
    const cells = new Uint8Array(81);
    for (let i = 0; i < 81; i++) {
      const v = list[i];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 9) throw new RangeError(`${name}: cell ${i} holds ${String(v)} (expected an integer 0-9)`);
      cells[i] = v;
    }
    return cells;
  }
  throw new TypeError(`${name} must be an 81-character string or an array of 81 digits 0-9, not ${describe(value)}`);
}

/** A count limit: a positive integer, or Infinity. */
export function limitArgument(value: unknown, name = "limit"): number {
  if (typeof value !== "number") throw new TypeError(`${name} must be a number, not ${describe(value)}`);
  if (value !== Infinity && (!Number.isSafeInteger(value) || value < 1)) throw new RangeError(`${name} must be a positive integer or Infinity, not ${value}`);
  return value;
}

/** An integer in [min, max]. */
export function integerArgument(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== "number") throw new TypeError(`${name} must be a number, not ${describe(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}, not ${value}`);
  return value;
}

/** One of the listed values. */
export function choiceArgument<T extends string>(value: unknown, name: string, choices: readonly T[]): T {
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) {
    throw new RangeError(`${name} must be one of ${choices.map((c) => JSON.stringify(c)).join(", ")}, not ${describe(value)}`);
  }
  return value as T;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "string") return JSON.stringify(value.length > 20 ? value.slice(0, 20) + "..." : value);
  if (typeof value === "object") return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  return `${typeof value} ${String(value)}`;
}
