/**
 * `rate` as a job: Sudoku Explainer 1.2.1's ratings of blocks of input
 * items, and serate's output format. A unit's result holds one record per
 * good item; the line is written from the record in unit order, where the
 * ordinal %n (good lines counted from 1) is known.
 */
import { formatPuzzle } from "../core/puzzle.js";
import { isProblemList, type JobKind, type Problem } from "./job.js";
import { itemCells, type InputItem, type ItemBlock } from "./items.js";
import { formatRecord, recordJson, type RateRecord, type RateSpec } from "./rate-format.js";

export { DEFAULT_FORMAT, FORMAT_CODES, formatElapsed, formatProblem, formatRecord, recordJson, type RateRecord, type RateSpec } from "./rate-format.js";

export interface RateData {
  readonly records: readonly RateRecord[];
  readonly problems: readonly Problem[];
}

let rater: typeof import("./rate-cells.js") | null = null;

export const rateJob: JobKind<RateSpec, ItemBlock, RateData, null> = {
  name: "rate",

  // The rating is loaded only where units run: the main thread, which writes the lines, never rates.
  async load() {
    rater ??= await import("./rate-cells.js");
  },

  prepare: () => null,

  run(_context, spec, unit) {
    if (rater === null) throw new Error("the rate job's load() was not awaited");
    const { rateCells } = rater;
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

  check(_spec, unit, data) {
    if (typeof data !== "object" || data === null) return "not an object";
    const { records, problems } = data as Record<string, unknown>;
    if (!isProblemList(problems) || !Array.isArray(records)) return "not a list of records and problems";
    for (const record of records as unknown[]) if (!isRateRecord(record)) return `bad record ${JSON.stringify(record).slice(0, 120)}`;
    return itemsAccountedFor(unit.items, records as RateRecord[], problems);
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

/**
 * Each item of the unit has its record or its problem, in order: a result
 * that belongs to other items (a checkpoint from a build that cut the input
 * into other units) is refused, not written under these.
 */
function itemsAccountedFor(items: readonly InputItem[], records: readonly RateRecord[], problems: readonly Problem[]): string | null {
  if (records.length + problems.length !== items.length) return `${records.length + problems.length} results for ${items.length} puzzles`;
  let r = 0;
  let p = 0;
  for (const item of items) {
    if (p < problems.length && problems[p].where === item.where) {
      p++;
      continue;
    }
    if ("error" in item) return `${item.where} has no problem reported`;
    if (r === records.length) return `${item.where} has no record`;
    const record = records[r++];
    // The record holds the puzzle as rateCells formats the item's cells, whatever form the input had.
    const read = itemCells(item);
    if ("reason" in read || formatPuzzle(read.cells) !== record.puzzle) return `the record of ${item.where} is of another puzzle`;
  }
  return p === problems.length ? null : `${problems[p].where} is not among the unit's items`;
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
