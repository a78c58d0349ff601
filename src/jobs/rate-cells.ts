/**
 * One puzzle's rating as the rate job records it (rate-job.ts loads this
 * where units run).
 */
import { formatPuzzle } from "../core/puzzle.js";
import { ratePuzzle, type RateResult } from "../rate/index.js";
import type { RateRecord, RateSpec } from "./rate-format.js";

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
  switch (result.status) {
    case "invalid":
      if (result.reason === "no solution") return { error: "puzzle has no solution" };
      return { error: result.reason === "more than one solution" ? "puzzle has several solutions" : result.reason };
    case "rated":
      return record(cells, annotation, ms, result.status, result.er, result.ep, result.ed, result.hardest?.technique ?? null);
    case "stopped":
      return record(cells, annotation, ms, result.status, result.er, result.ep, result.ed, result.stoppedBy.technique);
    case "unsolvable":
      return record(cells, annotation, ms, result.status, result.er, result.ep, result.ed, null);
    case "beyond":
      // Only a ladder shorter than SE's can leave a puzzle "beyond"; the whole ladder is implemented.
      return { error: "internal error: the rating stopped short of SE's ladder" };
  }
}

/**
 * A record as one object literal: built by spreading a shared part into
 * each case it cost 20-30 µs per puzzle, a tenth of an easy rating.
 */
function record(cells: Uint8Array, annotation: string, ms: number, status: RateRecord["status"], er: number, ep: number, ed: number, technique: string | null): RateRecord {
  return { puzzle: formatPuzzle(cells), annotation, ms, status, er, ep, ed, technique };
}

/** Milliseconds from a monotonic clock where there is one (Node and browsers both have performance.now). */
function now(): number {
  const clock = (globalThis as { performance?: { now(): number } }).performance;
  return clock !== undefined ? clock.now() : Date.now();
}

