/**
 * Sudoku Explainer 1.2.1's uniqueness techniques: unique rectangles and
 * loops (types 1-4, 4.5+) and the bivalue universal grave (BUG types 1-4,
 * 5.6+). Both assume the puzzle has a single solution; `rate` can leave them
 * out (RateOptions.uniqueness).
 *
 * Scan orders follow SE's producers: these two use SE's "region types" list,
 * which is Block, Row, Column (unlike the subset and intersection producers,
 * which go Block, Column, Row). Ratings are computed as SE computes them, in
 * doubles by repeated additions of 0.1, because the unique-loop producer sorts
 * its hints by that double (4.6 + 0.1 sorts before 4.5 + 0.2) before handing
 * over the first one.
 */
import { BAND_FULL, popcount } from "../core/bits.js";
import { CELL_POS, CELL_UNITS, type CandidateGrid, HOUSE, IS_PEER, PEER_WORDS, SUBSETS, UNIT_CELLS } from "./grid.js";
import { digitsOfMask, lowest, ratingOf, step } from "./helpers.js";
import type { Candidate, Step } from "./step.js";

/** SE's Grid.getRegionTypes(): Block, Row, Column, as indexes k of CELL_UNITS[3 * cell + k]. */
const REGION_TYPES: readonly number[] = [2, 0, 1];

function unitOf(cell: number, k: number): number {
  return CELL_UNITS[3 * cell + k];
}

/** The position of a cell in its unit of type k. */
function posOf(cell: number, k: number): number {
  return CELL_POS[3 * cell + k];
}

/** Every (cell, digit) of `mask` in `cell`, appended to `out`. */
function pushDigits(out: Candidate[], cell: number, mask: number): void {
  for (let m = mask; m !== 0; m &= m - 1) out.push({ cell, digit: lowest(m) + 1 });
}

/**
 * SE's Permutations(k, n) as masks: the k-subsets of {0..n-1} in increasing
 * numeric order; like SE's class, none at all when n is 0 (even for k = 0).
 */
function subsetsOf(k: number, n: number): number[] {
  if (n === 0 || k > n) return [];
  const limit = 1 << n;
  return SUBSETS[k].filter((mask) => mask < limit);
}

// ---------------------------------------------------------------------------
// Unique rectangles and loops (SE's UniqueLoops producer)

/** SE's UniqueLoopHint.getDifficulty(): 4.5, +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more. */
function loopDifficulty(size: number): number {
  let result = 4.5;
  if (size >= 10) result += 0.3;
  if (size >= 8) result += 0.2;
  else if (size >= 6) result += 0.1;
  return result;
}

function loopName(size: number, type: number): string {
  const kind = size === 4 ? "Rectangle" : "Loop";
  return size > 6 ? `Unique ${kind} ${size} type ${type}` : `Unique ${kind} type ${type}`;
}

interface LoopHint {
  /** SE's double rating, the producer's sort key. */
  readonly difficulty: number;
  /** The hint's type (1-4), the second sort key. */
  readonly type: number;
  readonly step: Step;
}

/**
 * The loops SE's checkForLoops finds from `start`, in its order: a depth-first
 * walk through cells holding both loop digits, each move along a region type
 * other than the previous move's, in region-type then position order; at most
 * two cells with extra digits, unless all extra digits seen so far are one
 * digit. As in SE, the extra digits accumulate over every cell examined at a
 * level (siblings included), not just over the cells of the path.
 */
function findLoops(cands: Uint16Array, start: number, both: number): number[][] {
  loopCandidates = cands;
  loopBoth = both;
  loopFound = [];
  loopLength = 0;
  if (loopAliveFor !== both) markLoopCells(cands, both);
  if (loopAlive[start] === 1) {
    markReachingStart(cands, start, both);
    markNearStart(cands, both);
    visitLoop(start, 2, 0, -1, CELL_UNIT_BITS[start], 0);
  }
  return loopFound;
}

