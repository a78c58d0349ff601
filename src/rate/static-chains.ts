/**
 * SE's static forcing chains and cycles (Chaining(false, false, false, 0),
 * "Forcing Chains & Cycles") as the level-2 and level-3 nested producers
 * ask them (nested.ts): every hint on the working grid, in discovery
 * order, found by the same breadth-first searches as chaining.ts (see there
 * for why they give SE's chains), on the graph of static-graph.ts.
 */
import { popcount } from "../core/bits.js";
import { enqueue, nodeKey, nodeParent, onPath, pathTo, returning, startTree } from "./chain-tree.js";
import { addCycleKey, beginCycle, cycleRemovals, cycleRemovesAny, lengthDifficulty } from "./chaining.js";
import type { CandidateGrid } from "./grid.js";
import { lowest } from "./helpers.js";
import { linearChain } from "./links.js";
import {
  beginRuleParents,
  type NestedHint,
  offToOnCause,
  onToOffCause,
  removalKeyOf,
  ruleParentsOf,
  SIGNATURE_CHAIN,
  SIGNATURE_CYCLE,
  SIGNATURE_NEXT,
  type Signature,
  targetRemovals,
} from "./nested-hint.js";
import {
  adjacency,
  buildGraph,
  ensureStrong,
  implies,
  low,
  markChainStarts,
  offHigh,
  passVersion,
  chainOnDigits,
  chainStartCount,
  chainStarts,
  markChainStartsOnParts,
  newLinkEnd,
  newLinkPairs,
  selectPass,
  strongAdjacency,
  strongBuilt,
  strongEnd,
  strongMask,
  strongStart,
} from "./static-graph.js";
import type { Chain } from "./step.js";
import { capable, capableCount, markCapableStarts, partCount, partEnds, partKeys } from "./cycle-parts.js";

/**
 * From an "on" start: its cycles that may remove something (paths back
 * to the start) and, when `findChain`, its forcing chain to the start's
 * "off". An "off" key without links in the pass (a
 * sink) ends no path the search reports and adds no key, so it is checked
 * as a link's end but not put in the tree: the tree of the other keys, in
 * breadth-first order, is the same.
 */
function searchFromOn(start: number, findChain: boolean, cycles: number[][]): number[] | null {
  const stamp = startTree(start);
  returnKinds = 0;
  const negation = start ^ 1;
  const lo = low;
  const offHi = offHigh;
  // The "off" keys that imply the start are the negations of the "on" keys its negation implies.
  const returns = offHi[negation] > lo[negation];
  for (let i = lo[negation], end = offHi[negation]; i < end; i++) returning[adjacency[i] ^ 1] = stamp;
  let count = 1;
  let chain: number[] | null = null;
  for (let head = 0; head < count; head++) {
    const key = nodeKey[head];
    if (key & 1) {
      if (chain === null && findChain && implies(key, negation)) {
        chain = pathTo(head, negation);
        // Without a way back to the start there are no cycles to look for.
        if (!returns) return chain;
      }
      if (strongBuilt[key] !== passVersion) ensureStrong(key);
      for (let i = strongStart[key], end = strongEnd[key]; i < end; i++) {
        const off = strongAdjacency[i];
        if (returns && returning[off] === stamp && head > 0) {
          returnKinds |= returnKind(start, key, off);
          if (!onPath(head, off) && treeCycleMayRemove(head, off)) {
            const keys = pathTo(head, off);
            keys.push(start);
            cycles.push(keys);
          }
        }
        count = enqueue(off, head, stamp, count);
      }
    } else {
      for (let i = lo[key], end = offHi[key]; i < end; i++) {
        const on = adjacency[i];
        count = enqueue(on, head, stamp, count);
      }
    }
  }
  return chain;
}

// Which passes can have a cycle from a start, known from its XY search.
// An X cycle's keys all hold the start's digit, and it comes back through a
// conjugate of the start; a Y cycle comes back through the other digit of
// the start's cell. The X and Y graphs are parts of the XY graph, so when
// the X (Y) search from a start meets an "on" key other than the start
// with a link to such an "off" key that implies the start, the XY search
// meets it too, as the keys it reaches hold the X (Y) search's.
const X_RETURN = 1;
const Y_RETURN = 2;
/** The kinds of return the last searchFromOn met (X_RETURN, Y_RETURN). */
let returnKinds = 0;

