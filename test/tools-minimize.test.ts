/**
 * `minimize` and the library's minimizePuzzle / forEachMinimalSubpuzzle,
 * checked against the solver: every answer is a subset of the input's
 * clues with the input's unique solution, and loses it when any one clue
 * goes; the cell order is checked through what it implies for each clue;
 * --all is compared with a brute-force enumeration of clue subsets written
 * here.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parsePuzzle } from "../src/core/puzzle.js";
import { countSolutions, solve } from "../src/solver/solve.js";
import { forEachMinimalSubpuzzle, minimizePuzzle } from "../src/solver/minimize.js";
import { referenceCount, rng, text } from "./helpers.js";
import { CLI, freshDir, runCli } from "./cli-helpers.js";

const SEVENTEENS = [
  "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
  ".................1.....2.3.....4.2.5..6..7.....8.9...4...8.3.6..4.....9..5.......",
  ".................1.....2.3.....4...5..3.1.....26....7.15...8...4........7....6.2.",
  ".................1.....2.3.....1...4..3.5.....26....7.14...8...5........7....6.2.",
];
const TMP = freshDir("sudokulab-minimize-");

/** A 17 with `extra` more clues taken from its solution at random cells. */
function padded(seventeen: string, extra: number, random: () => number): string {
  const cells = parsePuzzle(seventeen);
  const grid = solve(cells)!;
  let added = 0;
  while (added < extra) {
    const cell = Math.floor(random() * 81);
    if (cells[cell] !== 0) continue;
    cells[cell] = grid[cell];
    added++;
  }
  return text(cells);
}

/** The solver's word on a candidate minimal subpuzzle of `input`. */
function assertMinimalSubpuzzle(output: string, input: string): void {
  assert.match(output, /^[1-9.]{81}$/);
  for (let cell = 0; cell < 81; cell++) if (output[cell] !== ".") assert.equal(output[cell], input[cell], `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1} is not a clue of the input`);
  assert.equal(countSolutions(output, 2), 1, `${output} is not unique`);
  assert.deepEqual(solve(output), solve(input), "the solution changed");
  for (let cell = 0; cell < 81; cell++) {
    if (output[cell] === ".") continue;
    const without = output.slice(0, cell) + "." + output.slice(cell + 1);
    assert.equal(countSolutions(without, 2), 2, `clue ${cell} of ${output} can go`);
  }
}

function isUnique(cells: ArrayLike<number>): boolean {
  return countSolutions(text(cells), 2) === 1;
}

/**
 * Every minimal subpuzzle by brute force: every clue whose removal from the
 * whole puzzle breaks uniqueness is in all of them (a subset without it is
 * a subset of the puzzle without it); every subset of the other clues is
 * tried with them. Null when there are too many subsets to try.
 */
function bruteForceMinimals(puzzle: string): Set<string> | null {
  const cells = parsePuzzle(puzzle);
  const clues = [...cells.keys()].filter((cell) => cells[cell] !== 0);
  const removable = clues.filter((cell) => {
    const without = cells.slice();
    without[cell] = 0;
    return isUnique(without);
  });
  if (removable.length > 14) return null;
  const found = new Set<string>();
  for (let mask = 0; mask < 1 << removable.length; mask++) {
    const trial = cells.slice();
    removable.forEach((cell, i) => {
      if (((mask >> i) & 1) === 0) trial[cell] = 0;
    });
    if (!isUnique(trial)) continue;
    const minimal = clues.every((cell) => {
      if (trial[cell] === 0) return true;
      const without = trial.slice();
      without[cell] = 0;
      return !isUnique(without);
    });
    if (minimal) found.add(text(trial));
  }
  return found;
}

