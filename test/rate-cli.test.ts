/**
 * `sudokulab rate` (--format, --threads, --pearl/--diamond, bad lines) and
 * `sudokulab explain` (text, --json), run through the built CLI; every
 * explained placement and elimination is checked against the solution.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parsePuzzle } from "../src/core/puzzle.js";
import { solve } from "../src/solver/solve.js";
import { earlyStop, type StepJson, type CandidateJson } from "../src/rate/explain.js";
import type { Step } from "../src/rate/index.js";
import { formatElapsed, formatProblem } from "../src/cli/rate-job.js";
import { dataFile } from "./helpers.js";
import { freshDir, runCli } from "./cli-helpers.js";

/** serate 1.2.1.3: 2.6/1.2/1.2 (Pointing). */
const P26 = ".................1..2..3..4.......5.....673...1...8.......1...8..65.....4.9.....2";
/** serate 1.2.1.3: 4.4/1.2/1.2 (XYZ-Wing). */
const P44 = "................12..3..4........35...1..6....27......8...72.......8.1.....9...6..";
/** Two solutions. */
const MULTI = "1" + ".".repeat(80);

const ratings = dataFile("se-ratings.tsv");
const needsData = { skip: !ratings && "se-ratings.tsv not found" };

/** A fixed sample of se-ratings.tsv puzzles rated below 7 by SE (fast to rate), with their SE ratings. */
function sample(count: number): { puzzle: string; rating: string }[] {
  const rows = readFileSync(ratings as string, "utf8").split("\n").filter((line) => /^[.0-9]{81}\t/.test(line));
  const picked: { puzzle: string; rating: string }[] = [];
  for (let i = 0; i < rows.length && picked.length < count; i += 7) {
    const [puzzle, er, ep, ed] = rows[i].split("\t");
    if (Number(er) < 7) picked.push({ puzzle, rating: `${er}/${ep}/${ed}` });
  }
  return picked;
}

function input(dir: string, lines: readonly string[]): string {
  const file = join(dir, "in.txt");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

test("rate --format: serate's codes, the technique, the ordinal; bad codes are refused", () => {
  const dir = freshDir();
  const file = input(dir, [P26 + " first", "abc", MULTI, P44]);
  const run = runCli(["rate", "--format", "%n|%g|%r|%p|%d|%t|%%|x", file], dir);
  assert.equal(run.code, 1);
  assert.deepEqual(run.stdout.split("\n"), [`1|${P26}|2.6|1.2|1.2|Pointing|%|x first`, `2|${P44}|4.4|1.2|1.2|XYZ-Wing|%|x`, ""]);
  assert.match(run.stderr, /in\.txt:2: bad character 'a'/);
  assert.match(run.stderr, /in\.txt:3: puzzle has several solutions/);
  // The default is unchanged.
  assert.equal(runCli(["rate", file], dir).stdout, `${P26} ED=2.6/1.2/1.2 first\n${P44} ED=4.4/1.2/1.2\n`);
  assert.match(runCli(["rate", "--format", "%e", file], dir).stdout, /^\d+\.\d\ds first\n/);
  const bad = runCli(["rate", "--format", "%r %q", file], dir);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /unknown format code '%q'/);
  assert.equal(formatProblem("%r%"), "the format ends with a lone '%'");
  assert.equal(formatElapsed(250), "0.25s");
  assert.equal(formatElapsed(65_000), "1m05s");
  assert.equal(formatElapsed(3_900_000), "1h05m");
});

test("rate --threads 2 prints exactly what one thread prints, in input order", needsData, () => {
  const dir = freshDir();
  const puzzles = sample(60);
  const lines = puzzles.map((p, i) => `${p.puzzle} #${i}`);
  lines.splice(20, 0, "bad line");
  lines.splice(45, 0, MULTI);
  const file = input(dir, lines);
  const args = ["rate", "--format", "%n %g %r/%p/%d %t", file];
  const one = runCli([...args, "--threads", "1"], dir);
  const two = runCli([...args, "--threads", "2"], dir);
  assert.equal(one.code, 1);
  assert.equal(two.code, 1);
  assert.equal(two.stdout, one.stdout);
  assert.equal(two.stderr, one.stderr);
  const out = one.stdout.trimEnd().split("\n");
  assert.equal(out.length, puzzles.length);
  out.forEach((line, i) => assert.ok(line.startsWith(`${i + 1} ${puzzles[i].puzzle} ${puzzles[i].rating} `), `line ${i + 1}: ${line}, SE ${puzzles[i].rating}`));
  assert.match(one.stderr, /in\.txt:21: /);
  assert.match(one.stderr, /in\.txt:46: puzzle has several solutions/);
});