/** The kind of return from `on` through `off` (an "off" key that implies `start`). */
function returnKind(start: number, on: number, off: number): number {
  const startPot = start >> 1;
  const offPot = off >> 1;
  const startCell = (startPot / 9) | 0;
  const offCell = (offPot / 9) | 0;
  if (offCell === startCell) return Y_RETURN;
  // Here the "off" key holds the start's digit (a conjugate); an X link to it comes from the same digit.
  const onPot = on >> 1;
  return onPot - 9 * ((onPot / 9) | 0) === offPot - 9 * offCell ? X_RETURN : 0;
}

/** cycleRemovesAny for the cycle through tree node `head`, then `off`, back to the start (staticHints keeps only cycles that remove something). */
function treeCycleMayRemove(head: number, off: number): boolean {
  beginCycle();
  for (let n = head; n >= 0; n = nodeParent[n]) addCycleKey(nodeKey[n]);
  addCycleKey(off);
  return cycleRemovesAny();
}

/** From an "off" start: the first chain to the start's "on" key, or null (sinks skipped as in searchFromOn). */
function searchFromOff(start: number): number[] | null {
  const stamp = startTree(start);
  const target = start ^ 1;
  const lo = low;
  const offHi = offHigh;
  let count = 1;
  for (let head = 0; head < count; head++) {
    const key = nodeKey[head];
    if (key & 1) {
      if (strongBuilt[key] !== passVersion) ensureStrong(key);
      for (let i = strongStart[key], end = strongEnd[key]; i < end; i++) {
        const off = strongAdjacency[i];
        count = enqueue(off, head, stamp, count);
      }
    } else {
      for (let i = lo[key], end = offHi[key]; i < end; i++) {
        const on = adjacency[i];
        if (on === target) return pathTo(head, on);
        count = enqueue(on, head, stamp, count);
      }
    }
  }
  return null;
}

const distinctSeen = new Int32Array(1458);
let distinctStamp = 0;

function distinctKeys(keys: readonly number[]): number {
  const stamp = ++distinctStamp;
  let count = 0;
  for (const key of keys) {
    if (distinctSeen[key] === stamp) continue;
    distinctSeen[key] = stamp;
    count++;
  }
  return count;
}

/** A static forcing chain (`cycle` false: keys from the start to the target) or cycle (keys from the start back to it). */
class StaticHint implements NestedHint {
  chainId = -1;
  chainGeneration = -1;
  constructor(
    readonly difficulty: number,
    readonly complexity: number,
    readonly sortKey: number,
    readonly removals: number[],
    readonly keys: number[],
    readonly cycle: boolean,
    readonly grid: CandidateGrid,
  ) {}

  removalKey(): string | number {
    return removalKeyOf(this.removals, ((this.keys[this.keys.length - 1] >> 1) / 9) | 0);
  }

  ruleParents(source: CandidateGrid, current: CandidateGrid): number[] {
    const out: number[] = [];
    beginRuleParents();
    const keys = this.keys;
    const last = keys.length - 1;
    // The chain to the target (for a cycle, its "on" end), from the target back; the start has no cause.
    for (let i = last; i >= 1; i--) {
      if (keys[i] & 1) ruleParentsOf(keys[i], offToOnCause(this.grid, keys[i - 1], keys[i]), source, current, out);
    }
    if (this.cycle) {
      // The reversed cycle: its "on" nodes are the cycle's "off" nodes, with the causes that made them off.
      for (let i = 1; i < last; i++) {
        if ((keys[i] & 1) === 0) ruleParentsOf(keys[i] | 1, onToOffCause(keys[i - 1], keys[i]), source, current, out);
      }
    }
    return out;
  }

  writeSignature(out: Signature): void {
    const keys = this.keys;
    const last = keys.length - 1;
    if (!this.cycle) {
      out.push(SIGNATURE_CHAIN);
      for (let i = last; i >= 0; i--) out.push(keys[i]);
      return;
    }
    // A cycle: its "on" ends from the target back, then its "off" nodes as the reversed cycle has them.
    out.push(SIGNATURE_CYCLE);
    for (let i = last; i >= 1; i--) out.push(keys[i]);
    out.push(SIGNATURE_NEXT);
    for (let i = 0; i < last; i++) out.push(keys[i] ^ 1);
  }

  chains(): Chain[] {
    return [linearChain(this.keys, this.cycle)];
  }
}