/**
 * reachStart: `start` and the loop cells holding only the loop digits that
 * are joined to it through such cells, as three 27-bit band words. Once a
 * path has used up its extra cells (and its extra digits are two or more),
 * it can only go on through such cells back to `start`; a cell with no peer
 * among them then ends no loop, and the walk need not enter it.
 */
function markReachingStart(cands: Uint16Array, start: number, both: number): void {
  reachStart[0] = reachStart[1] = reachStart[2] = 0;
  reachStart[(start / 27) | 0] |= 1 << start % 27;
  if (!loopPruning) {
    reachStart.fill(BAND_FULL);
    return;
  }
  let stackSize = 0;
  loopStack[stackSize++] = start;
  spreadThroughPairs(reachStart, stackSize, cands, both);
}

/** Adds to `words` the loop cells holding only the loop digits joined through such cells to the first `stackSize` cells of loopStack. */
function spreadThroughPairs(words: Int32Array, stackSize: number, cands: Uint16Array, both: number): void
{
  while (stackSize > 0) {
    const cell = loopStack[--stackSize];
    for (let i = 20 * cell; i < 20 * cell + 20; i++) {
      const peer = HOUSE[i];
      const word = (peer / 27) | 0;
      const bit = 1 << peer % 27;
      if ((words[word] & bit) !== 0 || loopAlive[peer] === 0 || cands[peer] !== both) continue;
      words[word] |= bit;
      loopStack[stackSize++] = peer;
    }
  }
}

/** Whether `cell` has a peer in the band words `to` (reachStart, or nearStart). */
function sees(cell: number, to: Int32Array): boolean {
  return ((PEER_WORDS[3 * cell] & to[0]) | (PEER_WORDS[3 * cell + 1] & to[1]) | (PEER_WORDS[3 * cell + 2] & to[2])) !== 0;
}

/**
 * nearStart: the cells from which a path with one extra cell left can still
 * get back to `start`: the loop cells that see reachStart (the extra cell),
 * and the cells holding only the loop digits that are joined through such
 * cells to one of those, or to reachStart.
 */
function markNearStart(cands: Uint16Array, both: number): void {
  nearStart.set(reachStart);
  if (!loopPruning) return;
  let stackSize = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (loopAlive[cell] === 0 || (cands[cell] & both) !== both) continue;
    const word = (cell / 27) | 0;
    const bit = 1 << cell % 27;
    if ((reachStart[word] & bit) !== 0 || sees(cell, reachStart)) {
      nearStart[word] |= bit;
      loopStack[stackSize++] = cell;
    }
  }
  spreadThroughPairs(nearStart, stackSize, cands, both);
}

/**
 * loopAlive: the cells holding both loop digits that keep another such
 * cell in each of their row, column and box once cells without are
 * removed, repeatedly. A loop passes isValidLoop only if each unit it
 * touches holds one of its cells at an even index and one at an odd
 * index, so every unit of a loop cell holds a second loop cell: the cells
 * removed are on no loop, and the walk need not enter them. It still
 * examines them (they add their extra digits to the level's), so the loops
 * found and their order are SE's.
 */
function markLoopCells(cands: Uint16Array, both: number): void {
  loopAliveFor = both;
  bothByUnit.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const holds = (cands[cell] & both) === both;
    loopAlive[cell] = holds ? 1 : 0;
    if (!holds) continue;
    for (let k = 0; k < 3; k++) bothByUnit[CELL_UNITS[3 * cell + k]] |= 1 << CELL_POS[3 * cell + k];
  }
  if (!loopPruning) return;
  unitAlive.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    if (loopAlive[cell] === 0) continue;
    for (let k = 0; k < 3; k++) unitAlive[CELL_UNITS[3 * cell + k]]++;
  }
  let stackSize = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (loopAlive[cell] === 1 && !hasMateInEachUnit(cell)) loopStack[stackSize++] = cell;
  }
  while (stackSize > 0) {
    const cell = loopStack[--stackSize];
    if (loopAlive[cell] === 0) continue;
    loopAlive[cell] = 0;
    for (let k = 0; k < 3; k++) {
      const unit = CELL_UNITS[3 * cell + k];
      // The unit's one cell left has lost its mate there.
      if (--unitAlive[unit] !== 1) continue;
      for (let i = 9 * unit; i < 9 * unit + 9; i++) {
        if (loopAlive[UNIT_CELLS[i]] === 1) loopStack[stackSize++] = UNIT_CELLS[i];
      }
    }
  }
}

