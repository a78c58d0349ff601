/**
 * Sudoku Explainer 1.2.1's "Nishio Forcing Chains" producer (SE's Chaining
 * with dynamic and Nishio on, multiple off; 7.5 + length).
 *
 * For every candidate of every empty cell (row-major, digits increasing), SE
 * assumes it true, then false, and propagates single-digit (X) implications
 * dynamically: an "on" node turns off the digit's other cells in its block,
 * row and column; an "off" node turns on the digit's last other cell in a
 * block, row or column where it has two cells left, and is then removed from
 * the working grid, so later links see the candidates removed before them.
 * The propagation takes one pending "on" node whenever there is one, else one
 * pending "off" node, and stops at the first candidate implied both on and
 * off: the assumption is false. The hint removes the candidate (assumed on)
 * or places it (assumed off).
 *
 * Complexity (for the length increment): the distinct ancestors of the
 * contradiction's "on" node plus those of its "off" node, where an "on" node
 * implied by a region also has as parents the nodes that removed the digit's
 * other cells of that region during the propagation (SE's hidden parents).
 * SE applies the hint with the lowest rating, then complexity, then the first
 * found.
 */
import { popcount } from "../core/bits.js";
import { BRC, CandidateGrid, digitBandWords, otherPlace, PEER_WORDS, UNIT_CELLS } from "./grid.js";
import { lengthDifficulty } from "./chaining.js";
import { lightBranches } from "./dynamic-reach.js";
import { conjugateCell, lowest, ratingOf, step } from "./helpers.js";
import { chainTo } from "./links.js";
import type { Candidate, Chain, Step } from "./step.js";

/**
 * Nodes of the current propagation: key ((cell * 9 + digit - 1) << 1 | on),
 * and parents parentList[parentStart[n] .. parentStart[n + 1]). At most one
 * "off" node per candidate (plus the contradiction's) and three "on" nodes
 * per "off" node, each with its own parent and up to 8 hidden ones.
 */
const NODE_CAPACITY = 4096;
const nodeKey = new Int32Array(NODE_CAPACITY);
const parentStart = new Int32Array(NODE_CAPACITY + 1);
const parentList = new Int32Array(10 * NODE_CAPACITY);
let nodeCount = 0;

/** Starts node nodeCount with key `key`; its parents are pushed after it (parentList from parentStart[nodeCount + 1]). */
function openNode(key: number): number {
  const n = nodeCount++;
  nodeKey[n] = key;
  parentStart[n + 1] = parentStart[n];
  return n;
}

function addParent(n: number, parent: number): void {
  parentList[parentStart[n + 1]++] = parent;
}

function nodeWithParent(key: number, parent: number): number {
  const n = openNode(key);
  addParent(n, parent);
  return n;
}

function parentsOf(n: number): Int32Array {
  return parentList.subarray(parentStart[n], parentStart[n + 1]);
}

/** Node index of each key in the current propagation, valid when the stamp matches. */
const indexOf = new Int32Array(1458);
const stampOf = new Int32Array(1458);
let generation = 0;
const seen = new Int32Array(1458);
let seenGeneration = 0;
/** ancestorCount's work list. */
const ancestorQueue = new Int32Array(NODE_CAPACITY * 9);

function ancestorCount(start: number): number {
  const stamp = ++seenGeneration;
  let count = 0;
  // Breadth-first; a key counts once, at its first node reached.
  let head = 0;
  let tail = 0;
  ancestorQueue[tail++] = start;
  while (head < tail) {
    const n = ancestorQueue[head++];
    const key = nodeKey[n];
    if (seen[key] === stamp) continue;
    seen[key] = stamp;
    count++;
    for (let i = parentStart[n], end = parentStart[n + 1]; i < end; i++) ancestorQueue[tail++] = parentList[i];
  }
  return count;
}

let work: CandidateGrid | null = null;
const cellDone = new Int32Array(81);
let cellGeneration = 0;
const pendingOn = new Int32Array(NODE_CAPACITY);
const pendingOff = new Int32Array(NODE_CAPACITY);
/** An "off" node's "on" nodes (one per unit where it leaves one cell), and their keys. */
const madeNodes = new Int32Array(3);
const madeKeys = new Int32Array(3);
/** propagate's contradiction: the "on" node and the "off" node of one candidate. */
let absurdOn = -1;
let absurdOff = -1;

