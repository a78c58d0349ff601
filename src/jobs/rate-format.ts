/**
 * serate's output of a rating: the record of one puzzle's rating, the
 * --format codes and the line they make, and the JSON form. Kept apart from
 * the rating itself so that the command line can show the codes in its help
 * without loading the rating.
 */
import type { EarlyStop } from "../rate/rate.js";
import { formatRating } from "../rate/step.js";

/** A rate job's spec: its output and the rating's options. */
export interface RateSpec {
  /** The output line, with serate's codes (FORMAT_CODES). */
  readonly format: string;
  readonly uniqueness: boolean;
  readonly stop: EarlyStop | null;
  /** Only SE's first N producers (--producers), as SE with the later techniques unticked; null: all. */
  readonly producers: number | null;
  /** One JSON object per puzzle instead of --format's line. */
  readonly json?: boolean;
}

/**
 * One puzzle's rating. Ratings ×10, as serate prints them: ER 200 (20.0) when
 * no technique applies ("unsolvable") or --pearl/--diamond stopped the rating
 * ("stopped"), with EP / ED 0 when not reached.
 */
export interface RateRecord {
  readonly status: "rated" | "unsolvable" | "stopped";
  readonly puzzle: string;
  readonly annotation: string;
  readonly er: number;
  readonly ep: number;
  readonly ed: number;
  /** The hardest step's technique (the stopping step's with --pearl/--diamond), or null at ER 20.0. */
  readonly technique: string | null;
  /** Wall time of the rating, milliseconds (serate's %e). */
  readonly ms: number;
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

/** A record as one JSON line: ratings on SE's scale (7.2), the ordinal, the annotation. */
export function recordJson(record: RateRecord, ordinal: number): string {
  const { puzzle, status, technique, annotation, ms } = record;
  return JSON.stringify({ n: ordinal, puzzle, status, er: record.er / 10, ep: record.ep / 10, ed: record.ed / 10, technique, ms: Math.round(ms * 100) / 100, annotation });
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
      case "r": out += formatRating(record.er); break;
      case "p": out += formatRating(record.ep); break;
      case "d": out += formatRating(record.ed); break;
      case "t": out += record.technique ?? "?"; break;
      case "e": out += formatElapsed(record.ms); break;
      case "n": out += String(ordinal); break;
      default: out += code; break;
    }
  }
  return out + record.annotation;
}
