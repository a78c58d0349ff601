/**
 * Pure, browser-safe helpers that turn rating steps (step.ts) into text and
 * into plain JSON-ready objects, for `sudokulab explain` and the web page.
 * Cells are named r1c2 (row 1, column 2), units "row 1", "column 2", "box 3";
 * a placement reads `r3c4=5`, an elimination `r1c2<>7`.
 */
import { cellName } from "../core/cells.js";
import { formatRating, type Candidate, type Step } from "./step.js";

/** A unit's name: 0-8 rows, 9-17 columns, 18-26 boxes. */
export function unitName(unit: number): string {
  if (unit < 9) return `row ${unit + 1}`;
  if (unit < 18) return `column ${unit - 8}`;
  return `box ${unit - 17}`;
}

/** `r3c4=5`. */
export function placementText(candidate: Candidate): string {
  return `${cellName(candidate.cell)}=${candidate.digit}`;
}

/** `r1c2<>7`. */
export function eliminationText(candidate: Candidate): string {
  return `${cellName(candidate.cell)}<>${candidate.digit}`;
}

/** A step as one line of text (without its number): technique, rating, pattern, effects. */
export function describeStep(step: Step): string {
  const parts: string[] = [`${step.technique} (${formatRating(step.rating)})`];
  const pattern: string[] = [];
  if (step.digits.length > 0) pattern.push(`digit${step.digits.length === 1 ? "" : "s"} ${step.digits.join(",")}`);
  if (step.cells.length > 0) pattern.push(`in ${step.cells.map(cellName).join(",")}`);
  if (step.units.length > 0) pattern.push(`[${step.units.map(unitName).join(", ")}]`);
  if (pattern.length > 0) parts.push(pattern.join(" "));
  const effects: string[] = [];
  if (step.eliminations.length > 0) effects.push(step.eliminations.map(eliminationText).join(" "));
  if (step.placement !== null) effects.push(placementText(step.placement));
  parts.push(`=> ${effects.length > 0 ? effects.join(" ") : "nothing"}`);
  if (step.impliedEliminations.length > 0) parts.push(`(implies ${step.impliedEliminations.map(eliminationText).join(" ")})`);
  return parts.join(" ");
}

/** A candidate as JSON: `{ "cell": "r1c2", "index": 1, "digit": 7 }` (index 0-80, row by row). */
export interface CandidateJson {
  readonly cell: string;
  readonly index: number;
  readonly digit: number;
}

/** A step as JSON, for programs. Ratings on SE's scale (2.6), as numbers. */
export interface StepJson {
  /** 1 for the first step. */
  readonly step: number;
  readonly technique: string;
  readonly rating: number;
  /** Unit names ("row 1", "column 2", "box 3"), in the technique's order. */
  readonly units: readonly string[];
  /** Cell names (r1c2) of the pattern. */
  readonly cells: readonly string[];
  /** The same cells as indices 0-80. */
  readonly cellIndices: readonly number[];
  readonly digits: readonly number[];
  readonly placement: CandidateJson | null;
  readonly eliminations: readonly CandidateJson[];
  /** Eliminations a direct hint implies but does not apply (SE shows them, then only places the single). */
  readonly impliedEliminations: readonly CandidateJson[];
  /** The step as `describeStep` writes it. */
  readonly text: string;
}

export function candidateJson(candidate: Candidate): CandidateJson {
  return { cell: cellName(candidate.cell), index: candidate.cell, digit: candidate.digit };
}

export function stepJson(step: Step, index: number): StepJson {
  return {
    step: index + 1,
    technique: step.technique,
    rating: step.rating / 10,
    units: step.units.map(unitName),
    cells: step.cells.map(cellName),
    cellIndices: [...step.cells],
    digits: [...step.digits],
    placement: step.placement === null ? null : candidateJson(step.placement),
    eliminations: step.eliminations.map(candidateJson),
    impliedEliminations: step.impliedEliminations.map(candidateJson),
    text: describeStep(step),
  };
}

/** The technique of the hardest step (the first one with the highest rating), or null when there is no step. */
export function hardestStep(steps: readonly Step[]): Step | null {
  let best: Step | null = null;
  for (const step of steps) if (best === null || step.rating > best.rating) best = step;
  return best;
}

/** Which early stop serate's --pearl / --diamond ask for. */
export type EarlyStop = "pearl" | "diamond";

/** Where serate stopped: the ratings it reports (×10) and the index of the step at which it stopped. */
export interface EarlyStopResult {
  readonly er: number;
  readonly ep: number;
  readonly ed: number;
  readonly at: number;
}

/**
 * serate 1.2.1.3's --pearl / --diamond, replayed on a path's steps (ratings
 * ×10). Before the first placement nothing stops; at the first placement,
 * --diamond stops if the hardest step so far is harder than the first step
 * (ED); after it, both stop at the first step harder than EP. A stopped
 * rating reports ER 20.0, with EP and ED as far as serate had them (EP 0.0 if
 * --diamond stopped at the first placement). Returns null when the steps do
 * not stop (the puzzle is a pearl / diamond as far as the steps go).
 */
export function earlyStop(steps: readonly Step[], mode: EarlyStop): EarlyStopResult | null {
  let max = 0;
  let ed = 0;
  let ep = 0;
  for (let at = 0; at < steps.length; at++) {
    const step = steps[at];
    if (step.rating > max) max = step.rating;
    if (ep === 0) {
      if (ed === 0) ed = max;
      if (step.placement !== null) {
        if (mode === "diamond" && max > ed) return { er: 200, ep: 0, ed, at };
        ep = max;
      }
    } else if (max > ep) {
      return { er: 200, ep, ed, at };
    }
  }
  return null;
}
