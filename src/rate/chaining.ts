/**
 * Sudoku Explainer 1.2.1's static chaining producer, "Forcing Chains &
 * Cycles" (SE's Chaining with multiple, dynamic and Nishio off): bidirectional
 * X-, Y- and XY-cycles (6.5 / 6.5 / 7.0 + length) and forcing X-chains and
 * XY-chains (6.6 / 7.0 + length).
 *
 * The search reproduces SE's, because the chain it finds (and so its length,
 * and so the rating) depends on the search order:
 *
 * - three passes: X links only, Y links only (cycles only, from bivalue
 *   cells), both; in each, every candidate of every empty cell (row-major,
 *   digits increasing) is the start;
 * - from a start "on": a breadth-first search for cycles back to it, where the
 *   "on" nodes are never revisited but "off" nodes may be reached again by
 *   other paths (only their own ancestors are excluded); then two
 *   breadth-first searches with every node visited once, from the start "on"
 *   (a chain to the start "off": the candidate is false) and from the start
 *   "off" (a chain to the start "on": the digit is placed);
 * - an "on" node makes "off": (Y) the cell's other digits, then the digit's
 *   other cells in its block, row and column; an "off" node makes "on": (Y)
 *   the other digit of a bivalue cell, (X) the other cell of the digit in a
 *   block, row or column where it has two cells left;
 * - of all the hints found, SE applies the one that sorts first by rating,
 *   then complexity (the number of distinct nodes of the chain), then kind
 *   (X 2, Y 3, XY 4), then discovery order.
 *
 * A cycle removes the digit of each of its links from the cells outside the
 * cycle that see both an "on" and an "off" node of that digit.
 *
 * Here the implication graph is built once for the three passes
 * (static-graph.ts, with each "on" key's links made when first followed),
 * the cycle search and the "on" chain search share one breadth-first
 * search (see searchFromOn for why that gives SE's chains), and no search
 * goes deeper than a hint that could still sort before the best one found
 * so far. Checked against a line-by-line port of SE's search on the
 * se-ratings.tsv paths and on perturbed grids (identical hints).
 */
import { popcount } from "../core/bits.js";
import { type CandidateGrid, HOUSE, PEER_WORDS } from "./grid.js";
import { lowest, ratingOf, step } from "./helpers.js";
import { enqueue, nodeDepth, nodeKey, onPath, pathTo, returning, startTree } from "./chain-tree.js";
import { linearChain } from "./links.js";
import {
  adjacency,
  buildGraph,
  candidateWords,
  ensureStrong,
  implies,
  low,
  offHigh,
  passVersion,
  selectPass,
  strongAdjacency,
  strongBuilt,
  strongEnd,
  strongStart,
} from "./static-graph.js";
import type { Candidate, Step } from "./step.js";

/**
 * Node keys: ((cell * 9 + digit - 1) << 1) | on, 0-1457. The implication
 * graph is static-graph.ts's, built once per call for the three passes:
 * the "off" keys' links in SE's order, and the "on" keys' links without
 * the "off" keys that have none in the pass (sinks), made when first
 * followed. A sink reached adds no key to a search and is on no cycle
 * (no link leaves it), so the tree of the other keys is SE's; the one link
 * that matters at a sink, to the start's negation, is tested with
 * `implies`. The search trees are chain-tree.ts's.
 */

/** Generation-stamped sets of keys and cells (distinctKeys, cycleRemovals). */
const ancestorSeen = new Int32Array(1458);
let generation = 0;

function keyOf(cell: number, digit: number, on: boolean): number {
  return ((cell * 9 + digit - 1) << 1) | (on ? 1 : 0);
}

/** A path's end: the last link goes from tree node `node` to key `key`. */
interface PathEnd {
  readonly node: number;
  readonly key: number;
}

/**
 * From an "on" start, SE's doCycles and (for the passes with X links) its
 * doForcingChains from the "on" start, in one search.
 *
 * SE's cycle search never revisits an "on" key but lets "off" keys be reached
 * again by other paths (except through their own descendants). A repeated
 * "off" node adds no new "on" node (its "on" keys were all taken when the key
 * was first expanded, one level earlier or earlier in the same level), so the
 * tree of first visits is the plain breadth-first tree, the forcing chain
 * search's too; the repeats only matter where they close a cycle: an "off"
 * key that implies the start, reached from an "on" node that is not the start
 * and does not have that key as an ancestor. Such a cycle has complexity
 * depth(on node) + 2 (the paths are simple, the start counted once), and so
 * has the chain to the start's "off" key found first.
 *
 * `cycles` receives the cycles' ends in SE's order; returns the forcing
 * chain's end or null. Nodes deeper than the bounds are not expanded.
 */
