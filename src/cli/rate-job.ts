/**
 * `sudokulab rate`'s per-line work and its output format, with no Node APIs:
 * rateRecord runs in the main thread or in a worker (through line-jobs.ts),
 * and the main thread formats the records in input order (the ordinal %n is
 * only known there).
 */
import { formatPuzzle, parseLine } from "../core/puzzle.js";
import { formatRating, ratePuzzle, type EarlyStop, type RateResult } from "../rate/index.js";
import { hardestStep } from "../rate/explain.js";

/** What a rate job needs besides the line. Plain data (sent to the workers). */
export interface RateJobOptions {
  readonly uniqueness: boolean;
  readonly stop: EarlyStop | null;
  /** Only SE's first N producers (--producers), as SE with the later techniques unticked; undefined: all. */
  readonly producers?: number;
}

/**
 * One puzzle's rating. Ratings ×10, as serate prints them: ER 200 (20.0) when
 * no technique applies ("unsolvable") or --pearl/--diamond stopped the rating
 * ("stopped"), with EP / ED 0 when not reached; null = not known ("beyond":
 * the path needs a technique not implemented yet).
 */
export interface RateRecord {
  readonly status: "rated" | "unsolvable" | "stopped" | "beyond";
  readonly puzzle: string;
  readonly annotation: string;
  readonly er: number | null;
  readonly ep: number | null;
  readonly ed: number | null;
  /** The hardest step's technique (the stopping step's with --pearl/--diamond), or null (ER 20.0 or unknown). */
  readonly technique: string | null;
  /** Wall time of the rating, milliseconds. */
  readonly ms: number;
}

export type RateJobResult = { readonly record: RateRecord } | { readonly error: string };

/** Rates one input line. Never throws. */
export function rateRecord(text: string, options: RateJobOptions): RateJobResult {
  const parsed = parseLine(text);
  if (!parsed.ok) return { error: parsed.reason };
  const start = now();
  let result: RateResult;
  try {
    result = ratePuzzle(parsed.cells, { uniqueness: options.uniqueness, steps: true, stop: options.stop, producers: options.producers });
  } catch (e) {
    return { error: `rating failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  const ms = now() - start;
  const base = { puzzle: formatPuzzle(parsed.cells), annotation: parsed.annotation, ms };
  if (result.status === "invalid") {
    if (result.reason === "no solution") return { error: "puzzle has no solution" };
    return { error: result.reason === "more than one solution" ? "puzzle has several solutions" : result.reason };
  }
  switch (result.status) {
    case "rated":
      return { record: { ...base, status: result.status, er: result.er, ep: result.ep, ed: result.ed, technique: hardestStep(result.steps)?.technique ?? null } };
    case "stopped":
      return { record: { ...base, status: result.status, er: result.er, ep: result.ep, ed: result.ed, technique: result.stoppedBy.technique } };
    case "unsolvable":
      return { record: { ...base, status: result.status, er: result.er, ep: result.ep, ed: result.ed, technique: null } };
    case "beyond":
      return { record: { ...base, status: result.status, er: null, ep: result.ep, ed: result.ed, technique: null } };
  }
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

/** The format codes, for the help and the error message. */
export const FORMAT_CODES: readonly (readonly [string, string])[] = [
  ["%g", "the puzzle, 81 characters ('.' for an empty cell)"],
  ["%r", "ER, the hardest step"],
  ["%p", "EP, the hardest step up to the first placed digit"],
  ["%d", "ED, the first step"],
  ["%t", "the hardest step's technique (the first one at ER; '?' at ER 20.0)"],
  ["%e", "the time the rating took, as serate writes it (0.25s, 1m05s)"],
  ["%n", "the ordinal of the output line, from 1 (bad lines are not counted)"],
  ["%%", "a '%'"],
];

export const DEFAULT_FORMAT = "%g ED=%r/%p/%d";

/** Checks a --format value; returns a problem or null. */
export function formatProblem(format: string): string | null {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== "%") continue;
    const code = format[++i];
    if (code === undefined) return "the format ends with a lone '%'";
    if (!"grpdten%".includes(code)) return `unknown format code '%${code}' (known: ${FORMAT_CODES.map(([c]) => c).join(" ")})`;
  }
  return null;
}

/** A rating ×10 as serate prints it, '?' when not known. */
function rating(value: number | null): string {
  return value === null ? "?" : formatRating(value);
}

/** serate's %e: seconds with hundredths below a minute, then 1m05s, 1h05m, 1d05h. */
export function formatElapsed(ms: number): string {
  let t = Math.floor(ms / 10);
  const u = t % 100;
  t = Math.floor(t / 100);
  const two = (n: number): string => (n < 10 ? `0${n}` : String(n));
  if (t < 60) return `${t}.${two(u)}s`;
  if (t < 3600) return `${Math.floor(t / 60)}m${two(t % 60)}s`;
  if (t < 86400) return `${Math.floor(t / 3600)}h${two(Math.floor((t % 3600) / 60))}m`;
  return `${Math.floor(t / 86400)}d${two(Math.floor((t % 86400) / 3600))}h`;
}

/** The output line of a record: the format filled in, then the line's annotation. */
export function formatRecord(format: string, record: RateRecord, ordinal: number): string {
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== "%" || i + 1 >= format.length) {
      out += c;
      continue;
    }
    const code = format[++i];
    switch (code) {
      case "g": out += record.puzzle; break;
      case "r": out += rating(record.er); break;
      case "p": out += rating(record.ep); break;
      case "d": out += rating(record.ed); break;
      case "t": out += record.technique ?? "?"; break;
      case "e": out += formatElapsed(record.ms); break;
      case "n": out += String(ordinal); break;
      default: out += code; break;
    }
  }
  return out + record.annotation;
}
