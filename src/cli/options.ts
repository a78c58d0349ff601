/**
 * The option parsers of the command line, kept apart from the commands so
 * that main.ts can declare every command while loading only the one run.
 */
import { InvalidArgumentError } from "commander";
import type { Scan17Engine, Scan17Pass } from "../bandscan/index.js";

/** The passes and engines by name; typed against the band scan's own, which the parsers must not load at start-up. */
const PASSES = ["1", "2a", "2b"] as const satisfies readonly Scan17Pass[];
const ENGINES = ["expand", "chunks"] as const satisfies readonly Scan17Engine[];
import type { NumberRange as SliceRange } from "../jobs/ranges.js";

/** --shard i/N. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parses --digits: a comma-separated list of floor sizes, each 2..5 (e.g. "3" or "2,3,4"); "" or "none" for no floors. */
export function digitCounts(value: string): number[] {
  if (value === "" || value === "none") return [];
  const counts = value.split(",").map((part) => part.trim());
  if (!counts.every((part) => /^[2-5]$/.test(part))) {
    throw new InvalidArgumentError("expected a comma-separated list of numbers 2 to 5 (e.g. 2,3,4), or 'none'.");
  }
  return counts.map(Number);
}

export function positiveInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("expected a positive integer.");
  }
  return n;
}

export function nonNegativeInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError("expected a non-negative integer.");
  return n;
}

/** Parses --seed: the PRNG takes a 32-bit seed. */
export function seedValue(value: string): number {
  const n = nonNegativeInteger(value);
  if (n > 0xffffffff) throw new InvalidArgumentError("expected an integer from 0 to 4294967295.");
  return n;
}

/** Parses --clues: 1 to 81. */
export function clueCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 81) throw new InvalidArgumentError("expected a number of clues, 1 to 81.");
  return n;
}

/** Parses --rank: a band-1 n6 rank. */
export function bandRank(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 415) throw new InvalidArgumentError("expected a band-1 rank, 0 to 415.");
  return n;
}

/** Parses --slices: "A..B" or "A", slice numbers from 0. */
export function sliceRange(value: string): SliceRange {
  return numberRange(value, Number.MAX_SAFE_INTEGER, "slices");
}

/** Parses --ranks: "A..B" or "A", ranks 0 to 415. */
export function rankRange(value: string): SliceRange {
  return numberRange(value, 415, "ranks");
}

function numberRange(value: string, max: number, what: string): SliceRange {
  const match = /^(\d+)(?:\.\.(\d+))?$/.exec(value);
  const first = Number(match?.[1]);
  const last = Number(match?.[2] ?? match?.[1]);
  if (match === null || first > last || last > max) {
    throw new InvalidArgumentError(`expected ${what} as A..B or A, with 0 <= A <= B${max < Number.MAX_SAFE_INTEGER ? ` <= ${max}` : ""}.`);
  }
  return { first, last };
}

/** Most shards: far more machines than anyone has, and small enough for exact split arithmetic. */
const MAX_SHARDS = 1_000_000;

/** Parses --pass: 1, 2a or 2b. */
export function scan17Pass(value: string): Scan17Pass {
  const pass = PASSES.find((p) => p === value);
  if (pass === undefined) throw new InvalidArgumentError("expected a pass: 1, 2a or 2b.");
  return pass;
}

/** Parses scan17's --engine: expand or chunks. */
export function scan17Engine(value: string): Scan17Engine {
  const engine = ENGINES.find((e) => e === value);
  if (engine === undefined) throw new InvalidArgumentError("expected an engine: expand or chunks.");
  return engine;
}

/** Parses --shard: "i/N" with 1 <= i <= N. */
export function shardOption(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || index < 1 || index > count || count > MAX_SHARDS) {
    throw new InvalidArgumentError(`expected a shard as i/N, with 1 <= i <= N <= ${MAX_SHARDS}.`);
  }
  return { index, count };
}
