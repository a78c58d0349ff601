/**
 * How the line commands' input is cut into units: fixed blocks, or blocks
 * that grow (rate), cut where each file ends; and a rate result is accepted
 * only for the unit whose puzzles it rates.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ItemReader, resolveInputs } from "../src/io/input.js";
import type { ItemBlock } from "../src/jobs/items.js";
import { DEFAULT_FORMAT, rateJob, type RateSpec } from "../src/jobs/rate-job.js";
import { growingBlocks } from "../src/runner/item-source.js";
import { freshDir } from "./cli-helpers.js";

/** Two puzzles SE rates 2.6 and 4.4 (rate-cli.test.ts). */
const PUZZLES = [
  ".................1..2..3..4.......5.....673...1...8.......1...8..65.....4.9.....2",
  "................12..3..4........35...1..6....27......8...72.......8.1.....9...6..",
];

function puzzles(count: number, tag: string): string[] {
  return Array.from({ length: count }, (_, i) => `${PUZZLES[i % PUZZLES.length]} ${tag}${i}`);
}

async function blockSizes(files: readonly string[], sizes: number | ((block: number) => number)): Promise<number[]> {
  const { sources } = await resolveInputs(files);
  const seen: number[] = [];
  for await (const batch of new ItemReader(sources).batches(sizes)) seen.push(batch.items.length);
  return seen;
}

test("growing blocks: four of each power of two up to the cap, then the cap", () => {
  const sizes = Array.from({ length: 22 }, (_, k) => growingBlocks(16)(k));
  assert.deepEqual(sizes, [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16, 16, 16]);
  assert.equal(growingBlocks(16)(1_000_000), 16);
});

test("the reader cuts blocks of the sizes asked, and cuts one short where a file ends", async () => {
  const dir = freshDir();
  const a = join(dir, "a.txt");
  const b = join(dir, "b.txt");
  writeFileSync(a, puzzles(40, "a").join("\n") + "\n");
  writeFileSync(b, puzzles(10, "b").join("\n") + "\n");
  assert.deepEqual(await blockSizes([a], growingBlocks(16)), [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 4]);
  // The count of blocks goes on over the files: b's first block is the 15th.
  assert.deepEqual(await blockSizes([a, b], growingBlocks(16)), [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 4, 8, 2]);
  assert.deepEqual(await blockSizes([a, b], 16), [16, 16, 8, 10]);
});

test("rate: a unit's result is accepted for that unit only", async () => {
  const dir = freshDir();
  const file = join(dir, "p.txt");
  writeFileSync(file, [...puzzles(3, "x"), "not a puzzle"].join("\n") + "\n");
  const { sources } = await resolveInputs([file]);
  const units: ItemBlock[] = [];
  for await (const batch of new ItemReader(sources).batches(2)) units.push({ items: batch.items });
  assert.deepEqual(units.map((unit) => unit.items.length), [2, 2]);
  const spec: RateSpec = { format: DEFAULT_FORMAT, uniqueness: true, stop: null, producers: null, json: false };
  await rateJob.load!();
  const [first, second] = units.map((unit) => rateJob.run(null, spec, unit).data);
  assert.equal(rateJob.check(spec, units[0], first), null);
  assert.equal(rateJob.check(spec, units[1], second), null);
  assert.equal(second.records.length, 1);
  assert.equal(second.problems.length, 1);
  // Results of other puzzles, or of another number of them, are refused with the reason.
  assert.match(rateJob.check(spec, units[1], first) ?? "", /p\.txt:4 has no problem reported/);
  assert.match(rateJob.check(spec, units[0], second) ?? "", /p\.txt:2 has no record/);
  assert.match(rateJob.check(spec, { items: units[0].items.slice(0, 1) }, first) ?? "", /2 results for 1 puzzles/);
  const swapped = { items: [units[0].items[1], units[0].items[0]] };
  assert.match(rateJob.check(spec, swapped, first) ?? "", /the record of .*p\.txt:2 is of another puzzle/);
});
