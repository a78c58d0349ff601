/**
 * Nothing lost, whatever the user does: two runs on one checkpoint, a
 * checkpoint and an output that do not belong together, an edited journal,
 * a reader that goes away, a full disk, an output that is a folder, lines
 * of a megabyte, bytes that would drive a terminal, too many threads, clue
 * counts no scan can list, and library calls with wrong arguments. Each case
 * is checked against what must hold: the reference output, the file left as
 * it was, one clear line and the convention's exit code.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, freshDir, runCli } from "./cli-helpers.js";
import { journalUnits } from "./helpers.js";
import { bandAtRank, canonicalGrid, countSolutions, ratePuzzle, solve } from "../src/index.js";

/** Holds exactly 20 17-clue puzzles. */
const GRID = "123456789456789123789132564264918357875324691931675248392861475547293816618547932";
const SEVENTEEN = ".....6....5.7.9...7.......42.4.1..........69...........9.....7......3.......4..32";
/** The first 3 clues of the 17 forced: a hitting-engine scan of several seconds, long enough to catch running. */
const SLOW_MASK = [...SEVENTEEN].map((ch, i) => (ch !== "." && [...SEVENTEEN.slice(0, i)].filter((c) => c !== ".").length < 3 ? "1" : ".")).join("");

function lines(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

function noStackTrace(stderr: string): void {
  assert.doesNotMatch(stderr, /\n\s+at /, "no stack trace");
}

test("two runs on one checkpoint: the second is refused with the holder's PID and host; after a kill -9 the stale lock is taken over and the output is whole, without a duplicate", async () => {
  const dir = freshDir();
  const out = join(dir, "found.txt");
  const checkpoint = `${out}.checkpoint`;
  const args = ["scan", GRID, "--clues", "17", "--mask", SLOW_MASK, "--engine", "hitting", "--out", out, "--threads", "1"];
  const first = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: "ignore" });
  const exited = new Promise((resolve) => first.on("close", resolve));
  const deadline = Date.now() + 60_000;
  while (journalUnits(checkpoint) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const second = runCli([...args, "--resume"], dir);
  assert.equal(second.code, 2, second.stderr);
  assert.match(second.stderr, new RegExp(`checkpoint .*found\\.txt\\.checkpoint is in use by process ${first.pid} on \\S+`));
  noStackTrace(second.stderr);

  first.kill("SIGKILL");
  await exited;
  assert.ok(existsSync(`${checkpoint}.lock`), "a killed run leaves its lock");
  const resumed = runCli([...args, "--resume"], dir);
  assert.equal(resumed.code, 0, resumed.stderr);
  const found = lines(readFileSync(out, "utf8"));
  assert.equal(new Set(found).size, found.length, "no duplicate");
  const reference = runCli(["scan", GRID, "--clues", "17", "--mask", SLOW_MASK, "--engine", "hitting", "--threads", "2"], freshDir());
  assert.equal(readFileSync(out, "utf8"), reference.stdout, "the same output as an uninterrupted run");
  assert.ok(!existsSync(`${checkpoint}.lock`) && !existsSync(checkpoint));
});

test("--resume with --out and no checkpoint yet starts the run, as the help says", () => {
  const dir = freshDir();
  const run = runCli(["scan", GRID, "--clues", "17", "--out", "new.txt", "--resume"], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(lines(readFileSync(join(dir, "new.txt"), "utf8")).length, 20);
});

test("--out equal to --checkpoint is a usage error, and the file is left as it was", () => {
  const dir = freshDir();
  writeFileSync(join(dir, "x.txt"), "precious\n");
  const run = runCli(["scan", GRID, "--clues", "17", "--out", "x.txt", "--checkpoint", "x.txt"], dir);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--out and --checkpoint name the same file/);
  assert.equal(readFileSync(join(dir, "x.txt"), "utf8"), "precious\n");
});