/** Whether each of the cell's three units holds another loopAlive cell (unitAlive counts the cell itself). */
function hasMateInEachUnit(cell: number): boolean {
  return unitAlive[CELL_UNITS[3 * cell]] >= 2 && unitAlive[CELL_UNITS[3 * cell + 1]] >= 2 && unitAlive[CELL_UNITS[3 * cell + 2]] >= 2;
}

let loopPruning = true;

/**
 * Every loop the walk finds from each bivalue cell, in order (for the test
 * that compares them with the walk's cuts on and off).
 */
export function loopsFromEachStart(grid: CandidateGrid): number[][][] {
  loopAliveFor = 0;
  const found: number[][][] = [];
  for (let start = 0; start < 81; start++) {
    const potentials = grid.candidates[start];
    if (popcount(potentials) === 2) found.push(findLoops(grid.candidates, start, potentials));
  }
  return found;
}

/** Turns the walk's cuts (markLoopCells, markReachingStart, markNearStart) off or on, for the tests that compare the loops found both ways. */
export function setLoopPruning(on: boolean): void {
  loopPruning = on;
}

/** markLoopCells' result and the digit pair it is for (0: none yet in this producer call). */
const loopAlive = new Uint8Array(81);
let loopAliveFor = 0;
/**
 * The positions of the cells holding both loop digits in each unit (9-bit
 * masks, markLoopCells): the walk examines only those, since every other
 * cell of a unit neither continues a path nor adds extra digits.
 */
const bothByUnit = new Int32Array(27);
/** markLoopCells' count of loopAlive cells per unit. */
const unitAlive = new Int32Array(27);
/** Cells to visit: markLoopCells may push a cell once per unit it shares with a removed cell. */
const loopStack = new Int32Array(4 * 81);

const reachStart = new Int32Array(3);
const nearStart = new Int32Array(3);

/** The three units of each cell as a 27-bit mask (isValidLoop's bits). */
const CELL_UNIT_BITS = new Int32Array(81);
for (let cell = 0; cell < 81; cell++) for (let k = 0; k < 3; k++) CELL_UNIT_BITS[cell] |= 1 << CELL_UNITS[3 * cell + k];

/** findLoops' walk: the path, its cells, and the arguments shared by every level. */
const loopPath = new Int32Array(82);
const inLoop = new Uint8Array(81);
let loopLength = 0;
let loopCandidates: Uint16Array = new Uint16Array(81);
let loopBoth = 0;
let loopFound: number[][] = [];

/**
 * One level of SE's walk, at `cell`. `even` and `odd` are the units of the
 * path's cells at even and odd indexes, the cell included: a move to a cell
 * sharing a unit with an earlier cell of the same parity is not followed,
 * since every loop through both fails isValidLoop (its other effects, the
 * extra digits seen at this level, still happen).
 */
