/**
 * The record of one forcing-chain propagation (SE's doChaining from one
 * assumption), shared by the multiple and dynamic forcing chains
 * (multiple.ts, levels 0 and 1) and the nested levels (nested.ts): its
 * nodes (key = (cell * 9 + digit - 1) << 1 | on) with their parents, cause
 * and nested chain, the on/off sets by key, and the contradiction found.
 */
import { hasTwoBits } from "../core/bits.js";
import { BRC, type CandidateGrid, INTERSECTION, UNIT_CELLS } from "./grid.js";
import { conjugateCell, lowest } from "./helpers.js";
import { chainTo } from "./links.js";
import type { Chain } from "./step.js";

/** A node's cause (SE's Potential.Cause): none, the last candidate of its cell, the last place in its block, row or column (CAUSE_REGION + 0, 1, 2), or a set rule or nested chain. */
export const CAUSE_NONE = 0;
export const CAUSE_CELL = 1;
export const CAUSE_REGION = 2;
export const CAUSE_ADVANCED = 5;

/**
 * HOUSE_PLACES[3 * cell + k]: the places of the cell's block, row and
 * column (BRC order) that hold HOUSE's peers of that part: the block's
 * other cells, then the row's and the column's cells outside the block.
 */
const HOUSE_PLACES = new Uint16Array(81 * 3);
for (let cell = 0; cell < 81; cell++) {
  const block = BRC[3 * cell];
  for (let k = 0; k < 3; k++) {
    const unit = BRC[3 * cell + k];
    let places = 0;
    for (let i = 0; i < 9; i++) if (UNIT_CELLS[9 * unit + i] !== cell) places |= 1 << i;
    HOUSE_PLACES[3 * cell + k] = k === 0 ? places : places & ~INTERSECTION[27 * unit + block];
  }
}

/**
 * A set of the 729 candidates is each digit's cells as three 27-bit band
 * words: candidate pot (cell * 9 + digit - 1) is bit POT_BIT[pot] of word
 * POT_WORD[pot] = 3 * (digit - 1) + band. A digit's peers of a cell are
 * then three masked words (static-propagation.ts, dynamic-reach.ts).
 */
const CANDIDATE_WORDS = 27;
export const POT_WORD = new Uint8Array(729);
export const POT_BIT = new Int32Array(729);
for (let pot = 0; pot < 729; pot++) {
  const cell = (pot / 9) | 0;
  POT_WORD[pot] = 3 * (pot - 9 * cell) + ((cell / 27) | 0);
  POT_BIT[pot] = 1 << cell % 27;
}

/**
 * A propagation's first room for nodes (node() doubles it as needed): the
 * pools hold hundreds of propagations, most of them small, and every
 * kilobyte of a new one is a page the system must hand over.
 */
const FIRST_NODES = 128;

export class Propagation {
  count = 0;
  keys = new Int32Array(FIRST_NODES);
  causes = new Uint8Array(FIRST_NODES);
  nested = new Int32Array(FIRST_NODES);
  parentStart = new Int32Array(FIRST_NODES + 1);
  parents = new Int32Array(2 * FIRST_NODES);
  parentCount = 0;
  readonly index = new Int32Array(1458).fill(-1);
  readonly onOrder = new Int32Array(730);
  onCount = 0;
  readonly offOrder = new Int32Array(730);
  offCount = 0;
  /** The candidates of the "on" and of the "off" nodes, as sets (see POT_WORD): sharedTargets ANDs them. */
  readonly onBits = new Int32Array(CANDIDATE_WORDS);
  readonly offBits = new Int32Array(CANDIDATE_WORDS);
  /**
   * Each node's ancestor count once walked (0: not yet), while no node has
   * a nested chain (nestedNodes = 0): the shared targets of a cell, its
   * regions and its pairs are often the same nodes of the same branches.
   */
  ancestorCounts = new Int32Array(FIRST_NODES);
  /** How many nodes have a nested chain (prop.nested >= 0). */
  nestedNodes = 0;
  /** The words of onBits (offBits) that may be nonzero, as bits: most pairs of branches have none in common, and sharedTargets tests that first. */
  onWords = 0;
  offWords = 0;
  absurdOn = -1;
  absurdOff = -1;
  /**
   * Set when only onBits and offBits are filled (a static propagation's
   * reach, see nested.ts): its nodes are made when a hint needs them.
   */
  light = false;
  /** The key a light propagation started from. */
  start = -1;

