/**
 * A hint of a rule nested in a propagation (nested.ts), reduced to what the
 * outer propagation needs, and how SE turns such hints into "off" nodes
 * (its getAdvancedPotentials and getRuleParents): every hint of the rule,
 * in the order SE sorts them, without the later hints whose removals equal
 * an earlier one's, is kept when it depends on the propagation. Its rule
 * parents are the candidates the outer propagation removed from the cells
 * (regions) its chains' "on" nodes were implied by; each candidate it
 * removes becomes an "off" node with those parents.
 */
import { popcount } from "../core/bits.js";
import { BRC, type CandidateGrid, UNIT_CELLS } from "./grid.js";
import { lowest } from "./helpers.js";
import { CAUSE_ADVANCED, CAUSE_CELL, CAUSE_NONE, CAUSE_REGION } from "./propagation.js";
import type { Chain } from "./step.js";

// Causes of nodes (SE's Potential.Cause): how an "on" node was implied, which
// getRuleParents reads; REGION + k for the unit BRC[3 * cell + k].
const NONE = CAUSE_NONE;
const CELL = CAUSE_CELL;
const REGION = CAUSE_REGION;
const ADVANCED = CAUSE_ADVANCED;

/**
 * A hint's chain identity as numbers: a tag for its kind, then keys, with
 * separators (negative) between lists, so that two signatures are equal
 * exactly when the chains are the same FullChain for SE.
 */
export class Signature {
  values = new Int32Array(256);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(2 * this.values.length);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/** Signature tags: a static chain, a static cycle, the targets of a multiple or dynamic hint; and the separator of lists. */
export const SIGNATURE_CHAIN = -2;
export const SIGNATURE_CYCLE = -3;
export const SIGNATURE_TARGETS = -4;
export const SIGNATURE_NEXT = -1;

export interface NestedHint {
  readonly difficulty: number;
  readonly complexity: number;
  readonly sortKey: number;
  /** The candidates it removes, as "off" keys in increasing order. */
  readonly removals: number[];
  /** Its removals as SE compares hints (cell -> digits map), for dropping equal hints. */
  removalKey(): string | number;
  /** The id of its chain in the current producer call's registry (internChain), once known; generation it is valid for. */
  chainId: number;
  chainGeneration: number;
  /** SE's getRuleParents against the outer propagation's grids (keys, in SE's order). */
  ruleParents(source: CandidateGrid, current: CandidateGrid): number[];
  /** Appends SE's FullChain identity (the targets' ancestor lists) to `out`. */
  writeSignature(out: Signature): void;
  /** Its chains, as Step.chains has them (valid only while its propagations are). */
  chains(): Chain[];
}

/** SE's removable-potentials map as a string: "cell:mask" per cell, cells increasing. */
export function removalKeyOf(removals: readonly number[], emptyCell: number): string | number {
  if (removals.length === 0) return `${emptyCell}:0`;
  if (removals.length === 1) return removals[0];
  let text = "";
  let cell = -1;
  let mask = 0;
  for (const key of removals) {
    const pot = key >> 1;
    const c = (pot / 9) | 0;
    if (c !== cell) {
      if (cell >= 0) text += `${cell}:${mask};`;
      cell = c;
      mask = 0;
    }
    mask |= 1 << (pot - 9 * c);
  }
  return text + `${cell}:${mask}`;
}

/** One "off" node a nested rule gives: key, parents' keys, nested chain (null for the set rules). */
export interface AdvancedNode {
  readonly key: number;
  readonly parents: readonly number[];
  readonly hint: NestedHint | null;
}

/**
 * SE's getAdvancedPotentials accumulator for a chaining rule: the "off"
 * nodes of the hints (sorted, equal removals dropped) that have rule
 * parents. Returns whether every ranked hint had some (see addNodes).
 */
export function collect(hints: NestedHint[], source: CandidateGrid, current: CandidateGrid, out: AdvancedNode[]): boolean {
  return addNodes(rankHints(hints), source, current, out);
}

/**
 * The hints SE turns into nodes, in its order: sorted by rating,
 * complexity and sort key, the later of equal removals dropped, and those
 * that remove nothing. What this keeps depends on the working grid only;
 * which of them have rule parents depends on the outer propagation's
 * source grid too (addNodes).
 */
export function rankHints(hints: NestedHint[]): NestedHint[] {
  hints.sort((a, b) => a.difficulty - b.difficulty || a.complexity - b.complexity || a.sortKey - b.sortKey);
  const seen = new Set<string | number>();
  const ranked: NestedHint[] = [];
  for (const hint of hints) {
    const removalKey = hint.removalKey();
    if (seen.has(removalKey)) continue;
    seen.add(removalKey);
    if (hint.removals.length > 0) ranked.push(hint);
  }
  return ranked;
}

/**
 * The "off" nodes of ranked hints (rankHints) that have rule parents
 * against `source`. Returns whether every hint had some: then a
 * propagation that takes the nodes removes every candidate the hints
 * remove.
 */
export function addNodes(ranked: readonly NestedHint[], source: CandidateGrid, current: CandidateGrid, out: AdvancedNode[]): boolean {
  let all = true;
  for (const hint of ranked) {
    const parents = hint.ruleParents(source, current);
    if (parents.length === 0) {
      all = false;
      continue;
    }
    for (const key of hint.removals) out.push({ key, parents, hint });
  }
  return all;
}

/** A working grid's nested static chains as nodes (collect), and whether every hint had rule parents. */
export interface StaticNodes {
  readonly nodes: AdvancedNode[];
  readonly allTaken: boolean;
  /** The grid has no part that may hold a cycle which removes something (static-chains.ts, incapableGrid). */
  readonly incapable: boolean;
}

/**
 * A nested hint that no longer needs the propagations it was found with:
 * its FullChain signature, which lists its chains' nodes in the order SE's
 * getRuleParents walks them, with each node's cause, and its chains when
 * they are recorded. A level-4 producer call keeps these for the working
 * grids it met, for the next call (Engine.carryHints).
 */
export class FrozenHint implements NestedHint {
  chainId = -1;
  chainGeneration = -1;
  constructor(
    readonly difficulty: number,
    readonly complexity: number,
    readonly sortKey: number,
    readonly removals: number[],
    private readonly removalKeyValue: string | number,
    private readonly signature: Int32Array,
    /** The cause of the node whose key is at the same place of `signature`. */
    private readonly causes: Uint8Array,
    private readonly chainList: Chain[],
  ) {}