function visitLoop(cell: number, allowedEx: number, exIn: number, lastType: number, even: number, odd: number): void {
  loopPath[loopLength++] = cell;
  inLoop[cell] = 1;
  const first = loopPath[0];
  const both = loopBoth;
  const cands = loopCandidates;
  // The next cell's index is loopLength: its parity's units so far.
  const sameParity = (loopLength & 1) === 0 ? even : odd;
  let ex = exIn;
  for (let t = 0; t < 3; t++) {
    const k = REGION_TYPES[t];
    if (k === lastType) continue;
    const unit = unitOf(cell, k);
    for (let m = bothByUnit[unit]; m !== 0; m &= m - 1) {
      const next = UNIT_CELLS[9 * unit + lowest(m)];
      if (next === first && loopLength >= 4) {
        // isValidLoop's last condition; the others hold on every path walked.
        if (even === odd) loopFound.push(pathCopy());
      } else if (inLoop[next] === 0) {
        const potentials = cands[next];
        ex = (ex | potentials) & ~both;
        const cardinality = popcount(potentials);
        if ((cardinality === 2 || popcount(ex) === 1 || allowedEx > 0) && (sameParity & CELL_UNIT_BITS[next]) === 0 && loopAlive[next] === 1) {
          const allowed = cardinality > 2 ? allowedEx - 1 : allowedEx;
          // The extra digits only grow: with two or more seen, the rest of the loop has at most `allowed` cells with extras.
          if (allowed <= 1 && popcount(ex) >= 2 && !sees(next, allowed <= 0 ? reachStart : nearStart)) continue;
          const bits = CELL_UNIT_BITS[next];
          if ((loopLength & 1) === 0) visitLoop(next, allowed, ex, k, even | bits, odd);
          else visitLoop(next, allowed, ex, k, even, odd | bits);
        }
      }
    }
  }
  loopLength--;
  inLoop[cell] = 0;
}

/** The walk's path as a plain array (a loop found): pushed, since Array.from iterates and a sized array is holey. */
function pathCopy(): number[] {
  const loop: number[] = [];
  for (let i = 0; i < loopLength; i++) loop.push(loopPath[i]);
  return loop;
}

/** SE's isValidLoop: every region of a loop cell is visited once at an even and once at an odd index. */
function isValidLoop(loop: readonly number[]): boolean {
  let even = 0;
  let odd = 0;
  for (let i = 0; i < loop.length; i++) {
    for (let t = 0; t < 3; t++) {
      const bit = 1 << unitOf(loop[i], REGION_TYPES[t]);
      if ((i & 1) === 1) {
        if (odd & bit) return false;
        odd |= bit;
      } else {
        if (even & bit) return false;
        even |= bit;
      }
    }
  }
  return even === odd;
}

/** The unit of type k shared by two cells, or -1. */
function sharedUnit(a: number, b: number, k: number): number {
  const unit = unitOf(a, k);
  return unit === unitOf(b, k) ? unit : -1;
}

function loopStep(loop: readonly number[], type: number, difficulty: number, v1: number, v2: number, units: readonly number[], eliminations: Candidate[]): LoopHint {
  const technique = loopName(loop.length, type);
  return { difficulty, type, step: step(technique, ratingOf(difficulty), units, loop.slice(), [v1, v2], null, eliminations) };
}

function type2Hint(cands: Uint16Array, loop: readonly number[], extraCells: readonly number[], v1: number, v2: number): LoopHint | null {
  const extra = cands[extraCells[0]] & ~((1 << (v1 - 1)) | (1 << (v2 - 1)));
  const value = lowest(extra) + 1;
  const bit = 1 << (value - 1);
  const eliminations: Candidate[] = [];
  for (let cell = 0; cell < 81; cell++) {
    if ((cands[cell] & bit) === 0) continue;
    if (extraCells.every((e) => IS_PEER[81 * e + cell] === 1)) eliminations.push({ cell, digit: value });
  }
  if (eliminations.length === 0) return null;
  return loopStep(loop, 2, loopDifficulty(loop.length), v1, v2, [], eliminations);
}

