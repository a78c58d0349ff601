/**
 * The exact cover test of closed band-3 problems (src/bandscan/band3-cover.ts)
 * against a plain search without bounds or pruning: for random UA lists,
 * "some `left` cells hit every UA" must agree.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Band3Cover } from "../src/bandscan/band3-cover.js";
import { rng } from "./helpers.js";

/** Fewest cells hitting every mask, by branching on the first unhit mask (no bound). */
function minimumCover(masks: readonly number[], chosen = 0): number {
  const unhit = masks.find((m) => (m & chosen) === 0);
  if (unhit === undefined) return 0;
  let best = 99;
  for (let cells = unhit; cells !== 0; cells &= cells - 1) {
    best = Math.min(best, 1 + minimumCover(masks, chosen | (cells & -cells)));
  }
  return best;
}

test("Band3Cover.coverable agrees with an unbounded search on random UA lists", () => {
  const random = rng(3);
  const cover = new Band3Cover();
  let yes = 0;
  let no = 0;
  for (let trial = 0; trial < 400; trial++) {
    const masks: number[] = [];
    const count = 1 + Math.floor(random() * 14);
    for (let k = 0; k < count; k++) {
      let m = 0;
      // Half the UAs inside one mini-row (as the GUA2/GUA3 patterns are), the others spread over the band.
      if (random() < 0.5) {
        const row = Math.floor(random() * 9);
        while (m === 0) m = Math.floor(random() * 8) << (3 * row);
      } else {
        const size = 2 + Math.floor(random() * 5);
        for (let c = 0; c < size; c++) m |= 1 << Math.floor(random() * 27);
      }
      masks.push(m);
    }
    const minimum = minimumCover(masks);
    for (let left = 0; left <= 7; left++) {
      cover.clear();
      for (const m of masks) cover.add(m);
      const expected = minimum <= left;
      assert.equal(cover.coverable(left), expected, `masks ${masks.map((m) => m.toString(2)).join(",")}, left ${left}, minimum ${minimum}`);
      if (expected) yes++;
      else no++;
    }
  }
  assert.ok(yes > 300 && no > 300, `both answers tested (${yes} yes, ${no} no)`);
});

test("Band3Cover with mini-row pattern families: UAs holding a pattern are left out, and the answer is unchanged", () => {
  const random = rng(11);
  const cover = new Band3Cover();
  let yes = 0;
  let no = 0;
  for (let trial = 0; trial < 300; trial++) {
    const families = new Array<number>(9).fill(0);
    const all: number[] = [];
    for (let r = 0; r < 9; r++) {
      if (random() < 0.3) {
        families[r] = Math.floor(random() * 128) << 1;
        for (let p = 1; p < 8; p++) if ((families[r] >> p) & 1) all.push(p << (3 * r));
      }
    }
    const masks: number[] = [];
    const count = 1 + Math.floor(random() * 12);
    for (let k = 0; k < count; k++) {
      let m = 0;
      const size = 2 + Math.floor(random() * 6);
      for (let c = 0; c < size; c++) m |= 1 << Math.floor(random() * 27);
      // Some inside one mini-row, as learned UAs can be.
      if (random() < 0.2) m = (1 + Math.floor(random() * 7)) << (3 * Math.floor(random() * 9));
      masks.push(m);
    }
    all.push(...masks);
    const minimum = minimumCover(all);
    for (let left = 0; left <= 7; left++) {
      cover.clear();
      for (let r = 0; r < 9; r++) cover.addMiniRowPatterns(r, families[r]!);
      // A UA inside one mini-row joins the root's families (add); the others may skip that test (addSpread).
      for (const m of masks) if (insideMiniRow(m)) cover.add(m); else cover.addSpread(m);
      const expected = minimum <= left;
      assert.equal(cover.coverable(left), expected, `families ${families.join(",")}, masks ${masks.map((m) => m.toString(2)).join(",")}, left ${left}`);
      if (expected) yes++;
      else no++;
    }
  }
  assert.ok(yes > 200 && no > 200, `both answers tested (${yes} yes, ${no} no)`);
  assert.ok(cover.redundant > 100, `UAs left out as redundant: ${cover.redundant}`);
});

function insideMiniRow(mask: number): boolean {
  const low = 31 - Math.clz32(mask & -mask);
  return (mask & ~(7 << (low - (low % 3)))) === 0;
}
