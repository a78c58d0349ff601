/**
 * Sudoku Explainer 1.2.1's "Multiple Forcing Chains" (8.0 + length),
 * "Dynamic Forcing Chains" (8.5 + length) and "Dynamic Forcing Chains (+)"
 * (9.0 + length) producers: SE's Chaining with multiple on, dynamic off resp.
 * on, Nishio off, level 0 (level 1 for the last).
 *
 * Both propagate an assumption with SE's doChaining: an "on" node turns off
 * (Y) the cell's other digits, then the digit's other cells in its block, row
 * and column; an "off" node turns on (Y) the other digit of a bivalue cell,
 * then (X) the other cell of the digit in a block, row or column where two
 * are left. Pending "on" nodes go first, one at a time, else one pending
 * "off" node; the first candidate implied both on and off ends the
 * propagation (the sets found so far are kept). Dynamic mode also removes
 * each processed "off" candidate from a working grid, so later links see the
 * removals, and an "on" node then has as extra parents the "off" nodes that
 * emptied its cell or region (SE's hidden parents). At level 1, whenever
 * nothing is pending, the set-based rules of plus.ts run on the working grid
 * and their removals become pending "off" nodes (not checked against the
 * "on" set, as in SE); the propagation ends when they give nothing new.
 *
 * The hints, in SE's discovery order, for each empty cell (row-major) with
 * more than two candidates (static) or more than one (dynamic), for each of
 * its digits:
 * - dynamic only: a contradiction from the digit assumed on (the digit goes)
 *   or off (the digit is placed), sort key 7; for cells of three or more
 *   candidates, "double" chains: a candidate implied on (or off) both by the
 *   digit on and by the digit off, sort key 1;
 * - region chains: for the block, row and column whose first cell holding the
 *   digit is this cell, the candidates implied on (off) by each of the
 *   digit's cells there, in the order of this cell's set, sort key 6;
 * then cell chains: the candidates implied on (off) by every digit of the
 * cell, sort key 5.
 * Complexity: the distinct ancestors of each branch's target, summed. SE
 * sorts by rating, complexity, sort key, then discovery order, and applies
 * the first: the hint kept here is the first minimum.
 *
 * The propagation from a candidate assumed on does not depend on who asks,
 * so each is computed once per grid and shared by the binary, region and
 * cell chains.
 */
import { popcount } from "../core/bits.js";
import { lengthDifficulty } from "./chaining.js";
import { BRC, CandidateGrid, UNIT_CELLS } from "./grid.js";
import { lowest, ratingOf, step } from "./helpers.js";
import { SetRules } from "./plus.js";
import { lightBranches } from "./dynamic-reach.js";
import { ancestors, CAUSE_ADVANCED, isShared, OffImplications, offsFromOn, onsFromOff, Propagation, propagationChain, sharedTargets } from "./propagation.js";
import { buildGraph } from "./static-graph.js";
import { StaticPropagator } from "./static-propagation.js";
import type { Candidate, Chain, Step } from "./step.js";

const work = new CandidateGrid();
const pendingOn = new Int32Array(730);
const pendingOff = new Int32Array(730);
const single = new Int32Array(1);
const parentBuffer = new Int32Array(16);
let advancedParents = new Int32Array(64);
const implied = new OffImplications();
const setRules = new SetRules();

/** SE's doChaining (multiple/dynamic, level 0 or 1) from one assumption, into `prop`. */
function propagate(grid: CandidateGrid, start: number, dynamic: boolean, level: number, prop: Propagation): void {
  quiet = false;
  prop.reset();
  setRules.begin();
  work.candidates.set(grid.candidates);
  work.where.set(grid.where);
  if (level > 0) {
    work.values.set(grid.values);
    work.empties.set(grid.empties);
    work.placedCount.set(grid.placedCount);
  }
  const root = prop.add(start, 0, single, 0);
  let onLength = 0;
  let offLength = 0;
  let headOn = 0;
  let headOff = 0;
  if (start & 1) pendingOn[onLength++] = root;
  else pendingOff[offLength++] = root;
  const index = prop.index;
  while (headOn < onLength || headOff < offLength) {
    if (headOn < onLength) {
      const p = pendingOn[headOn++];
      const pot = prop.keys[p] >> 1;
      const cell = (pot / 9) | 0;
      const d = pot - 9 * cell;
      offLength = offsFromOn(prop, work, p, cell, d, pendingOff, offLength);
      if (offLength < 0) return;
    } else {
      const p = pendingOff[headOff++];
      const pot = prop.keys[p] >> 1;
      const cell = (pot / 9) | 0;
      const d = pot - 9 * cell;
      onsFromOff(implied, work, grid, index, p, cell, d);
      const made = implied.count;
      if (dynamic) {
        work.remove(cell, d + 1);
        if (level > 0) setRules.removed(cell, d);
      }
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
      // Dynamic forcing chains (+): the set-based rules on the reduced grid (SE adds no contradiction check here).
      const offs = setRules.offs(work, grid);
      quiet = offs.length === 0;
      for (const { key, parents } of offs) {
        if (index[key] >= 0) continue;
        if (parents.length > advancedParents.length) advancedParents = new Int32Array(2 * parents.length);
        let n = 0;
        for (const parent of parents) if (index[parent] >= 0) advancedParents[n++] = index[parent];
        pendingOff[offLength++] = prop.add(key, CAUSE_ADVANCED, advancedParents, n);
      }
    }
  }
}

