/**
 * `sudokulab rate` (--format, --threads, --pearl/--diamond, bad lines) and
 * `sudokulab explain` (text, --json), run through the built CLI; every
 * explained placement and elimination is checked against the solution.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parsePuzzle } from "../src/core/puzzle.js";
import { solve } from "../src/solver/solve.js";
import { earlyStop, type StepJson, type CandidateJson } from "../src/rate/explain.js";
import { formatRating, ratePuzzle, type RateResult, type Step } from "../src/rate/index.js";
import { formatElapsed, formatProblem } from "../src/jobs/rate-job.js";
import { dataFile, journalUnits, missingData } from "./helpers.js";
import { CLI, freshDir, runCli } from "./cli-helpers.js";

/** serate 1.2.1.3: 2.6/1.2/1.2 (Pointing). */
const P26 = ".................1..2..3..4.......5.....673...1...8.......1...8..65.....4.9.....2";
/** serate 1.2.1.3: 4.4/1.2/1.2 (XYZ-Wing). */
const P44 = "................12..3..4........35...1..6....27......8...72.......8.1.....9...6..";
/** Two solutions. */
const MULTI = "1" + ".".repeat(80);
/** serate 1.2.1.3: 9.1/9.0/7.2; with --pearl 20.0/9.0/7.2, with --diamond 20.0/0.0/7.2 (a step harder than ED before the first placement). */
const P91 = ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...";
/**
 * SE 1.2.1's own Solver.getDifficulty with only its first N producers (a local driver that empties SE's later
 * producer lists, printing as serate prints): 20.0 with EP and ED as far as reached.
 */
const SE_LIMITED = [
  { puzzle: "6..7....3.8..3.........26..8.........1..2.59....45.12.5..3.9..77.........9.....1.", producers: 20, rating: "20.0/2.6/2.6" },
  { puzzle: "..3..67.........2.79.2......3....6..5....4..76.7..3.453.5..74...............1...8", producers: 20, rating: "20.0/0.0/0.0" },
  { puzzle: "..6.......3...7..11.7.............9.3....6..5.5.8..2....3..5..6...2...4..4..9.8..", producers: 26, rating: "20.0/0.0/0.0" },
];

const ratings = dataFile("se-ratings.tsv");
const needsData = { skip: !ratings && missingData("se-ratings.tsv") };

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
  // serate's numbers on a puzzle whose EP is its hardest step but one; %t names the step that stopped the rating.
  const hard = input(dir, [P91]);
  assert.equal(runCli(["rate", "--pearl", "--format", "%r/%p/%d %t", hard], dir).stdout, "20.0/9.0/7.2 Dynamic Region Forcing Chains\n");
  assert.equal(runCli(["rate", "--diamond", "--format", "%r/%p/%d", hard], dir).stdout, "20.0/0.0/7.2\n");
  assert.equal(runCli(["rate", "--format", "%r/%p/%d", hard], dir).stdout, "9.1/9.0/7.2\n");
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

test("rate --pearl / --diamond stop the rating itself: serate's numbers (the replay of the whole path), fewer steps, less CPU", needsData, (t) => {
  const puzzles = [P91, ...sample(400).map((p) => p.puzzle)];
  const cpu = { full: 0, pearl: 0, diamond: 0 };
  const steps = { full: 0, pearl: 0, diamond: 0 };
  /** Rates and adds the CPU time (process.cpuUsage) to cpu[key]. */
  const timed = (key: keyof typeof cpu, stop: "pearl" | "diamond" | null, puzzle: string): RateResult => {
    const start = process.cpuUsage();
    const result = ratePuzzle(puzzle, { steps: true, stop });
    const used = process.cpuUsage(start);
    cpu[key] += (used.user + used.system) / 1e6;
    return result;
  };
  for (const puzzle of puzzles) {
    const full = timed("full", null, puzzle);
    assert.equal(full.status, "rated");
    if (full.status !== "rated") continue;
    steps.full += full.steps.length;
    for (const stop of ["pearl", "diamond"] as const) {
      const result = timed(stop, stop, puzzle);
      if (result.status === "invalid") assert.fail(puzzle);
      steps[stop] += result.steps.length;
      const replay = earlyStop(full.steps, stop);
      if (replay === null) {
        assert.deepEqual(result, full, `${puzzle} --${stop}`);
        continue;
      }
      assert.equal(result.status, "stopped", `${puzzle} --${stop}`);
      if (result.status !== "stopped") continue;
      assert.deepEqual([result.er, result.ep, result.ed], [replay.er, replay.ep, replay.ed], `${puzzle} --${stop}`);
      // The loop stops at serate's step or (--diamond, before the first placement) earlier, on the path's steps.
      assert.ok(result.steps.length <= replay.at + 1);
      assert.deepEqual(result.steps, full.steps.slice(0, result.steps.length));
      assert.equal(result.stoppedBy, result.steps[result.steps.length - 1]);
    }
  }
  t.diagnostic(`${puzzles.length} puzzles: ${steps.full} steps in ${cpu.full.toFixed(2)} s CPU; --pearl ${steps.pearl} steps in ${cpu.pearl.toFixed(2)} s; --diamond ${steps.diamond} steps in ${cpu.diamond.toFixed(2)} s`);
  assert.ok(steps.pearl < steps.full / 3 && steps.diamond < steps.full / 3);
});