function searchFromOn(start: number, xLinks: boolean, cycleBound: number, chainBound: number, cycles: PathEnd[]): PathEnd | null {
  const stamp = startTree(start);
  const negation = start ^ 1;
  const lo = low;
  const offHi = offHigh;
  // The "off" keys that imply the start are the negations of the "on" keys its negation implies.
  for (let i = lo[negation], end = offHi[negation]; i < end; i++) returning[adjacency[i] ^ 1] = stamp;
  let count = 1;
  const bound = Math.max(cycleBound, xLinks ? chainBound : 0);
  let chain: PathEnd | null = null;
  for (let head = 0; head < count; head++) {
    const key = nodeKey[head];
    const depth = nodeDepth[head];
    if (key & 1) {
      if (depth + 2 > bound) continue;
      if (chain === null && xLinks && depth + 2 <= chainBound && implies(key, negation)) chain = { node: head, key: negation };
      if (strongBuilt[key] !== passVersion) ensureStrong(key);
      const closes = head > 0 && depth + 2 <= cycleBound;
      for (let i = strongStart[key], end = strongEnd[key]; i < end; i++) {
        const off = strongAdjacency[i];
        if (closes && returning[off] === stamp && !onPath(head, off)) cycles.push({ node: head, key: off });
        count = enqueue(off, head, stamp, count);
      }
    } else {
      if (depth + 3 > bound) continue;
      for (let i = lo[key], end = offHi[key]; i < end; i++) count = enqueue(adjacency[i], head, stamp, count);
    }
  }
  return chain;
}

/**
 * SE's doForcingChains from the "off" start: the first "on" node of the
 * start's key found (a chain of complexity depth + 1), or null.
 */
function searchFromOff(start: number, chainBound: number): PathEnd | null {
  const stamp = startTree(start);
  const target = start ^ 1;
  const lo = low;
  const offHi = offHigh;
  let count = 1;
  for (let head = 0; head < count; head++) {
    const key = nodeKey[head];
    const depth = nodeDepth[head];
    if (key & 1) {
      if (depth + 3 > chainBound) return null;
      if (strongBuilt[key] !== passVersion) ensureStrong(key);
      for (let i = strongStart[key], end = strongEnd[key]; i < end; i++) count = enqueue(strongAdjacency[i], head, stamp, count);
    } else {
      if (depth + 2 > chainBound) return null;
      for (let i = lo[key], end = offHi[key]; i < end; i++) {
        const on = adjacency[i];
        if (on === target) return { node: head, key: on };
        count = enqueue(on, head, stamp, count);
      }
    }
  }
  return null;
}

/** The path's keys from the start to its end. */
function pathKeys(end: PathEnd): number[] {
  return pathTo(end.node, end.key);
}

/** SE's getAncestorCount: the distinct keys of the path. */
function distinctKeys(keys: readonly number[]): number {
  const stamp = ++generation;
  let count = 0;
  for (const key of keys) {
    if (ancestorSeen[key] === stamp) continue;
    ancestorSeen[key] = stamp;
    count++;
  }
  return count;
}

/** SE's getLengthDifficulty, as the same double. */
export function lengthDifficulty(complexity: number): number {
  let added = 0.0;
  let ceil = 4;
  const length = complexity - 2;
  let odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? Math.trunc((ceil * 4) / 3) : Math.trunc((ceil * 3) / 2);
    odd = !odd;
  }
  return added;
}

/** A hint found, with SE's sort key. */
interface ChainHint {
  readonly difficulty: number;
  readonly complexity: number;
  readonly sortKey: number;
  readonly cycle: boolean;
  /** The chain's keys from the start to the end (for a cycle, the start again). */
  readonly chain: number[];
  readonly eliminations: Candidate[];
}

/** SE's hint order: rating, then complexity, then sort key (then the order found: ties keep the first). */
function better(difficulty: number, complexity: number, sortKey: number, best: ChainHint | null): boolean {
  if (best === null) return true;
  if (difficulty !== best.difficulty) return difficulty < best.difficulty;
  if (complexity !== best.complexity) return complexity < best.complexity;
  return sortKey < best.sortKey;
}

/**
 * The largest complexity a hint of this base rating and sort key may have
 * and still sort before `best` (ratings grow with complexity, so the
 * complexities that do form a prefix); 0 when none does.
 */
function complexityBound(base: number, sortKey: number, best: ChainHint | null): number {
  if (best === null) return 1 << 30;
  let c = 0;
  while (better(base + lengthDifficulty(c + 1), c + 1, sortKey, best)) c++;
  return c;
}

const forward = new Int32Array(729);
const backward = new Int32Array(729);
const cellSeen = new Int32Array(81);
/** The candidates cycleRemovals marked as seeing an "on" link, in marking order. */
const forwardList = new Int32Array(729);