test("minimizePuzzle: a minimal subpuzzle with the same solution, the clues tried in cell order", () => {
  const random = rng(11);
  for (const seventeen of SEVENTEENS) {
    for (const extra of [0, 4, 12, 30]) {
      const input = padded(seventeen, extra, random);
      const output = text(minimizePuzzle(input));
      assertMinimalSubpuzzle(output, input);
      // In cell order, clue c went exactly when the clues kept before it and all the clues after it were unique without it.
      const cells = parsePuzzle(input);
      const kept = parsePuzzle(output);
      for (let c = 0; c < 81; c++) {
        if (cells[c] === 0) continue;
        const then = Uint8Array.from(cells, (digit, cell) => (cell < c ? kept[cell] : cell > c ? digit : 0));
        assert.equal(kept[c] === 0, isUnique(then), `clue ${c} of ${input}`);
      }
    }
  }
  // A full grid reduces too: it is a puzzle with every clue.
  const grid = text(solve(SEVENTEENS[0])!);
  assertMinimalSubpuzzle(text(minimizePuzzle(grid)), grid);
  // Another order, another minimal puzzle, still a minimal subpuzzle.
  const reversed = text(minimizePuzzle(grid, Array.from({ length: 81 }, (_, i) => 80 - i)));
  assertMinimalSubpuzzle(reversed, grid);
  assert.notEqual(reversed, text(minimizePuzzle(grid)));
  // An order naming some cells: those first, then the rest in cell order; minimal all the same.
  assertMinimalSubpuzzle(text(minimizePuzzle(grid, [80, 40, 0])), grid);
  assert.throws(() => minimizePuzzle(".".repeat(81)), /several solutions/);
  assert.throws(() => minimizePuzzle("12345678." + "........9" + ".".repeat(63)), /no solution/);
});

test("forEachMinimalSubpuzzle: the same set as a brute-force enumeration, each once", () => {
  const random = rng(3);
  let several = 0;
  let cases = 0;
  for (let trial = 0; trial < 40 && cases < 12; trial++) {
    const input = padded(SEVENTEENS[trial % SEVENTEENS.length], 4 + (trial % 5), random);
    const expected = bruteForceMinimals(input);
    if (expected === null) continue;
    cases++;
    const listed: string[] = [];
    const search = forEachMinimalSubpuzzle(input, (minimal) => void listed.push(text(minimal)));
    assert.ok(search.complete);
    assert.equal(search.count, listed.length);
    assert.equal(new Set(listed).size, listed.length, "a minimal subpuzzle listed twice");
    assert.deepEqual(new Set(listed), expected, input);
    if (expected.size > 1) several++;
  }
  assert.ok(cases >= 8, `only ${cases} cases`);
  assert.ok(several >= 3, "too few cases with several minimal subpuzzles to tell anything");
  // A minimal puzzle is its only minimal subpuzzle.
  const only: string[] = [];
  assert.deepEqual(forEachMinimalSubpuzzle(SEVENTEENS[1], (m) => void only.push(text(m))), { count: 1, complete: true });
  assert.deepEqual(only, [SEVENTEENS[1]]);
});

test("forEachMinimalSubpuzzle: a limit stops the search, and every puzzle before it is minimal", () => {
  const grid = text(solve(SEVENTEENS[2])!);
  const listed: string[] = [];
  const search = forEachMinimalSubpuzzle(grid, (minimal) => void listed.push(text(minimal)), 25);
  assert.deepEqual(search, { count: 25, complete: false });
  assert.equal(new Set(listed).size, 25);
  for (const minimal of listed) assertMinimalSubpuzzle(minimal, grid);
  // The callback stops it too.
  assert.deepEqual(forEachMinimalSubpuzzle(grid, () => false), { count: 1, complete: false });
  // The naive solver of the tests agrees with the kernel on two of them.
  for (const minimal of listed.slice(0, 2)) assert.equal(referenceCount(parsePuzzle(minimal), 2), 1);
});

test("minimize: one minimal puzzle per input line, annotations kept; bad lines reported, the others answered", () => {
  const random = rng(7);
  const inputs = SEVENTEENS.map((p) => padded(p, 6, random));
  const file = join(TMP, "in.txt");
  writeFileSync(file, `${inputs[0]} first\n${".".repeat(81)}\n${inputs[1]}#second\n`);
  const run = runCli(["minimize", file, inputs[2]]);
  assert.equal(run.code, 1);
  assert.equal(run.stderr, `sudokulab: ${file}:2: puzzle has several solutions (a minimal subpuzzle needs a unique one)\n`);
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 3);
  assert.ok(lines[0].endsWith(" first") && lines[1].endsWith("#second") && lines[2].length === 81);
  [inputs[0], inputs[1], inputs[2]].forEach((input, i) => assertMinimalSubpuzzle(lines[i].slice(0, 81), input));
  assert.equal(lines[0].slice(0, 81), text(minimizePuzzle(inputs[0])), "the documented cell order");
});

