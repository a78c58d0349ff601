/**
 * `sudokulab scan`: the CLI against a brute force (every 3-cell completion of
 * 14 clues of a known 17, checked by the solver), output independent of the
 * thread count, --stop-at-first, --minimals, bad arguments, and checkpoint /
 * resume, both from a hand-made checkpoint and after real signals.
 */
import { test } from "node:test";
import { CLI, type CliRun, freshDir, runCli } from "./cli-helpers.js";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { journalUnits } from "./helpers.js";
import { join } from "node:path";
import { clueCount, formatPuzzle, parseGrid } from "../src/core/puzzle.js";
import { countSolutions, redundantClues } from "../src/solver/solve.js";
import { prepareScan } from "../src/scan/index.js";

/** Holds exactly 20 17-clue puzzles. */
const GRID = "123456789456789123789132564264918357875324691931675248392861475547293816618547932";
/** One of them. */
const SEVENTEEN = ".....6....5.7.9...7.......42.4.1..........69...........9.....7......3.......4..32";
/** Its first 14 clue cells forced: a scan of about a second. */
const MASK = maskOf(SEVENTEEN, 14);
/** Its first 3 clue cells: a scan of several seconds, long enough to interrupt. */
const SLOW_MASK = maskOf(SEVENTEEN, 3);

function maskOf(puzzle: string, clues: number): string {
  let left = clues;
  return [...puzzle].map((ch) => (ch !== "." && left-- > 0 ? "1" : ".")).join("");
}


