/**
 * Sudoku Explainer 1.2.1's techniques from singles to aligned pair exclusion
 * (ratings 1.0-6.2; uniqueness.ts and exclusion.ts hold the unique loops,
 * BUG and aligned exclusion producers; chaining.ts and nishio.ts the static
 * forcing chains and cycles, 6.5+, and Nishio, 7.5+, multiple.ts the
 * multiple and dynamic forcing chains, 8.0+ and 8.5+, with plus.ts
 * dynamic forcing chains (+), 9.0+, and nested.ts the nested levels 2-5,
 * 9.5+), each
 * returning the first hint SE's producer would hand over (SE's solver takes
 * the first hint of the first producer that has one), or null.
 *
 * Scan orders reproduce SE's producers (see ../shared/design/se-rating.md and
 * SE's diuf.sudoku.solver.rules package): region types in the order
 * Block, Column, Row unless stated; regions, cells and digits in increasing
 * order; tuples of digits, cells or lines as 9-bit masks in increasing numeric
 * order (SE's Permutations). The hints' effects follow SE too: the "direct"
 * hints only place their single, they remove nothing else.
 */
import { popcount } from "../core/bits.js";
import { BOXES, type CandidateGrid, COLUMNS, HOUSE, INTERSECTION, IS_PEER, ROWS, SUBSETS_WITHIN, UNIT_CELLS } from "./grid.js";
import type { Candidate, Step } from "./step.js";
import { alignedPairExclusion, alignedTripletExclusion } from "./exclusion.js";
import { forcingChainsAndCycles } from "./chaining.js";
import { nishioForcingChains } from "./nishio.js";
import { multipleForcingChains } from "./multiple.js";
import { nestedForcingChains } from "./nested.js";
import { bug, uniqueLoops } from "./uniqueness.js";
import { bitsOf, candidatesAt, cellsOfPositions, digitsOfMask, lowest, step } from "./helpers.js";
import { confinedDigits, LOCK_CROSSED, LOCKING_PAIRS } from "./locking-tables.js";

/** SE's region-type order for most producers. */
const BLOCK_COLUMN_ROW: readonly (readonly number[])[] = [BOXES, COLUMNS, ROWS];
/**
 * The 27 units in SE's order (blocks, columns, rows) as one flat array: the hot producers walk it
 * with an index, which keeps their optimized code small (for-of adds iterator-closing code to each loop).
 */
const SE_UNITS: Uint8Array = Uint8Array.from(BLOCK_COLUMN_ROW.flat());

// ---------------------------------------------------------------------------
// Singles

/**
 * SE's HiddenSingle producer: first the "alone" cells (the only empty cell of
 * a unit, rated 1.0) over blocks, columns, rows; then hidden singles, 1.2 in
 * a block, 1.5 in a column or row.
 */
export function hiddenSingle(grid: CandidateGrid): Step | null {
  const found = findHiddenSingle(grid);
  if (found < 0) return null;
  const unit = found >> 4;
  const d = found & 15;
  const cell = hiddenSingleCell(grid, found);
  return step("Hidden Single", hiddenSingleRating(grid, unit), [unit], [cell], [d], { cell, digit: d }, []);
}

/** The cell of findHiddenSingle's result `found` (unit * 16 + digit). */
export function hiddenSingleCell(grid: CandidateGrid, found: number): number {
  const unit = found >> 4;
  return UNIT_CELLS[9 * unit + lowest(grid.where[9 * unit + (found & 15) - 1])];
}

/**
 * The hidden single SE's producer gives, as unit * 16 + digit, or -1: the
 * rating loop places most digits through this without making a step.
 */
export function findHiddenSingle(grid: CandidateGrid): number {
  for (let pass = 0; pass < 2; pass++) {
    const alone = pass === 0;
    for (let u = 0; u < 27; u++) {
      const unit = SE_UNITS[u];
      const empties = grid.empties[unit];
      // A full unit has no place left for any digit.
      if (empties === 0 || (empties === 1) !== alone) continue;
      for (let d = 1; d <= 9; d++) {
        const positions = grid.where[9 * unit + d - 1];
        if (positions === 0 || (positions & (positions - 1)) !== 0) continue;
        return 16 * unit + d;
      }
    }
  }
  return -1;
}

