/**
 * What the board shows in each of the page's views, as plain props: the
 * puzzle being edited; one rating step on the grid it was found on (its
 * cells, eliminations, placement and chains), or the nested chains of one
 * of its links; or a full grid with some cells picked out (an unavoidable
 * set, the solution).
 */
import type { Candidate, Chain, Step } from "../../index.js";
import type { GridState } from "../work/protocol.js";
import { candidateKey } from "./geometry.js";

/** Where a nested view is: chain `chain` of the chains open at that depth, its link `link`. */
export interface NestedStop {
  readonly chain: number;
  readonly link: number;
}

export type View =
  | { readonly mode: "puzzle" }
  | { readonly mode: "step"; readonly index: number; readonly nested: readonly NestedStop[] }
  | { readonly mode: "grid"; readonly grid: Uint8Array; readonly marked: readonly number[]; readonly label: string };

/** What the board draws. */
export interface Scene {
  /** Digits shown, 0 = empty. */
  readonly values: ArrayLike<number>;
  /** The puzzle's clues (non-zero), drawn bold. */
  readonly givens: ArrayLike<number>;
  /** Candidates of the empty cells (bit d-1 = digit d), or null to show none. */
  readonly candidates: ArrayLike<number> | null;
  /** Extra classes per cell (pattern, conflict, redundant, picked). */
  readonly cellClasses: ReadonlyMap<number, string>;
  /** Extra classes per candidate (candidateKey): elim, place, on, off, target. */
  readonly candidateClasses: ReadonlyMap<number, string>;
  readonly chains: readonly Chain[];
  readonly nestedChains: readonly Chain[];
  readonly editable: boolean;
  readonly label: string;
}

const NO_CHAINS: readonly Chain[] = [];

export interface PuzzleMarks {
  readonly conflicts: ReadonlySet<number>;
  readonly redundant: readonly number[];
  /** Candidates of the puzzle's empty cells, or null when hidden. */
  readonly candidates: ArrayLike<number> | null;
}

export function puzzleScene(cells: Uint8Array, marks: PuzzleMarks): Scene {
  const cellClasses = new Map<number, string>();
  for (const cell of marks.redundant) cellClasses.set(cell, "redundant");
  for (const cell of marks.conflicts) cellClasses.set(cell, "conflict");
  return {
    values: cells,
    givens: cells,
    candidates: marks.candidates,
    cellClasses,
    candidateClasses: new Map(),
    chains: NO_CHAINS,
    nestedChains: NO_CHAINS,
    editable: true,
    label: "Sudoku grid. Arrows move, 1 to 9 enter a digit, Backspace clears.",
  };
}

export function gridScene(grid: Uint8Array, marked: readonly number[], label: string): Scene {
  return {
    values: grid,
    givens: grid,
    candidates: null,
    cellClasses: new Map(marked.map((cell) => [cell, "picked"])),
    candidateClasses: new Map(),
    chains: NO_CHAINS,
    nestedChains: NO_CHAINS,
    editable: false,
    label,
  };
}

/** The chains open at the end of a nested path, and the link they explain. */
export interface NestedPlace {
  readonly chains: readonly Chain[];
  readonly target: Candidate;
  /** The candidates the outer chains had removed on the way to the target: the nested chains' grid lacks them. */
  readonly removed: readonly Candidate[];
}

export function nestedPlace(step: Step, path: readonly NestedStop[]): NestedPlace | null {
  let chains = step.chains ?? NO_CHAINS;
  let target: Candidate | null = null;
  const removed: Candidate[] = [];
  for (const stop of path) {
    const chain = chains[stop.chain];
    const link = chain?.links[stop.link];
    if (link?.nested === undefined) return null;
    for (const index of ancestors(chain, stop.link)) {
      const ancestor = chain.links[index];
      if (!ancestor.on) removed.push(ancestor);
    }
    target = link;
    chains = link.nested;
  }
  return target === null ? null : { chains, target, removed };
}

/** Indexes of the links a link rests on, through its parents, itself excluded. */
function ancestors(chain: Chain, index: number): Set<number> {
  const seen = new Set<number>();
  const stack = [...chain.links[index].parents];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...chain.links[at].parents);
  }
  return seen;
}

export function stepScene(puzzle: Uint8Array, step: Step, grid: GridState, index: number, path: readonly NestedStop[]): Scene {
  const cellClasses = new Map<number, string>();
  const candidateClasses = new Map<number, string>();
  const mark = (key: number, cls: string): void => {
    const old = candidateClasses.get(key);
    candidateClasses.set(key, old === undefined ? cls : `${old} ${cls}`);
  };
  const place = path.length === 0 ? null : nestedPlace(step, path);
  let candidates: ArrayLike<number> = grid.candidates;
  if (place !== null) {
    const reduced = Uint16Array.from(grid.candidates);
    for (const { cell, digit } of place.removed) reduced[cell] &= ~(1 << (digit - 1));
    candidates = reduced;
    markChains(place.chains, mark);
    mark(candidateKey(place.target.cell, place.target.digit), "target");
  } else {
    for (const cell of step.cells) cellClasses.set(cell, "pattern");
    markChains(step.chains ?? NO_CHAINS, mark);
    for (const { cell, digit } of step.eliminations) mark(candidateKey(cell, digit), "elim");
    if (step.placement !== null) mark(candidateKey(step.placement.cell, step.placement.digit), "place");
  }
  return {
    values: grid.values,
    givens: puzzle,
    candidates,
    cellClasses,
    candidateClasses,
    chains: place === null ? step.chains ?? NO_CHAINS : NO_CHAINS,
    nestedChains: place === null ? NO_CHAINS : place.chains,
    editable: false,
    label: `Step ${index + 1}, ${step.technique}, on the grid before it. Arrows move.`,
  };
}

function markChains(chains: readonly Chain[], mark: (key: number, cls: string) => void): void {
  for (const chain of chains) {
    for (const link of chain.links) mark(candidateKey(link.cell, link.digit), link.on ? "on" : "off");
  }
}