  reset(): void {
    // The words hold every set bit, a light propagation's and a full one's (add keeps them).
    this.light = false;
    for (let m = this.onWords; m !== 0; m &= m - 1) this.onBits[31 - Math.clz32(m & -m)] = 0;
    for (let m = this.offWords; m !== 0; m &= m - 1) this.offBits[31 - Math.clz32(m & -m)] = 0;
    this.onWords = 0;
    this.offWords = 0;
    this.nestedNodes = 0;
    const count = this.count;
    if (count > 0) {
      this.ancestorCounts.fill(0, 0, count);
      const keys = this.keys;
      const index = this.index;
      for (let i = 0; i < count; i++) index[keys[i]] = -1;
    }
    this.count = 0;
    this.parentCount = 0;
    this.parentStart[0] = 0;
    this.onCount = 0;
    this.offCount = 0;
    this.absurdOn = -1;
    this.absurdOff = -1;
  }

  node(key: number, cause: number, parentList: Int32Array, parentLength: number): number {
    const n = this.count++;
    if (n + 1 >= this.keys.length) this.growNodes(2 * this.keys.length);
    this.keys[n] = key;
    this.causes[n] = cause;
    this.nested[n] = -1;
    if (this.parentCount + parentLength > this.parents.length) this.growParents(2 * (this.parentCount + parentLength));
    for (let i = 0; i < parentLength; i++) this.parents[this.parentCount++] = parentList[i];
    this.parentStart[n + 1] = this.parentCount;
    return n;
  }

  private growNodes(size: number): void {
    const grow = <T extends Int32Array | Uint8Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.keys = grow(this.keys, new Int32Array(size));
    this.causes = grow(this.causes, new Uint8Array(size));
    this.nested = grow(this.nested, new Int32Array(size));
    this.ancestorCounts = grow(this.ancestorCounts, new Int32Array(size));
    this.parentStart = grow(this.parentStart, new Int32Array(size + 1));
  }

  private growParents(size: number): void {
    const bigger = new Int32Array(size);
    bigger.set(this.parents);
    this.parents = bigger;
  }

  /** Becomes a copy of `other`: its nodes, sets and contradiction (ancestor counts start again). */
  copyFrom(other: Propagation): void {
    this.reset();
    const count = other.count;
    if (count + 1 >= this.keys.length) {
      let size = this.keys.length;
      while (count + 1 >= size) size *= 2;
      this.growNodes(size);
    }
    if (other.parentCount > this.parents.length) this.growParents(other.parentCount);
    const keys = this.keys;
    const index = this.index;
    for (let i = 0; i < count; i++) {
      const key = other.keys[i];
      keys[i] = key;
      this.causes[i] = other.causes[i];
      this.nested[i] = other.nested[i];
      this.parentStart[i + 1] = other.parentStart[i + 1];
      index[key] = other.index[key];
    }
    for (let i = 0; i < other.parentCount; i++) this.parents[i] = other.parents[i];
    this.count = count;
    this.parentCount = other.parentCount;
    this.onOrder.set(other.onOrder.subarray(0, other.onCount));
    this.offOrder.set(other.offOrder.subarray(0, other.offCount));
    this.onCount = other.onCount;
    this.offCount = other.offCount;
    for (let m = other.onWords; m !== 0; m &= m - 1) {
      const w = 31 - Math.clz32(m & -m);
      this.onBits[w] = other.onBits[w];
    }
    for (let m = other.offWords; m !== 0; m &= m - 1) {
      const w = 31 - Math.clz32(m & -m);
      this.offBits[w] = other.offBits[w];
    }
    this.onWords = other.onWords;
    this.offWords = other.offWords;
    this.nestedNodes = other.nestedNodes;
    this.absurdOn = other.absurdOn;
    this.absurdOff = other.absurdOff;
    this.light = other.light;
    this.start = other.start;
  }

  add(key: number, cause: number, parentList: Int32Array, parentLength: number): number {
    const n = this.node(key, cause, parentList, parentLength);
    this.index[key] = n;
    const pot = key >> 1;
    const w = POT_WORD[pot];
    if (key & 1) {
      this.onOrder[this.onCount++] = n;
      this.onBits[w] |= POT_BIT[pot];
      this.onWords |= 1 << w;
    } else {
      this.offOrder[this.offCount++] = n;
      this.offBits[w] |= POT_BIT[pot];
      this.offWords |= 1 << w;
    }
    return n;
  }
}

const common = new Int32Array(CANDIDATE_WORDS);
/** The words of `common` the last sharedTargets set, as bits (the others are stale). */
let commonWords = 0;

