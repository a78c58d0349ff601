/**
 * `sudokulab entries` and `sudokulab entry`: the CLI against the counts the
 * C++ program gives (pass-1 ranks 414 and 415), grid validity, the library's
 * locateGrid and canonical forms, the known 17s listed with their entry's
 * ranks and slice (k1_p2a.txt, k3_p1.txt), bad arguments, and the
 * checkpoint: left whole by a signal and resumed without recounting.
 */
import { test } from "node:test";
import { CLI, freshDir, runCli } from "./cli-helpers.js";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatPuzzle, isValidGrid, parseGrid, parsePuzzle } from "../src/core/puzzle.js";
import { solve } from "../src/solver/solve.js";
import { canonicalGrid } from "../src/canon/index.js";
import { CATALOG_NAMES, locateGrid } from "../src/catalog/index.js";
import { dataFile, journalUnits, missingData } from "./helpers.js";



function lines(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}


test("entries --count: pass-1 rank 415 has 80 bands 2, 55 entries, 456 bands 3", () => {
  const run = runCli(["entries", "--rank", "415", "--catalog", "pass1", "--count"]);
  assert.equal(run.code, 0, run.stderr);
  const [line, ...rest] = lines(run.stdout);
  assert.deepEqual(rest, []);
  assert.equal(line, "pass1\t415\t80\t55\t456");
  assert.match(run.stderr, /^entries: pass1 rank 415: \d+\.\d\d s CPU$/m);
});

test("entries lists 456 grids for pass-1 rank 415, each a valid grid in the catalog's rank order", () => {
  const run = runCli(["entries", "--rank", "415", "--catalog", "pass1", "--slices", "0..1"]);
  assert.equal(run.code, 0, run.stderr);
  const listed = lines(run.stdout);
  assert.equal(listed.length, 456);
  assert.equal(new Set(listed).size, 456, "a grid listed twice");
  const entries = new Set<string>();
  for (const line of listed) {
    const [band1, band2, band3, r1, r2, r3, slice, ...rest] = line.split("\t");
    assert.deepEqual(rest, [], line);
    assert.ok(isValidGrid(parseGrid(band1 + band2 + band3)), `not a valid grid: ${line}`);
    assert.equal(band1.slice(0, 9), "123456789", "band 1 is in minlex form");
    assert.deepEqual([r1, r2], ["415", "415"]);
    assert.ok(Number(r3) <= 415, "pass 1: band 3 has the lowest rank");
    assert.ok(slice === "0" || slice === "1", "80 bands 2 make slices 0 and 1");
    entries.add(band2);
  }
  assert.equal(entries.size, 55);
});

test("entries --all-ranks: pass-1 ranks 414..415 on 2 threads; the output is the same with --resume, and the record holds each rank's CPU", () => {
  const dir = freshDir();
  const args = ["entries", "--all-ranks", "--count", "--ranks", "414..415", "--catalog", "pass1", "--threads", "2", "--out", "t.txt"];
  const run = runCli(args, dir);
  assert.equal(run.code, 0, run.stderr);
  const table = lines(readFileSync(join(dir, "t.txt"), "utf8"));
  assert.equal(table.length, 3);
  assert.match(table[0], /^pass1\t414\t\d+\t473\t4047$/);
  assert.equal(table[1], "pass1\t415\t80\t55\t456");
  assert.match(table[2], new RegExp(`^pass1\ttotal\t\\d+\t${473 + 55}\t${4047 + 456}$`));
  const record = JSON.parse(readFileSync(join(dir, "t.txt.record.json"), "utf8")) as { units: { unit: number; cpu: number }[] };
  assert.deepEqual(record.units.map((u) => u.unit), [0, 1]);
  assert.ok(record.units.every((u) => u.cpu > 0));
  assert.ok(!existsSync(join(dir, "t.txt.checkpoint")));
  const stdout = runCli(args.slice(0, -2), dir);
  assert.equal(stdout.stdout, readFileSync(join(dir, "t.txt"), "utf8"), "the same table on stdout");
});

