/**
 * The checker of Step.chains that test/explain.test.ts and
 * test/rate-nested.test.ts use: every link of every chain is a legal
 * inference on the grid the step applies to (an "on" link implies "off"
 * links in its cell and its units; an "off" link implies the last other
 * place of its cell or of a unit, given the links it names), the chains
 * start at the step's assumption(s) and end at its conclusion, and their
 * sizes give back the step's rating (SE's length increment). The nested
 * chains of the 9.5+ levels are checked the same way on the grid they were
 * found on: the step's grid without the candidates their link names as
 * parents.
 */
import { UNITS } from "../src/core/cells.js";
import { CandidateGrid, type Chain, type ChainLink, type Step } from "../src/rate/index.js";
import { lengthDifficulty } from "../src/rate/chaining.js";
import { ratingOf } from "../src/rate/helpers.js";

const sameCandidate = (a: ChainLink, b: ChainLink): boolean => a.cell === b.cell && a.digit === b.digit;
const sameLink = (a: ChainLink, b: ChainLink): boolean => sameCandidate(a, b) && a.on === b.on;
const unitsOf = (cell: number): readonly (readonly number[])[] => UNITS.filter((unit) => unit.includes(cell));
const peers = (a: number, b: number): boolean => a !== b && unitsOf(a).some((unit) => unit.includes(b));
const has = (grid: CandidateGrid, cell: number, digit: number): boolean => ((grid.candidates[cell] >> (digit - 1)) & 1) === 1;
export const linkName = (l: ChainLink): string => `r${Math.floor(l.cell / 9) + 1}c${(l.cell % 9) + 1}${l.on ? "=" : "<>"}${l.digit}`;

/**
 * What is wrong with a chain on the grid its step applies to, or null. `setRules`: links "off" implied by
 * "off" links are allowed (the set-based rules of dynamic forcing chains (+)).
 */
export function chainProblem(grid: CandidateGrid, chain: Chain, setRules: boolean): string | null {
  const links = chain.links;
  if (links.length < 2) return "fewer than two links";
  if (links[0].parents.length !== 0) return "the first link (the assumption) has parents";
  for (let i = 0; i < links.length; i++) {
    const link = links[i];
    if (!has(grid, link.cell, link.digit)) return `link ${i + 1} ${linkName(link)}: not a candidate`;
    if (i === 0) continue;
    const parents = link.parents.map((p) => links[p]);
    if (link.parents.length === 0) return `link ${i + 1} ${linkName(link)}: no parent`;
    if (link.parents.some((p, k) => p >= i || p < 0 || link.parents.indexOf(p) !== k)) return `link ${i + 1} ${linkName(link)}: parents ${link.parents} not earlier links`;
    if (chain.cycle !== true && links.slice(0, i).some((other) => sameLink(other, link))) return `link ${i + 1} ${linkName(link)}: repeated`;
    const first = parents[0];
    if (first.on && link.on) return `link ${i + 1}: ${linkName(first)} -> ${linkName(link)}, on -> on`;
    if (first.on) {
      // on -> off: the cell's other digits, the digit's other cells seen.
      if (parents.length !== 1) return `link ${i + 1} ${linkName(link)}: an "off" link from an "on" one has one parent`;
      const ok = first.cell === link.cell ? first.digit !== link.digit : first.digit === link.digit && peers(first.cell, link.cell);
      if (!ok) return `link ${i + 1}: ${linkName(first)} does not exclude ${linkName(link)}`;
      continue;
    }
    if (parents.some((p) => p.on)) return `link ${i + 1} ${linkName(link)}: mixes "on" and "off" parents`;
    if (!link.on) {
      if (!setRules) return `link ${i + 1}: ${linkName(first)} -> ${linkName(link)}, off -> off`;
      continue;
    }
    // off -> on: the last digit of the cell, or the last place of the digit in a unit, once the parents are gone.
    const inCell = parents.every((p) => p.cell === link.cell && p.digit !== link.digit);
    if (inCell) {
      const left = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => has(grid, link.cell, d) && !parents.some((p) => p.digit === d));
      if (left.length === 1 && left[0] === link.digit) continue;
    }
    const inUnit = parents.every((p) => p.digit === link.digit && p.cell !== link.cell);
    if (inUnit) {
      const found = unitsOf(link.cell).some((unit) => {
        if (!parents.every((p) => unit.includes(p.cell))) return false;
        const left = unit.filter((cell) => has(grid, cell, link.digit) && !parents.some((p) => p.cell === cell));
        return left.length === 1 && left[0] === link.cell;
      });
      if (found) continue;
    }
    return `link ${i + 1}: ${parents.map(linkName).join(" and ")} do not force ${linkName(link)}`;
  }
  if (chain.cycle === true && !sameLink(links[0], links[links.length - 1])) return "a cycle that does not close";
  return null;
}


/** SE's nesting suffixes, longest first, with the level's base rating (×10). */
const NESTED_BASES: readonly [string, number][] = [
  [" (+ Dynamic Forcing Chains (+ Forcing Chains))", 110],
  [" (+ Dynamic Forcing Chains)", 105],
  [" (+ Multiple Forcing Chains)", 100],
  [" (+ Forcing Chains)", 95],
];