test("rate --pearl / --diamond stop as serate does", needsData, () => {
  const dir = freshDir();
  const file = input(dir, [P26, P44]);
  // Both have EP = ED = 1.2 < ER: neither is a pearl nor a diamond.
  assert.equal(runCli(["rate", "--pearl", file], dir).stdout, `${P26} ED=20.0/1.2/1.2\n${P44} ED=20.0/1.2/1.2\n`);
  assert.equal(runCli(["rate", "--diamond", file], dir).stdout, `${P26} ED=20.0/1.2/1.2\n${P44} ED=20.0/1.2/1.2\n`);
  const easy = sample(200).find((p) => p.rating === "1.2/1.2/1.2");
  assert.ok(easy !== undefined);
  const easyFile = input(dir, [easy.puzzle]);
  assert.equal(runCli(["rate", "--diamond", easyFile], dir).stdout, `${easy.puzzle} ED=1.2/1.2/1.2\n`);
  // The rules on synthetic paths (ratings ×10).
  const step = (rating: number, places: boolean): Step => ({
    technique: "T",
    rating,
    units: [],
    cells: [],
    digits: [],
    placement: places ? { cell: 0, digit: 1 } : null,
    eliminations: [],
    impliedEliminations: [],
  });
  const path = [step(26, false), step(30, false), step(12, true), step(20, true), step(40, true)];
  assert.deepEqual(earlyStop(path, "pearl"), { er: 200, ep: 30, ed: 26, at: 4 });
  assert.deepEqual(earlyStop(path, "diamond"), { er: 200, ep: 0, ed: 26, at: 2 });
  assert.equal(earlyStop(path.slice(0, 4), "pearl"), null);
  assert.equal(earlyStop([step(26, false), step(12, true), step(26, true)], "diamond"), null);
});

test("explain: every step in order, then ER/EP/ED; bad puzzles name their line", () => {
  const dir = freshDir();
  const run = runCli(["explain", P26], dir);
  assert.equal(run.code, 0);
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines[0], P26);
  assert.match(lines[1], /^ *1\. Hidden Single \(1\.2\) digit \d in r\dc\d \[(row|column|box) \d\] => r\dc\d=\d$/);
  assert.ok(lines.some((line) => /^ *\d+\. Pointing \(2\.6\) .*=> (r\dc\d<>\d ?)+/.test(line)), "a pointing step with its eliminations");
  assert.match(lines[lines.length - 1], /^ED=2\.6\/1\.2\/1\.2 \(ER 2\.6, EP 1\.2, ED 1\.2; \d+ steps\)$/);
  for (let i = 1; i < lines.length - 1; i++) assert.match(lines[i], new RegExp(`^ *${i}\\. `));
  const file = input(dir, [P44, "oops", MULTI]);
  const two = runCli(["explain", P26, file], dir);
  assert.equal(two.code, 1);
  assert.equal(two.stdout.split("\n\n").length, 2);
  assert.match(two.stderr, /in\.txt:2: bad character 'o'/);
  assert.match(two.stderr, /in\.txt:3: puzzle has several solutions/);
  assert.match(runCli(["explain", MULTI], dir).stderr, /argument 1: puzzle has several solutions/);
});

test("explain --json: the steps' fields, and every placement and elimination agrees with the solution", needsData, () => {
  const dir = freshDir();
  const puzzles = [P26, P44, ...sample(25).map((p) => p.puzzle)];
  const run = runCli(["explain", "--json", input(dir, puzzles)], dir);
  assert.equal(run.code, 0, run.stderr);
  const objects = run.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.equal(objects.length, puzzles.length);
  assert.deepEqual(Object.keys(objects[0]), ["puzzle", "annotation", "status", "er", "ep", "ed", "hardestSoFar", "steps"]);
  assert.deepEqual([objects[1].er, objects[1].ep, objects[1].ed, objects[1].status], [4.4, 1.2, 1.2, "rated"]);
  let checked = 0;
  objects.forEach((object, p) => {
    assert.equal(object.puzzle, puzzles[p]);
    const solution = solve(parsePuzzle(puzzles[p]));
    assert.ok(solution !== null);
    const steps = object.steps as StepJson[];
    assert.ok(steps.length > 0);
    const agrees = (c: CandidateJson, placed: boolean): void => {
      assert.equal(c.cell, `r${Math.floor(c.index / 9) + 1}c${(c.index % 9) + 1}`);
      assert.equal(solution[c.index] === c.digit, placed, `${puzzles[p]}: ${c.cell}${placed ? "=" : "<>"}${c.digit}`);
      checked++;
    };
    steps.forEach((step, i) => {
      assert.equal(step.step, i + 1);
      assert.deepEqual(Object.keys(step), ["step", "technique", "rating", "units", "cells", "cellIndices", "digits", "placement", "eliminations", "impliedEliminations", "text"]);
      assert.equal(typeof step.technique, "string");
      assert.equal(step.cells.length, step.cellIndices.length);
      if (step.placement !== null) agrees(step.placement, true);
      for (const c of step.eliminations) agrees(c, false);
      for (const c of step.impliedEliminations) agrees(c, false);
    });
    if (object.status === "rated") assert.equal(Math.max(...steps.map((s) => s.rating)), object.er);
  });
  assert.ok(checked > 1000);
});
