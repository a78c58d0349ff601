/**
 * Sudoku Explainer 1.2.1's nested forcing chains: its Chaining producer with
 * multiple and dynamic on at levels 2 to 5, "Dynamic Forcing Chains (+
 * Forcing Chains)" (9.5 + length), "(+ Multiple Forcing Chains)" (10.0 +),
 * "(+ Dynamic Forcing Chains)" (10.5 +) and "(+ Dynamic Forcing Chains (+
 * Forcing Chains))" (11.0 +), which SE asks after "Dynamic Forcing Chains
 * (+)" (level 1, multiple.ts), in this order.
 *
 * A propagation runs as at level 1 (see multiple.ts): pending "on" nodes
 * first, else one "off" node, dynamic removals from a working grid, hidden
 * parents. When nothing is pending SE asks, in order, until one of them
 * gives something: the set-based rules of plus.ts, then the level's
 * chaining rules, each run as a whole producer on the working grid:
 *
 * - level 2: static forcing chains and cycles ("Forcing Chains & Cycles");
 * - level 3: the same, then static multiple forcing chains;
 * - level 4: dynamic forcing chains (level 0);
 * - level 5: dynamic forcing chains, then dynamic forcing chains at level 2.
 *
 * Every hint of the rule, in the order SE sorts them (rating, complexity,
 * sort key, discovery) and without the later hints whose removals equal an
 * earlier one's, is kept when it depends on the propagation: SE's
 * getRuleParents walks the hint's chains back from each target and, for
 * each "on" node implied as the last digit of a cell (resp. the last place
 * of a digit in a block, row or column), or the initial assumption of a cell
 * (region) chain, takes the candidates of that cell (region, digit) present
 * in the grid the outer propagation started from and gone from its working
 * grid. When there are some, each candidate the hint removes becomes an
 * "off" node with those as parents and the hint as its nested chain. The
 * removals are not checked against the "on" set (as in SE). Within one
 * hint SE takes them in the order of a HashMap keyed by cells that hash by
 * identity, which varies with the JVM; here they go in increasing cell
 * order. On se-ratings.tsv this swaps two equally rated steps of one path
 * (and changes no rating).
 *
 * A hint's complexity is SE's: the distinct ancestors of each target,
 * summed, plus the complexity of every distinct nested chain among those
 * ancestors (chains compared as SE's FullChain does: the same targets with
 * the same ancestor lists), counted once per hint.
 *
 * Speed (SE needs minutes per puzzle at these levels): each nesting depth
 * has its own engine with pooled typed-array propagations; the static
 * chains build the working grid's implication graph once for their three
 * passes, skip the starts that cannot give a hint (see staticHints) and
 * leave out of their searches the "off" keys without links (ensureStrong);
 * the static multiple chains nested at level 3 reuse that graph and make
 * a propagation's nodes only when its cell or region has a shared target
 * (Engine.reachStatic); the nested dynamic chains of levels 4 and 5 are
 * kept by working grid for the producer call (Engine.dynamicCache), and
 * their branches that read nothing the outer propagation changed are the
 * producer's grid's own propagations, reused, or skipped with their groups
 * (Engine.touched).
 */
import { popcount } from "../core/bits.js";
import { BRC, cycleRemovals, forcingChainsAndCycles, lengthDifficulty } from "./chaining.js";
import { CandidateGrid, HOUSE, IS_PEER, UNIT_CELLS } from "./grid.js";
import { conjugateCell, lowest, ratingOf, step } from "./helpers.js";
import { multipleForcingChains } from "./multiple.js";
import { advancedOffs } from "./plus.js";
import {
  ancestors,
  beginNestedCount,
  CAUSE_ADVANCED,
  CAUSE_CELL,
  CAUSE_NONE,
  CAUSE_REGION,
  HOUSE_CAUSE,
  isShared,
  offsFromOn,
  OffImplications,
  onsFromOff,
  Propagation,
  propagationChain,
  reserveNestedId,
  sharedTargets,
  walkAncestors,
  walked,
} from "./propagation.js";
import { linearChain } from "./links.js";
import type { Candidate, Chain, Step } from "./step.js";

// ---------------------------------------------------------------------------
// Causes of nodes (SE's Potential.Cause): how an "on" node was implied, which
// getRuleParents reads; REGION + k for the unit BRC[3 * cell + k].

const NONE = CAUSE_NONE;
const CELL = CAUSE_CELL;
const REGION = CAUSE_REGION;
const ADVANCED = CAUSE_ADVANCED;

/** Nested chains met during one top-level producer call: id by signature, complexity, and the chains (for explain). */
const chainIds = new Map<string, number>();
const chainComplexity: number[] = [];
const chainLinks: (readonly Chain[])[] = [];
/** Incremented when the registry is cleared. */
let registryGeneration = 0;
/** Whether to make the nested hints' chains (for explain); they cost a quarter of the time at level 4. */
let recordChains = false;
const NO_CHAINS: readonly Chain[] = [];

/** Makes the nested steps carry the chains of their nested hints (ChainLink.nested), or not (the default). */
export function recordNestedChains(on: boolean): void {
  recordChains = on;
}

/**
 * The id of a nested hint's chain, registered on first sight with its
 * complexity and its chains. The chains are made then because a multiple or
 * dynamic hint's propagations belong to a pooled engine that its next run
 * overwrites.
 */
function internChain(hint: NestedHint): number {
  const signature = hint.signature();
  let id = chainIds.get(signature);
  if (id === undefined) {
    id = chainComplexity.length;
    chainIds.set(signature, id);
    chainComplexity.push(hint.complexity);
    chainLinks.push(recordChains ? hint.chains() : NO_CHAINS);
    reserveNestedId(id);
  }
  return id;
}

/** The hint's chain id in the current producer call: one hint gives several removals, and its chain is registered once. */
function intern(hint: NestedHint): number {
  if (hint.chainGeneration !== registryGeneration) {
    hint.chainId = internChain(hint);
    hint.chainGeneration = registryGeneration;
  }
  return hint.chainId;
}

function clearRegistry(): void {
  chainIds.clear();
  chainComplexity.length = 0;
  chainLinks.length = 0;
}

/** The chain ending at node `node` of `prop`, with the nested chains of its nested links (when recorded). */
function chainWithNested(prop: Propagation, node: number): Chain {
  return propagationChain(prop, node, recordChains ? (id) => chainLinks[id] : undefined);
}

// ---------------------------------------------------------------------------
// getRuleParents

const parentSeen = new Int32Array(1458);
let parentGeneration = 0;

/**
 * Appends to `out` the "off" keys SE's collectRuleParents gives for an "on"
 * node of key `key` and cause `cause`: what the outer propagation removed
 * (present in `source`, gone from `current`) from the node's cell or from
 * the digit's places in its unit.
 */