/** The nesting level (2-5) of a technique of the 9.5+ levels, else 0. */
function nestedLevel(technique: string): number {
  const at = NESTED_BASES.findIndex(([suffix]) => technique.endsWith(suffix));
  return at < 0 ? 0 : 5 - at;
}

/** The base rating (×10) of a chaining technique, by SE's name; null for a step without chains. */
function baseOf(technique: string): number | null {
  const nested = NESTED_BASES.find(([suffix]) => technique.endsWith(suffix));
  if (nested !== undefined) return nested[1];
  if (technique.endsWith("(+)")) return 90;
  if (technique.startsWith("Dynamic ")) return 85;
  if (technique === "Cell Forcing Chains" || technique === "Region Forcing Chains") return 80;
  if (technique === "Nishio Forcing Chains") return 75;
  if (technique === "Bidirectional Cycle" || technique === "Forcing Chain") return 70;
  if (technique === "Forcing X-Chain" || technique === "Turbot Fish") return 66;
  if (/^(Bidirectional [XY]-Cycle|Generalized X-Wing)$/.test(technique)) return 65;
  return null;
}

/** What a set of chains concludes, as a hint of SE's: its kind and the candidates it removes or places. */
type Kind = "cycle" | "contradiction" | "forcing" | "double" | "cell" | "region" | "multiple";

/**
 * What is wrong with how `chains` reach their conclusion on `grid`, or null.
 * `kind` is the hint's kind when known (from the technique), else inferred
 * from the chains' shape (a nested hint has no name). `concludes(link)`: the
 * conclusion link ("on": a placement, "off": a removal) is what the hint does.
 */
function conclusionProblem(grid: CandidateGrid, chains: readonly Chain[], kind: Kind | null, concludes: (l: ChainLink) => boolean, removes: readonly { cell: number; digit: number }[]): string | null {
  if (chains.length === 0) return "no chains";
  const starts = chains.map((c) => c.links[0]);
  const ends = chains.map((c) => c.links[c.links.length - 1]);
  const shape: Kind = chains.some((c) => c.cycle === true)
    ? "cycle"
    : chains.length === 2 && sameLink(starts[0], starts[1]) && sameCandidate(ends[0], ends[1]) && ends[0].on !== ends[1].on
      ? "contradiction"
      : chains.length === 1
        ? "forcing"
        : "multiple";
  const k = kind ?? shape;
  if (k === "cycle") {
    if (chains.length !== 1 || chains[0].cycle !== true) return "a cycle with other chains";
    const links = chains[0].links;
    for (let i = 1; i < links.length; i++) if (links[i].on === links[i - 1].on) return "a cycle whose links do not alternate";
    for (const e of removes) {
      const sees = (on: boolean): boolean => links.some((l) => l.on === on && l.digit === e.digit && peers(l.cell, e.cell));
      if (links.some((l) => l.cell === e.cell) || !sees(true) || !sees(false)) return `the cycle does not remove ${e.digit} from cell ${e.cell}`;
    }
    return null;
  }
  if (k === "contradiction") {
    // One assumption, two chains to a candidate on and off: the assumption is false.
    if (chains.length !== 2 || !sameLink(starts[0], starts[1])) return "a contradiction needs two chains from one assumption";
    if (!sameCandidate(ends[0], ends[1]) || ends[0].on === ends[1].on) return "the two chains do not end at a candidate on and off";
    if (!concludes({ ...starts[0], on: !starts[0].on })) return "the conclusion is not the assumption's negation";
    return null;
  }
  if (k === "forcing") {
    // A forcing chain: from a candidate assumed on (off) to the same candidate off (on).
    if (chains.length !== 1 || !sameCandidate(starts[0], ends[0]) || starts[0].on === ends[0].on) return "a forcing chain must end at its assumption's negation";
    if (!concludes(ends[0])) return "the chain's end is not the step's conclusion";
    return null;
  }
  if (!ends.every((e) => sameLink(e, ends[0]))) return "the chains do not reach the same conclusion";
  if (!concludes(ends[0])) return "the chains' end is not the step's conclusion";
  const isCell = (): boolean => {
    const cell = starts[0].cell;
    const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => has(grid, cell, d));
    return starts.every((s) => s.on && s.cell === cell) && starts.map((s) => s.digit).join() === digits.join();
  };
  const isRegion = (): boolean => {
    const digit = starts[0].digit;
    const cells = starts.map((s) => s.cell);
    const unit = UNITS.find((u) => cells.every((c) => u.includes(c)) && u.filter((c) => has(grid, c, digit)).length === cells.length);
    return starts.every((s) => s.on && s.digit === digit) && unit !== undefined;
  };
  const isDouble = (): boolean => chains.length === 2 && sameCandidate(starts[0], starts[1]) && starts[0].on !== starts[1].on;
  if (k === "double" && !isDouble()) return "a double chain starts from a candidate on and off";
  if (k === "cell" && !isCell()) return "cell chains must start from each digit of one cell";
  if (k === "region" && !isRegion()) return "region chains must start from each place of a digit in a unit";
  if (k === "multiple" && !isDouble() && !isCell() && !isRegion()) return "chains that start from neither a candidate on and off, nor each digit of a cell, nor each place of a digit in a unit";
  return null;
}