/** The rating ×10 of a hidden single in `unit`, before it is placed. */
export function hiddenSingleRating(grid: CandidateGrid, unit: number): number {
  return grid.empties[unit] === 1 ? 10 : unit >= 18 ? 12 : 15;
}

/** SE's NakedSingle producer: cells in row-major order, rated 2.3. */
export function nakedSingle(grid: CandidateGrid): Step | null {
  for (let cell = 0; cell < 81; cell++) {
    const c = grid.candidates[cell];
    if (c !== 0 && (c & (c - 1)) === 0) {
      const digit = lowest(c) + 1;
      return step("Naked Single", 23, [], [cell], [digit], { cell, digit }, []);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Intersections (SE's Locking producer)

/**
 * Pointing (box -> line, 2.6) and claiming (line -> box, 2.8); in direct mode
 * only those that leave a hidden single in another unit of the first unit's
 * type crossing the second unit (direct pointing 1.7, direct claiming 1.9),
 * and the hint then only places that single. SE's order is pair, first
 * unit, second unit, digit; a digit with two places or more lies within at
 * most one crossed unit, so each first unit's digits are sorted by that
 * unit with one table read each.
 */
export function locking(grid: CandidateGrid, direct: boolean): Step | null {
  for (let pair = 0; pair < LOCKING_PAIRS.length; pair++) {
    const types1 = LOCKING_PAIRS[pair][0];
    for (let i1 = 0; i1 < 9; i1++) {
      const u1 = types1[i1];
      const confined = confinedDigits(grid.where, pair, i1, u1, 0x1ff);
      if (confined === 0) continue;
      for (let j = 0; j < 3; j++) {
        const digits = (confined >> (9 * j)) & 0x1ff;
        if (digits === 0) continue;
        const u2 = LOCK_CROSSED[3 * (9 * pair + i1) + j];
        for (let m = digits; m !== 0; m &= m - 1) {
          const d = lowest(m) + 1;
          const hint = lockingHint(grid, direct, types1, u1, u2, d);
          if (hint !== null) return hint;
        }
      }
    }
  }
  return null;
}

/** The hint of digit d of unit u1 lying within unit u2, or null (nothing to remove, or in direct mode no single left). */
function lockingHint(grid: CandidateGrid, direct: boolean, types1: readonly number[], u1: number, u2: number, d: number): Step | null {
  const positions = grid.where[9 * u1 + d - 1];
  // All of d's positions in u1 lie in u2: d can go from the rest of u2.
  const removable = grid.where[9 * u2 + d - 1] & ~INTERSECTION[27 * u2 + u1];
  // In direct mode too: the single left in a unit u3 needs a place of d in u2 outside u1 to remove.
  if (removable === 0) return null;
  const pointing = u1 >= 18;
  if (!direct) {
    const name = pointing ? "Pointing" : "Claiming";
    return step(name, pointing ? 26 : 28, [u1, u2], cellsOfPositions(u1, positions), [d], null, candidatesAt(u2, removable, d));
  }
  for (let i3 = 0; i3 < 9; i3++) {
    const u3 = types1[i3];
    if (u3 === u1) continue;
    const inter32 = INTERSECTION[27 * u3 + u2];
    if (inter32 === 0) continue;
    const positions3 = grid.where[9 * u3 + d - 1];
    if ((positions3 & (positions3 - 1)) === 0) continue;
    const remaining = positions3 & ~inter32;
    if (remaining === 0 || (remaining & (remaining - 1)) !== 0) continue;
    const cell = UNIT_CELLS[9 * u3 + lowest(remaining)];
    const name = pointing ? "Direct Pointing" : "Direct Claiming";
    return step(name, pointing ? 17 : 19, [u1, u2, u3], cellsOfPositions(u1, positions), [d], { cell, digit: d }, [], candidatesAt(u2, removable, d));
  }
  return null;
}

// ---------------------------------------------------------------------------
// Subsets

/** Whether a 9-bit set has two to `degree` members: only such digits, cells or lines take part in a subset or fish of that degree. */
function fitsDegree(mask: number, degree: number): boolean {
  const size = popcount(mask);
  return size >= 2 && size <= degree;
}

const HIDDEN_RATING = [0, 0, 34, 40, 54];
const DIRECT_HIDDEN_RATING = [0, 0, 20, 25, 43];
const NAKED_RATING = [0, 0, 30, 36, 50];
const SET_NAME = ["", "", "Pair", "Triplet", "Quad"];

/** Whether a cell of unit `base / 9` at `positions` has a candidate outside `digitMask`. */
function hasOtherDigits(grid: CandidateGrid, base: number, positions: number, digitMask: number): boolean {
  for (let m = positions; m !== 0; m &= m - 1) {
    if ((grid.candidates[UNIT_CELLS[base + lowest(m)]] & ~digitMask) !== 0) return true;
  }
  return false;
}

/**
 * SE's HiddenSet producer: in units with more than 2×degree empty cells (more
 * than degree in direct mode), `degree` digits each with at least two
 * positions, all within `degree` cells. In direct mode the hint is kept only
 * when another digit of the unit, with at least two positions, is left with
 * one (the first such digit), and it only places that digit.
 */
export function hiddenSet(grid: CandidateGrid, degree: number, direct: boolean): Step | null {
  // One expression for both modes: a branch taken only later would lack type feedback when optimized.
  const minEmpty = degree << (direct ? 0 : 1);
  for (let u = 0; u < 27; u++) {
    const unit = SE_UNITS[u];
    if (grid.empties[unit] <= minEmpty) continue;
    const base = 9 * unit;
    // The digits with two places or more: SE takes only those into a hidden set. A digit with more
    // places than the degree gives its sets more places than digits, so none of them is a hint.
    let spread = 0;
    for (let d = 0; d < 9; d++) {
      const positions = grid.where[base + d];
      if (fitsDegree(positions, degree)) spread |= 1 << d;
    }
    const table = SUBSETS_WITHIN[degree];
    for (let s = table.start[spread], end = table.start[spread + 1]; s < end; s++) {
      const digitMask = table.list[s];
      let common = 0;
      for (let m = digitMask; m !== 0; m &= m - 1) common |= grid.where[base + lowest(m)];
      if (popcount(common) !== degree) continue;
      // Most such sets give nothing (no other digit in their cells, or none left with one place):
      // skip those before building the hint.
      let placed = 0;
      if (direct) {
        for (let d = 1; d <= 9 && placed === 0; d++) {
          if ((digitMask >> (d - 1)) & 1) continue;
          const positions = grid.where[base + d - 1];
          if ((positions & (positions - 1)) === 0) continue;
          const rest = positions & ~common;
          if (rest !== 0 && (rest & (rest - 1)) === 0) placed = d;
        }
        if (placed === 0) continue;
      } else if (!hasOtherDigits(grid, base, common, digitMask)) {
        continue;
      }
      return hiddenSetStep(grid, degree, unit, digitMask, common, placed);
    }
  }
  return null;
}

/**
 * The hidden set's hint (direct when `placed` is a digit, 0 otherwise), built
 * apart from the search so that the search's optimized code stays small.
 */
function hiddenSetStep(grid: CandidateGrid, degree: number, unit: number, digitMask: number, common: number, placed: number): Step {
  const base = 9 * unit;
  const cells = cellsOfPositions(unit, common);
  const digits = digitsOfMask(digitMask);
  const removals: Candidate[] = [];
  for (const cell of cells) {
    for (let extra = grid.candidates[cell] & ~digitMask; extra !== 0; extra &= extra - 1) {
      removals.push({ cell, digit: lowest(extra) + 1 });
    }
  }
  if (placed !== 0) {
    const cell = UNIT_CELLS[base + lowest(grid.where[base + placed - 1] & ~common)];
    return step(`Direct Hidden ${SET_NAME[degree]}`, DIRECT_HIDDEN_RATING[degree], [unit], cells, digits, { cell, digit: placed }, [], removals);
  }
  return step(`Hidden ${SET_NAME[degree]}`, HIDDEN_RATING[degree], [unit], cells, digits, null, removals);
}

/**
 * SE's NakedSet producer: in units with at least 2×degree empty cells,
 * `degree` cells each with at least two candidates, `degree` candidates in
 * all; removes those digits from the unit's other cells (that unit only).
 */
export function nakedSet(grid: CandidateGrid, degree: number): Step | null {
  for (let u = 0; u < 27; u++) {
    const unit = SE_UNITS[u];
    if (grid.empties[unit] < 2 * degree) continue;
    const base = 9 * unit;
    // The cells with two candidates or more: SE takes only those into a naked set. A cell with more
    // candidates than the degree gives its sets more digits than cells, so none of them is a hint.
    let open = 0;
    for (let i = 0; i < 9; i++) {
      const c = grid.candidates[UNIT_CELLS[base + i]];
      if (fitsDegree(c, degree)) open |= 1 << i;
    }
    const table = SUBSETS_WITHIN[degree];
    for (let s = table.start[open], end = table.start[open + 1]; s < end; s++) {
      const cellMask = table.list[s];
      let union = 0;
      for (let m = cellMask; m !== 0; m &= m - 1) union |= grid.candidates[UNIT_CELLS[base + lowest(m)]];
      if (popcount(union) !== degree) continue;
      let elsewhere = 0;
      for (let m = union; m !== 0; m &= m - 1) elsewhere |= grid.where[base + lowest(m)] & ~cellMask;
      if (elsewhere === 0) continue;
      const removals: Candidate[] = [];
      for (let i = 0; i < 9; i++) {
        if ((cellMask >> i) & 1) continue;
        const cell = UNIT_CELLS[base + i];
        for (let hit = grid.candidates[cell] & union; hit !== 0; hit &= hit - 1) removals.push({ cell, digit: lowest(hit) + 1 });
      }
      if (removals.length === 0) continue;
      const cells = cellsOfPositions(unit, cellMask);
      return step(`Naked ${SET_NAME[degree]}`, NAKED_RATING[degree], [unit], cells, digitsOfMask(union), null, removals);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Fish (SE's Fisherman producer)

const FISH_NAME = ["", "", "X-Wing", "Swordfish", "Jellyfish"];
const FISH_RATING = [0, 0, 32, 38, 52];

const FISH_ORIENTATIONS = [
  [COLUMNS, ROWS],
  [ROWS, COLUMNS],
] as const;

/** fish's base lines (bit i: baseLines[i]) where digit d + 1 has two places or more, at [d]. */
const fishLines = new Int32Array(9);

/**
 * X-Wing (2), Swordfish (3), Jellyfish (4): base lines columns then rows;
 * line tuples, then digits with at least 2×degree unplaced copies; each base
 * line holding the digit in at least two positions, `degree` positions in
 * all. Removes the digit from the cover lines outside the base lines.
 */
export function fish(grid: CandidateGrid, degree: number): Step | null {
  for (let o = 0; o < 2; o++) {
    const baseLines = FISH_ORIENTATIONS[o][0];
    const coverLines = FISH_ORIENTATIONS[o][1];
    let anyLines = 0;
    for (let d = 0; d < 9; d++) {
      let lines = 0;
      for (let i = 0; i < 9; i++) {
        const positions = grid.where[9 * baseLines[i] + d];
        // A base line with more places than the degree gives its fish more cover lines than base lines.
        if (fitsDegree(positions, degree)) lines |= 1 << i;
      }
      fishLines[d] = lines;
      if (grid.placedCount[d + 1] + 2 * degree <= 9) anyLines |= lines;
    }
    // Only tuples of lines where some digit could make a fish: the same tuples, in the same order, that pass the tests below.
    const table = SUBSETS_WITHIN[degree];
    for (let s = table.start[anyLines], end = table.start[anyLines + 1]; s < end; s++) {
      const lineMask = table.list[s];
      for (let d = 1; d <= 9; d++) {
        if (grid.placedCount[d] + 2 * degree > 9) continue;
        // SE takes only base lines holding the digit in two places or more.
        if ((lineMask & ~fishLines[d - 1]) !== 0) continue;
        let common = 0;
        for (let m = lineMask; m !== 0; m &= m - 1) common |= grid.where[9 * baseLines[lowest(m)] + d - 1];
        if (popcount(common) !== degree) continue;
        // A base line's position is a cover line's number, and vice versa.
        let removable = 0;
        for (let m = common; m !== 0; m &= m - 1) removable |= grid.where[9 * coverLines[lowest(m)] + d - 1] & ~lineMask;
        // Most fish remove nothing: no array is made for them (an empty array and a full one differ in
        // V8's element kind, and seeing both would send the optimized code back to the interpreter).
        if (removable === 0) continue;
        return fishStep(grid, degree, d, baseLines, coverLines, lineMask, common);
      }
    }
  }
  return null;
}

/**
 * The fish hint, built apart from the search (which runs at every step and
 * rarely finds one) so that the search's optimized code stays small.
 */
function fishStep(grid: CandidateGrid, degree: number, d: number, baseLines: readonly number[], coverLines: readonly number[], lineMask: number, common: number): Step {
  const removals: Candidate[] = [];
  for (let m = common; m !== 0; m &= m - 1) {
    const cover = coverLines[lowest(m)];
    candidatesAt(cover, grid.where[9 * cover + d - 1] & ~lineMask, d, removals);
  }
  // SE lists the regions as base line, cover line, base line, cover line, ...
  const units: number[] = [];
  const bases = bitsOf(lineMask).map((i) => baseLines[i]);
  const covers = bitsOf(common).map((i) => coverLines[i]);
  for (let i = 0; i < degree; i++) units.push(bases[i], covers[i]);
  const cells: number[] = [];
  for (const cover of covers) for (const cell of cellsOfPositions(cover, grid.where[9 * cover + d - 1] & lineMask)) cells.push(cell);
  return step(FISH_NAME[degree], FISH_RATING[degree], units, cells.sort((a, b) => a - b), [d], null, removals);
}

// ---------------------------------------------------------------------------
// Wings (SE's XYWing producer)

/**
 * XY-Wing (4.2) and XYZ-Wing (4.4): pivot cells in row-major order, pincers
 * among the pivot's house cells in SE's order (box, row, column); removes the
 * common digit z from the cells that see both pincers (and the pivot, for
 * XYZ), the pattern's cells excepted.
 */
export function xyWing(grid: CandidateGrid, xyz: boolean): Step | null {
  const pivotSize = xyz ? 3 : 2;
  const cands = grid.candidates;
  for (let pivot = 0; pivot < 81; pivot++) {
    const xy = cands[pivot];
    if (popcount(xy) !== pivotSize) continue;
    for (let i = 0; i < 20; i++) {
      const xzCell = HOUSE[20 * pivot + i];
      const xz = cands[xzCell];
      if (popcount(xz) !== 2 || popcount(xy & ~xz) !== 1) continue;
      for (let j = 0; j < 20; j++) {
        const yzCell = HOUSE[20 * pivot + j];
        const yz = cands[yzCell];
        if (popcount(yz) !== 2) continue;
        if (popcount(xy | xz | yz) !== 3 || popcount(xy & xz & yz) !== (xyz ? 1 : 0)) continue;
        const zBit = xz & yz;
        const z = lowest(zBit) + 1;
        const removals: Candidate[] = [];
        for (let k = 0; k < 20; k++) {
          const victim = HOUSE[20 * xzCell + k];
          if (victim === pivot || victim === yzCell || !IS_PEER[81 * yzCell + victim]) continue;
          if (xyz && !IS_PEER[81 * pivot + victim]) continue;
          if (cands[victim] & zBit) removals.push({ cell: victim, digit: z });
        }
        if (removals.length === 0) continue;
        const name = xyz ? "XYZ-Wing" : "XY-Wing";
        return step(name, xyz ? 44 : 42, [], [pivot, xzCell, yzCell], digitsOfMask(xy | xz | yz), null, removals);
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// The producers in SE's order

export interface Producer {
  /** SE's producer (its toString), for reports. */
  readonly name: string;
  readonly find: (grid: CandidateGrid) => Step | null;
  /** A uniqueness technique (unique rectangles/loops, BUG): only valid for puzzles with one solution. */
  readonly uniqueness?: boolean;
}

/**
 * SE 1.2.1's producers, in the order its solver asks them: all 30, up to
 * the nested levels 2-5 of "Dynamic Forcing Chains (+ ...)" (9.5+).
 */
export const PRODUCERS: readonly Producer[] = [
  { name: "Hidden Singles", find: hiddenSingle },
  { name: "Direct Intersections", find: (g) => locking(g, true) },
  { name: "Direct Hidden Pairs", find: (g) => hiddenSet(g, 2, true) },
  { name: "Naked Singles", find: nakedSingle },
  { name: "Direct Hidden Triplets", find: (g) => hiddenSet(g, 3, true) },
  { name: "Intersections", find: (g) => locking(g, false) },
  { name: "Naked Pairs", find: (g) => nakedSet(g, 2) },
  { name: "X-Wings", find: (g) => fish(g, 2) },
  { name: "Hidden Pairs", find: (g) => hiddenSet(g, 2, false) },
  { name: "Naked Triplets", find: (g) => nakedSet(g, 3) },
  { name: "Swordfishes", find: (g) => fish(g, 3) },
  { name: "Hidden Triplets", find: (g) => hiddenSet(g, 3, false) },
  { name: "XY-Wings", find: (g) => xyWing(g, false) },
  { name: "XYZ-Wings", find: (g) => xyWing(g, true) },
  { name: "Unique Loops", find: uniqueLoops, uniqueness: true },
  { name: "Naked Quads", find: (g) => nakedSet(g, 4) },
  { name: "Jellyfishes", find: (g) => fish(g, 4) },
  { name: "Hidden Quads", find: (g) => hiddenSet(g, 4, false) },
  { name: "Bivalue Universal Grave", find: bug, uniqueness: true },
  { name: "Aligned Pair Exclusion", find: alignedPairExclusion },
  { name: "Forcing Chains & Cycles", find: forcingChainsAndCycles },
  { name: "Aligned Triplet Exclusion", find: alignedTripletExclusion },
  { name: "Nishio Forcing Chains", find: nishioForcingChains },
  { name: "Multiple Forcing Chains", find: (g) => multipleForcingChains(g, false) },
  { name: "Dynamic Forcing Chains", find: (g) => multipleForcingChains(g, true) },
  { name: "Dynamic Forcing Chains (+)", find: (g) => multipleForcingChains(g, true, 1) },
  { name: "Dynamic Forcing Chains (+ Forcing Chains)", find: (g) => nestedForcingChains(g, 2) },
  { name: "Dynamic Forcing Chains (+ Multiple Forcing Chains)", find: (g) => nestedForcingChains(g, 3) },
  { name: "Dynamic Forcing Chains (+ Dynamic Forcing Chains)", find: (g) => nestedForcingChains(g, 4) },
  { name: "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", find: (g) => nestedForcingChains(g, 5) },
];

/**
 * The first step SE would take, or null when none of the implemented
 * producers has one. Without `uniqueness` the uniqueness producers are
 * skipped (SE with those techniques unticked).
 */
export function nextStep(grid: CandidateGrid, uniqueness = true): Step | null {
  for (const producer of PRODUCERS) {
    if (!uniqueness && producer.uniqueness === true) continue;
    const found = producer.find(grid);
    if (found !== null) return found;
  }
  return null;
}