/** Whether the last level-1 propagation ended where the set rules gave nothing at all (not only nodes it had). */
let quiet = false;

/** The level-0 dynamic propagation from `key` on `grid`, in a propagation of its own (dynamic-reach.ts must give its sets). */
export function dynamicPropagation(grid: CandidateGrid, key: number): Propagation {
  const prop = new Propagation();
  propagate(grid, key, true, 0, prop);
  return prop;
}

/** Propagations of the current grid, by start key (pooled across calls). */
const pool: Propagation[] = [];
const byKey: (Propagation | null)[] = new Array<Propagation | null>(1458).fill(null);
let used = 0;

/**
 * The static chains' branches are light (static-propagation.ts): most
 * cells and regions share no target, and then a branch's "on" and "off"
 * sets are all it is asked for. They are found on the grid's implication
 * graph (static-graph.ts), which lists SE's links in SE's order, and a
 * branch is propagated in full there when its group shares a target.
 */
const statics = new StaticPropagator();
let lightStatic = false;

function propagation(grid: CandidateGrid, key: number, dynamic: boolean, level: number): Propagation {
  let prop = byKey[key];
  if (prop !== null) return prop;
  if (used === pool.length) {
    pool.push(new Propagation());
    settledPool.push(new Settled());
  }
  const at = used++;
  prop = pool[at];
  if (lightStatic) statics.reach(key, prop);
  else {
    propagate(grid, key, dynamic, level, prop);
    if (level === 1) settledPool[at].take(prop, quiet);
  }
  byKey[key] = prop;
  byKeyAt[key] = at;
  return prop;
}

/**
 * Where a level-1 propagation ended: its working grid, and whether the set
 * rules gave nothing there. SE asks level 2 on the grid where level 1
 * found nothing, and a level-2 propagation is the level-1 one until the
 * set rules give nothing; then it asks the static chains (nested.ts). So
 * level 2 takes up each propagation where level 1 left it.
 */
class Settled {
  prop: Propagation | null = null;
  readonly candidates = new Uint16Array(81);
  readonly where = new Uint16Array(243);
  quiet = false;

  take(prop: Propagation, quiet: boolean): void {
    this.prop = prop;
    this.candidates.set(work.candidates);
    this.where.set(work.where);
    this.quiet = quiet;
  }
}

const settledPool: Settled[] = [];
const byKeyAt = new Int32Array(1458);
/** The grid of the last call when it was level 1's (its candidates and values), else settledValid is false. */
const settledGrid = new CandidateGrid();
let settledValid = false;

/** Whether the last call of the producer was level 1's on `grid` (takeUpSettled then gives its propagations). */
export function settledOn(grid: CandidateGrid): boolean {
  return settledValid && settledGrid.sameCells(grid);
}

/**
 * The level-1 propagation from `key` where it ended, after settledOn,
 * copied into `prop`, and its working grid into `into`. Returns 1 where the
 * set rules gave nothing there (level 2 goes on from there), -1 where they
 * gave only nodes it had (level 2's ends there too), 0 where there is none
 * or it ended in a contradiction (level 2 propagates it itself).
 */
export function takeUpSettled(key: number, prop: Propagation, into: CandidateGrid): number {
  if (byKey[key] === null) return 0;
  const settled = settledPool[byKeyAt[key]];
  if (settled.prop !== byKey[key] || settled.prop.absurdOn >= 0) return 0;
  prop.copyFrom(settled.prop);
  into.candidates.set(settled.candidates);
  into.where.set(settled.where);
  return settled.quiet ? 1 : -1;
}

interface Best {
  complexity: number;
  sortKey: number;
  name: string;
  /** The candidate placed, or null. */
  placement: Candidate | null;
  eliminations: Candidate[];
  cells: number[];
  digits: number[];
  /** For explain: the propagations and the nodes (or, for a contradiction, the "on" and "off" nodes of one) the chains end at. */
  chainEnds: [Propagation, number][];
}

let best: Best | null = null;

function beats(complexity: number, sortKey: number): boolean {
  return best === null || complexity < best.complexity || (complexity === best.complexity && sortKey < best.sortKey);
}

/** What a hint whose conclusion is node key `target` does on `grid`. */
function conclude(grid: CandidateGrid, target: number): { placement: Candidate | null; eliminations: Candidate[] } {
  const pot = target >> 1;
  const cell = (pot / 9) | 0;
  const digit = pot - 9 * cell + 1;
  if ((target & 1) === 0) return { placement: null, eliminations: [{ cell, digit }] };
  const eliminations: Candidate[] = [];
  for (let m = grid.candidates[cell] & ~(1 << (digit - 1)); m !== 0; m &= m - 1) eliminations.push({ cell, digit: lowest(m) + 1 });
  return { placement: { cell, digit }, eliminations };
}

