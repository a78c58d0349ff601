/**
 * Pure, browser-safe helpers that turn rating steps (step.ts) into text and
 * into plain JSON-ready objects, for `sudokulab explain` and the web page.
 * Cells are named r1c2 (row 1, column 2), units "row 1", "column 2", "box 3";
 * a placement reads `r3c4=5`, an elimination `r1c2<>7`, and so do the links
 * of a chain (`r3c4=5`: the digit is there, "on"; `r1c2<>7`: it is not).
 */
import { cellName } from "../core/cells.js";
import { formatRating, type Candidate, type Chain, type ChainLink, type Step } from "./step.js";
import type { EarlyStop } from "./rate.js";

export type { EarlyStop } from "./rate.js";

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

/** A chain link as text: `r3c4=5` (on) or `r1c2<>7` (off). */
export function linkText(link: ChainLink): string {
  return link.on ? placementText(link) : eliminationText(link);
}

/** Whether each link of the chain is implied by the link just before it alone. */
export function isLinear(chain: Chain): boolean {
  return chain.links.every((link, i) => (i === 0 ? link.parents.length === 0 : link.parents.length === 1 && link.parents[0] === i - 1));
}

/**
 * A chain as one line, from the assumption to the conclusion. A linear chain
 * reads `r1c2=5 -> r1c4<>5 -> r3c4=5`; otherwise the links are numbered and
 * a link implied by other links than the one before it names them:
 * `[1] r1c2=5 -> [2] r1c4<>5 -> [3] r6c2<>5 (from 1) -> [4] r3c4=5 (from 2,3)`.
 * A link that a nested chain implies says so: `[5] r2c2<>5 (from 3,4, nested)`
 * (describeChains shows the nested chains), and its chain is numbered even
 * when linear.
 */
export function chainText(chain: Chain): string {
  if (isLinear(chain) && chain.links.every((link) => link.nested === undefined)) return chain.links.map(linkText).join(" -> ");
  return chain.links
    .map((link, i) => {
      const from = i > 0 && !(link.parents.length === 1 && link.parents[0] === i - 1) ? `from ${link.parents.map((p) => p + 1).join(",")}` : "";
      const notes = [from, link.nested === undefined ? "" : "nested"].filter((note) => note !== "");
      return `[${i + 1}] ${linkText(link)}${notes.length > 0 ? ` (${notes.join(", ")})` : ""}`;
    })
    .join(" -> ");
}

/**
 * The lines that show a step's chains (none for a step without chains):
 * `chain: ...` or `chain 1: ...`, `chain 2: ...`; under a chain, indented,
 * the nested chains of its nested links (`[5] r2c2<>5 by: chain ...`), and
 * theirs below them.
 */
export function describeChains(step: Step): string[] {
  const lines: string[] = [];
  const describe = (chains: readonly Chain[], indent: string, lead: string): void => {
    chains.forEach((chain, i) => {
      lines.push(`${indent}${lead}${chain.cycle === true ? "cycle" : "chain"}${chains.length === 1 ? "" : ` ${i + 1}`}: ${chainText(chain)}`);
      chain.links.forEach((link, k) => {
        if (link.nested !== undefined) describe(link.nested, `${indent}  `, `[${k + 1}] ${linkText(link)} by `);
      });
    });
  };
  describe(step.chains ?? [], "", "");
  return lines;
}

/** A chain link as JSON: the candidate, on or off, and the indexes of the links that imply it. */
export interface ChainLinkJson {
  readonly cell: string;
  readonly index: number;
  readonly digit: number;
  readonly on: boolean;
  readonly parents: readonly number[];
  /** The nested chains that imply this link (ChainLink.nested), if any. */
  readonly nested?: readonly ChainJson[];
}

/** A chain as JSON: its links from the assumption (0) to the conclusion (last), and the chain as `chainText` writes it. */
export interface ChainJson {
  readonly cycle: boolean;
  readonly links: readonly ChainLinkJson[];
  readonly text: string;
}

export function chainJson(chain: Chain): ChainJson {
  return {
    cycle: chain.cycle === true,
    links: chain.links.map((link) => ({
      cell: cellName(link.cell),
      index: link.cell,
      digit: link.digit,
      on: link.on,
      parents: [...link.parents],
      ...(link.nested === undefined ? {} : { nested: link.nested.map(chainJson) }),
    })),
    text: chainText(chain),
  };
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
  /** Chaining steps only: the chains (see Step.chains), in SE's order. */
  readonly chains?: readonly ChainJson[];
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
    ...(step.chains === undefined ? {} : { chains: step.chains.map(chainJson) }),
  };
}

/** The technique of the hardest step (the first one with the highest rating), or null when there is no step. */
export function hardestStep(steps: readonly Step[]): Step | null {
  let best: Step | null = null;
  for (const step of steps) if (best === null || step.rating > best.rating) best = step;
  return best;
}

/** Where serate stopped: the ratings it reports (×10) and the index of the step at which it stopped. */
export interface EarlyStopResult {
  readonly er: number;
  readonly ep: number;
  readonly ed: number;
  readonly at: number;
}

/**
 * serate 1.2.1.3's --pearl / --diamond, replayed on a whole path's steps
 * (ratings ×10), as serate's loop checks them (rate.ts stops the rating
 * itself, possibly a few steps earlier with --diamond, printing the same
 * numbers). Before the first placement nothing stops; at the first placement,
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