test("minimize --seed: another order, still minimal, the same for the same seed; --json names the removed clues", () => {
  const grid = text(solve(SEVENTEENS[3])!);
  const a = runCli(["minimize", "--seed", "1", grid]);
  const b = runCli(["minimize", "--seed", "1", grid]);
  const c = runCli(["minimize", "--seed", "2", grid]);
  assert.equal(a.code, 0);
  assert.equal(a.stdout, b.stdout);
  assert.notEqual(a.stdout, c.stdout);
  for (const run of [a, c]) assertMinimalSubpuzzle(run.stdout.trim(), grid);
  const json = runCli(["minimize", "--json", grid]);
  const object = JSON.parse(json.stdout) as { puzzle: string; minimal: string; clues: number; removed: string[]; annotation: string };
  assert.equal(object.puzzle, grid);
  assertMinimalSubpuzzle(object.minimal, grid);
  assert.equal(object.clues, object.minimal.replace(/\./g, "").length);
  const removed = [...object.minimal].flatMap((ch, cell) => (ch === "." ? [`r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`] : []));
  assert.deepEqual(object.removed, removed);
});

test("minimize --all: the brute-force set between a header and a footer; --limit says when it stopped", () => {
  const random = rng(21);
  let input = "";
  let expected: Set<string> | null = null;
  for (let trial = 0; expected === null || expected.size < 2; trial++) {
    input = padded(SEVENTEENS[trial % 4], 6, random);
    expected = bruteForceMinimals(input);
  }
  const file = join(TMP, "all.txt");
  writeFileSync(file, `# a comment line\n${input} tag\n`);
  const run = runCli(["minimize", "--all", file]);
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines[0], `# ${file}:2: ${input} tag`);
  assert.equal(lines[lines.length - 1], `# ${expected.size} minimal subpuzzles, all of them`);
  assert.deepEqual(new Set(lines.slice(1, -1)), expected);
  // A limit of exactly that many is all of them; one less, and the footer says there are more.
  const exact = runCli(["minimize", "--all", "--limit", String(expected.size), input]);
  assert.deepEqual([exact.stdout.trimEnd().split("\n").pop(), exact.stderr], [`# ${expected.size} minimal subpuzzles, all of them`, ""]);
  const short = runCli(["minimize", "--all", "--limit", String(expected.size - 1), input]);
  assert.equal(short.stdout.trimEnd().split("\n").pop(), `# ${expected.size - 1} minimal subpuzzle${expected.size === 2 ? "" : "s"}, and more: stopped at --limit ${expected.size - 1}`);

  const grid = text(solve(SEVENTEENS[0])!);
  const limited = runCli(["minimize", "--all", "--limit", "3", "--json", grid]);
  assert.equal(limited.code, 0);
  assert.equal(limited.stderr, "sudokulab: argument 1: more than 3 minimal subpuzzles: stopped at the limit (--limit)\n");
  const object = JSON.parse(limited.stdout) as { minimals: string[]; count: number; complete: boolean };
  assert.equal(object.count, 3);
  assert.equal(object.complete, false);
  for (const minimal of object.minimals) assertMinimalSubpuzzle(minimal, grid);
  const text3 = runCli(["minimize", "--all", "--limit", "3", grid]);
  assert.match(text3.stdout, /\n# 3 minimal subpuzzles, and more: stopped at --limit 3\n$/);
});

test("minimize: usage errors exit with 2", () => {
  assert.equal(runCli(["minimize", "--limit", "5", SEVENTEENS[0]]).code, 2);
  assert.equal(runCli(["minimize", "--all", "--seed", "3", SEVENTEENS[0]]).code, 2);
  assert.equal(runCli(["minimize", "--all", "--limit", "0", SEVENTEENS[0]]).code, 2);
  const bad = runCli(["minimize", SEVENTEENS[0].slice(1)]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^sudokulab: argument 1: line has 80 characters/);
});

test("minimize --all: a reader that stops early ends the run at once, without an error", async () => {
  const grid = text(solve(SEVENTEENS[1])!);
  const child = spawn(process.execPath, [CLI, "minimize", "--all", "--limit", "10000000", grid], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await once(child.stdout, "data");
  child.stdout.destroy();
  const started = Date.now();
  const [code] = (await once(child, "exit")) as [number | null];
  assert.deepEqual([code, stderr], [0, ""]);
  assert.ok(Date.now() - started < 20_000, "it stopped when the reader went away");
});