  removalKey(): string | number {
    return this.removalKeyValue;
  }

  ruleParents(source: CandidateGrid, current: CandidateGrid): number[] {
    return ruleParentsFromWalk(this.signature, this.causes, this.signature.length, source, current);
  }

  writeSignature(out: Signature): void {
    const signature = this.signature;
    for (let i = 0; i < signature.length; i++) out.push(signature[i]);
  }

  chains(): Chain[] {
    return this.chainList;
  }
}

// ---------------------------------------------------------------------------
// getRuleParents

const parentSeen = new Int32Array(1458);
let parentGeneration = 0;

/** Starts the rule parents of one hint: a candidate is given once per hint. */
export function beginRuleParents(): void {
  parentGeneration++;
}

/**
 * Appends to `out` the "off" keys SE's collectRuleParents gives for an "on"
 * node of key `key` and cause `cause`: what the outer propagation removed
 * (present in `source`, gone from `current`) from the node's cell or from
 * the digit's places in its unit.
 */
export function ruleParentsOf(key: number, cause: number, source: CandidateGrid, current: CandidateGrid, out: number[]): void {
  const pot = key >> 1;
  const cell = (pot / 9) | 0;
  const d = pot - 9 * cell;
  if (cause === CELL) {
    for (let m = source.candidates[cell] & ~current.candidates[cell]; m !== 0; m &= m - 1) {
      const off = (cell * 9 + lowest(m)) << 1;
      if (parentSeen[off] === parentGeneration) continue;
      parentSeen[off] = parentGeneration;
      out.push(off);
    }
  } else if (cause >= REGION && cause < ADVANCED) {
    const unit = BRC[3 * cell + cause - REGION];
    for (let m = source.where[9 * unit + d] & ~current.where[9 * unit + d]; m !== 0; m &= m - 1) {
      const off = (UNIT_CELLS[9 * unit + lowest(m)] * 9 + d) << 1;
      if (parentSeen[off] === parentGeneration) continue;
      parentSeen[off] = parentGeneration;
      out.push(off);
    }
  }
}

/**
 * SE's getRuleParents of a hint from the first `length` entries of its
 * walk: node keys (negative entries are signature tags) and their causes;
 * the "on" nodes count.
 */
export function ruleParentsFromWalk(keys: Int32Array, causes: Uint8Array, length: number, source: CandidateGrid, current: CandidateGrid): number[] {
  const out: number[] = [];
  beginRuleParents();
  for (let i = 0; i < length; i++) {
    const key = keys[i];
    if (key >= 0 && (key & 1) === 1) ruleParentsOf(key, causes[i], source, current, out);
  }
  return out;
}

/** The cause SE gives the "on" node `to` implied by the "off" node `from` on grid `grid`. */
export function offToOnCause(grid: CandidateGrid, from: number, to: number): number {
  const a = ((from >> 1) / 9) | 0;
  const b = ((to >> 1) / 9) | 0;
  if (a === b) return CELL;
  const d = (to >> 1) - 9 * b;
  for (let k = 0; k < 3; k++) {
    const unit = BRC[3 * a + k];
    if (BRC[3 * b + k] === unit && popcount(grid.where[9 * unit + d]) === 2) return REGION + k;
  }
  return NONE;
}

/** The cause SE gives the "off" node `to` implied by the "on" node `from`. */
export function onToOffCause(from: number, to: number): number {
  const a = ((from >> 1) / 9) | 0;
  const b = ((to >> 1) / 9) | 0;
  if (a === b) return CELL;
  for (let k = 0; k < 3; k++) if (BRC[3 * a + k] === BRC[3 * b + k]) return REGION + k;
  return NONE;
}

/** What concluding node key `target` removes: the candidate ("off"), or the cell's other candidates ("on"). */
export function targetRemovals(grid: CandidateGrid, target: number): number[] {
  const pot = target >> 1;
  if ((target & 1) === 0) return [target];
  const cell = (pot / 9) | 0;
  const out: number[] = [];
  for (let m = grid.candidates[cell] & ~(1 << (pot - 9 * cell)); m !== 0; m &= m - 1) out.push((cell * 9 + lowest(m)) << 1);
  return out;
}