function lines(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

/** Every 17 on the grid that holds the mask's 14 clues: each 3-subset of the other 67 cells, solver-checked. */
const bruteForce = lazy((): string[] => {
  const grid = parseGrid(GRID);
  const free = [...MASK].flatMap((ch, cell) => (ch === "1" ? [] : [cell]));
  assert.equal(free.length, 67);
  const puzzle = new Uint8Array(81);
  for (let cell = 0; cell < 81; cell++) if (MASK[cell] === "1") puzzle[cell] = grid[cell];
  const found: string[] = [];
  for (let a = 0; a < free.length; a++) {
    puzzle[free[a]] = grid[free[a]];
    for (let b = a + 1; b < free.length; b++) {
      puzzle[free[b]] = grid[free[b]];
      for (let c = b + 1; c < free.length; c++) {
        puzzle[free[c]] = grid[free[c]];
        if (countSolutions(puzzle, 2) === 1) found.push(formatPuzzle(puzzle));
        puzzle[free[c]] = 0;
      }
      puzzle[free[b]] = 0;
    }
    puzzle[free[a]] = 0;
  }
  return found.sort();
});

/** The reference CLI output: --threads 1. */
const fullScan = lazy((): string => {
  const dir = freshDir();
  const run = runCli(["scan", GRID, "--clues", "17", "--mask", MASK, "--threads", "1"], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.deepEqual(readdirSync(dir), [], "a completed scan leaves no checkpoint");
  return run.stdout;
});

function lazy<T>(compute: () => T): () => T {
  let value: { v: T } | null = null;
  return () => (value ??= { v: compute() }).v;
}

function assertSameSet(actual: readonly string[], expected: readonly string[]): void {
  assert.equal(new Set(actual).size, actual.length, "duplicate puzzles");
  assert.deepEqual([...actual].sort(), [...expected].sort());
}

test("scan finds exactly the brute-force set, each a unique 17 on the grid", () => {
  const expected = bruteForce();
  assert.equal(expected.length, 19);
  const found = lines(fullScan());
  assertSameSet(found, expected);
  for (const line of found) {
    assert.match(line, /^[1-9.]{81}$/);
    const puzzle = parseGrid(GRID).map((digit, cell) => (line[cell] === "." ? 0 : digit));
    assert.equal(formatPuzzle(puzzle), line, "a clue differs from the grid");
    assert.equal(clueCount(puzzle), 17);
    assert.equal(countSolutions(line, 2), 1);
  }
});

test("scan --threads 2 prints byte-identical output to --threads 1", () => {
  const run = runCli(["scan", GRID, "--clues", "17", "--mask", MASK, "--threads", "2"]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, fullScan());
});

test("scan --no-wasm (the JavaScript search throughout) prints the same output with the same node count", () => {
  const totals = (stderr: string) => /scan totals: (\d+) chunks, (\d+) nodes/.exec(stderr)?.slice(1, 3);
  const kernel = runCli(["scan", GRID, "--clues", "17", "--mask", MASK, "--threads", "1", "--stats"]);
  const javascript = runCli(["scan", GRID, "--clues", "17", "--mask", MASK, "--threads", "1", "--stats", "--no-wasm"]);
  assert.equal(javascript.code, 0, javascript.stderr);
  assert.equal(javascript.stdout, fullScan());
  assert.equal(kernel.stdout, fullScan());
  assert.ok(totals(kernel.stderr) !== undefined, kernel.stderr);
  assert.deepEqual(totals(javascript.stderr), totals(kernel.stderr));
  assert.match(kernel.stderr, /deepest levels in WebAssembly/);
  assert.match(javascript.stderr, /deepest levels in JavaScript/);
});

test("scan --stop-at-first prints exactly one of the puzzles", () => {
  for (const threads of ["1", "2"]) {
    const run = runCli(["scan", GRID, "--clues", "17", "--mask", MASK, "--stop-at-first", "--threads", threads]);
    assert.equal(run.code, 0, run.stderr);
    const found = lines(run.stdout);
    assert.equal(found.length, 1);
    assert.ok(bruteForce().includes(found[0]));
  }
});

test("scan --minimals keeps exactly the puzzles with no redundant clue", () => {
  const run = runCli(["scan", GRID, "--clues", "17", "--mask", MASK, "--minimals", "--threads", "2"]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(lines(run.stdout), lines(fullScan()).filter((p) => redundantClues(p).length === 0));
});

test("scan: a bad grid or mask exits 1, a bad option 2, with a clear message", () => {
  const cases: [string[], number, RegExp][] = [
    [["scan", GRID.slice(0, 80), "--clues", "17"], 1, /^sudokulab: grid argument: line has 80 characters \(expected 81\)$/m],
    [["scan", "1" + GRID.slice(1, 80) + "1", "--clues", "17"], 1, /^sudokulab: grid argument: digit 1 appears twice/m],
    [["scan", GRID, "--clues", "17", "--mask", MASK.slice(1)], 1, /^sudokulab: mask argument: mask has 80 characters \(expected 81\)$/m],
    [["scan", GRID, "--clues", "13", "--mask", MASK], 1, /^sudokulab: mask argument: it forces 14 clues, more than --clues 13$/m],
    [["scan", GRID, "--clues", "82"], 2, /expected a number of clues, 1 to 81/],
    [["scan", GRID, "--clues", "30"], 2, /astronomically many puzzles/],
  ];
  for (const [args, code, message] of cases) {
    const run = runCli(args);
    assert.equal(run.code, code, args.join(" "));
    assert.equal(run.stdout, "");
    assert.match(run.stderr, message);
    assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
  }
});

test("scan --out writes the run's record beside the output; --resume on a finished run finds it complete", () => {
  const dir = freshDir();
  const out = join(dir, "found.txt");
  const args = ["scan", GRID, "--clues", "17", "--mask", MASK, "--out", out, "--threads", "2"];
  const run = runCli(args, dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readFileSync(out, "utf8"), fullScan());
  assert.ok(!existsSync(`${out}.checkpoint`), "a completed scan deletes its checkpoint");
  const record = JSON.parse(readFileSync(`${out}.record.json`, "utf8")) as { sha256: string; bytes: number; units: unknown[]; totals: { cpuSeconds: number } };
  assert.equal(record.sha256, createHash("sha256").update(fullScan()).digest("hex"));
  assert.equal(record.bytes, Buffer.byteLength(fullScan()));
  assert.equal(record.units.length, prepareScan(parseGrid(GRID), 17, MASK).chunks.length / 6, "one cost per chunk");
  assert.ok(record.totals.cpuSeconds > 0);
  const again = runCli([...args, "--resume"], dir);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /already complete/);
  assert.equal(readFileSync(out, "utf8"), fullScan());
});

/** Starts the scan, waits until its checkpoint records `chunks` written chunks, sends `signal`, and returns the run. */
async function interruptAfter(args: readonly string[], checkpoint: string, chunks: number, signal: NodeJS.Signals): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  const deadline = Date.now() + 30_000;
  while (running && Date.now() < deadline) {
    if (journalUnits(checkpoint) >= chunks) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill(signal);
  return { code: await exited, stdout, stderr };
}

test("scan: SIGINT (--threads 1) and SIGTERM (--threads 2) keep a checkpoint that --resume completes", async () => {
  const dir = freshDir();
  const out = join(dir, "found.txt");
  const checkpoint = `${out}.checkpoint`;
  const args = ["scan", GRID, "--clues", "17", "--mask", SLOW_MASK, "--out", out];

  const first = await interruptAfter([...args, "--threads", "1"], checkpoint, 1, "SIGINT");
  assert.equal(first.code, 130, first.stderr);
  assert.ok(first.stderr.includes(`checkpoint saved in ${checkpoint}`), first.stderr);
  assert.match(first.stderr, /to continue: sudokulab scan .* --resume$/m);
  const before = journalUnits(checkpoint);

  const second = await interruptAfter([...args, "--threads", "2", "--resume"], checkpoint, before + 1, "SIGTERM");
  assert.equal(second.code, 130, second.stderr);
  assert.match(second.stderr, /interrupted \(SIGTERM\)/);

  const last = runCli([...args, "--threads", "2", "--resume"]);
  assert.equal(last.code, 0, last.stderr);
  // The first 3 clues of the 17 are in all 19 puzzles of the 14-clue case and in no other 17 of the grid.
  assertSameSet(lines(readFileSync(out, "utf8")), bruteForce());
  assert.ok(!existsSync(checkpoint));
});

test("scan --resume with no checkpoint starts the scan (so scripts can always pass it)", () => {
  const dir = freshDir();
  const args = ["scan", GRID, "--clues", "17", "--mask", MASK, "--threads", "1"];
  const plain = runCli(args);
  const resumed = runCli([...args, "--resume"], dir);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.equal(resumed.stdout, plain.stdout);
  assert.deepEqual(lines(resumed.stdout).sort(), bruteForce());
});