/** SE's createType3Hints: naked sets (c1's slot holding the extra digits) and hidden sets, by degree then region type. */
function type3Hints(grid: CandidateGrid, loop: readonly number[], c1: number, c2: number, v1: number, v2: number, out: LoopHint[]): void {
  const cands = grid.candidates;
  const both = (1 << (v1 - 1)) | (1 << (v2 - 1));
  const extra = (cands[c1] | cands[c2]) & ~both;
  const remValues: number[] = [];
  for (let d = 1; d <= 9; d++) if (d !== v1 && d !== v2 && ((extra >> (d - 1)) & 1) === 0) remValues.push(d);
  for (let degree = popcount(extra); degree <= 7; degree++) {
    for (let t = 0; t < 3; t++) {
      const k = REGION_TYPES[t];
      const unit = sharedUnit(c1, c2, k);
      if (unit < 0) continue;
      const empties = grid.empties[unit];
      const index1 = posOf(c1, k);
      const index2 = posOf(c2, k);
      const unitBase = 9 * unit;
      if (degree * 2 <= empties) {
        // Naked set: c1 (standing for c1 or c2, with the extra digits) and degree - 1 other cells.
        for (let s = 0, subsets = SUBSETS[degree]; s < subsets.length; s++) {
          const mask = subsets[s];
          if (((mask >> index1) & 1) === 0 || ((mask >> index2) & 1) === 1) continue;
          let nakedSet = extra & cands[c1] & cands[c2];
          let union = extra;
          let ok = popcount(extra) > 1;
          for (let m = mask & ~(1 << index1); m !== 0; m &= m - 1) {
            const c = cands[UNIT_CELLS[unitBase + lowest(m)]];
            nakedSet |= c;
            union |= c;
            if (popcount(c) <= 1) ok = false;
          }
          if (popcount(nakedSet) !== degree || !ok || popcount(union) !== degree) continue;
          // Tested before any array is made, as in fish (techniques.ts).
          let removable = 0;
          for (let i = 0; i < 9; i++) if (((mask >> i) & 1) === 0 && i !== index2) removable |= cands[UNIT_CELLS[unitBase + i]] & union;
          if (removable === 0) continue;
          out.push(type3NakedHint(cands, loop, unit, mask, index2, union, degree, v1, v2));
        }
      }
      if (degree * 2 < empties && degree - 2 <= remValues.length) {
        // Hidden set: the loop digits and degree - 2 others, confined (c2 left out) to degree cells.
        const picks = subsetsOf(degree - 2, remValues.length);
        for (let s = 0; s < picks.length; s++) {
          const pick = picks[s];
          let hidden = both;
          for (let m = pick; m !== 0; m &= m - 1) hidden |= 1 << (remValues[lowest(m)] - 1);
          let common = 0;
          let ok = true;
          for (let h = hidden; h !== 0; h &= h - 1) {
            const positions = grid.where[unitBase + lowest(h)] & ~(1 << index2);
            if (positions === 0) ok = false;
            common |= positions;
          }
          if (!ok || popcount(common) !== degree) continue;
          const indexes = common & ~(1 << index1) & ~(1 << index2);
          let removable = 0;
          for (let m = indexes; m !== 0; m &= m - 1) removable |= cands[UNIT_CELLS[unitBase + lowest(m)]] & ~hidden;
          if (removable === 0) continue;
          out.push(type3HiddenHint(cands, loop, unit, indexes, hidden, v1, v2));
        }
      }
    }
  }
}

/*
 * type3Hints' hints, built apart: the search runs for every loop with two
 * extra cells and rarely finds one, and its optimized code stays small.
 */

/** Type 3 with a naked set: the unit's cells outside the set (c2 too) lose the set's digits. */
function type3NakedHint(cands: Uint16Array, loop: readonly number[], unit: number, mask: number, index2: number, union: number, degree: number, v1: number, v2: number): LoopHint {
  const eliminations: Candidate[] = [];
  for (let i = 0; i < 9; i++) {
    if ((mask >> i) & 1 || i === index2) continue;
    const cell = UNIT_CELLS[9 * unit + i];
    pushDigits(eliminations, cell, cands[cell] & union);
  }
  return loopStep(loop, 3, loopDifficulty(loop.length) + (degree - 1) * 0.1, v1, v2, [unit], eliminations);
}