/**
 * Every hint of SE's "Forcing Chains & Cycles" on `grid`, in discovery
 * order; with `source` (a grid without static forcing chains that `grid`
 * was reduced from), the forcing chains that use no new link are known not
 * to exist and are not searched for, and with `incapableSource` (`source`
 * has no part that may hold a cycle which removes something), neither are
 * the cycles of the parts without a new link.
 */
export function staticHints(grid: CandidateGrid, source: CandidateGrid | null = null, incapableSource = false): NestedHint[] {
  buildGraph(grid);
  // The XY pass's chain starts serve the X pass too: its graph and its new
  // links hold the X pass's, and a mark only lets a search run.
  let chainStamp = -1;
  selectPass(2);
  walkedParts = -1;
  if (source !== null) chainStamp = partsFilter ? markStartsOnParts(grid, source, incapableSource) : markChainStarts(grid, source);
  incapableGrid = walkedParts >= 0 && capableCount === 0;
  // The XY pass runs first, for the returns its searches meet (see
  // returnKind); the hints keep SE's order: X, Y, then XY.
  searches = 0;
  const xyHints = passHints(grid, source, 2, chainStamp);
  // Most working grids end here: the X and Y passes search only from the
  // XY pass's chain starts and from starts whose XY search met a return.
  if (source !== null && searches === 0 && chainStartCount === 0 && returnsFilter) return xyHints;
  selectPass(0);
  const hints = passHints(grid, source, 0, chainStamp);
  selectPass(1);
  const yHints = passHints(grid, source, 1, chainStamp);
  for (const hint of yHints) hints.push(hint);
  for (const hint of xyHints) hints.push(hint);
  return hints;
}

/**
 * Whether the grid of the last staticHints has no part that may hold a
 * cycle which removes something (false where its parts were not walked:
 * without a source or without the parts filter). A grid reduced from it
 * that has no new link has a graph within its graph, and so no such part
 * either: each of its parts lies in one of the larger grid's parts, and
 * its candidates are among the larger grid's.
 */
export let incapableGrid = false;

/** Whether `grid` has a part that may hold a cycle which removes something (see cycle-parts.ts); builds its graph. */
export function hasCapableParts(grid: CandidateGrid): boolean {
  buildGraph(grid);
  selectPass(2);
  markCapableStarts(partStarts, collectPartStarts(grid));
  return capableCount > 0;
}

/** Whether the X and Y passes skip the starts whose XY search met no return of their kind (the tests compare both ways). */
let returnsFilter = true;

export function setReturnsFilter(on: boolean): void {
  returnsFilter = on;
}

/** The returns the XY searches met, by start: startReturns[on] (X_RETURN, Y_RETURN). */
const startReturns = new Uint8Array(1458);
const cycles: number[][] = [];

/** Whether the XY pass skips the cycle searches of starts whose part cannot remove anything (see cycle-parts.ts; the tests compare both ways). */
let partsFilter = true;
let partSkips = 0;

/** Sets the filter; returns how many cycle searches it skipped since the last call. */
export function setPartsFilter(on: boolean): number {
  partsFilter = on;
  const skipped = partSkips;
  partSkips = 0;
  return skipped;
}

/** The walk's roots: the XY pass's starts with links from their "off" key, then the new links' ends. */
const partStarts = new Int32Array(729 + 1458);
/** The searches the passes of the current staticHints have made. */
let searches = 0;

/** Puts the XY pass's starts with links from their "off" key (the others search no cycle) in partStarts; returns how many. */
function collectPartStarts(grid: CandidateGrid): number {
  let count = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (popcount(grid.candidates[cell]) < 2) continue;
    for (let m = grid.candidates[cell] & strongMask[cell]; m !== 0; m &= m - 1) partStarts[count++] = ((cell * 9 + lowest(m)) << 1) | 1;
  }
  return count;
}

/** The stamp of the parts markStartsOnParts marked for the current staticHints (-1: none), and how many of partStarts are starts. */
let walkedParts = -1;
let strongStarts = 0;

/**
 * The XY pass's chain starts on `grid` reduced from `source` (selected),
 * read off its parts (markChainStartsOnParts): the parts' walk first, with
 * the new links' ends among its roots, which also marks the capable starts
 * (walkedParts). Returns the chain starts' stamp; the same marks as
 * markChainStarts (the tests compare both).
 */