test("a checkpoint resumed with another --out is refused; the other file is left as it was", async () => {
  const dir = freshDir();
  const args = ["scan", GRID, "--clues", "17", "--mask", SLOW_MASK, "--engine", "hitting", "--threads", "1"];
  const child = spawn(process.execPath, [CLI, ...args, "--out", "a.txt"], { cwd: dir, stdio: "ignore" });
  const exited = new Promise((resolve) => child.on("close", resolve));
  const deadline = Date.now() + 60_000;
  while (journalUnits(join(dir, "a.txt.checkpoint")) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  child.kill("SIGINT");
  await exited;
  writeFileSync(join(dir, "b.txt"), "an unrelated file\n".repeat(100));
  const run = runCli([...args, "--out", "b.txt", "--checkpoint", "a.txt.checkpoint", "--resume"], dir);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /was made for the output .*a\.txt, not .*b\.txt; resume with --out .*a\.txt/);
  assert.equal(readFileSync(join(dir, "b.txt"), "utf8"), "an unrelated file\n".repeat(100));
  // And an output edited after the interruption is refused before anything is appended.
  const a = join(dir, "a.txt");
  if (readFileSync(a, "utf8").length > 0) {
    writeFileSync(a, "X" + readFileSync(a, "utf8").slice(1));
    const edited = runCli([...args, "--out", "a.txt", "--resume"], dir);
    assert.equal(edited.code, 2);
    assert.match(edited.stderr, /differs from what the checkpoint .* says was written/);
  }
});

test("an edited checkpoint line is refused: its digest no longer matches", async () => {
  const dir = freshDir();
  const args = ["entries", "--all-ranks", "--count", "--ranks", "414..415", "--catalog", "pass1", "--out", "t.txt", "--threads", "1"];
  const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: "ignore" });
  const exited = new Promise((resolve) => child.on("close", resolve));
  const checkpoint = join(dir, "t.txt.checkpoint");
  const deadline = Date.now() + 60_000;
  while (journalUnits(checkpoint) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  child.kill("SIGTERM");
  await exited;
  const text = readFileSync(checkpoint, "utf8");
  assert.match(text, /"bands3":4047/);
  writeFileSync(checkpoint, text.replace(/"bands3":4047/, '"bands3":4046'));
  const run = runCli([...args, "--resume"], dir);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /checkpoint t\.txt\.checkpoint cannot be trusted: line 2 was changed/);
});

test("--clues 81, 80 and 78 are answered directly; a count no scan can list is refused at once", () => {
  for (const [clues, count] of [[81, 1], [80, 81], [78, 85320]] as const) {
    const start = Date.now();
    const run = runCli(["scan", GRID, "--clues", String(clues)]);
    const seconds = (Date.now() - start) / 1000;
    assert.equal(run.code, 0, run.stderr);
    assert.equal(lines(run.stdout).length, count, `${clues} clues`);
    // Node's start-up included; the enumeration itself takes well under a second (85,320 solver calls at 78).
    assert.ok(seconds < 10, `${clues} clues took ${seconds} s`);
  }
  const start = Date.now();
  const run = runCli(["scan", GRID, "--clues", "30"]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /astronomically many puzzles/);
  assert.ok(Date.now() - start < 10_000);
});

test("--threads 1000 is capped at the cores with a note; --threads-max-override insists", () => {
  const input = `${SEVENTEEN}\n`.repeat(50);
  const capped = spawnSync(process.execPath, [CLI, "solve", "--threads", "1000"], { input, encoding: "utf8" });
  assert.equal(capped.status, 0, capped.stderr);
  assert.match(capped.stderr, /note: --threads 1000 capped at \d+, the cores here/);
  assert.equal(lines(capped.stdout).length, 50);
  const ua = runCli(["ua", GRID, "--empty-cells", "81"]);
  assert.equal(ua.code, 2);
  assert.match(ua.stderr, /expected an integer from 4 to 60/);
});

test("a line of a megabyte is one bad line with its reason; the lines after it are answered", () => {
  const dir = freshDir();
  writeFileSync(join(dir, "big.txt"), `${SEVENTEEN}\n${"1".repeat(1 << 20)}\n${SEVENTEEN}\n`);
  const run = runCli(["count", "big.txt"], dir);
  assert.equal(run.code, 1);
  assert.deepEqual(lines(run.stdout), ["1", "1"]);
  assert.match(run.stderr, /^sudokulab: big\.txt:2: line longer than 65,536 bytes$/m);
  noStackTrace(run.stderr);
});