/** Type 3 with a hidden set: its cells (at `indexes`, c1 and c2 left out) lose their other digits. */
function type3HiddenHint(cands: Uint16Array, loop: readonly number[], unit: number, indexes: number, hidden: number, v1: number, v2: number): LoopHint {
  const eliminations: Candidate[] = [];
  for (let m = indexes; m !== 0; m &= m - 1) {
    const cell = UNIT_CELLS[9 * unit + lowest(m)];
    pushDigits(eliminations, cell, cands[cell] & ~hidden);
  }
  return loopStep(loop, 3, loopDifficulty(loop.length) + (popcount(indexes) - 1) * 0.1, v1, v2, [unit], eliminations);
}

function type4Hint(grid: CandidateGrid, loop: readonly number[], c1: number, c2: number, v1: number, v2: number): LoopHint | null {
  const cands = grid.candidates;
  let r1 = -1;
  let r2 = -1;
  for (let t = 0; t < 3; t++) {
    const k = REGION_TYPES[t];
    const unit = sharedUnit(c1, c2, k);
    if (unit < 0) continue;
    const others = ~((1 << posOf(c1, k)) | (1 << posOf(c2, k)));
    if ((grid.where[9 * unit + v1 - 1] & others) === 0) r1 = unit;
    if ((grid.where[9 * unit + v2 - 1] & others) === 0) r2 = unit;
  }
  let unit: number;
  let remove: number;
  if (r1 >= 0) {
    unit = r1;
    remove = v2;
  } else if (r2 >= 0) {
    unit = r2;
    remove = v1;
  } else {
    return null;
  }
  const eliminations: Candidate[] = [];
  for (const cell of [c1, c2]) if ((cands[cell] >> (remove - 1)) & 1) eliminations.push({ cell, digit: remove });
  if (eliminations.length === 0) return null;
  return loopStep(loop, 4, loopDifficulty(loop.length), v1, v2, [unit], eliminations);
}

/**
 * SE's UniqueLoops producer: all unique rectangle/loop hints of types 1-4,
 * from bivalue start cells in row-major order, then the first one after SE's
 * stable sort by (double rating, type).
 */
export function uniqueLoops(grid: CandidateGrid): Step | null {
  const cands = grid.candidates;
  let best: LoopHint | null = null;
  const consider = (hint: LoopHint | null): void => {
    if (hint === null) return;
    if (best === null || hint.difficulty < best.difficulty || (hint.difficulty === best.difficulty && hint.type < best.type)) best = hint;
  };
  loopAliveFor = 0;
  for (let start = 0; start < 81; start++) {
    const potentials = cands[start];
    if (popcount(potentials) !== 2) continue;
    const v1 = lowest(potentials) + 1;
    const v2 = lowest(potentials & (potentials - 1)) + 1;
    const loops = findLoops(cands, start, potentials);
    for (let l = 0; l < loops.length; l++) {
      const loop = loops[l];
      if (!isValidLoop(loop)) continue;
      const extraCells = loop.filter((cell) => popcount(cands[cell]) > 2);
      if (extraCells.length === 1) {
        const rescue = extraCells[0];
        consider(loopStep(loop, 1, loopDifficulty(loop.length), v1, v2, [], [
          { cell: rescue, digit: v1 },
          { cell: rescue, digit: v2 },
        ]));
      } else if (extraCells.length > 2) {
        consider(type2Hint(cands, loop, extraCells, v1, v2));
      } else if (extraCells.length === 2) {
        const [c1, c2] = extraCells;
        const rest = (cands[c1] | cands[c2]) & ~potentials;
        if (popcount(rest) === 1) {
          consider(type2Hint(cands, loop, extraCells, v1, v2));
        } else if (popcount(rest) >= 2) {
          const type3: LoopHint[] = [];
          type3Hints(grid, loop, c1, c2, v1, v2, type3);
          for (let h = 0; h < type3.length; h++) consider(type3[h]);
        }
        consider(type4Hint(grid, loop, c1, c2, v1, v2));
      }
    }
  }
  return best === null ? null : (best as LoopHint).step;
}