export function markStartsOnParts(grid: CandidateGrid, source: CandidateGrid, incapableSource = false): number {
  strongStarts = collectPartStarts(grid);
  // A part without a new link lies within a part of `source` (see incapableGrid): where none of those can remove, the walk need only find the new links' parts.
  let count = incapableSource ? 0 : strongStarts;
  const links = newLinkPairs(grid, source);
  for (let i = 0; i < 2 * links; i++) partStarts[count++] = newLinkEnd(i);
  walkedParts = markCapableStarts(partStarts, count);
  return markChainStartsOnParts(links, partKeys, partEnds, partCount);
}

/** The hints of one pass (selected), in SE's order. */
function passHints(grid: CandidateGrid, source: CandidateGrid | null, pass: number, chainStamp: number): NestedHint[] {
  const hints: NestedHint[] = [];
  const xLinks = pass !== 1;
  // The XY pass's starts with links from their "off" key (the others search no cycle), their parts' capacity marked.
  let capableStamp = -1;
  if (pass === 2 && partsFilter) {
    let count = strongStarts;
    if (walkedParts >= 0) {
      capableStamp = walkedParts;
    } else {
      count = collectPartStarts(grid);
      capableStamp = markCapableStarts(partStarts, count);
    }
    // Most working grids end here: every start would be skipped below.
    if (source !== null && capableCount === 0 && chainStartCount === 0) {
      partSkips += count;
      return hints;
    }
  }
  const sortKey = pass === 2 ? 4 : pass === 1 ? 3 : 2;
  const cycleBase = pass === 2 ? 7.0 : 6.5;
  const chainBase = pass === 2 ? 7.0 : 6.6;
  const needed = pass === 0 ? X_RETURN : Y_RETURN;
  for (let cell = 0; cell < 81; cell++) {
    const cands = grid.candidates[cell];
    const size = popcount(cands);
    if (size < 2 || (size > 2 && !xLinks)) continue;
    // Only a start whose "off" key has links in the pass, or that may start a chain, can give a hint.
    const starts = xLinks && source === null ? cands : cands & (strongMask[cell] | chainOnDigits[cell]);
    for (let m = starts; m !== 0; m &= m - 1) {
      const on = ((cell * 9 + lowest(m)) << 1) | 1;
      const chainFromOn = xLinks && (source === null || chainStarts[on] === chainStamp);
      let fromOn: number[] | null = null;
      const strong = offHigh[on ^ 1] > low[on ^ 1];
      const cyclesPossible = strong && (pass === 2 || !returnsFilter || (startReturns[on] & needed) !== 0);
      if (cyclesPossible && !chainFromOn && capableStamp >= 0 && capable[on] !== capableStamp) {
        // No cycle of its part removes anything, nor of its parts in the X and Y passes, which lie within.
        startReturns[on] = 0;
        partSkips++;
      } else if (cyclesPossible || chainFromOn) {
        if (cycles.length > 0) cycles.length = 0;
        // A start that cannot give a chain (the Y pass has none; elsewhere, see chainStarts) searches for cycles only.
        searches++;
        fromOn = searchFromOn(on, chainFromOn, cycles);
        if (pass === 2) startReturns[on] = returnKinds;
        for (const keys of cycles) {
          const removals = cycleRemovals(grid, keys);
          if (removals.length === 0) continue;
          const complexity = distinctKeys(keys);
          hints.push(new StaticHint(cycleBase + lengthDifficulty(complexity), complexity, sortKey, removals, keys, true, grid));
        }
      } else if (pass === 2) {
        startReturns[on] = 0;
      }
      if (!xLinks) continue;
      // Without a link out of the start's "off" key there is no chain from it.
      const chainFromOff = strong && (source === null || chainStarts[on ^ 1] === chainStamp);
      if (chainFromOff) searches++;
      const fromOff = chainFromOff ? searchFromOff(on ^ 1) : null;
      if (fromOn !== null) hints.push(chainHint(grid, fromOn, chainBase, sortKey));
      if (fromOff !== null) hints.push(chainHint(grid, fromOff, chainBase, sortKey));
    }
  }
  return hints;
}

function chainHint(grid: CandidateGrid, keys: number[], base: number, sortKey: number): StaticHint {
  const complexity = distinctKeys(keys);
  return new StaticHint(base + lengthDifficulty(complexity), complexity, sortKey, targetRemovals(grid, keys[keys.length - 1]), keys, false, grid);
}