/** A grid's copy without some candidates. */
function without(grid: CandidateGrid, gone: readonly ChainLink[]): CandidateGrid {
  const copy = new CandidateGrid();
  copy.candidates.set(grid.candidates);
  copy.where.set(grid.where);
  for (const link of gone) if (has(copy, link.cell, link.digit)) copy.remove(link.cell, link.digit);
  return copy;
}

/**
 * What is wrong with the chains of a hint (the top-level step's or a nested
 * one's) on `grid`, or null; adds their complexity (SE's: the links of each
 * chain, a cycle's start once, plus each distinct nested hint's complexity
 * once) to `complexity[0]`. `level`: the nesting level of the step (0 below
 * 9.5), which decides the rules the nested chains may use.
 */
function chainsProblem(grid: CandidateGrid, chains: readonly Chain[], setRules: boolean, level: number, complexity: number[]): string | null {
  for (const [i, chain] of chains.entries()) {
    const problem = chainProblem(grid, chain, setRules);
    if (problem !== null) return `chain ${i + 1}: ${problem}`;
  }
  let total = chains.reduce((sum, c) => sum + c.links.length - (c.cycle === true ? 1 : 0), 0);
  const counted = new Set<string>();
  for (const [i, chain] of chains.entries()) {
    for (const [j, link] of chain.links.entries()) {
      if (link.nested === undefined) continue;
      if (level < 2) return `chain ${i + 1} link ${j + 1}: nested chains below the nested levels`;
      if (link.on) return `chain ${i + 1} link ${j + 1} ${linkName(link)}: a nested chain implies an "on" link`;
      const parents = link.parents.map((p) => chain.links[p]);
      if (parents.some((p) => p.on)) return `chain ${i + 1} link ${j + 1} ${linkName(link)}: a nested link with an "on" parent`;
      // The nested hint was found on the grid of the propagation: its rule parents are gone there.
      const reduced = without(grid, parents);
      const inner: number[] = [0];
      // Level 5 nests dynamic forcing chains at level 2, whose own nested static chains and set rules give "off" -> "off" links.
      const problem = chainsProblem(reduced, link.nested, level === 5, level === 5 ? 2 : 0, inner);
      if (problem !== null) return `chain ${i + 1} link ${j + 1} ${linkName(link)}, nested: ${problem}`;
      const wanted = (l: ChainLink): boolean => (l.on ? l.cell === link.cell && l.digit !== link.digit && has(reduced, l.cell, l.digit) : sameCandidate(l, link));
      const conclusion = conclusionProblem(reduced, link.nested, null, wanted, [link]);
      if (conclusion !== null) return `chain ${i + 1} link ${j + 1} ${linkName(link)}, nested: ${conclusion}`;
      const key = JSON.stringify(link.nested);
      if (!counted.has(key)) {
        counted.add(key);
        total += inner[0];
      }
    }
  }
  complexity[0] += total;
  return null;
}

/** What is wrong with a chaining step's chains (the grid: before the step), or null. */
export function stepChainsProblem(grid: CandidateGrid, step: Step): string | null {
  const chains = step.chains ?? [];
  const base = baseOf(step.technique);
  if (base === null) return chains.length === 0 ? null : "chains on a step that is not a chaining one";
  const level = nestedLevel(step.technique);
  const complexity = [0];
  const problem = chainsProblem(grid, chains, level > 0 || step.technique.endsWith("(+)"), level, complexity);
  if (problem !== null) return problem;
  const eliminates = (l: ChainLink): boolean => step.eliminations.some((e) => e.cell === l.cell && e.digit === l.digit);
  const places = (l: ChainLink): boolean => step.placement !== null && step.placement.cell === l.cell && step.placement.digit === l.digit;
  /** A conclusion: "on" places the digit, "off" removes it. */
  const concludes = (l: ChainLink): boolean => (l.on ? places(l) : eliminates(l) && step.placement === null);
  const t = step.technique;
  const kind: Kind | null = chains.some((c) => c.cycle === true)
    ? "cycle"
    : t === "Nishio Forcing Chains" || t.includes("Contradiction")
      ? "contradiction"
      : chains.length === 1
        ? "forcing"
        : t.includes("Double")
          ? "double"
          : t.includes("Cell")
            ? "cell"
            : t.includes("Region")
              ? "region"
              : null;
  if (kind === null) return `unexpected technique ${t} with ${chains.length} chains`;
  const conclusion = conclusionProblem(grid, chains, kind, concludes, step.eliminations);
  if (conclusion !== null) return conclusion;
  // The rating: SE's base plus the length increment of the complexity.
  const rating = ratingOf(base / 10 + lengthDifficulty(complexity[0]));
  if (rating !== step.rating) return `the chains (complexity ${complexity[0]}) rate ${rating}, the step ${step.rating}`;
  return null;
}