/**
 * SE's doChaining in Nishio mode from one assumption: true when it ends in
 * a contradiction (its "on" and "off" nodes in absurdOn, absurdOff).
 */
function propagate(grid: CandidateGrid, start: number): boolean {
  work ??= new CandidateGrid();
  work.candidates.set(grid.candidates);
  work.where.set(grid.where);
  const w = work;
  nodeCount = 0;
  parentStart[0] = 0;
  const stamp = ++generation;
  const root = openNode(start);
  stampOf[start] = stamp;
  indexOf[start] = root;
  let onCount = 0;
  let offCount = 0;
  if (start & 1) pendingOn[onCount++] = root;
  else pendingOff[offCount++] = root;
  let headOn = 0;
  let headOff = 0;
  while (headOn < onCount || headOff < offCount) {
    if (headOn < onCount) {
      const p = pendingOn[headOn++];
      const pot = nodeKey[p] >> 1;
      const cell = (pot / 9) | 0;
      const d = pot - 9 * cell;
      const cellStamp = ++cellGeneration;
      cellDone[cell] = cellStamp;
      for (let k = 0; k < 3; k++) {
        const unit = BRC[3 * cell + k];
        for (let m = w.where[9 * unit + d]; m !== 0; m &= m - 1) {
          const other = UNIT_CELLS[9 * unit + lowest(m)];
          if (cellDone[other] === cellStamp) continue;
          cellDone[other] = cellStamp;
          const off = (other * 9 + d) << 1;
          if (stampOf[off | 1] === stamp) {
            absurdOn = indexOf[off | 1];
            absurdOff = nodeWithParent(off, p);
            return true;
          }
          if (stampOf[off] !== stamp) {
            const n = nodeWithParent(off, p);
            stampOf[off] = stamp;
            indexOf[off] = n;
            pendingOff[offCount++] = n;
          }
        }
      }
    } else {
      const p = pendingOff[headOff++];
      const pot = nodeKey[p] >> 1;
      const cell = (pot / 9) | 0;
      const d = pot - 9 * cell;
      let made = 0;
      for (let k = 0; k < 3; k++) {
        const unit = BRC[3 * cell + k];
        const positions = w.where[9 * unit + d];
        const other = conjugateCell(unit, positions, cell);
        if (other < 0) continue;
        const on = ((other * 9 + d) << 1) | 1;
        if ((made > 0 && madeKeys[0] === on) || (made > 1 && madeKeys[1] === on)) continue;
        const n = nodeWithParent(on, p);
        // SE's hidden parents: the digit's cells of this unit removed earlier in the propagation.
        for (let removed = grid.where[9 * unit + d] & ~positions; removed !== 0; removed &= removed - 1) {
          addParent(n, indexOf[(UNIT_CELLS[9 * unit + lowest(removed)] * 9 + d) << 1]);
        }
        madeKeys[made] = on;
        madeNodes[made++] = n;
      }
      w.remove(cell, d + 1);
      for (let i = 0; i < made; i++) {
        const on = madeKeys[i];
        if (stampOf[on ^ 1] === stamp) {
          absurdOn = madeNodes[i];
          absurdOff = indexOf[on ^ 1];
          return true;
        }
        if (stampOf[on] !== stamp) {
          stampOf[on] = stamp;
          indexOf[on] = madeNodes[i];
          pendingOn[onCount++] = madeNodes[i];
        }
      }
    }
  }
  return false;
}

// Most assumptions end without a contradiction, and then their nodes are
// not needed: whether one is met is found first from sets of cells alone.
// The rules are the X links of dynamic-reach.ts (one digit's), monotone in
// the same way, so a contradiction is met in SE's order if and only if the
// sets meet one in any order.

/** Each digit's cells in the producer's grid, as band words: places[3 * digit + band]. */
const places = new Int32Array(27);
/** The cells of the digit reached "on" and "off", and those still holding it (less the "off" ones followed). */
const reachedOn = new Int32Array(3);
const reachedOff = new Int32Array(3);
const left = new Int32Array(3);
/** Cells to follow, as cell << 1 | on: each at most once "on" and once "off". */
const cellQueue = new Int32Array(162);