/**
 * The "on" (or "off") nodes every branch has, as a set of candidates in
 * `common` (a live view, valid until the next call); false when
 * there is none. Most cells and regions share nothing (98% of the groups
 * of the nested engines), so word ANDs replace the walk over the first
 * branch's nodes, and only over the words where every branch has a node.
 */
export function sharedTargets(branches: readonly Propagation[], on: boolean, count = branches.length): boolean {
  const first = branches[0];
  let words = on ? first.onWords : first.offWords;
  for (let b = 1; b < count && words !== 0; b++) words &= on ? branches[b].onWords : branches[b].offWords;
  let found = 0;
  for (let m = words; m !== 0; m &= m - 1) {
    const w = 31 - Math.clz32(m & -m);
    let bits = on ? first.onBits[w] : first.offBits[w];
    for (let b = 1; b < count && bits !== 0; b++) bits &= on ? branches[b].onBits[w] : branches[b].offBits[w];
    common[w] = bits;
    if (bits !== 0) found |= 1 << w;
  }
  commonWords = found;
  return found !== 0;
}

/** Whether candidate `pot` is in the last sharedTargets result. */
export function isShared(pot: number): boolean {
  const w = POT_WORD[pot];
  return ((commonWords >>> w) & 1) === 1 && (common[w] & POT_BIT[pot]) !== 0;
}

/**
 * Keys met by the walks back through a propagation. SE's walks (ancestor
 * counts, chains, rule parents) compare nodes by key: a key can have two
 * nodes when an "off" node of a nested rule was added while its "on" node was
 * in (SE does not check), and then only the first met is followed.
 */
const seenKey = new Int32Array(1458);
let seenGeneration = 0;
let nestedSeen = new Int32Array(1024);
let nestedGeneration = 0;

/** The nodes the last walkAncestors reached, in breadth-first order from its start (a live binding: it grows). */
export let walked = new Int32Array(1 << 12);

/**
 * The nodes from which `node` is reached in `prop` (itself first), each key
 * once, breadth first through the parents, into `walked`; returns how many.
 */
export function walkAncestors(prop: Propagation, node: number): number {
  const stamp = ++seenGeneration;
  seenKey[prop.keys[node]] = stamp;
  if (walked.length < prop.count + 1) walked = new Int32Array(2 * prop.count + 2);
  walked[0] = node;
  let length = 1;
  for (let head = 0; head < length; head++) {
    const n = walked[head];
    for (let i = prop.parentStart[n]; i < prop.parentStart[n + 1]; i++) {
      const p = prop.parents[i];
      if (seenKey[prop.keys[p]] === stamp) continue;
      seenKey[prop.keys[p]] = stamp;
      walked[length++] = p;
    }
  }
  return length;
}

/** SE's getAncestorCount of `node`; when `nested` is given, the node's nested chains not yet in it are added. */
export function ancestors(prop: Propagation, node: number, nested: number[] | null): number {
  if (prop.nestedNodes === 0) {
    const known = prop.ancestorCounts[node];
    if (known > 0) return known;
  }
  const length = walkAncestors(prop, node);
  if (prop.nestedNodes === 0) prop.ancestorCounts[node] = length;
  if (nested !== null) {
    for (let i = 0; i < length; i++) {
      const id = prop.nested[walked[i]];
      if (id >= 0 && nestedSeen[id] !== nestedGeneration) {
        nestedSeen[id] = nestedGeneration;
        nested.push(id);
      }
    }
  }
  return length;
}

/** Starts a count whose nested chains (ids from reserveNestedId) are each counted once. */
export function beginNestedCount(): void {
  nestedGeneration++;
}

/** Makes room to mark nested chain `id` as counted. */
export function reserveNestedId(id: number): void {
  if (id < nestedSeen.length) return;
  const bigger = new Int32Array(2 * (id + 1));
  bigger.set(nestedSeen);
  nestedSeen = bigger;
}

const single = new Int32Array(1);

/**
 * The "off" nodes that "on" node p (digit d + 1 in `cell`) implies in the
 * working grid, in SE's order: the cell's other digits, then the digit's
 * peers (block, row, column, each cell once: HOUSE), made in `prop` with
 * their causes and appended to `queue` from `length` (room for 28 needed).
 * Returns the new length, or -1 at a contradiction (absurdOn and absurdOff
 * set).
 */
