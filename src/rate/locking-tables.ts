/**
 * The tables of SE's Locking producer (pointing and claiming), shared by
 * the Intersections producers (techniques.ts) and the set rules of the
 * dynamic forcing chains (+) (plus.ts): the unit type pairs in SE's order,
 * the units each first unit crosses, and which of them holds all of a
 * digit's places in the first unit, by table.
 */
import { BOXES, COLUMNS, INTERSECTION, ROWS } from "./grid.js";

/** The (region1, region2) type pairs of SE's Locking producer, in its order. */
export const LOCKING_PAIRS: readonly (readonly [readonly number[], readonly number[]])[] = [
  [BOXES, COLUMNS],
  [BOXES, ROWS],
  [COLUMNS, BOXES],
  [ROWS, BOXES],
];

/**
 * The units a unit of the first type crosses, per pair and first unit:
 * LOCK_CROSSED[3 * (9 * pair + i1) + j] is the j-th crossed unit of the
 * second type, in SE's order. Their intersections with the first unit are
 * three disjoint position sets of one of two shapes (LOCK_SHAPE): 0 for
 * 0x7, 0x38, 0x1c0 (a box's rows, a line's boxes), 1 for 0x49, 0x92, 0x124
 * (a box's columns).
 */
export const LOCK_CROSSED = new Uint8Array(4 * 9 * 3);
const LOCK_SHAPE = new Uint8Array(4 * 9);
/** LOCK_SEGMENT[512 * shape + positions]: the j whose intersection holds every position, or -1. */
const LOCK_SEGMENT = new Int8Array(2 * 512).fill(-1);
{
  const shapes = [
    [0x7, 0x38, 0x1c0],
    [0x49, 0x92, 0x124],
  ];
  for (let shape = 0; shape < 2; shape++) {
    for (let positions = 1; positions < 512; positions++) {
      const j = shapes[shape].findIndex((mask) => (positions & ~mask) === 0);
      LOCK_SEGMENT[512 * shape + positions] = j;
    }
  }
  LOCKING_PAIRS.forEach(([types1, types2], pair) => {
    for (let i1 = 0; i1 < 9; i1++) {
      const u1 = types1[i1];
      const crossed = types2.filter((u2) => INTERSECTION[27 * u1 + u2] !== 0);
      const masks = crossed.map((u2) => INTERSECTION[27 * u1 + u2]).join();
      const shape = shapes.findIndex((list) => list.join() === masks);
      if (crossed.length !== 3 || shape < 0) throw new Error(`unexpected intersections of unit ${u1}`);
      LOCK_SHAPE[9 * pair + i1] = shape;
      LOCK_CROSSED.set(crossed, 3 * (9 * pair + i1));
    }
  });
}

/**
 * Which of `digits` (bit d - 1 for digit d) have two places or more in
 * unit `u1` (pair `pair`, index `i1`), all within one crossed unit: three
 * 9-bit masks, the j-th at bits 9j to 9j + 8, j as in LOCK_CROSSED.
 */
export function confinedDigits(where: Uint16Array, pair: number, i1: number, u1: number, digits: number): number {
  const shape = 512 * LOCK_SHAPE[9 * pair + i1];
  let confined = 0;
  for (let d = 0; d < 9; d++) {
    if (((digits >> d) & 1) === 0) continue;
    const positions = where[9 * u1 + d];
    if ((positions & (positions - 1)) === 0) continue;
    const j = LOCK_SEGMENT[shape + positions];
    if (j >= 0) confined |= 1 << (9 * j + d);
  }
  return confined;
}