/** Whether SE's Nishio propagation from `start` on the prepared grid meets a contradiction (see above). */
function meetsContradiction(start: number): boolean {
  const pot = start >> 1;
  const first = (pot / 9) | 0;
  const base = 3 * (pot - 9 * first);
  for (let b = 0; b < 3; b++) {
    reachedOn[b] = 0;
    reachedOff[b] = 0;
    left[b] = places[base + b];
  }
  if (start & 1) reachedOn[(first / 27) | 0] = 1 << first % 27;
  else reachedOff[(first / 27) | 0] = 1 << first % 27;
  cellQueue[0] = (first << 1) | (start & 1);
  let length = 1;
  for (let head = 0; head < length; head++) {
    const entry = cellQueue[head];
    const cell = entry >> 1;
    const band = (cell / 27) | 0;
    const bit = 1 << cell % 27;
    if (entry & 1) {
      // The digit's other cells in the block, row and column go "off".
      for (let b = 0; b < 3; b++) {
        const fresh = PEER_WORDS[3 * cell + b] & places[base + b] & ~reachedOff[b];
        if ((fresh & reachedOn[b]) !== 0) return true;
        reachedOff[b] |= fresh;
        for (let m = fresh; m !== 0; m &= m - 1) cellQueue[length++] = (27 * b + 31 - Math.clz32(m & -m)) << 1;
      }
    } else {
      // Two cells left in a row, block or column: the other goes "on".
      for (let unit = 0; unit < 3; unit++) {
        const other = otherPlace(left, 0, cell, unit);
        if (other < 0) continue;
        const otherBand = (other / 27) | 0;
        const otherBit = 1 << other % 27;
        if ((reachedOff[otherBand] & otherBit) !== 0) return true;
        if ((reachedOn[otherBand] & otherBit) !== 0) continue;
        reachedOn[otherBand] |= otherBit;
        cellQueue[length++] = (other << 1) | 1;
      }
      left[band] &= ~bit;
    }
  }
  return false;
}

/**
 * Whether SE's Nishio propagation from `key` on `grid` ends in a
 * contradiction, found from sets (`light`) or by the propagation itself
 * (the tests compare both).
 */
export function nishioContradiction(grid: CandidateGrid, key: number, light: boolean): boolean {
  if (!light) return propagate(grid, key);
  digitBandWords(grid, places);
  return meetsContradiction(key);
}

/** SE's "Nishio Forcing Chains" producer: the hint it applies, or null. */
export function nishioForcingChains(grid: CandidateGrid): Step | null {
  let best: { difficulty: number; complexity: number; cell: number; digit: number; placed: boolean; chains: Chain[] } | null = null;
  const light = lightBranches;
  if (light) digitBandWords(grid, places);
  for (let cell = 0; cell < 81; cell++) {
    const cands = grid.candidates[cell];
    if (popcount(cands) < 2) continue;
    for (let m = cands; m !== 0; m &= m - 1) {
      const d = lowest(m);
      for (let on = 1; on >= 0; on--) {
        const key = ((cell * 9 + d) << 1) | on;
        if (light && !meetsContradiction(key)) continue;
        if (!propagate(grid, key)) continue;
        const complexity = ancestorCount(absurdOn) + ancestorCount(absurdOff);
        const difficulty = 7.5 + lengthDifficulty(complexity);
        if (best !== null && (difficulty > best.difficulty || (difficulty === best.difficulty && complexity >= best.complexity))) continue;
        // The two chains (to the candidate on, then off), taken now: the next propagation reuses the nodes.
        const chains = [absurdOn, absurdOff].map((end) => chainTo(end, nodeCount, (n) => nodeKey[n], parentsOf));
        best = { difficulty, complexity, cell, digit: d + 1, placed: on === 0, chains };
      }
    }
  }
  if (best === null) return null;
  const { cell, digit } = best;
  const rating = ratingOf(best.difficulty);
  const chains = best.chains;
  if (!best.placed) return step("Nishio Forcing Chains", rating, [], [cell], [digit], null, [{ cell, digit }], [], chains);
  const eliminations: Candidate[] = [];
  for (let m = grid.candidates[cell] & ~(1 << (digit - 1)); m !== 0; m &= m - 1) eliminations.push({ cell, digit: lowest(m) + 1 });
  return step("Nishio Forcing Chains", rating, [], [cell], [digit], { cell, digit }, eliminations, [], chains);
}
