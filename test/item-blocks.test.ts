/**
 * How the line commands' input is cut into units: fixed blocks, or blocks
 * that grow (rate), cut where each file ends; and a rate result is accepted
 * only for the unit whose puzzles it rates.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BlockSizes, ItemReader, resolveInputs } from "../src/io/input.js";
import type { ItemBlock } from "../src/jobs/items.js";
import { DEFAULT_FORMAT, rateJob, type RateSpec } from "../src/jobs/rate-job.js";
import { growingBlocks } from "../src/runner/item-source.js";
import { CLI, freshDir } from "./cli-helpers.js";

/** Two puzzles SE rates 2.6 and 4.4 (rate-cli.test.ts). */
const PUZZLES = [
  ".................1..2..3..4.......5.....673...1...8.......1...8..65.....4.9.....2",
  "................12..3..4........35...1..6....27......8...72.......8.1.....9...6..",
];

function puzzles(count: number, tag: string): string[] {
  return Array.from({ length: count }, (_, i) => `${PUZZLES[i % PUZZLES.length]} ${tag}${i}`);
}

async function blockSizes(files: readonly string[], sizes: BlockSizes): Promise<number[]> {
  const { sources } = await resolveInputs(files);
  const seen: number[] = [];
  for await (const batch of new ItemReader(sources).batches(sizes)) seen.push(batch.items.length);
  return seen;
}

test("growing blocks: four of each power of two up to the cap, and no more than a 32nd of the items left", () => {
  const grow = growingBlocks(16);
  assert.deepEqual(Array.from({ length: 22 }, (_, k) => grow(k, null)), [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16, 16, 16]);
  assert.equal(grow(1_000_000, null), 16);
  assert.equal(grow(100, 100_000), 16);
  assert.equal(grow(100, 320), 10);
  assert.equal(grow(100, 64), 2);
  assert.equal(grow(100, 31), 1);
  assert.equal(grow(100, 0), 1);
});

test("the reader cuts blocks of the sizes asked: they grow, shrink again for the last items, and stop where each file ends", async () => {
  const dir = freshDir();
  const a = join(dir, "a.txt");
  const b = join(dir, "b.txt");
  const c = join(dir, "c.txt");
  writeFileSync(a, puzzles(40, "a").join("\n") + "\n");
  writeFileSync(b, puzzles(10, "b").join("\n") + "\n");
  writeFileSync(c, puzzles(3000, "c").join("\n") + "\n");
  assert.deepEqual(await blockSizes([a, b], 16), [16, 16, 8, 10]);
  // 50 items: never 2 in a unit once fewer than 64 are left.
  assert.deepEqual(await blockSizes([a, b], growingBlocks(16)), [1, 1, 1, 1, ...Array(46).fill(1)]);
  const sizes = await blockSizes([c], growingBlocks(16));
  assert.equal(sizes.reduce((sum, n) => sum + n, 0), 3000);
  assert.deepEqual(sizes.slice(0, 17), [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16]);
  assert.equal(Math.max(...sizes), 16);
  const peakEnd = sizes.lastIndexOf(16);
  for (let k = peakEnd + 1; k < sizes.length; k++) assert.ok(sizes[k] <= sizes[k - 1], `block ${k} (${sizes[k]}) after ${sizes[k - 1]}`);
  assert.deepEqual(sizes.slice(-31), Array(31).fill(1), "the last items one per unit");
  assert.ok(sizes.length <= 3000 / 8, `${sizes.length} units for 3,000 items`);
  // The same input, the same cut.
  assert.deepEqual(await blockSizes([c], growingBlocks(16)), sizes);
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

test("stdin: a line is answered while the input stays open (its block is handed over when stdin falls silent)", async () => {
  const child = spawn(process.execPath, [CLI, "solve", "--threads", "1"], { stdio: ["pipe", "pipe", "pipe"] });
  try {
    const firstLine = new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
      });
      child.on("exit", () => reject(new Error(`exited before answering; stderr: ${child.stderr.read() ?? ""}`)));
      setTimeout(() => reject(new Error("no answer within 20 s while stdin stayed open")), 20_000).unref();
    });
    child.stdin.write(`${PUZZLES[0]}\n`);
    const answer = await firstLine;
    assert.match(answer, /^[1-9]{81}$/);
    assert.equal(answer.length, 81);
  } finally {
    child.stdin.end();
    child.kill();
  }
});