function ruleParentsOf(key: number, cause: number, source: CandidateGrid, current: CandidateGrid, out: number[]): void {
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

/** The cause SE gives the "on" node `to` implied by the "off" node `from` on grid `grid`. */
function offToOnCause(grid: CandidateGrid, from: number, to: number): number {
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
function onToOffCause(from: number, to: number): number {
  const a = ((from >> 1) / 9) | 0;
  const b = ((to >> 1) / 9) | 0;
  if (a === b) return CELL;
  for (let k = 0; k < 3; k++) if (BRC[3 * a + k] === BRC[3 * b + k]) return REGION + k;
  return NONE;
}

// ---------------------------------------------------------------------------
// A hint of a nested rule, reduced to what the outer propagation needs.

interface NestedHint {
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
  /** SE's FullChain identity: the targets' ancestor lists. */
  signature(): string;
  /** Its chains, as Step.chains has them (valid only while its propagations are). */
  chains(): Chain[];
}

/** SE's removable-potentials map as a string: "cell:mask" per cell, cells increasing. */
function removalKeyOf(removals: readonly number[], emptyCell: number): string | number {
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
interface AdvancedNode {
  readonly key: number;
  readonly parents: readonly number[];
  readonly hint: NestedHint | null;
}

/**
 * SE's getAdvancedPotentials accumulator for a chaining rule: the "off"
 * nodes of the hints (sorted, equal removals dropped) that have rule parents.
 */
function collect(hints: NestedHint[], source: CandidateGrid, current: CandidateGrid, out: AdvancedNode[]): void {
  hints.sort((a, b) => a.difficulty - b.difficulty || a.complexity - b.complexity || a.sortKey - b.sortKey);
  const seen = new Set<string | number>();
  for (const hint of hints) {
    const removalKey = hint.removalKey();
    if (seen.has(removalKey)) continue;
    seen.add(removalKey);
    if (hint.removals.length === 0) continue;
    const parents = hint.ruleParents(source, current);
    if (parents.length === 0) continue;
    for (const key of hint.removals) out.push({ key, parents, hint });
  }
}

// ---------------------------------------------------------------------------
// Static forcing chains and cycles (SE's Chaining(false, false, false, 0)),
// every hint, as chaining.ts searches them (see there for why these
// breadth-first searches give SE's chains).

/**
 * The implication graph of the working grid, built once for the three
 * passes (the links of "on" keys when first followed): for each present candidate's key, its Y links (an "off" key: the
 * other digit of a bivalue cell; an "on" key: the cell's other digits), then
 * its X links (the conjugate cells' "on" keys; the digit's other cells'
 * "off" keys), as adjacency[linkStart[key]..linkMid[key]-1] and
 * [linkMid[key]..linkEnd[key]-1]. A pass uses its own links: X only (the X
 * pass), Y for "off" keys and both for "on" keys (the Y pass: SE's "on"
 * rule always includes the region rule), both (the XY pass): see selectPass.
 */
const linkStart = new Int32Array(1458);
const linkMid = new Int32Array(1458);
const linkEnd = new Int32Array(1458);
/**
 * Room for every link of a grid: an "off" key has at most 4 (the bivalue
 * partner and a conjugate per unit), an "on" key at most 28 (8 other digits,
 * 20 peers).
 */
const adjacency = new Int32Array(729 * 32);
/** The cause SE gives the key each link leads to (CELL, REGION + k). */
const linkCause = new Uint8Array(729 * 32);
let adjacencyLength = 0;

function buildGraph(grid: CandidateGrid): void {
  let length = 0;
  for (let cell = 0; cell < 81; cell++) {
    const cands = grid.candidates[cell];
    const bivalue = popcount(cands) === 2;
    yStrong[cell] = bivalue ? cands : 0;
    let x = 0;
    for (let m = cands; m !== 0; m &= m - 1) {
      const d = lowest(m);
      const off = (cell * 9 + d) << 1;
      linkStart[off] = length;
      if (bivalue) {
        linkCause[length] = CELL;
        adjacency[length++] = ((cell * 9 + lowest(cands & ~(1 << d))) << 1) | 1;
      }
      linkMid[off] = length;
      const xStart = length;
      for (let k = 0; k < 3; k++) {
        const unit = BRC[3 * cell + k];
        const other = conjugateCell(unit, grid.where[9 * unit + d], cell);
        if (other < 0) continue;
        const on = ((other * 9 + d) << 1) | 1;
        let dup = false;
        for (let i = xStart; i < length; i++) if (adjacency[i] === on) dup = true;
        if (dup) continue;
        linkCause[length] = REGION + k;
        adjacency[length++] = on;
      }
      if (length > xStart) x |= 1 << d;
      linkEnd[off] = length;
    }
    xStrong[cell] = x;
  }
  adjacencyLength = length;
  graphGrid = grid;
  graphVersion++;
  strongLength = 0;
  passVersion++;
}

/** The grid of the graph, and the version whose "on" keys' links are built (onBuilt[key] === graphVersion). */
let graphGrid = new CandidateGrid();
let graphVersion = 0;
const onBuilt = new Int32Array(1458);

/**
 * Builds the links of an "on" key when first needed (most are never
 * followed): the cell's other digits, then the digit's other cells in the
 * block, row and column.
 */
function ensureOn(on: number): void {
  if (onBuilt[on] === graphVersion) return;
  onBuilt[on] = graphVersion;
  const candidates = graphGrid.candidates;
  const pot = on >> 1;
  const cell = (pot / 9) | 0;
  const d = pot - 9 * cell;
  let length = adjacencyLength;
  linkStart[on] = length;
  for (let o = candidates[cell] & ~(1 << d); o !== 0; o &= o - 1) {
    linkCause[length] = CELL;
    adjacency[length++] = (cell * 9 + lowest(o)) << 1;
  }
  linkMid[on] = length;
  const bit = 1 << d;
  for (let k = 20 * cell, end = k + 20; k < end; k++) {
    const other = HOUSE[k];
    if ((candidates[other] & bit) === 0) continue;
    linkCause[length] = HOUSE_CAUSE[k];
    adjacency[length++] = (other * 9 + d) << 1;
  }
  linkEnd[on] = length;
  adjacencyLength = length;
}

/**
 * The links of the current pass: those of key k are adjacency[low[k]..]
 * up to onHigh[k] ("on" keys) or offHigh[k] ("off" keys).
 */
let low = linkStart;
let onHigh = linkEnd;
let offHigh = linkEnd;

/** Selects pass 0 (X links), 1 (Y links) or 2 (both). */
function selectPass(pass: number): void {
  low = pass === 0 ? linkMid : linkStart;
  onHigh = linkEnd;
  offHigh = pass === 1 ? linkMid : linkEnd;
  currentPass = pass;
  passVersion++;
  strongLength = 0;
  for (let cell = 0; cell < 81; cell++) strongMask[cell] = pass === 0 ? xStrong[cell] : pass === 1 ? yStrong[cell] : xStrong[cell] | yStrong[cell];
}
let currentPass = 0;

/**
 * The searches' "on" keys' links without the "off" keys that have no link
 * in the pass (sinks), in the same order: strongAdjacency[strongStart[k]..
 * strongEnd[k]-1], made when first needed in the pass (strongBuilt[k] ===
 * passVersion). A sink adds nothing to a search: only the link to the
 * start's negation matters there, and that one is found by `implies`.
 */
const strongAdjacency = new Int32Array(729 * 32);
const strongStart = new Int32Array(1458);
const strongEnd = new Int32Array(1458);
const strongBuilt = new Int32Array(1458);
let strongLength = 0;
let passVersion = 0;

/** The digits of each cell whose "off" key has X links (xStrong) or a Y link (yStrong), and those that have links in the pass (strongMask). */
const xStrong = new Uint16Array(81);
const yStrong = new Uint16Array(81);
const strongMask = new Uint16Array(81);

function ensureStrong(on: number): void {
  strongBuilt[on] = passVersion;
  const pot = on >> 1;
  const cell = (pot / 9) | 0;
  const d = pot - 9 * cell;
  const bit = 1 << d;
  let length = strongLength;
  strongStart[on] = length;
  // As ensureOn, without the sinks: the cell's other digits (not in the X pass), then the digit's peers.
  if (currentPass !== 0) for (let o = strongMask[cell] & ~bit; o !== 0; o &= o - 1) strongAdjacency[length++] = (cell * 9 + lowest(o)) << 1;
  for (let k = 20 * cell, end = k + 20; k < end; k++) {
    const other = HOUSE[k];
    if ((strongMask[other] & bit) !== 0) strongAdjacency[length++] = (other * 9 + d) << 1;
  }
  strongEnd[on] = length;
  strongLength = length;
}

/** Whether the "on" key `on` has a link to the "off" key `off` in the current pass (the cell's other digits unless X only, the digit's peers). */
function implies(on: number, off: number): boolean {
  const a = on >> 1;
  const b = off >> 1;
  const cellA = (a / 9) | 0;
  const cellB = (b / 9) | 0;
  if (cellA === cellB) return a !== b && currentPass !== 0;
  return a - 9 * cellA === b - 9 * cellB && IS_PEER[81 * cellA + cellB] === 1;
}

/** Search tree: key and parent of each node, in creation order (each key at most once). */
const nodeKey = new Int32Array(1458);
const nodeParent = new Int32Array(1458);

const visited = new Int32Array(1458);
const returning = new Int32Array(1458);
let searchStamp = 0;

function onPath(node: number, key: number): boolean {
  for (let n = node; n >= 0; n = nodeParent[n]) if (nodeKey[n] === key) return true;
  return false;
}

/** The keys from the start to tree node `node`, then `last`. */
function pathTo(node: number, last: number): number[] {
  const keys = [last];
  for (let n = node; n >= 0; n = nodeParent[n]) keys.push(nodeKey[n]);
  return keys.reverse();
}

/** Queues `key`, reached from node `head`, unless the search with this stamp has met it; returns the queue's new length. */
function enqueue(key: number, head: number, stamp: number, count: number): number {
  if (visited[key] === stamp) return count;
  visited[key] = stamp;
  nodeKey[count] = key;
  nodeParent[count] = head;
  return count + 1;
}

/**
 * From an "on" start: its cycles (paths back to the start) and its forcing
 * chain to the start's "off". An "off" key without links in the pass (a
 * sink) ends no path the search reports and adds no key, so it is checked
 * as a link's end but not put in the tree: the tree of the other keys, in
 * breadth-first order, is the same.
 */
function searchFromOn(start: number, xLinks: boolean, cycles: number[][]): number[] | null {
  const stamp = ++searchStamp;
  const negation = start ^ 1;
  const lo = low;
  const offHi = offHigh;
  // The "off" keys that imply the start are the negations of the "on" keys its negation implies.
  const returns = offHi[negation] > lo[negation];
  for (let i = lo[negation], end = offHi[negation]; i < end; i++) returning[adjacency[i] ^ 1] = stamp;
  nodeKey[0] = start;
  nodeParent[0] = -1;
  let count = 1;
  visited[start] = stamp;
  let chain: number[] | null = null;
  for (let head = 0; head < count; head++) {
    const key = nodeKey[head];
    if (key & 1) {
      if (chain === null && xLinks && implies(key, negation)) {
        chain = pathTo(head, negation);
        // Without a way back to the start there are no cycles to look for.
        if (!returns) return chain;
      }
      if (strongBuilt[key] !== passVersion) ensureStrong(key);
      for (let i = strongStart[key], end = strongEnd[key]; i < end; i++) {
        const off = strongAdjacency[i];
        if (returns && returning[off] === stamp && head > 0 && !onPath(head, off)) {
          const keys = pathTo(head, off);
          keys.push(start);
          cycles.push(keys);
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

/** From an "off" start: the first chain to the start's "on" key, or null (sinks skipped as in searchFromOn). */
function searchFromOff(start: number): number[] | null {
  const stamp = ++searchStamp;
  const target = start ^ 1;
  const lo = low;
  const offHi = offHigh;
  nodeKey[0] = start;
  nodeParent[0] = -1;
  let count = 1;
  visited[start] = stamp;
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
    parentGeneration++;
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

  signature(): string {
    const keys = this.keys;
    if (!this.cycle) return keys.slice().reverse().join(",");
    const last = keys.length - 1;
    const on: number[] = [];
    for (let i = last; i >= 1; i--) on.push(keys[i]);
    const off: number[] = [];
    for (let i = 0; i < last; i++) off.push(keys[i] ^ 1);
    return `${on.join(",")}|${off.join(",")}`;
  }

  chains(): Chain[] {
    return [linearChain(this.keys, this.cycle)];
  }
}

// Which starts can give a hint at all. A cycle comes back to the start's
// "on" key through a link from an "off" key, so the start's "off" key has
// links too (they are symmetric). And when the grid the outer propagation
// started from has no static forcing chain (always so for the top-level producer: SE
// asks the static chains first), a forcing chain on the working grid must
// use an "off" -> "on" link that is new (its cell or unit lost candidates in
// the propagation: the others all exist in the source grid, where the chain
// would then exist too), so its start reaches the tail of such a link. The
// graph is its own contrapositive (a -> b iff not b -> not a), so the keys
// that reach a tail are the negations of those reached from the tails'
// negations: one breadth-first search. The other starts are skipped.

const reached = new Int32Array(1458);
/** The keys of a breadth-first search that visits each key once (markReachingNewLinks, Engine.reachStatic). */
const reachQueue = new Int32Array(1458);
/** reachSeen[key] === reachSeenStamp: reached by the current Engine.reachStatic. */
const reachSeen = new Int32Array(1458);
let reachSeenStamp = 0;
let reachStamp = 0;

/**
 * Marks (reached[key] === returned stamp) the keys reached from the negated
 * tails of the new "off" -> "on" links of the pass: key k reaches a tail iff
 * reached[k ^ 1] is marked.
 */
function markReachingNewLinks(grid: CandidateGrid, source: CandidateGrid): number {
  const stamp = ++reachStamp;
  let length = 0;
  for (let cell = 0; cell < 81; cell++) {
    for (let m = grid.candidates[cell]; m !== 0; m &= m - 1) {
      const off = (cell * 9 + lowest(m)) << 1;
      for (let i = low[off]; i < offHigh[off]; i++) {
        const on = adjacency[i];
        const cause = linkCause[i];
        const target = ((on >> 1) / 9) | 0;
        let fresh: boolean;
        if (cause === CELL) fresh = source.candidates[target] !== grid.candidates[target];
        else {
          const unit = BRC[3 * target + cause - REGION];
          const w = 9 * unit + (on >> 1) - 9 * target;
          fresh = source.where[w] !== grid.where[w];
        }
        if (fresh && reached[off | 1] !== stamp) {
          reached[off | 1] = stamp;
          reachQueue[length++] = off | 1;
          break;
        }
      }
    }
  }
  for (let head = 0; head < length; head++) {
    const key = reachQueue[head];
    if (key & 1) ensureOn(key);
    const end = key & 1 ? onHigh[key] : offHigh[key];
    for (let i = low[key]; i < end; i++) {
      const next = adjacency[i];
      if (reached[next] === stamp) continue;
      reached[next] = stamp;
      reachQueue[length++] = next;
    }
  }
  return stamp;
}

/**
 * Every hint of SE's "Forcing Chains & Cycles" on `grid`, in discovery
 * order; with `source` (a grid without static forcing chains that `grid`
 * was reduced from), the forcing chains that use no new link are known not
 * to exist and are not searched for.
 */
export function staticHints(grid: CandidateGrid, source: CandidateGrid | null = null): NestedHint[] {
  const hints: NestedHint[] = [];
  const cycles: number[][] = [];
  buildGraph(grid);
  for (let pass = 0; pass < 3; pass++) {
    selectPass(pass);
    const xLinks = pass !== 1;
    const sortKey = pass === 2 ? 4 : pass === 1 ? 3 : 2;
    const cycleBase = pass === 2 ? 7.0 : 6.5;
    const chainBase = pass === 2 ? 7.0 : 6.6;
    const reachStampOfPass = source !== null && xLinks ? markReachingNewLinks(grid, source) : -1;
    for (let cell = 0; cell < 81; cell++) {
      const cands = grid.candidates[cell];
      const size = popcount(cands);
      if (size < 2 || (size > 2 && !xLinks)) continue;
      for (let m = cands; m !== 0; m &= m - 1) {
        const on = ((cell * 9 + lowest(m)) << 1) | 1;
        const chainFromOn = xLinks && (source === null || reached[on ^ 1] === reachStampOfPass);
        let fromOn: number[] | null = null;
        const strong = offHigh[on ^ 1] > low[on ^ 1];
        if (strong || chainFromOn) {
          if (cycles.length > 0) cycles.length = 0;
          fromOn = searchFromOn(on, xLinks, cycles);
          for (const keys of cycles) {
            const removals = cycleRemovals(grid, keys);
            if (removals.length === 0) continue;
            const complexity = distinctKeys(keys);
            hints.push(new StaticHint(cycleBase + lengthDifficulty(complexity), complexity, sortKey, removals, keys, true, grid));
          }
        }
        if (!xLinks) continue;
        // Without a link out of the start's "off" key there is no chain from it.
        const chainFromOff = offHigh[on ^ 1] > low[on ^ 1] && (source === null || reached[on] === reachStampOfPass);
        const fromOff = chainFromOff ? searchFromOff(on ^ 1) : null;
        if (fromOn !== null) hints.push(chainHint(grid, fromOn, chainBase, sortKey));
        if (fromOff !== null) hints.push(chainHint(grid, fromOff, chainBase, sortKey));
      }
    }
  }
  return hints;
}

function chainHint(grid: CandidateGrid, keys: number[], base: number, sortKey: number): StaticHint {
  const complexity = distinctKeys(keys);
  return new StaticHint(base + lengthDifficulty(complexity), complexity, sortKey, targetRemovals(grid, keys[keys.length - 1]), keys, false, grid);
}

/** What concluding node key `target` removes: the candidate ("off"), or the cell's other candidates ("on"). */
function targetRemovals(grid: CandidateGrid, target: number): number[] {
  const pot = target >> 1;
  if ((target & 1) === 0) return [target];
  const cell = (pot / 9) | 0;
  const out: number[] = [];
  for (let m = grid.candidates[cell] & ~(1 << (pot - 9 * cell)); m !== 0; m &= m - 1) out.push((cell * 9 + lowest(m)) << 1);
  return out;
}

// ---------------------------------------------------------------------------
// Multiple and dynamic forcing chains, with nesting.


/** SE's getComplexity of a hint whose chains end at these (propagation, node) targets. */
function complexityOf(props: readonly Propagation[], nodes: readonly number[]): number {
  beginNestedCount();
  const nested: number[] = [];
  let total = 0;
  for (let i = 0; i < props.length; i++) total += ancestors(props[i], nodes[i], nested);
  for (const id of nested) total += chainComplexity[id];
  return total;
}

/** A hint of a nested multiple or dynamic forcing chains producer. */
class ChainsHint implements NestedHint {
  readonly difficulty: number;
  chainId = -1;
  chainGeneration = -1;
  constructor(
    base: number,
    readonly complexity: number,
    readonly sortKey: number,
    readonly removals: number[],
    readonly props: Propagation[],
    readonly nodes: number[],
    /** The cause SE gives the initial assumptions (cell and region chains), else NONE. */
    readonly initialCause: number,
  ) {
    this.difficulty = base + lengthDifficulty(complexity);
  }

  removalKey(): string | number {
    return removalKeyOf(this.removals, ((this.removals[0] >> 1) / 9) | 0);
  }

  ruleParents(source: CandidateGrid, current: CandidateGrid): number[] {
    const out: number[] = [];
    parentGeneration++;
    for (let t = 0; t < this.props.length; t++) {
      const prop = this.props[t];
      const length = walkAncestors(prop, this.nodes[t]);
      for (let i = 0; i < length; i++) {
        const node = walked[i];
        const key = prop.keys[node];
        if (key & 1) ruleParentsOf(key, node === 0 ? this.initialCause : prop.causes[node], source, current, out);
      }
    }
    return out;
  }

  signature(): string {
    const parts: string[] = [];
    for (let t = 0; t < this.props.length; t++) {
      const prop = this.props[t];
      const length = walkAncestors(prop, this.nodes[t]);
      let text = "";
      for (let i = 0; i < length; i++) text += `${prop.keys[walked[i]]},`;
      parts.push(text);
    }
    return parts.join("|");
  }

  chains(): Chain[] {
    return this.props.map((prop, t) => chainWithNested(prop, this.nodes[t]));
  }
}

/** How Engine.run reports a hint: sort key, name, the branches and their target nodes, the conclusion's key, whether it places it, the source cells, the initial assumptions' cause. */
type FoundHint = (sortKey: number, name: string, props: Propagation[], nodes: number[], target: number, placed: boolean, cells: number[], initialCause: number) => void;

/** The best hint of a top-level producer, as multiple.ts keeps it. */
interface Best {
  complexity: number;
  sortKey: number;
  name: string;
  placement: Candidate | null;
  eliminations: Candidate[];
  cells: number[];
  digits: number[];
  /** The propagations and the nodes the chains end at (valid until the engine runs again). */
  props: Propagation[];
  nodes: number[];
}

/**
 * SE's Chaining(multiple, dynamic, false, level) on one grid at a time. Each
 * nesting depth has its own engine, so a propagation can run a whole nested
 * producer at its quiescent points.
 */
class Engine {
  private readonly work = new CandidateGrid();
  private readonly pendingOn = new Int32Array(1500);
  private pendingOff = new Int32Array(1500);
  private readonly single = new Int32Array(1);
  private readonly parentBuffer = new Int32Array(16);
  private advancedParents = new Int32Array(64);
  private readonly implied = new OffImplications();
  private pool: Propagation[] = [];
  private readonly byKey: (Propagation | null)[] = new Array<Propagation | null>(1458).fill(null);
  private used = 0;
  /** Whether the grids the propagations start from have no static forcing chain (see staticHints). */
  chainlessSource = false;
  /** Whether they also have no static multiple forcing chain (see skipsUnchanged). */
  multiplelessSource = false;
  /**
   * Set on the static multiple engine nested at level 3, for one run: the
   * grid the outer propagation started from, and the stamp of the keys that
   * reach a new link (markReachingNewLinks, all links), when the skip below
   * applies; else null.
   */
  private skipSource: CandidateGrid | null = null;
  private skipStamp = -1;
  /**
   * The nested static chains' "off" nodes by working grid (its candidates as
   * a string), for one source grid: SE asks level 3 on the grid where level
   * 2 found nothing, and its propagations meet the same working grids.
   */
  staticCache: Map<string, AdvancedNode[]> | null = null;
  /**
   * The nested dynamic chains' "off" nodes by working grid, for one
   * producer call (levels 4 and 5): the propagations from different
   * assumptions meet the same working grids (about one nested call in
   * seven at level 4). The grid's placed digits are the source grid's, so
   * its candidates determine it.
   */
  dynamicCache: Map<string, AdvancedNode[]> | null = null;
  /** The engines of the nested rules (multiple static; dynamic level 0; dynamic level 2), made when needed. */
  private nestedEngines: Engine[] = [];

  constructor(
    readonly level: number,
    readonly dynamic: boolean,
  ) {}

  private nestedEngine(i: number, level: number, dynamic: boolean): Engine {
    return (this.nestedEngines[i] ??= new Engine(level, dynamic));
  }

  /** Levels 4 and 5: lets the nested dynamic forcing chains skip their untouched branches on the grids reduced from `grid` (see touched). */
  prepareNestedDynamic(grid: CandidateGrid): void {
    this.nestedEngine(1, 0, true).prepareTouched(grid);
  }

  clearNestedDynamic(): void {
    this.nestedEngine(1, 0, true).clearTouched();
  }

  /** SE's getAdvancedPotentials: the set rules, then the level's chaining rules, until one gives something. */
  private advanced(current: CandidateGrid, source: CandidateGrid): AdvancedNode[] {
    const out: AdvancedNode[] = [];
    for (const { key, parents } of advancedOffs(current, source)) out.push({ key, parents, hint: null });
    if (out.length > 0 || this.level < 2) return out;
    const level = this.level;
    if (level < 4) {
      const cache = this.staticCache;
      const key = cache === null ? "" : String.fromCharCode.apply(null, current.candidates as unknown as number[]);
      const cached = cache === null ? undefined : cache.get(key);
      if (cached !== undefined) {
        if (cached.length > 0 || level < 3) return cached;
        buildGraph(current);
      } else {
        collect(staticHints(current, this.chainlessSource ? source : null), source, current, out);
        cache?.set(key, out.slice());
        if (out.length > 0 || level < 3) return out;
      }
      // The graph of `current` is built (by staticHints or above).
      const multiple = this.nestedEngine(0, 0, false);
      multiple.graphReady = true;
      if (this.chainlessSource && this.multiplelessSource) {
        selectPass(2);
        multiple.skipStamp = markReachingNewLinks(current, source);
        multiple.skipSource = source;
      }
      collect(multiple.hints(current), source, current, out);
      multiple.graphReady = false;
      multiple.skipSource = null;
      return out;
    }
    const cache = this.dynamicCache;
    const key = cache === null ? "" : String.fromCharCode.apply(null, current.candidates as unknown as number[]);
    const cached = cache === null ? undefined : cache.get(key);
    if (cached !== undefined) return cached;
    collect(this.nestedEngine(1, 0, true).hints(current), source, current, out);
    if (out.length === 0 && level >= 5) collect(this.nestedEngine(2, level - 3, true).hints(current), source, current, out);
    if (cache !== null) {
      // The hints' propagations belong to the nested engines, which their next run overwrites: register their chains now.
      for (const node of out) if (node.hint !== null) intern(node.hint);
      cache.set(key, out);
    }
    return out;
  }

  /** SE's doChaining from one assumption, into `prop`. */
  private propagate(grid: CandidateGrid, start: number, prop: Propagation): void {
    const { work, pendingOn, single, parentBuffer, implied } = this;
    const dynamic = this.dynamic;
    const level = this.level;
    prop.reset();
    work.candidates.set(grid.candidates);
    work.where.set(grid.where);
    if (level > 0) {
      work.values.set(grid.values);
      work.empties.set(grid.empties);
      work.placedCount.set(grid.placedCount);
    }
    const root = prop.add(start, NONE, single, 0);
    let onLength = 0;
    let offLength = 0;
    let headOn = 0;
    let headOff = 0;
    if (start & 1) pendingOn[onLength++] = root;
    else this.pendingOff[offLength++] = root;
    const index = prop.index;
    const recordReads = this.recordReads;
    if (recordReads) {
      this.readCells.fill(0, 3 * start, 3 * start + 3);
      this.readRegions.fill(0, 8 * start, 8 * start + 8);
    }
    while (headOn < onLength || headOff < offLength) {
      if (headOn < onLength) {
        const p = pendingOn[headOn++];
        const pot = prop.keys[p] >> 1;
        const cell = (pot / 9) | 0;
        const d = pot - 9 * cell;
        if (recordReads) this.recordRead(start, cell, d);
        this.reserveOff(offLength + 28);
        offLength = offsFromOn(prop, work, p, cell, d, this.pendingOff, offLength);
        if (offLength < 0) return;
      } else {
        const p = this.pendingOff[headOff++];
        const pot = prop.keys[p] >> 1;
        const cell = (pot / 9) | 0;
        const d = pot - 9 * cell;
        if (recordReads) this.recordRead(start, cell, d);
        onsFromOff(implied, work, grid, index, p, cell, d);
        const made = implied.count;
        if (dynamic) work.remove(cell, d + 1);
        for (let i = 0; i < made; i++) {
          const on = implied.keys[i];
          const n = implied.parentCount[i];
          for (let j = 0; j < n; j++) parentBuffer[j] = implied.parents[16 * i + j];
          if (index[on ^ 1] >= 0) {
            prop.absurdOn = prop.node(on, implied.causes[i], parentBuffer, n);
            prop.absurdOff = index[on ^ 1];
            return;
          }
          if (index[on] < 0) pendingOn[onLength++] = prop.add(on, implied.causes[i], parentBuffer, n);
        }
      }
      if (level > 0 && headOn === onLength && headOff === offLength) {
        for (const { key, parents, hint } of this.advanced(work, grid)) {
          if (index[key] >= 0) continue;
          if (parents.length > this.advancedParents.length) this.advancedParents = new Int32Array(2 * parents.length);
          let n = 0;
          for (const parent of parents) if (index[parent] >= 0) this.advancedParents[n++] = index[parent];
          const node = prop.add(key, ADVANCED, this.advancedParents, n);
          if (hint !== null) prop.nested[node] = intern(hint);
          this.pushOff(node, offLength++);
        }
      }
    }
  }

  /**
   * doChaining without dynamic removals (the static multiple forcing chains
   * nested at level 3), on the graph staticHints built for the same grid:
   * its links are SE's implications in SE's order, and a node's only parent
   * is the node that implied it (nothing is removed, so no hidden parents).
   */
  private propagateStatic(start: number, prop: Propagation): void {
    const { pendingOn, single } = this;
    prop.reset();
    const root = prop.add(start, NONE, single, 0);
    let onLength = 0;
    let offLength = 0;
    let headOn = 0;
    let headOff = 0;
    if (start & 1) pendingOn[onLength++] = root;
    else this.pendingOff[offLength++] = root;
    const index = prop.index;
    while (headOn < onLength || headOff < offLength) {
      const on = headOn < onLength;
      const p = on ? pendingOn[headOn++] : this.pendingOff[headOff++];
      const key = prop.keys[p];
      single[0] = p;
      if (on) ensureOn(key);
      for (let i = linkStart[key], end = linkEnd[key]; i < end; i++) {
        const next = adjacency[i];
        if (index[next ^ 1] >= 0) {
          if (on) {
            prop.absurdOn = index[next ^ 1];
            prop.absurdOff = prop.node(next, linkCause[i], single, 1);
          } else {
            prop.absurdOn = prop.node(next, linkCause[i], single, 1);
            prop.absurdOff = index[next ^ 1];
          }
          return;
        }
        if (index[next] >= 0) continue;
        const n = prop.add(next, linkCause[i], single, 1);
        if (on) this.pushOff(n, offLength++);
        else pendingOn[onLength++] = n;
      }
    }
  }

  /**
   * The static propagation from `start` as a light one: only its "on" and
   * "off" sets (onBits, offBits), which is all the producer needs unless
   * the cell's or region's branches share a target (rarely: 0.3% of
   * checks at level 3). Without a contradiction propagateStatic adds every
   * key the start reaches, so the sets are those of the reached keys, in any
   * order; a contradiction (the reached keys hold a key and its negation)
   * stops propagateStatic early, and then it runs at once. An "off" key
   * without links goes in the set but is not searched from.
   */
  private reachStatic(start: number, prop: Propagation): void {
    prop.reset();
    const stamp = ++reachSeenStamp;
    const onBits = prop.onBits;
    const offBits = prop.offBits;
    reachSeen[start] = stamp;
    onBits[start >> 6] |= 1 << ((start >> 1) & 31);
    reachQueue[0] = start;
    let length = 1;
    for (let head = 0; head < length; head++) {
      const key = reachQueue[head];
      if (key & 1) {
        if (onBuilt[key] !== graphVersion) ensureOn(key);
        for (let i = linkStart[key], end = linkEnd[key]; i < end; i++) {
          const off = adjacency[i];
          const pot = off >> 1;
          offBits[pot >> 5] |= 1 << (pot & 31);
          // An "off" key without links adds nothing more.
          if (reachSeen[off] === stamp || linkEnd[off] === linkStart[off]) continue;
          reachSeen[off] = stamp;
          reachQueue[length++] = off;
        }
      } else {
        for (let i = linkStart[key], end = linkEnd[key]; i < end; i++) {
          const on = adjacency[i];
          if (reachSeen[on] === stamp) continue;
          reachSeen[on] = stamp;
          reachQueue[length++] = on;
          const pot = on >> 1;
          onBits[pot >> 5] |= 1 << (pot & 31);
        }
      }
    }
    for (let w = 0; w < onBits.length; w++) {
      if ((onBits[w] & offBits[w]) !== 0) {
        onBits.fill(0);
        offBits.fill(0);
        this.propagateStatic(start, prop);
        return;
      }
    }
    prop.light = true;
    prop.start = start;
  }

  /** Set by the caller when staticHints has just built the graph of the grid this (static) engine runs on. */
  graphReady = false;

  private pushOff(node: number, at: number): void {
    this.reserveOff(at + 1);
    this.pendingOff[at] = node;
  }

  /** Makes room for `length` entries in the "off" queue. */
  private reserveOff(length: number): void {
    if (length <= this.pendingOff.length) return;
    const bigger = new Int32Array(Math.max(length, 2 * this.pendingOff.length));
    bigger.set(this.pendingOff);
    this.pendingOff = bigger;
  }

  private propagation(grid: CandidateGrid, key: number): Propagation {
    let prop = this.byKey[key];
    if (prop !== null) return prop;
    const base = this.touchedBase !== null && !this.touched(key) ? this.baseByKey[key] : null;
    if (base !== null && untouchedMode === "skip") {
      this.byKey[key] = base;
      return base;
    }
    if (this.used === this.pool.length) this.pool.push(new Propagation());
    prop = this.pool[this.used++];
    if (this.graphReady && !this.dynamic && this.level === 0) this.reachStatic(key, prop);
    else this.propagate(grid, key, prop);
    if (base !== null) {
      untouchedChecked++;
      const problem = samePropagation(base, prop);
      if (problem !== null) throw new Error(`untouched branch ${key} differs from the base grid's: ${problem}`);
    }
    this.byKey[key] = prop;
    return prop;
  }

  /**
   * The hints of the shared targets of the first `count` of `branches`, in
   * SE's order, through `found` (with the rest of its arguments): the
   * source cells are `cell` when `unit` < 0, else the unit's cells at
   * `positions`. Nothing is allocated unless there is a hint.
   */
  private shared(
    branches: readonly Propagation[],
    count: number,
    on: boolean,
    sortKey: number,
    name: string,
    cell: number,
    unit: number,
    positions: number,
    initialCause: number,
    found: FoundHint,
  ): void {
    if (!sharedTargets(branches, on, count)) return;
    const props = branches.slice(0, count);
    for (const branch of props) if (branch.light) this.propagateStatic(branch.start, branch);
    const cells: number[] = [];
    if (unit < 0) cells.push(cell);
    else for (let p = positions; p !== 0; p &= p - 1) cells.push(UNIT_CELLS[9 * unit + lowest(p)]);
    const firstBranch = props[0];
    const order = on ? firstBranch.onOrder : firstBranch.offOrder;
    const total = on ? firstBranch.onCount : firstBranch.offCount;
    for (let i = 0; i < total; i++) {
      const key = firstBranch.keys[order[i]];
      if (!isShared(key >> 1)) continue;
      const nodes: number[] = [];
      for (const branch of props) nodes.push(branch.index[key]);
      found(sortKey, name, props.slice(), nodes, key, on, cells, initialCause);
    }
  }

  /** Branch lists reused by run (pair: a cell's digit "on" and "off"; cell: its digits; region: a digit's places). */
  private readonly pairBranches: Propagation[] = [];
  private readonly cellBranches: Propagation[] = [];
  private readonly regionBranches: Propagation[] = [];

  /**
   * Runs the producer on `grid`, calling `found` for every hint in SE's
   * discovery order: sort key, the branches and their target nodes, the
   * conclusion's key, whether the conclusion places it, the source cells,
   * the initial assumptions' cause.
   */
  private run(grid: CandidateGrid, found: FoundHint): void {
    this.used = 0;
    this.byKey.fill(null);
    const dynamic = this.dynamic;
    const skipUntouched = this.touchedBase !== null;
    if (skipUntouched) this.markChanges(grid);
    const { pairBranches, cellBranches, regionBranches } = this;
    for (let cell = 0; cell < 81; cell++) {
      const cands = grid.candidates[cell];
      const size = popcount(cands);
      if (!(size > 2 || (size > 1 && dynamic))) continue;
      const skipCell = this.skipsUnchanged(grid.candidates[cell], this.skipSource?.candidates[cell] ?? -1, cell, -1, -1);
      // Propagations are made only for the groups (cell, pair, region) that can give a hint (see touched).
      let cellLive = !skipCell;
      if (cellLive && skipUntouched) {
        cellLive = false;
        for (let m = cands; m !== 0 && !cellLive; m &= m - 1) cellLive = this.touched(((cell * 9 + lowest(m)) << 1) | 1);
      }
      let cellCount = 0;
      for (let m = cands; m !== 0; m &= m - 1) {
        const d = lowest(m);
        const onKey = ((cell * 9 + d) << 1) | 1;
        if (cellLive) cellBranches[cellCount++] = this.propagation(grid, onKey);
        if (!skipCell && dynamic) {
          const onLive = !skipUntouched || this.touched(onKey);
          const offLive = !skipUntouched || this.touched(onKey ^ 1);
          const on = onLive || (offLive && size >= 3) ? this.propagation(grid, onKey) : null;
          const off = offLive || (onLive && size >= 3) ? this.propagation(grid, onKey ^ 1) : null;
          if (onLive && on!.absurdOn >= 0) found(7, "Contradiction Forcing Chains", [on!, on!], [on!.absurdOn, on!.absurdOff], onKey ^ 1, false, [cell], NONE);
          if (offLive && off!.absurdOn >= 0) found(7, "Contradiction Forcing Chains", [off!, off!], [off!.absurdOn, off!.absurdOff], onKey, true, [cell], NONE);
          if (size >= 3 && (onLive || offLive)) {
            pairBranches[0] = on!;
            pairBranches[1] = off!;
            this.shared(pairBranches, 2, true, 1, "Double Forcing Chains", cell, -1, 0, NONE, found);
            this.shared(pairBranches, 2, false, 1, "Double Forcing Chains", cell, -1, 0, NONE, found);
          }
        }
        for (let k = 0; k < 3; k++) {
          const unit = BRC[3 * cell + k];
          const positions = grid.where[9 * unit + d];
          if (popcount(positions) < 2 || UNIT_CELLS[9 * unit + lowest(positions)] !== cell) continue;
          if (this.skipsUnchanged(positions, this.skipSource?.where[9 * unit + d] ?? -1, -1, unit, d)) continue;
          if (skipUntouched) {
            let live = false;
            for (let p = positions; p !== 0 && !live; p &= p - 1) live = this.touched(((UNIT_CELLS[9 * unit + lowest(p)] * 9 + d) << 1) | 1);
            if (!live) continue;
          }
          let count = 0;
          for (let p = positions; p !== 0; p &= p - 1) regionBranches[count++] = this.propagation(grid, ((UNIT_CELLS[9 * unit + lowest(p)] * 9 + d) << 1) | 1);
          this.shared(regionBranches, count, true, 6, "Region Forcing Chains", cell, unit, positions, REGION + k, found);
          this.shared(regionBranches, count, false, 6, "Region Forcing Chains", cell, unit, positions, REGION + k, found);
        }
      }
      if (!cellLive) continue;
      this.shared(cellBranches, cellCount, true, 5, "Cell Forcing Chains", cell, -1, 0, CELL, found);
      this.shared(cellBranches, cellCount, false, 5, "Cell Forcing Chains", cell, -1, 0, CELL, found);
    }
  }

  // -------------------------------------------------------------------------
  // Untouched branches (the nested dynamic forcing chains of levels 4 and 5).
  //
  // A propagation reads the grid at the cells of the nodes it follows (their
  // candidates) and at those nodes' digit in the cells' block, row and column
  // (the places left). The nested engine runs on working grids that the outer
  // propagations reduced from the producer's grid G. A propagation on such a
  // grid W whose reads in G meet no cell and no (unit, digit) that W changed
  // makes the same nodes, in the same order, with the same parents, as in G:
  // it is untouched. A hint whose branches are all untouched is a hint of G,
  // with every removal it has in W (W only lost candidates); but SE asks this
  // producer (Dynamic Forcing Chains) on G before levels 4 and 5, so G has
  // none. So only the groups with a touched branch can give a hint in W, and
  // the others are not propagated. prepareTouched records G's reads once per
  // producer call, and checks that G has no hint (else nothing is skipped).

  /** The grid the reads were recorded on, when the skip applies; else null. */
  private touchedBase: CandidateGrid | null = null;
  private recordReads = false;
  /** Per start key: the cells (3 words of 27 bits) and the (unit, digit) pairs (8 words, bit 9 * unit + digit) its propagation on the base grid read. */
  private readonly readCells = new Int32Array(1458 * 3);
  private readonly readRegions = new Int32Array(1458 * 8);
  /** The cells and (unit, digit) pairs where the grid of the current run differs from the base grid. */
  private readonly changedCells = new Int32Array(3);
  private readonly changedRegions = new Int32Array(8);
  /** The base grid's propagations, by start key: an untouched branch's propagation is the same object. */
  private basePool: Propagation[] = [];
  private readonly baseByKey: (Propagation | null)[] = new Array<Propagation | null>(1458).fill(null);

  /** Records the reads of every propagation on `grid` and turns the skip on for the runs on grids reduced from it, if `grid` has no hint. */
  prepareTouched(grid: CandidateGrid): void {
    this.touchedBase = null;
    this.recordReads = true;
    // The base grid's propagations go to their own pool, where they stay for the producer call.
    [this.pool, this.basePool] = [this.basePool, this.pool];
    const hintless = this.hints(grid).length === 0;
    [this.pool, this.basePool] = [this.basePool, this.pool];
    for (let key = 0; key < 1458; key++) this.baseByKey[key] = this.byKey[key];
    this.byKey.fill(null);
    this.recordReads = false;
    this.touchedBase = hintless && untouchedMode !== "off" ? grid.copy() : null;
  }

  /** Turns the skip off. */
  clearTouched(): void {
    this.touchedBase = null;
    this.baseByKey.fill(null);
  }

  private markChanges(grid: CandidateGrid): void {
    const base = this.touchedBase!;
    const cells = this.changedCells;
    const regions = this.changedRegions;
    cells.fill(0);
    regions.fill(0);
    for (let cell = 0; cell < 81; cell++) if (grid.candidates[cell] !== base.candidates[cell]) cells[(cell / 27) | 0] |= 1 << cell % 27;
    for (let r = 0; r < 243; r++) if (grid.where[r] !== base.where[r]) regions[r >> 5] |= 1 << (r & 31);
  }

  /** Whether the propagation from `key` read, on the base grid, a cell or (unit, digit) the current grid changed. */
  private touched(key: number): boolean {
    const c = 3 * key;
    const r = 8 * key;
    const rc = this.readCells;
    const rr = this.readRegions;
    const cc = this.changedCells;
    const cr = this.changedRegions;
    return (
      ((rc[c] & cc[0]) | (rc[c + 1] & cc[1]) | (rc[c + 2] & cc[2]) |
        (rr[r] & cr[0]) | (rr[r + 1] & cr[1]) | (rr[r + 2] & cr[2]) | (rr[r + 3] & cr[3]) |
        (rr[r + 4] & cr[4]) | (rr[r + 5] & cr[5]) | (rr[r + 6] & cr[6]) | (rr[r + 7] & cr[7])) !== 0
    );
  }

  /** Adds a followed node's cell and its digit's three (unit, digit) pairs to the reads of the propagation from `start`. */
  private recordRead(start: number, cell: number, d: number): void {
    this.readCells[3 * start + ((cell / 27) | 0)] |= 1 << cell % 27;
    for (let k = 0; k < 3; k++) {
      const r = 9 * BRC[3 * cell + k] + d;
      this.readRegions[8 * start + (r >> 5)] |= 1 << (r & 31);
    }
  }

  /**
   * Whether the static multiple engine nested at level 3 can skip the chains
   * of a cell (`cell` >= 0: branches on each of its digits `now`) or of a
   * region (`unit`, digit `d`: branches on each place `now`) without losing
   * a hint. When the grid the outer propagation started from has no static
   * forcing chain nor static multiple forcing chain (so it is when rating:
   * SE asked both there first), and the cell (region) is as it was there,
   * and no branch can reach a new link (markReachingNewLinks): each branch
   * then follows only links the source grid has, reaching there all it
   * reaches here, so a target they share here would give the source grid the
   * same multiple chain, with removals. `before` is the cell's (region's)
   * candidates in the source grid, -1 when the skip does not apply.
   */
  private skipsUnchanged(now: number, before: number, cell: number, unit: number, d: number): boolean {
    if (this.skipSource === null || now !== before) return false;
    for (let m = now; m !== 0; m &= m - 1) {
      const start = cell >= 0 ? ((cell * 9 + lowest(m)) << 1) | 1 : ((UNIT_CELLS[9 * unit + lowest(m)] * 9 + d) << 1) | 1;
      // A key reaches a new link's tail iff its negation is marked.
      if (reached[start ^ 1] === this.skipStamp) return false;
    }
    return true;
  }

  /** Base rating of the producer (SE's Chaining.getDifficulty). */
  private base(): number {
    if (this.level >= 2) return 9.5 + 0.5 * (this.level - 2);
    if (this.level > 0) return 8.5 + 0.5 * this.level;
    return this.dynamic ? 8.5 : 8.0;
  }

  /** Every hint of the producer on `grid`, in discovery order (for nesting). */
  hints(grid: CandidateGrid): NestedHint[] {
    const base = this.base();
    const out: NestedHint[] = [];
    this.run(grid, (sortKey, _name, props, nodes, target, _placed, _cells, initialCause) => {
      const removals = targetRemovals(grid, target);
      // SE's binary, cell and region hints on an "on" target with nothing else in the cell are not worth it.
      if (removals.length === 0) return;
      const complexity = complexityOf(props, nodes);
      out.push(new ChainsHint(base, complexity, sortKey, removals, props, nodes, initialCause));
    });
    return out;
  }

  /** The hint SE applies (first by complexity, then sort key, then discovery), or null. */
  best(grid: CandidateGrid): Best | null {
    let best: Best | null = null;
    this.run(grid, (sortKey, name, props, nodes, target, placed, cells) => {
      const removals = targetRemovals(grid, target);
      if (removals.length === 0) return;
      const complexity = complexityOf(props, nodes);
      if (best !== null && (complexity > best.complexity || (complexity === best.complexity && sortKey >= best.sortKey))) return;
      const pot = target >> 1;
      const cell = (pot / 9) | 0;
      const digit = pot - 9 * cell + 1;
      const eliminations = removals.map((key) => ({ cell: ((key >> 1) / 9) | 0, digit: ((key >> 1) % 9) + 1 }));
      best = { complexity, sortKey, name, placement: placed ? { cell, digit } : null, eliminations, cells, digits: [digit], props, nodes };
    });
    return best;
  }
}

/**
 * The untouched branches of the nested dynamic chains (see Engine.touched):
 * "skip" (the default) reuses the base grid's propagations and skips the
 * groups without a touched branch; "off" propagates everything; "verify"
 * skips the same groups but propagates the untouched branches anyway and
 * throws unless each equals the base grid's (for the tests).
 */
let untouchedMode: "skip" | "off" | "verify" = "skip";
let untouchedChecked = 0;

/** Sets the untouched-branch mode; returns how many branches "verify" has compared since the last call. */
export function setUntouchedMode(mode: "skip" | "off" | "verify"): number {
  untouchedMode = mode;
  const checked = untouchedChecked;
  untouchedChecked = 0;
  return checked;
}

/** Why two propagations differ (nodes, causes, parents, contradiction), or null when they are the same. */
function samePropagation(a: Propagation, b: Propagation): string | null {
  if (a.count !== b.count) return `${a.count} nodes against ${b.count}`;
  if (a.absurdOn !== b.absurdOn || a.absurdOff !== b.absurdOff) return "contradiction";
  for (let n = 0; n < a.count; n++) {
    if (a.keys[n] !== b.keys[n] || a.causes[n] !== b.causes[n]) return `node ${n}`;
    if (a.parentStart[n + 1] !== b.parentStart[n + 1]) return `parents of node ${n}`;
  }
  for (let i = 0; i < a.parentStart[a.count]; i++) if (a.parents[i] !== b.parents[i]) return `parent ${i}`;
  return null;
}

const engines: Engine[] = [];
/** Engine.staticCache of the top-level levels 2 and 3, and the source grid it belongs to. */
const staticCache = new Map<string, AdvancedNode[]>();
let staticCacheSource = "";

/** SE's Chaining.getNestedSuffix. */
function nestedSuffix(level: number): string {
  if (level === 1) return " (+)";
  if (level === 2) return " (+ Forcing Chains)";
  if (level === 3) return " (+ Multiple Forcing Chains)";
  if (level === 4) return " (+ Dynamic Forcing Chains)";
  if (level >= 5) return ` (+ Dynamic Forcing Chains${nestedSuffix(level - 3)})`;
  return "";
}

/**
 * SE's "Dynamic Forcing Chains (+ ...)" producer of nesting level 2-5: the
 * hint it applies, or null.
 */
export function nestedForcingChains(grid: CandidateGrid, level: number): Step | null {
  clearRegistry();
  registryGeneration++;
  const engine = (engines[level] ??= new Engine(level, true));
  // In SE's order the static chains come first, so this holds when rating; checked for other callers.
  engine.chainlessSource = forcingChainsAndCycles(grid) === null;
  engine.multiplelessSource = level === 3 && engine.chainlessSource && multipleForcingChains(grid, false) === null;
  if (level <= 3) {
    const source = String.fromCharCode.apply(null, grid.candidates as unknown as number[]);
    if (source !== staticCacheSource) {
      staticCacheSource = source;
      staticCache.clear();
    }
    engine.staticCache = staticCache;
  }
  if (level >= 4) {
    engine.dynamicCache = new Map();
    engine.prepareNestedDynamic(grid);
  }
  const found = engine.best(grid);
  const chains = found === null ? [] : found.props.map((prop, i) => chainWithNested(prop, found.nodes[i]));
  clearRegistry();
  engine.staticCache = null;
  engine.dynamicCache = null;
  if (level >= 4) engine.clearNestedDynamic();
  if (found === null) return null;
  const rating = ratingOf(9.5 + 0.5 * (level - 2) + lengthDifficulty(found.complexity));
  return step(`Dynamic ${found.name}${nestedSuffix(level)}`, rating, [], found.cells, found.digits, found.placement, found.eliminations, [], chains);
}