/**
 * SE's createCycleHint: what a cycle removes (the candidates outside it that
 * see one of its "on" and one of its "off" links of their digit), as "off"
 * keys in increasing order. Also used by the nested static chains.
 */
export function cycleRemovals(grid: CandidateGrid, keys: readonly number[]): number[] {
  const stamp = ++generation;
  for (let i = 0; i < keys.length; i++) cellSeen[((keys[i] >> 1) / 9) | 0] = stamp;
  let marked = 0;
  for (let i = 1; i < keys.length; i++) {
    const pot = keys[i] >> 1;
    const cell = (pot / 9) | 0;
    const d = pot - 9 * cell;
    const bit = 1 << d;
    const on = (keys[i] & 1) === 1;
    for (let k = 20 * cell, end = k + 20; k < end; k++) {
      const other = HOUSE[k];
      if (cellSeen[other] === stamp || (grid.candidates[other] & bit) === 0) continue;
      const p = other * 9 + d;
      if (!on) backward[p] = stamp;
      else if (forward[p] !== stamp) {
        forward[p] = stamp;
        forwardList[marked++] = p;
      }
    }
  }
  const result: number[] = [];
  for (let i = 0; i < marked; i++) if (backward[forwardList[i]] === stamp) result.push(forwardList[i] << 1);
  // Most cycles remove nothing; the others few candidates.
  if (result.length > 1) result.sort((a, b) => a - b);
  return result;
}

/** The cycle being tested (beginCycle, addCycleKey): its cells as band words, its digits, and the cells that see its "on" (its "off") nodes of each digit. */
let cycle0 = 0;
let cycle1 = 0;
let cycle2 = 0;
let cycleDigits = 0;
const seesOn = new Int32Array(27);
const seesOff = new Int32Array(27);

/**
 * A cheap test of whether cycleRemovals finds anything, by band words: a
 * candidate of the graph's grid (static-graph.ts, built for the grid whose
 * cycles are tested) outside the cycle that sees an "on" and an "off" node
 * of its digit. Few cycles remove anything (41 of 24,162 on 1,000 17s; 17,610 of
 * 385,333 in the nested static chains of 8 hard puzzles), and the test
 * costs a few word operations per node where cycleRemovals walks 20 peers.
 * The cycle's nodes are added one by one (its start once), in any order.
 */
export function beginCycle(): void {
  cycle0 = cycle1 = cycle2 = 0;
  // Only the last test's digits hold marks.
  for (let m = cycleDigits; m !== 0; m &= m - 1) {
    const w = 3 * lowest(m);
    seesOn[w] = seesOn[w + 1] = seesOn[w + 2] = 0;
    seesOff[w] = seesOff[w + 1] = seesOff[w + 2] = 0;
  }
  cycleDigits = 0;
}

export function addCycleKey(key: number): void {
  const pot = key >> 1;
  const cell = (pot / 9) | 0;
  const d = pot - 9 * cell;
  const bit = 1 << cell % 27;
  if (cell < 27) cycle0 |= bit;
  else if (cell < 54) cycle1 |= bit;
  else cycle2 |= bit;
  cycleDigits |= 1 << d;
  const sees = (key & 1) === 1 ? seesOn : seesOff;
  sees[3 * d] |= PEER_WORDS[3 * cell];
  sees[3 * d + 1] |= PEER_WORDS[3 * cell + 1];
  sees[3 * d + 2] |= PEER_WORDS[3 * cell + 2];
}

/**
 * The test; with `outside` false the candidates of the added keys' own
 * cells count too, which bounds every cycle among the keys added (the
 * cycle parts of cycle-parts.ts).
 */
export function cycleRemovesAny(outside = true): boolean {
  const out0 = outside ? ~cycle0 : -1;
  const out1 = outside ? ~cycle1 : -1;
  const out2 = outside ? ~cycle2 : -1;
  for (let m = cycleDigits; m !== 0; m &= m - 1) {
    const w = 3 * lowest(m);
    if ((candidateWords[w] & seesOn[w] & seesOff[w] & out0) !== 0) return true;
    if ((candidateWords[w + 1] & seesOn[w + 1] & seesOff[w + 1] & out1) !== 0) return true;
    if ((candidateWords[w + 2] & seesOn[w + 2] & seesOff[w + 2] & out2) !== 0) return true;
  }
  return false;
}

/** cycleRemovesAny for a cycle's keys as cycleRemovals takes them (the start first and last). */
function cycleMayRemove(keys: readonly number[]): boolean {
  beginCycle();
  for (let i = 1; i < keys.length; i++) addCycleKey(keys[i]);
  return cycleRemovesAny();
}

function candidatesOfKeys(keys: readonly number[]): Candidate[] {
  return keys.map((key) => ({ cell: ((key >> 1) / 9) | 0, digit: ((key >> 1) % 9) + 1 }));
}

