/**
 * `rate` as a job: Sudoku Explainer 1.2.1's ratings of blocks of input
 * items, and serate's output format. A unit's result holds one record per
 * good item; the line is written from the record in unit order, where the
 * ordinal %n (good lines counted from 1) is known.
 */
import { formatPuzzle } from "../core/puzzle.js";
import { ratePuzzle, type EarlyStop, type RateResult } from "../rate/index.js";
import { isProblemList, type JobKind, type Problem } from "./job.js";
import { itemCells, type ItemBlock } from "./items.js";
import { formatRecord, recordJson, type RateRecord } from "./rate-format.js";

export { DEFAULT_FORMAT, FORMAT_CODES, formatElapsed, formatProblem, formatRecord, recordJson, type RateRecord } from "./rate-format.js";

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

export interface RateData {
  readonly records: readonly RateRecord[];
  readonly problems: readonly Problem[];
}

export const rateJob: JobKind<RateSpec, ItemBlock, RateData, null> = {
  name: "rate",

  prepare: () => null,

  run(_context, spec, unit) {
    const records: RateRecord[] = [];
    const problems: Problem[] = [];
    let unsolvable = 0;
    for (const item of unit.items) {
      const read = itemCells(item);
      if ("reason" in read) {
        problems.push(read);
        continue;
      }
      const rated = rateCells(read.cells, read.annotation, spec);
      if ("error" in rated) problems.push({ where: item.where, reason: rated.error });
      else {
        records.push(rated);
        if (rated.status === "unsolvable") unsolvable++;
      }
    }
    return { data: { records, problems }, counters: { rated: records.length, unsolvable } };
  },

  check(_spec, _unit, data) {
    if (typeof data !== "object" || data === null) return "not an object";
    const { records, problems } = data as Record<string, unknown>;
    if (!isProblemList(problems) || !Array.isArray(records)) return "not a list of records and problems";
    for (const record of records as unknown[]) if (!isRateRecord(record)) return `bad record ${JSON.stringify(record).slice(0, 120)}`;
    return null;
  },

  renderer(spec) {
    let ordinal = 0;
    return {
      render: (data) => data.records.map((record) => (spec.json === true ? recordJson(record, ++ordinal) : formatRecord(spec.format, record, ++ordinal)) + "\n").join(""),
      finish: () => "",
    };
  },

  problems: (data) => data.problems,

  summary(spec, totals) {
    const unsolvable = totals.counters.unsolvable ?? 0;
    if (unsolvable === 0) return "";
    const ladder = spec.producers === null ? "SE 1.2.1's techniques" : `SE's first ${spec.producers} producers`;
    return `sudokulab: ${unsolvable} puzzle${unsolvable === 1 ? "" : "s"} beyond ${ladder} (ER 20.0, as serate prints it)\n`;
  },
};

/** One puzzle's record, or why it cannot be rated (no solution, several). Never throws. */
export function rateCells(cells: Uint8Array, annotation: string, spec: Omit<RateSpec, "format">): RateRecord | { readonly error: string } {
  const start = now();
  let result: RateResult;
  try {
    result = ratePuzzle(cells, { uniqueness: spec.uniqueness, stop: spec.stop, producers: spec.producers ?? undefined });
  } catch (e) {
    return { error: `rating failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  const ms = now() - start;
  const base = { puzzle: formatPuzzle(cells), annotation, ms };
  switch (result.status) {
    case "invalid":
      if (result.reason === "no solution") return { error: "puzzle has no solution" };
      return { error: result.reason === "more than one solution" ? "puzzle has several solutions" : result.reason };
    case "rated":
      return { ...base, status: result.status, er: result.er, ep: result.ep, ed: result.ed, technique: result.hardest?.technique ?? null };
    case "stopped":
      return { ...base, status: result.status, er: result.er, ep: result.ep, ed: result.ed, technique: result.stoppedBy.technique };
    case "unsolvable":
      return { ...base, status: result.status, er: result.er, ep: result.ep, ed: result.ed, technique: null };
    case "beyond":
      // Only a ladder shorter than SE's can leave a puzzle "beyond"; the whole ladder is implemented.
      return { error: "internal error: the rating stopped short of SE's ladder" };
  }
}

function isRateRecord(value: unknown): value is RateRecord {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  const rating = (x: unknown): boolean => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 200;
  return (
    (r.status === "rated" || r.status === "unsolvable" || r.status === "stopped") &&
    typeof r.puzzle === "string" &&
    /^[1-9.]{81}$/.test(r.puzzle) &&
    typeof r.annotation === "string" &&
    rating(r.er) &&
    rating(r.ep) &&
    rating(r.ed) &&
    (r.technique === null || typeof r.technique === "string") &&
    typeof r.ms === "number"
  );
}

/** Milliseconds from a monotonic clock where there is one (Node and browsers both have performance.now). */
function now(): number {
  const clock = (globalThis as { performance?: { now(): number } }).performance;
  return clock !== undefined ? clock.now() : Date.now();
}