// ---------------------------------------------------------------------------
// Bivalue universal grave (SE's BivalueUniversalGrave producer)

/** A cell's house cells (its peers) in SE's order: block, row, column. */
function houseCells(cell: number): number[] {
  return Array.from(HOUSE.subarray(20 * cell, 20 * cell + 20));
}

/**
 * SE's BUG producer: the cells with three or more candidates holding a digit
 * that appears other than 0 or 2 times in a region ("BUG cells"); once their
 * BUG digits are removed, every empty cell must be bivalue and every digit
 * appear twice in every region. Then type 1 (one BUG cell, 5.6), type 2 (one
 * BUG digit, 5.7), type 4 (two BUG cells in a region with a common other
 * digit, 5.7) and type 3 (a naked set with the BUG digits, 5.7 + 0.1 per
 * digit beyond one), the first found in SE's order.
 */
export function bug(grid: CandidateGrid): Step | null {
  const cands = grid.candidates;
  const temp = Uint16Array.from(cands);
  const bugCells: number[] = [];
  const bugValues = new Map<number, number>();
  let allBugValues = 0;
  let commonCells: number[] | null = null;
  // SE's grid.getRegions(type) for Block, Row, Column: units 18-26, 0-8, 9-17.
  for (const first of [18, 0, 9]) {
    for (let i = 0; i < 9; i++) {
      const unit = first + i;
      for (let value = 1; value <= 9; value++) {
        const positions = grid.where[9 * unit + value - 1];
        const cardinality = popcount(positions);
        if (cardinality === 0 || cardinality === 2) continue;
        const newBugCells: number[] = [];
        for (let p = positions; p !== 0; p &= p - 1) {
          const cell = UNIT_CELLS[9 * unit + lowest(p)];
          if (popcount(cands[cell]) >= 3) newBugCells.push(cell);
        }
        if (newBugCells.length === 1) {
          const cell = newBugCells[0];
          const bit = 1 << (value - 1);
          if (!bugCells.includes(cell)) bugCells.push(cell);
          bugValues.set(cell, (bugValues.get(cell) ?? 0) | bit);
          allBugValues |= bit;
          temp[cell] &= ~bit;
          commonCells = commonCells === null ? houseCells(cell) : commonCells.filter((c) => IS_PEER[81 * cell + c] === 1);
          commonCells = commonCells.filter((c) => !bugCells.includes(c));
          if (bugCells.length > 1 && popcount(allBugValues) > 1 && commonCells.length === 0) return null;
        }
        if (newBugCells.length === 0) return null;
      }
    }
  }
  for (let cell = 0; cell < 81; cell++) if (grid.values[cell] === 0 && popcount(temp[cell]) !== 2) return null;
  for (let unit = 0; unit < 27; unit++) {
    for (let value = 1; value <= 9; value++) {
      let count = 0;
      for (let i = 0; i < 9; i++) if ((temp[UNIT_CELLS[9 * unit + i]] >> (value - 1)) & 1) count++;
      if (count !== 0 && count !== 2) return null;
    }
  }
  return bugHint(grid, bugCells, bugValues, allBugValues, commonCells);
}

/**
 * The BUG hint once the grid is a BUG plus the BUG cells' BUG digits. Kept
 * out of bug(), which runs at every step and fails early: the optimized code
 * of that hot part stays small, and the first BUG found does not send it
 * back to the interpreter.
 */