/**
 * SE's "Forcing Chains & Cycles" producer: the hint it applies, or null.
 * SE collects every hint and sorts them; here the search keeps the best so
 * far and does not search deeper than a hint that could still sort before it.
 */
export function forcingChainsAndCycles(grid: CandidateGrid): Step | null {
  let best: ChainHint | null = null;
  let built = false;
  const cycles: PathEnd[] = [];
  const chains: number[][] = [];
  for (const [yLinks, xLinks] of [
    [false, true],
    [true, false],
    [true, true],
  ] as const) {
    const sortKey = yLinks && xLinks ? 4 : yLinks ? 3 : 2;
    const cycleBase = yLinks && xLinks ? 7.0 : 6.5;
    const chainBase = yLinks && xLinks ? 7.0 : 6.6;
    if (complexityBound(cycleBase, sortKey, best) < 4 && (!xLinks || complexityBound(chainBase, sortKey, best) < 2)) continue;
    if (!built) buildGraph(grid);
    built = true;
    selectPass(yLinks && xLinks ? 2 : yLinks ? 1 : 0);
    for (let cell = 0; cell < 81; cell++) {
      const cands = grid.candidates[cell];
      const size = popcount(cands);
      if (size < 2 || (size > 2 && !xLinks)) continue;
      for (let m = cands; m !== 0; m &= m - 1) {
        const on = keyOf(cell, lowest(m) + 1, true);
        const cycleBound = complexityBound(cycleBase, sortKey, best);
        const chainBound = xLinks ? complexityBound(chainBase, sortKey, best) : 0;
        if (cycles.length > 0) cycles.length = 0;
        // SE's order for one start: its cycles, then the chain that starts "on", then the one that starts "off".
        if (chains.length > 0) chains.length = 0;
        if (cycleBound >= 4 || chainBound >= 2) {
          const fromOn = searchFromOn(on, xLinks, cycleBound, chainBound, cycles);
          for (const end of cycles) {
            const keys = pathKeys(end);
            keys.push(on);
            const complexity = distinctKeys(keys);
            const difficulty = cycleBase + lengthDifficulty(complexity);
            if (!better(difficulty, complexity, sortKey, best)) continue;
            if (!cycleMayRemove(keys)) continue;
            const removals = cycleRemovals(grid, keys);
            if (removals.length === 0) continue;
            best = { difficulty, complexity, sortKey, cycle: true, chain: keys, eliminations: candidatesOfKeys(removals) };
          }
          if (fromOn !== null) chains.push(pathKeys(fromOn));
        }
        if (chainBound >= 2) {
          const fromOff = searchFromOff(on ^ 1, chainBound);
          if (fromOff !== null) chains.push(pathKeys(fromOff));
        }
        for (const keys of chains) {
          const complexity = distinctKeys(keys);
          const difficulty = chainBase + lengthDifficulty(complexity);
          if (!better(difficulty, complexity, sortKey, best)) continue;
          best = { difficulty, complexity, sortKey, cycle: false, chain: keys, eliminations: [] };
        }
      }
    }
  }
  return best === null ? null : toStep(grid, best);
}

function toStep(grid: CandidateGrid, hint: ChainHint): Step {
  const chain = hint.chain;
  const cells: number[] = [];
  const digits: number[] = [];
  for (const key of chain) {
    const pot = key >> 1;
    const cell = (pot / 9) | 0;
    if (!cells.includes(cell)) cells.push(cell);
    const d = (pot % 9) + 1;
    if (!digits.includes(d)) digits.push(d);
  }
  const rating = ratingOf(hint.difficulty);
  if (hint.cycle) {
    let name: string;
    if (hint.sortKey === 4) name = "Bidirectional Cycle";
    else if (hint.sortKey === 3) name = "Bidirectional Y-Cycle";
    else name = cells.length === 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
    return step(name, rating, [], cells, digits.sort((a, b) => a - b), null, hint.eliminations, [], [linearChain(chain, true)]);
  }
  const target = chain[chain.length - 1];
  const pot = target >> 1;
  const cell = (pot / 9) | 0;
  const digit = (pot % 9) + 1;
  let name: string;
  if (hint.sortKey === 4) name = "Forcing Chain";
  else name = hint.complexity === 6 ? "Turbot Fish" : "Forcing X-Chain";
  if (target & 1) {
    const eliminations: Candidate[] = [];
    for (let m = grid.candidates[cell] & ~(1 << (digit - 1)); m !== 0; m &= m - 1) eliminations.push({ cell, digit: lowest(m) + 1 });
    return step(name, rating, [], cells, digits.sort((a, b) => a - b), { cell, digit }, eliminations, [], [linearChain(chain)]);
  }
  return step(name, rating, [], cells, digits.sort((a, b) => a - b), null, [{ cell, digit }], [], [linearChain(chain)]);
}