export function offsFromOn(prop: Propagation, work: CandidateGrid, p: number, cell: number, d: number, queue: Int32Array, length: number): number {
  const index = prop.index;
  single[0] = p;
  for (let m = work.candidates[cell] & ~(1 << d); m !== 0; m &= m - 1) {
    const off = (cell * 9 + lowest(m)) << 1;
    if (index[off | 1] >= 0) {
      prop.absurdOn = index[off | 1];
      prop.absurdOff = prop.node(off, CAUSE_CELL, single, 1);
      return -1;
    }
    if (index[off] < 0) queue[length++] = prop.add(off, CAUSE_CELL, single, 1);
  }
  // The peers holding the digit, in HOUSE order: the block's places, then the row's and the column's outside the block.
  for (let k = 0; k < 3; k++) {
    const unit = BRC[3 * cell + k];
    const cause = CAUSE_REGION + k;
    for (let m = work.where[9 * unit + d] & HOUSE_PLACES[3 * cell + k]; m !== 0; m &= m - 1) {
      const off = (UNIT_CELLS[9 * unit + lowest(m)] * 9 + d) << 1;
      if (index[off | 1] >= 0) {
        prop.absurdOn = index[off | 1];
        prop.absurdOff = prop.node(off, cause, single, 1);
        return -1;
      }
      if (index[off] < 0) queue[length++] = prop.add(off, cause, single, 1);
    }
  }
  return length;
}

/** The "on" nodes an "off" node implies (at most 4): key, cause and parents (16 per node). */
export class OffImplications {
  count = 0;
  readonly keys = new Int32Array(4);
  readonly causes = new Int32Array(4);
  readonly parents = new Int32Array(4 * 16);
  readonly parentCount = new Int32Array(4);
}

/**
 * What "off" node p (digit d + 1 out of `cell`) implies in the working grid
 * `work`: the cell's last candidate, then the last place of the digit in
 * the cell's block, row and column (each "on" once). Parents: p, then SE's
 * hidden parents, the "off" nodes (found through `index`) of the candidates
 * the grid the propagation started from (`source`) had there and `work` no
 * longer has. An "on" node the propagation already has, without its
 * negation, is left out: the callers make nothing of it, and its hidden
 * parents are the costly part.
 */
export function onsFromOff(out: OffImplications, work: CandidateGrid, source: CandidateGrid, index: Int32Array, p: number, cell: number, d: number): void {
  let made = 0;
  const cands = work.candidates[cell];
  const cellOn = ((cell * 9 + lowest(cands & ~(1 << d))) << 1) | 1;
  if (hasTwoBits(cands) && (index[cellOn] < 0 || index[cellOn ^ 1] >= 0)) {
    out.keys[made] = cellOn;
    out.causes[made] = CAUSE_CELL;
    let n = 0;
    out.parents[16 * made + n++] = p;
    for (let m = source.candidates[cell] & ~cands; m !== 0; m &= m - 1) out.parents[16 * made + n++] = index[(cell * 9 + lowest(m)) << 1];
    out.parentCount[made++] = n;
  }
  for (let k = 0; k < 3; k++) {
    const unit = BRC[3 * cell + k];
    const positions = work.where[9 * unit + d];
    const other = conjugateCell(unit, positions, cell);
    if (other < 0) continue;
    const on = ((other * 9 + d) << 1) | 1;
    if (index[on] >= 0 && index[on ^ 1] < 0) continue;
    let dup = false;
    for (let i = 0; i < made; i++) if (out.keys[i] === on) dup = true;
    if (dup) continue;
    out.keys[made] = on;
    out.causes[made] = CAUSE_REGION + k;
    let n = 0;
    out.parents[16 * made + n++] = p;
    for (let m = source.where[9 * unit + d] & ~positions; m !== 0; m &= m - 1) out.parents[16 * made + n++] = index[(UNIT_CELLS[9 * unit + lowest(m)] * 9 + d) << 1];
    out.parentCount[made++] = n;
  }
  out.count = made;
}

/**
 * The chain (Step.chains) that ends at node `node` of `prop`; `nestedOf(id)`,
 * when given, the chains of nested chain `id` for the links a nested rule
 * implied.
 */
export function propagationChain(prop: Propagation, node: number, nestedOf?: (id: number) => readonly Chain[] | undefined): Chain {
  return chainTo(
    node,
    prop.count,
    (n) => prop.keys[n],
    (n) => prop.parents.subarray(prop.parentStart[n], prop.parentStart[n + 1]),
    nestedOf === undefined ? undefined : (n) => (prop.nested[n] >= 0 ? nestedOf(prop.nested[n]) : undefined),
  );
}