test("a byte-order mark is skipped; control bytes in a bad line are shown escaped", () => {
  const dir = freshDir();
  writeFileSync(join(dir, "bom.txt"), `\ufeff${SEVENTEEN}\n12\u001b[31m${"0".repeat(79)}\u0000\n`);
  const run = runCli(["count", "bom.txt"], dir);
  assert.equal(run.code, 1);
  assert.deepEqual(lines(run.stdout), ["1"]);
  assert.match(run.stderr, /^sudokulab: bom\.txt:2: bad character '\\x1b' at position 3/m);
  assert.ok(!run.stderr.includes("\u001b") && !run.stderr.includes("\u0000"), "no raw control byte on stderr");
});

test("stdout to /dev/full: one clear line and exit code 1; a reader that closes the pipe ends the run quietly and leaves no checkpoint", () => {
  const full = spawnSync("sh", ["-c", `"${process.execPath}" "${CLI}" solve > /dev/full`], { input: `${SEVENTEEN}\n`.repeat(10), encoding: "utf8" });
  assert.equal(full.status, 1, full.stderr);
  assert.match(full.stderr, /^sudokulab: cannot write <stdout>: no space left on the device \(ENOSPC\)$/m);
  noStackTrace(full.stderr);

  const dir = freshDir();
  const head = spawnSync("sh", ["-c", `"${process.execPath}" "${CLI}" scan ${GRID} --clues 17 | head -1`], { cwd: dir, encoding: "utf8" });
  assert.equal(lines(head.stdout).length, 1);
  assert.deepEqual(readdirSync(dir).filter((f) => f.includes("checkpoint")), [], "no checkpoint left behind");
  const again = runCli(["scan", GRID, "--clues", "17"], dir);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(lines(again.stdout).length, 20);
});

test("an --out that is a folder fails at once, before any work, and leaves no stray file", () => {
  const dir = freshDir();
  mkdirSync(join(dir, "folder"));
  const start = Date.now();
  const run = runCli(["scan17", "--rank", "23", "--slices", "1196", "--pass", "1", "--out", "folder"], dir);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^sudokulab: cannot write folder: is a directory$/m);
  assert.ok(Date.now() - start < 20_000, "refused before the scan");
  assert.deepEqual(readdirSync(dir).filter((f) => f !== "folder" && !f.endsWith(".lock")), []);
  assert.deepEqual(readdirSync(join(dir, "folder")), []);
});

test("the library refuses wrong arguments with a TypeError or RangeError that names the argument", () => {
  const p = SEVENTEEN;
  assert.throws(() => countSolutions(p, NaN), { name: "RangeError", message: /limit must be a positive integer/ });
  assert.throws(() => countSolutions(p, 0), RangeError);
  assert.throws(() => solve(42 as never), { name: "TypeError", message: /puzzle must be an 81-character string/ });
  assert.throws(() => solve({} as never), TypeError);
  assert.throws(() => solve(p.slice(1)), { name: "RangeError", message: /puzzle: line has 80 characters/ });
  assert.throws(() => solve(Array(81).fill(10) as never), { name: "RangeError", message: /cell 0 holds 10/ });
  assert.equal(ratePuzzle(new String(p) as never).status, "rated");
  assert.throws(() => ratePuzzle(p, { producers: -5 }), { name: "RangeError", message: /options\.producers/ });
  assert.throws(() => ratePuzzle(p, { stop: "ruby" as never }), { name: "RangeError", message: /options\.stop/ });
  assert.throws(() => ratePuzzle(7 as never), TypeError);
  assert.throws(() => bandAtRank(-1), { name: "RangeError", message: /rank must be an integer from 0 to 415/ });
  assert.throws(() => bandAtRank(416), RangeError);
  assert.throws(() => canonicalGrid(p), { name: "RangeError", message: /grid: not a valid solution grid/ });
  // Right arguments still work: an array of numbers, a Uint8Array, a string.
  assert.equal(countSolutions([...p].map((c) => (c === "." ? 0 : Number(c)))), 1);
});