function bugHint(grid: CandidateGrid, bugCells: number[], bugValues: ReadonlyMap<number, number>, allBugValues: number, commonCells: number[] | null): Step | null {
  const cands = grid.candidates;
  const common: number[] = commonCells ?? [];
  if (bugCells.length === 1) {
    const cell = bugCells[0];
    const eliminations: Candidate[] = [];
    pushDigits(eliminations, cell, cands[cell] & ~allBugValues);
    return step("BUG type 1", 56, [], [cell], digitsOfMask(allBugValues), null, eliminations);
  }
  if (popcount(allBugValues) === 1) {
    if (common.length > 0) {
      const eliminations: Candidate[] = [];
      for (const cell of common) pushDigits(eliminations, cell, cands[cell] & allBugValues);
      if (eliminations.length > 0) return step("BUG type 2", 57, [], bugCells.slice(), digitsOfMask(allBugValues), null, eliminations);
    }
    if (bugCells.length === 2) return bug4(grid, bugCells, bugValues, allBugValues);
    return null;
  }
  if (commonCells !== null && common.length > 0) {
    if (bugCells.length === 2) {
      const found = bug4(grid, bugCells, bugValues, allBugValues);
      if (found !== null) return found;
    }
    return bug3(grid, bugCells, allBugValues, common);
  }
  return null;
}

/** The unit of region type k holding all of `cells`, or -1. */
function unitHoldingAll(cells: readonly number[], k: number): number {
  const unit = unitOf(cells[0], k);
  return cells.every((c) => unitOf(c, k) === unit) ? unit : -1;
}

function bug3(grid: CandidateGrid, bugCells: readonly number[], allBugValues: number, common: readonly number[]): Step | null {
  const cands = grid.candidates;
  for (const k of REGION_TYPES) {
    const unit = unitHoldingAll(bugCells, k);
    if (unit < 0) continue;
    const regionCells = common.filter((cell) => unitOf(cell, k) === unit);
    for (let degree = 2; degree <= 6; degree++) {
      if (regionCells.length < degree) continue;
      for (const mask of subsetsOf(degree - 1, regionCells.length)) {
        let otherCommon = 0;
        let ok = popcount(allBugValues) > 1;
        const nakedCells: number[] = [];
        for (let m = mask; m !== 0; m &= m - 1) {
          const cell = regionCells[lowest(m)];
          nakedCells.push(cell);
          otherCommon |= cands[cell];
          if (popcount(cands[cell]) <= 1) ok = false;
        }
        if (popcount(otherCommon) !== degree) continue;
        const nakedSet = otherCommon | allBugValues;
        if (!ok || popcount(nakedSet) !== degree) continue;
        const erasable = regionCells.filter((cell) => !nakedCells.includes(cell) && !bugCells.includes(cell));
        if (erasable.length === 0) continue;
        const eliminations: Candidate[] = [];
        for (const cell of erasable) pushDigits(eliminations, cell, cands[cell] & nakedSet);
        if (eliminations.length === 0) continue;
        const difficulty = 5.7 + (popcount(nakedSet) - 1) * 0.1;
        return step("BUG type 3", ratingOf(difficulty), [unit], [...bugCells, ...nakedCells], digitsOfMask(nakedSet), null, eliminations);
      }
    }
  }
  return null;
}

function bug4(grid: CandidateGrid, bugCells: readonly number[], bugValues: ReadonlyMap<number, number>, allBugValues: number): Step | null {
  const cands = grid.candidates;
  const [c1, c2] = bugCells;
  const common = cands[c1] & cands[c2] & ~allBugValues;
  if (popcount(common) !== 1) return null;
  for (const k of REGION_TYPES) {
    const unit = unitHoldingAll(bugCells, k);
    if (unit < 0) continue;
    const eliminations: Candidate[] = [];
    pushDigits(eliminations, c1, cands[c1] & ~(bugValues.get(c1) ?? 0) & ~common);
    pushDigits(eliminations, c2, cands[c2] & ~(bugValues.get(c2) ?? 0) & ~common);
    return step("BUG type 4", 57, [unit], [c1, c2], digitsOfMask(common | allBugValues), null, eliminations);
  }
  return null;
}
