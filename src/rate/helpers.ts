/**
 * Small helpers shared by the rater's techniques: bit scans over 9-bit sets
 * and the Step constructor.
 */
import { hasTwoBits } from "../core/bits.js";
import { UNIT_CELLS } from "./grid.js";
import type { Candidate, Chain, Step } from "./step.js";

export function lowest(bits: number): number {
  return 31 - Math.clz32(bits & -bits);
}

/** The set bits' indexes, increasing. */
export function bitsOf(mask: number): number[] {
  const bits: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) bits.push(lowest(m));
  return bits;
}

export function digitsOfMask(mask: number): number[] {
  const digits: number[] = [];
  for (let d = 1; d <= 9; d++) if ((mask >> (d - 1)) & 1) digits.push(d);
  return digits;
}

export function cellsOfPositions(unit: number, positions: number): number[] {
  const cells: number[] = [];
  for (let i = 0; i < 9; i++) if ((positions >> i) & 1) cells.push(UNIT_CELLS[9 * unit + i]);
  return cells;
}

export function step(
  technique: string,
  rating: number,
  units: readonly number[],
  cells: readonly number[],
  digits: readonly number[],
  placement: Candidate | null,
  eliminations: readonly Candidate[],
  impliedEliminations: readonly Candidate[] = [],
  chains: readonly Chain[] | undefined = undefined,
): Step {
  // Every step has the same fields in the same order, so that the rating loop sees one object shape.
  return { technique, rating, units, cells, digits, placement, eliminations, impliedEliminations, chains };
}

/** Candidates of `digit` at `positions` of `unit`. */
export function candidatesAt(unit: number, positions: number, digit: number, out: Candidate[] = []): Candidate[] {
  for (let p = positions; p !== 0; p &= p - 1) out.push({ cell: UNIT_CELLS[9 * unit + lowest(p)], digit });
  return out;
}

/** SE's printed rating of a double difficulty, ×10: (int)((d + 0.05) * 10). */
export function ratingOf(difficulty: number): number {
  return Math.trunc((difficulty + 0.05) * 10);
}

/**
 * The other cell of a conjugate pair: when `positions` (the places of a
 * digit in `unit`, `cell` among them) holds exactly two, the other one's
 * index 0-80; otherwise -1. The strong link the chain producers follow.
 */
export function conjugateCell(unit: number, positions: number, cell: number): number {
  if (!hasTwoBits(positions)) return -1;
  const first = UNIT_CELLS[9 * unit + lowest(positions)];
  return first !== cell ? first : UNIT_CELLS[9 * unit + lowest(positions & (positions - 1))];
}
