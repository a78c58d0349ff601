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
import { BRC, CandidateGrid, UNIT_CELLS } from "./grid.js";
import { lengthDifficulty } from "./chaining.js";
import { conjugateCell, lowest, ratingOf, step } from "./helpers.js";
import { chainTo } from "./links.js";
import type { Candidate, Chain, Step } from "./step.js";

/** Nodes: key ((cell * 9 + digit - 1) << 1 | on) and parents. */
let keys: number[] = [];
let parents: number[][] = [];

function node(key: number, nodeParents: number[]): number {
  keys.push(key);
  parents.push(nodeParents);
  return keys.length - 1;
}

/** Node index of each key in the current propagation, valid when the stamp matches. */
const indexOf = new Int32Array(1458);
const stampOf = new Int32Array(1458);
let generation = 0;
const seen = new Int32Array(1458);
let seenGeneration = 0;

function ancestorCount(start: number): number {
  const stamp = ++seenGeneration;
  let count = 0;
  let todo = [start];
  while (todo.length > 0) {
    const next: number[] = [];
    for (const n of todo) {
      if (seen[keys[n]] === stamp) continue;
      seen[keys[n]] = stamp;
      count++;
      for (const p of parents[n]) next.push(p);
    }
    todo = next;
  }
  return count;
}

let work: CandidateGrid | null = null;
const cellDone = new Int32Array(81);
let cellGeneration = 0;

/**
 * SE's doChaining in Nishio mode from one assumption: the contradiction's
 * ["on" node, "off" node], or null.
 */
function propagate(grid: CandidateGrid, start: number): [number, number] | null {
  work ??= new CandidateGrid();
  work.candidates.set(grid.candidates);
  work.where.set(grid.where);
  const w = work;
  keys = [];
  parents = [];
  const stamp = ++generation;
  const root = node(start, []);
  stampOf[start] = stamp;
  indexOf[start] = root;
  const pendingOn: number[] = [];
  const pendingOff: number[] = [];
  if (start & 1) pendingOn.push(root);
  else pendingOff.push(root);
  let headOn = 0;
  let headOff = 0;
  const has = (key: number): boolean => stampOf[key] === stamp;
  while (headOn < pendingOn.length || headOff < pendingOff.length) {
    if (headOn < pendingOn.length) {
      const p = pendingOn[headOn++];
      const pot = keys[p] >> 1;
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
          if (has(off | 1)) return [indexOf[off | 1], node(off, [p])];
          if (!has(off)) {
            const n = node(off, [p]);
            stampOf[off] = stamp;
            indexOf[off] = n;
            pendingOff.push(n);
          }
        }
      }
    } else {
      const p = pendingOff[headOff++];
      const pot = keys[p] >> 1;
      const cell = (pot / 9) | 0;
      const d = pot - 9 * cell;
      const made: number[] = [];
      const madeNodes: number[] = [];
      for (let k = 0; k < 3; k++) {
        const unit = BRC[3 * cell + k];
        const positions = w.where[9 * unit + d];
        const other = conjugateCell(unit, positions, cell);
        if (other < 0) continue;
        const on = ((other * 9 + d) << 1) | 1;
        if (made.includes(on)) continue;
        // SE's hidden parents: the digit's cells of this unit removed earlier in the propagation.
        const nodeParents = [p];
        for (let removed = grid.where[9 * unit + d] & ~positions; removed !== 0; removed &= removed - 1) {
          const off = (UNIT_CELLS[9 * unit + lowest(removed)] * 9 + d) << 1;
          nodeParents.push(indexOf[off]);
        }
        made.push(on);
        madeNodes.push(node(on, nodeParents));
      }
      w.remove(cell, d + 1);
      for (let i = 0; i < made.length; i++) {
        const on = made[i];
        if (has(on ^ 1)) return [madeNodes[i], indexOf[on ^ 1]];
        if (!has(on)) {
          stampOf[on] = stamp;
          indexOf[on] = madeNodes[i];
          pendingOn.push(madeNodes[i]);
        }
      }
    }
  }
  return null;
}

/** SE's "Nishio Forcing Chains" producer: the hint it applies, or null. */
export function nishioForcingChains(grid: CandidateGrid): Step | null {
  let best: { difficulty: number; complexity: number; cell: number; digit: number; placed: boolean; chains: Chain[] } | null = null;
  for (let cell = 0; cell < 81; cell++) {
    const cands = grid.candidates[cell];
    if (popcount(cands) < 2) continue;
    for (let m = cands; m !== 0; m &= m - 1) {
      const d = lowest(m);
      for (const on of [1, 0]) {
        const absurd = propagate(grid, (((cell * 9 + d) << 1) | on));
        if (absurd === null) continue;
        const complexity = ancestorCount(absurd[0]) + ancestorCount(absurd[1]);
        const difficulty = 7.5 + lengthDifficulty(complexity);
        if (best !== null && (difficulty > best.difficulty || (difficulty === best.difficulty && complexity >= best.complexity))) continue;
        // The two chains (to the candidate on, then off), taken now: the next propagation reuses the nodes.
        const chains = absurd.map((end) => chainTo(end, keys.length, (n) => keys[n], (n) => parents[n]));
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