function offer(grid: CandidateGrid, complexity: number, sortKey: number, name: string, target: number, placed: boolean, source: number[], ends: readonly Propagation[] = []): void {
  if (!beats(complexity, sortKey)) return;
  const { placement, eliminations } = conclude(grid, target);
  if (eliminations.length === 0) return;
  const pot = target >> 1;
  const chainEnds: [Propagation, number][] = ends.length === 1 ? [[ends[0], ends[0].absurdOn], [ends[0], ends[0].absurdOff]] : ends.map((b) => [b, b.index[target]]);
  best = { complexity, sortKey, name, placement: placed ? placement : null, eliminations, cells: source, digits: [(pot % 9) + 1], chainEnds };
}

/** The shared targets of the branches: nodes of the first branch (in its order) present in all. */
function shared(branches: readonly Propagation[], on: boolean, grid: CandidateGrid, sortKey: number, name: string, source: number[]): void {
  if (!sharedTargets(branches, on)) return;
  for (const branch of branches) if (branch.light) statics.propagate(branch.start, branch);
  const first = branches[0];
  const order = on ? first.onOrder : first.offOrder;
  const count = on ? first.onCount : first.offCount;
  for (let i = 0; i < count; i++) {
    const key = first.keys[order[i]];
    if (!isShared(key >> 1)) continue;
    let complexity = 0;
    for (const branch of branches) complexity += ancestors(branch, branch.index[key], null);
    if (!beats(complexity, sortKey)) continue;
    offer(grid, complexity, sortKey, name, key, on, source, branches);
  }
}

/**
 * SE's "Multiple Forcing Chains" (dynamic false) or "Dynamic Forcing Chains"
 * (dynamic true) producer: the hint it applies, or null.
 */
export function multipleForcingChains(grid: CandidateGrid, dynamic: boolean, level = 0): Step | null {
  best = null;
  used = 0;
  byKey.fill(null);
  settledValid = dynamic && level === 1;
  if (settledValid) settledGrid.keepCells(grid);
  lightStatic = !dynamic && lightBranches;
  if (lightStatic) {
    buildGraph(grid);
    statics.beginRun();
  }
  const prefix = dynamic ? "Dynamic " : "";
  const base = level > 0 ? 8.5 + 0.5 * level : dynamic ? 8.5 : 8.0;
  const suffix = level === 1 ? " (+)" : "";
  const branches: Propagation[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const cands = grid.candidates[cell];
    const size = popcount(cands);
    if (!(size > 2 || (size > 1 && dynamic))) continue;
    const cellBranches: Propagation[] = [];
    for (let m = cands; m !== 0; m &= m - 1) {
      const d = lowest(m);
      const onKey = ((cell * 9 + d) << 1) | 1;
      const on = propagation(grid, onKey, dynamic, level);
      cellBranches.push(on);
      if (dynamic) {
        const off = propagation(grid, onKey ^ 1, dynamic, level);
        if (on.absurdOn >= 0) {
          const complexity = ancestors(on, on.absurdOn, null) + ancestors(on, on.absurdOff, null);
          offer(grid, complexity, 7, "Contradiction Forcing Chains", onKey ^ 1, false, [cell], [on]);
        }
        if (off.absurdOn >= 0) {
          const complexity = ancestors(off, off.absurdOn, null) + ancestors(off, off.absurdOff, null);
          offer(grid, complexity, 7, "Contradiction Forcing Chains", onKey, true, [cell], [off]);
        }
        if (size >= 3) {
          branches.length = 0;
          branches.push(on, off);
          shared(branches, true, grid, 1, "Double Forcing Chains", [cell]);
          shared(branches, false, grid, 1, "Double Forcing Chains", [cell]);
        }
      }
      // Region chains: the units where this cell is the digit's first cell.
      for (let k = 0; k < 3; k++) {
        const unit = BRC[3 * cell + k];
        const positions = grid.where[9 * unit + d];
        if (popcount(positions) < 2 || UNIT_CELLS[9 * unit + lowest(positions)] !== cell) continue;
        branches.length = 0;
        const cells: number[] = [];
        for (let p = positions; p !== 0; p &= p - 1) {
          const other = UNIT_CELLS[9 * unit + lowest(p)];
          cells.push(other);
          branches.push(other === cell ? on : propagation(grid, ((other * 9 + d) << 1) | 1, dynamic, level));
        }
        shared(branches, true, grid, 6, "Region Forcing Chains", cells);
        shared(branches, false, grid, 6, "Region Forcing Chains", cells);
      }
    }
    shared(cellBranches, true, grid, 5, "Cell Forcing Chains", [cell]);
    shared(cellBranches, false, grid, 5, "Cell Forcing Chains", [cell]);
  }
  const found = best as Best | null;
  if (found === null) return null;
  const rating = ratingOf(base + lengthDifficulty(found.complexity));
  const chains: Chain[] = found.chainEnds.map(([p, end]) => propagationChain(p, end));
  return step(prefix + found.name + suffix, rating, [], found.cells, found.digits, found.placement, found.eliminations, [], chains);
}