test("entries --all-ranks --slices-only: each rank's bands 2 and slices, as --count has them; pass-1 rank 415 has 80 bands 2 in 2 slices", () => {
  const run = runCli(["entries", "--all-ranks", "--count", "--slices-only", "--ranks", "414..415", "--catalog", "pass1", "--threads", "2"]);
  assert.equal(run.code, 0, run.stderr);
  const table = lines(run.stdout);
  assert.equal(table[1], "pass1\t415\t80\t2");
  const full = runCli(["entries", "--rank", "414", "--catalog", "pass1", "--count"]);
  const bands2 = full.stdout.split("\t")[2];
  assert.equal(table[0], `pass1\t414\t${bands2}\t${(Number(bands2) >> 6) + 1}`);
  assert.equal(table[2], `pass1\ttotal\t${Number(bands2) + 80}\t${(Number(bands2) >> 6) + 3}`);
});

test("entries --all-ranks: SIGTERM keeps the finished rank; --resume counts only the other", async () => {
  const dir = freshDir();
  const checkpoint = join(dir, "t.txt.checkpoint");
  const args = ["entries", "--all-ranks", "--count", "--ranks", "414..415", "--catalog", "pass1", "--out", "t.txt"];
  // One thread: rank 414, then 415, so the signal comes while 415 runs.
  const child = spawn(process.execPath, [CLI, ...args, "--threads", "1"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (journalUnits(checkpoint) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  child.kill("SIGTERM");
  assert.equal(await exited, 130, stderr);
  assert.match(stderr, /entries .* interrupted \(SIGTERM\): 1 unit done; checkpoint saved in t\.txt\.checkpoint/);
  assert.match(stderr, /to continue: sudokulab entries .* --resume$/m);
  assert.equal(journalUnits(checkpoint), 1);

  const resumed = runCli([...args, "--resume", "--threads", "2"], dir);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(lines(readFileSync(join(dir, "t.txt"), "utf8")).slice(1), ["pass1\t415\t80\t55\t456", "pass1\ttotal\t756\t528\t4503"]);
  assert.match(resumed.stderr, /resuming entries .*: 1 unit from the checkpoint/);
  const record = JSON.parse(readFileSync(join(dir, "t.txt.record.json"), "utf8")) as { units: { by: string }[] };
  assert.notEqual(record.units[0].by, record.units[1].by, "rank 414 came from the first run's checkpoint");
});

test("entry: the first known 17's grid, in every catalog, as locateGrid has it; entries lists it in that slice", (t) => {
  const path = dataFile("sudoku17.txt");
  if (path === null) return t.skip(missingData("sudoku17.txt"));
  const solution = solve(parsePuzzle(readFileSync(path, "utf8").split("\n")[0].slice(0, 81)));
  assert.ok(solution !== null);
  const grid = formatPuzzle(solution);
  const run = runCli(["entry", grid, "--all-catalogs"]);
  assert.equal(run.code, 0, run.stderr);
  const answers = lines(run.stdout);
  assert.equal(answers.length, 3);
  const canonical = formatPuzzle(canonicalGrid(solution).grid);
  for (const [i, catalog] of CATALOG_NAMES.entries()) {
    const [name, band1, band2, band3, r1, r2, r3, slice] = answers[i].split("\t");
    const expected = locateGrid(solution, catalog);
    assert.equal(name, catalog);
    assert.equal(band1 + band2 + band3, formatPuzzle(expected.grid));
    assert.deepEqual([r1, r2, r3].map(Number), expected.ranks);
    assert.equal(formatPuzzle(canonicalGrid(parseGrid(band1 + band2 + band3)).grid), canonical, "the entry is the same grid");
    assert.match(slice, /^\d+$/);
  }

  const [, band1, band2, band3, r1, , , slice] = answers[0].split("\t");
  const listed = runCli(["entries", "--rank", r1, "--catalog", "main", "--slices", `${slice}..${slice}`]);
  assert.equal(listed.code, 0, listed.stderr);
  assert.ok(lines(listed.stdout).includes(answers[0].slice("main\t".length)), `not listed in slice ${slice}: ${band1} ${band2} ${band3}`);

  const noSlice = runCli(["entry", grid, "--no-slice"]);
  assert.equal(noSlice.stdout, answers[0].replace(/\t\d+$/, "\t-") + "\n");
});

test("entry: known 17s come out in their entry's coordinates, with the ranks and slice the C++ program gave", (t) => {
  const cases: [string, string][] = [
    ["k1_p2a.txt", "main"],
    ["k3_p1.txt", "pass1"],
  ];
  for (const [file, catalog] of cases) {
    const path = dataFile(file);
    if (path === null) return t.skip(missingData(file));
    // "puzzle; rank1; rank2; rank3; slice", the puzzle in the coordinates of its entry.
    const line = readFileSync(path, "utf8").split("\n")[0];
    const expected = line.slice(81).split(";").slice(1).map((field) => field.trim());
    const piped = spawnSync(process.execPath, [CLI, "entry", "--catalog", catalog], { input: line + "\n", encoding: "utf8", timeout: 60_000 });
    assert.equal(piped.status, 0, piped.stderr);
    const fields = piped.stdout.replace(/\n$/, "").split("\t");
    assert.equal(fields[0], catalog);
    const solution = solve(line.slice(0, 81));
    assert.ok(solution !== null);
    assert.equal(fields.slice(1, 4).join(""), formatPuzzle(solution), `${file}: the entry is the puzzle's own grid`);
    assert.deepEqual([fields[4], fields[5], fields[6], fields[7].split(";")[0]], expected, `${file}: ranks and slice`);
  }
});

test("entries and entry: bad options exit 2 with a message; bad grids exit 1, the others are answered", () => {
  const usage: [string[], RegExp][] = [
    [["entries", "--rank", "416"], /expected a band-1 rank, 0 to 415/],
    [["entries", "--rank", "3", "--catalog", "nope"], /Allowed choices are main, inverted, pass1/],
    [["entries", "--rank", "3", "--slices", "5..2"], /expected slices as A\.\.B or A/],
    [["entries", "--rank", "3", "--slices", "1-2"], /expected slices as A\.\.B or A/],
    [["entries"], /give --rank R/],
    [["entries", "--all-ranks"], /--all-ranks needs --count/],
    [["entries", "--all-ranks", "--count", "--ranks", "0..416"], /expected ranks as A\.\.B or A/],
    [["entries", "--rank", "3", "--resume"], /--resume works with --all-ranks only/],
    [["entries", "--all-ranks", "--count", "--out", "x.txt", "--checkpoint", "x.txt"], /--out and --checkpoint name the same file/],
    [["entry", "--catalog", "pass2"], /Allowed choices are main, inverted, pass1/],
    [["entry", "--catalog", "main", "--all-catalogs"], /cannot be used with/],
  ];
  for (const [args, message] of usage) {
    const run = runCli(args);
    assert.equal(run.code, 2, args.join(" "));
    assert.equal(run.stdout, "");
    assert.match(run.stderr, message);
  }

  const GRID = "123456789456789123789132564264918357875324691931675248392861475547293816618547932";
  const dir = freshDir();
  writeFileSync(join(dir, "grids.txt"), `${GRID.slice(0, 80)}\n${GRID} # fine\n${"1".repeat(81)}\n`);
  const run = runCli(["entry", "--no-slice", "grids.txt", "12345", "missing.txt"], dir);
  assert.equal(run.code, 1);
  assert.equal(lines(run.stdout).length, 1);
  assert.match(run.stdout, /^main\t123456789\d{18}\t\d{27}\t\d{27}\t\d+\t\d+\t\d+\t- # fine\n$/);
  assert.match(run.stderr, /^sudokulab: grids\.txt:1: line has 80 characters \(expected 81\)$/m);
  assert.match(run.stderr, /^sudokulab: grids\.txt:3: .*digit 1/m);
  assert.match(run.stderr, /^sudokulab: argument 2: line has 5 characters \(expected 81\)$/m);
  assert.match(run.stderr, /^sudokulab: missing\.txt: no such file$/m);
});
