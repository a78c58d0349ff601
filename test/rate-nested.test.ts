/**
 * SE 1.2.1's nested forcing chains (src/rate/nested.ts, levels 2-5, 9.5+):
 * ER/EP/ED of the se-ratings.tsv puzzles SE rates 9.5 or more, and each
 * level's hint on grids where SE's producers were asked directly.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parsePuzzle } from "../src/core/puzzle.js";
import { solve } from "../src/solver/solve.js";
import { readTsv } from "../src/io/shared-data.js";
import { applyStep, CandidateGrid, formatRating, nextStep, ratePuzzle, type Step } from "../src/rate/index.js";
import { nestedForcingChains, staticHints } from "../src/rate/nested.js";
import { forcingChainsAndCycles } from "../src/rate/chaining.js";
import { dataFile } from "./helpers.js";

const ratings = dataFile("se-ratings.tsv");

/** "4.4" -> 44 */
function tenths(text: string): number {
  return Math.round(Number(text) * 10);
}

function cellName(cell: number): string {
  return `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
}

/** A step as SE's hint: name, rating, placement, removals (r1c2-3, sorted). */
function describe(step: Step): string {
  const removals = [...step.eliminations].sort((a, b) => a.cell - b.cell || a.digit - b.digit).map((e) => `${cellName(e.cell)}-${e.digit}`);
  const placement = step.placement === null ? "" : ` ${cellName(step.placement.cell)}=${step.placement.digit}`;
  return `${step.technique} ${formatRating(step.rating)}${placement} ${removals.join(" ")}`;
}

test("se-ratings.tsv: the 19 puzzles SE rates 9.5+ get SE's ER, EP and ED (levels 1-3; their SE paths use no level 4 or 5), with sound steps", { skip: !ratings && "se-ratings.tsv not found" }, (t) => {
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 95);
  assert.equal(rows.length, 19);
  const problems: string[] = [];
  const levels = new Map<string, number>();
  let slowest = 0;
  let total = 0;
  for (const row of rows) {
    const before = process.cpuUsage();
    const result = ratePuzzle(row.puzzle, { checkUnique: false, steps: true });
    const used = process.cpuUsage(before);
    const seconds = (used.user + used.system) / 1e6;
    total += seconds;
    slowest = Math.max(slowest, seconds);
    if (result.status !== "rated") {
      problems.push(`${row.puzzle}: ${result.status}`);
      continue;
    }
    const ours = [result.er, result.ep, result.ed].map(formatRating).join("/");
    if (ours !== `${row.ER}/${row.EP}/${row.ED}`) problems.push(`${row.puzzle}: SE ${row.ER}/${row.EP}/${row.ED}, ours ${ours}`);
    const solution = solve(parsePuzzle(row.puzzle))!;
    for (const step of result.steps) {
      const suffix = /\((\+[^)]*\)?)\)$/.exec(step.technique);
      if (suffix !== null) levels.set(suffix[1], (levels.get(suffix[1]) ?? 0) + 1);
      if (step.placement !== null && solution[step.placement.cell] !== step.placement.digit) problems.push(`${row.puzzle}: ${describe(step)} places a wrong digit`);
      for (const e of step.eliminations) if (solution[e.cell] === e.digit) problems.push(`${row.puzzle}: ${describe(step)} removes the solution`);
    }
  }
  t.diagnostic(`${rows.length} puzzles in ${total.toFixed(1)} CPU-s, slowest ${slowest.toFixed(1)} s; nested steps: ${[...levels].map(([name, n]) => `(${name}) ${n}`).join(", ")}`);
  assert.deepEqual(problems.slice(0, 5), [], `${problems.length} problems`);
  for (const name of ["+ Forcing Chains", "+ Multiple Forcing Chains"]) assert.ok(levels.has(name), `no (${name}) step`);
});

/**
 * Grids where SE 1.2.1's Chaining(multiple, dynamic, level) producers were asked directly (a local driver
 * applying SE's first steps, then calling each producer and printing its first hint): SE took 54 s, 146 s and
 * 632 s for levels 2, 3 and 4 on the first grid, 79 s, 200 s, 341 s and 333 s for levels 2-5 on the second
 * (complexity 37, 37, 38 and 11, 11, 11, 11).
 */
const SE_LEVELS = [
  {
    puzzle: "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4",
    steps: 7,
    hints: [
      [2, "Dynamic Contradiction Forcing Chains (+ Forcing Chains) 10.2 r2c3-2"],
      [3, "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains) 10.7 r2c3-2"],
      [4, "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains) 11.2 r2c7-7"],
    ],
  },
  {
    puzzle: "1.......2....1..3...5..34....2..1..4....8.7..6..9.......1..5.4.8.....5..9...6....",
    steps: 80,
    hints: [
      [2, "Dynamic Double Forcing Chains (+ Forcing Chains) 9.8 r9c4-7"],
      [3, "Dynamic Double Forcing Chains (+ Multiple Forcing Chains) 10.3 r9c4-7"],
      [4, "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains) 10.8 r9c4-7"],
      [5, "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains)) 11.3 r9c4-7"],
    ],
  },
] as const;

test("nested levels 2-5 on their own: the hint SE's producer gives first", () => {
  for (const { puzzle, steps, hints } of SE_LEVELS) {
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(puzzle));
    for (let i = 0; i < steps; i++) applyStep(grid, nextStep(grid)!);
    for (const [level, expected] of hints) {
      const found = nestedForcingChains(grid, level);
      assert.ok(found !== null, `level ${level}`);
      assert.equal(describe(found), expected, `level ${level}`);
    }
  }
});

test("nested static chains: on perturbed grids the first of all hints (SE's sort) is the static producer's hint", { skip: !ratings && "se-ratings.tsv not found" }, () => {
  // staticHints lists every forcing chain and cycle (for nesting); chaining.ts keeps only the one SE applies.
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 65);
  let seed = 12345;
  const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  let withHint = 0;
  for (let i = 0; i < rows.length; i += 13) {
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(rows[i].puzzle));
    for (let k = 3 + Math.floor(random() * 10); k > 0; k--) {
      const step = nextStep(grid);
      if (step === null) break;
      applyStep(grid, step);
    }
    // Remove a few candidates at random (never a cell's last two), as a propagation does.
    for (let r = Math.floor(random() * 25); r > 0; r--) {
      const cell = Math.floor(random() * 81);
      const digit = 1 + Math.floor(random() * 9);
      let size = 0;
      for (let d = 1; d <= 9; d++) if (grid.has(cell, d)) size++;
      if (size > 2 && grid.has(cell, digit)) grid.remove(cell, digit);
    }
    const expected = forcingChainsAndCycles(grid);
    const hints = staticHints(grid).sort((a, b) => a.difficulty - b.difficulty || a.complexity - b.complexity || a.sortKey - b.sortKey);
    const first = hints.find((hint) => hint.removals.length > 0) ?? null;
    const removals = (keys: readonly number[]): string => keys.map((key) => `${cellName(((key >> 1) / 9) | 0)}-${((key >> 1) % 9) + 1}`).join(" ");
    const want = expected === null ? "none" : `${expected.rating} ${removals(expected.eliminations.map((e) => (e.cell * 9 + e.digit - 1) << 1).sort((a, b) => a - b))}`;
    const got = first === null ? "none" : `${Math.trunc((first.difficulty + 0.05) * 10)} ${removals(first.removals)}`;
    assert.equal(got, want, rows[i].puzzle);
    if (expected !== null) withHint++;
  }
  assert.ok(withHint > 80);
});