test("rate / explain: ER 20.0 as SE when no producer applies (shown with --producers N, SE with its later techniques unticked)", () => {
  const dir = freshDir();
  for (const { puzzle, producers, rating } of SE_LIMITED) {
    const result = ratePuzzle(puzzle, { producers, steps: true });
    assert.equal(result.status, "unsolvable", puzzle);
    if (result.status !== "unsolvable") continue;
    assert.equal([result.er, result.ep, result.ed].map(formatRating).join("/"), rating, puzzle);
    assert.ok(result.steps.every((s) => s.rating < 200));
  }
  const file = input(dir, [...SE_LIMITED.filter((e) => e.producers === 20).map((e) => e.puzzle), P26]);
  const run = runCli(["rate", "--producers", "20", "--format", "%r/%p/%d %t", file], dir);
  assert.equal(run.code, 0);
  assert.equal(run.stdout, "20.0/2.6/2.6 ?\n20.0/0.0/0.0 ?\n2.6/1.2/1.2 Pointing\n");
  assert.match(run.stderr, /2 puzzles beyond SE's first 20 producers \(ER 20\.0/);
  // With all of them, the first puzzle is rated (SE: 7.2/2.6/2.6).
  assert.equal(runCli(["rate", "--format", "%r/%p/%d", input(dir, [SE_LIMITED[0].puzzle])], dir).stdout, "7.2/2.6/2.6\n");
  const text = runCli(["explain", "--producers", "20", SE_LIMITED[0].puzzle], dir).stdout.trimEnd().split("\n");
  assert.match(text[text.length - 2], /^Stopped after \d+ steps: no technique of SE's first 20 producers applies/);
  assert.equal(text[text.length - 1], "ED=20.0/2.6/2.6");
  const json = JSON.parse(runCli(["explain", "--json", "--producers", "20", SE_LIMITED[1].puzzle], dir).stdout) as Record<string, unknown>;
  assert.deepEqual([json.status, json.er, json.ep, json.ed], ["unsolvable", 20, 0, 0]);
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

test("rate --out: SIGINT keeps a checkpoint (exit 130), and --resume ends with the output of an uninterrupted run, every rating once and each SE's", needsData, async () => {
  const dir = freshDir();
  const rows = readFileSync(ratings as string, "utf8").split("\n").filter((line) => /^[.0-9]{81}\t/.test(line));
  // Puzzles SE rates 6.6-7.5: tens of milliseconds each, so the run is still going when it is interrupted.
  const picked = rows.map((row) => row.split("\t")).filter(([, er]) => Number(er) >= 6.6 && Number(er) <= 7.5).slice(0, 240);
  assert.ok(picked.length >= 100, `${picked.length} puzzles`);
  const file = input(dir, picked.map(([puzzle]) => puzzle));
  const out = join(dir, "rated.txt");
  const args = ["rate", "--format", "%g %r/%p/%d", file, "--out", out];
  const child = spawn(process.execPath, [CLI, ...args, "--threads", "2"], { cwd: dir, stdio: "ignore" });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (journalUnits(`${out}.checkpoint`) < 8 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  child.kill("SIGINT");
  assert.equal(await exited, 130);
  const kept = journalUnits(`${out}.checkpoint`);
  assert.ok(kept >= 8, `${kept} units in the checkpoint`);
  const resumed = runCli([...args, "--threads", "1", "--resume"], dir);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, new RegExp(`resuming rate .*: ${kept} units? from the checkpoint`));
  const expected = picked.map(([puzzle, er, ep, ed]) => `${puzzle} ${er}/${ep}/${ed}`).join("\n") + "\n";
  assert.equal(readFileSync(out, "utf8"), expected);
  assert.equal(runCli(["rate", "--format", "%g %r/%p/%d", file], dir).stdout, expected);
});
