/**
 * The SE-scale rater (src/rate): the candidate grid, SE 1.2.1's techniques,
 * and ER/EP/ED against Sudoku Explainer 1.2.1.3's ratings in
 * se-ratings.tsv up to 9.4 in full, with samples of 8.x and 9.x; the
 * nested levels (9.5+) are checked in rate-nested.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { UNITS } from "../src/core/cells.js";
import { parsePuzzle } from "../src/core/puzzle.js";
import { solve } from "../src/solver/solve.js";
import { readTsv } from "../src/io/shared-data.js";
import { applyStep, CandidateGrid, formatRating, nextStep, ratePuzzle, type RateResult, type Step } from "../src/rate/index.js";
import { loopsFromEachStart, setLoopPruning, uniqueLoops } from "../src/rate/uniqueness.js";
import { alignedPairExclusion, alignedTripletExclusion } from "../src/rate/exclusion.js";
import { INTERSECTION, SUBSETS, UNIT_CELLS } from "../src/rate/grid.js";
import { dataFile, missingData } from "./helpers.js";
import { freshDir, runCli } from "./cli-helpers.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const ratings = dataFile("se-ratings.tsv");

/**
 * A 17-clue puzzle whose SE path uses a unique rectangle: serate 1.2.1.3 rates it 4.6/1.5/1.5, and SE 1.2.1
 * with the UniqueLoop and BivalueUniversalGrave techniques unticked (same engine, a local driver) 5.2/1.5/1.5.
 */
const EXAMPLE_NO_UNIQUENESS = {
  puzzle: "..............1..2..3.4..5........6......5.3.12...7.......6.....8.93....4.......8",
  with: "4.6/1.5/1.5",
  without: "5.2/1.5/1.5",
};

/**
 * The highest SE rating whose puzzles this file checks (SE's next producer, dynamic forcing chains (+ forcing
 * chains), rates 9.5 or more; rate-nested.test.ts checks those).
 */
const COVERED = 94;

/**
 * The test's samples of the 8.x band (multiple and dynamic forcing chains) and of the 9.0-9.4 band (long
 * dynamic forcing chains; none of these puzzles' SE paths uses the (+) rules), the slowest to rate: every
 * SAMPLE_8th and every SAMPLE_9th puzzle of them in file order. All 496 and all 357 match SE (checked outside
 * the suite).
 */
const SAMPLE_8 = 4;
const SAMPLE_9 = 16;

/** Ratings (with steps) of the se-ratings.tsv puzzles made by one test, reused by a later one. */
const earlierRatings = new Map<string, RateResult>();

/** "4.4" -> 44 */
function tenths(text: string): number {
  return Math.round(Number(text) * 10);
}

/** Checks the grid's incremental tables against its candidates. */
function assertConsistent(grid: CandidateGrid): void {
  let filled = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (grid.values[cell] !== 0) {
      filled++;
      assert.equal(grid.candidates[cell], 0);
    }
  }
  assert.equal(grid.filled, filled);
  for (let unit = 0; unit < 27; unit++) {
    let empties = 0;
    for (let i = 0; i < 9; i++) if (grid.values[UNITS[unit][i]] === 0) empties++;
    assert.equal(grid.empties[unit], empties);
    for (let d = 1; d <= 9; d++) {
      let positions = 0;
      for (let i = 0; i < 9; i++) if (grid.has(UNITS[unit][i], d)) positions |= 1 << i;
      assert.equal(grid.where[9 * unit + d - 1], positions, `unit ${unit} digit ${d}`);
    }
  }
}

/** Every placement is the solution's digit, no elimination removes it. */
function stepProblem(step: Step, solution: Uint8Array): string | null {
  if (step.placement !== null && solution[step.placement.cell] !== step.placement.digit) {
    return `${step.technique} places ${step.placement.digit} in cell ${step.placement.cell}, solution has ${solution[step.placement.cell]}`;
  }
  for (const { cell, digit } of [...step.eliminations, ...step.impliedEliminations]) {
    if (solution[cell] === digit) return `${step.technique} removes the solution's ${digit} from cell ${cell}`;
  }
  if (step.placement === null && step.eliminations.length === 0) return `${step.technique} does nothing`;
  return null;
}

test("candidate grid: tables agree with the candidates after placements and removals", () => {
  const puzzle = parsePuzzle("................12..3..4..5.....6........73...15....8.....2.8...2..5....6.....7..");
  const grid = CandidateGrid.fromPuzzle(puzzle);
  assertConsistent(grid);
  const solution = solve(puzzle)!;
  let removed = 0;
  for (let cell = 0; cell < 81 && removed < 40; cell++) {
    for (let d = 1; d <= 9; d++) if (d !== solution[cell] && grid.remove(cell, d)) removed++;
  }
  assertConsistent(grid);
  for (let cell = 0; cell < 81; cell += 7) if (grid.values[cell] === 0) grid.place(cell, solution[cell]);
  assertConsistent(grid);
  // Geometry: the box 1 / row 1 intersection, subsets in SE's Permutations order.
  assert.equal(INTERSECTION[27 * 18 + 0], 0b000000111);
  assert.equal(INTERSECTION[27 * 0 + 18], 0b000000111);
  assert.deepEqual(SUBSETS[2].slice(0, 4), [0b11, 0b101, 0b110, 0b1001]);
  assert.equal(UNIT_CELLS[9 * 26 + 8], 80);
});

test("candidate grid: a puzzle's grid made at once equals the one made by placing its clues in turn, on se-ratings.tsv and on puzzles with repeated digits and dead cells", (t) => {
  const puzzles = ["11" + ".".repeat(79), "123456780" + ".".repeat(72), "12345678." + "........9" + ".".repeat(63)];
  if (ratings) for (const row of readTsv(ratings)) puzzles.push(row.puzzle);
  else t.diagnostic(missingData("se-ratings.tsv"));
  for (const text of puzzles) {
    const cells = Array.from(text, (c) => (c === "." ? 0 : Number(c)));
    const atOnce = CandidateGrid.fromPuzzle(cells);
    const inTurn = new CandidateGrid();
    inTurn.empties.fill(9);
    inTurn.candidates.fill(0x1ff);
    inTurn.where.fill(0x1ff);
    for (let cell = 0; cell < 81; cell++) if (cells[cell] !== 0) inTurn.place(cell, cells[cell]);
    for (const table of ["values", "candidates", "where", "empties", "placedCount"] as const) assert.deepEqual(atOnce[table], inTurn[table], `${table} of ${text}`);
    assert.equal(atOnce.filled, inTurn.filled, text);
  }
});

test("ratings: hidden singles and full houses, invalid puzzles, rating format", () => {
  const easy = ratePuzzle("................12..3..4..5.....6........73...15....8.....2.8...2..5....6.....7..", { steps: true });
  assert.equal(easy.status, "rated");
  if (easy.status === "rated") {
    assert.deepEqual([easy.er, easy.ep, easy.ed], [12, 12, 12]);
    assert.ok(easy.steps.some((s) => s.rating === 10), "the last cells are full houses");
  }
  const bad = ratePuzzle("11" + ".".repeat(79));
  assert.equal(bad.status, "invalid");
  const several = ratePuzzle("1" + ".".repeat(80));
  assert.deepEqual(several, { status: "invalid", reason: "more than one solution" });
  assert.equal(formatRating(26), "2.6");
  assert.equal(formatRating(110), "11.0");
});

test("se-ratings.tsv: every puzzle SE rates <= 7.9, every 4th of those rated 8.0-8.9 (124 of 496) and every 16th of those rated 9.0-9.4 (23 of 357) get SE's ER, EP and ED, with sound steps", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  const rows = readTsv(ratings!);
  assert.equal(rows.length, 3166);
  const start = performance.now();
  const mismatches: string[] = [];
  const unsound: string[] = [];
  const byTechnique = new Map<string, number>();
  /** Per ER band (integer part): [puzzles, all three equal]. */
  const bands = new Map<number, [number, number]>();
  let checked = 0;
  let beyond = 0;
  let matchEr = 0;
  let matchEp = 0;
  let matchEd = 0;
  let matchAll = 0;
  let eights = 0;
  let nines = 0;
  for (const row of rows) {
    const expected = [tenths(row.ER), tenths(row.EP), tenths(row.ED)];
    if (expected[0] > COVERED) continue;
    if (expected[0] >= 80 && expected[0] < 90 && eights++ % SAMPLE_8 !== 0) continue;
    if (expected[0] >= 90 && nines++ % SAMPLE_9 !== 0) continue;
    checked++;
    const band = Math.floor(expected[0] / 10);
    const counts = bands.get(band) ?? [0, 0];
    bands.set(band, counts);
    counts[0]++;
    const puzzle = parsePuzzle(row.puzzle);
    const solution = solve(puzzle)!;
    const result = ratePuzzle(puzzle, { steps: true, checkUnique: false });
    earlierRatings.set(row.puzzle, result);
    const steps = result.status === "invalid" ? [] : result.steps;
    for (const step of steps) {
      byTechnique.set(step.technique, (byTechnique.get(step.technique) ?? 0) + 1);
      const problem = stepProblem(step, solution);
      if (problem !== null) unsound.push(`${row.puzzle}: ${problem}`);
    }
    if (result.status !== "rated") {
      beyond++;
      mismatches.push(`${row.puzzle} SE ${row.ER}/${row.EP}/${row.ED}: ${result.status}`);
      continue;
    }
    const got = [result.er, result.ep, result.ed];
    if (got[0] === expected[0]) matchEr++;
    if (got[1] === expected[1]) matchEp++;
    if (got[2] === expected[2]) matchEd++;
    if (got.every((r, i) => r === expected[i])) {
      matchAll++;
      counts[1]++;
    } else mismatches.push(`${row.puzzle} SE ${row.ER}/${row.EP}/${row.ED}, ours ${got.map(formatRating).join("/")}`);
  }
  const seconds = (performance.now() - start) / 1000;
  t.diagnostic(`${checked} puzzles rated <= ${formatRating(COVERED)} by SE: ER ${matchEr}, EP ${matchEp}, ED ${matchEd} equal, all three ${matchAll}; ${beyond} beyond; ${seconds.toFixed(1)} s`);
  t.diagnostic(`ER/EP/ED equal per SE ER band: ${[...bands].sort((a, b) => a[0] - b[0]).map(([band, [n, ok]]) => `${band}.x ${ok}/${n}`).join(", ")}`);
  t.diagnostic(`steps: ${[...byTechnique].map(([name, n]) => `${name} ${n}`).join(", ")}`);
  for (const line of mismatches.slice(0, 20)) t.diagnostic(`mismatch: ${line}`);
  assert.equal(checked, 2294 + Math.ceil(496 / SAMPLE_8) + Math.ceil(357 / SAMPLE_9));
  assert.deepEqual(unsound.slice(0, 5), [], `${unsound.length} unsound steps`);
  assert.deepEqual(mismatches.slice(0, 5), [], `${mismatches.length} of ${checked} puzzles differ from SE`);
  // Most techniques up to dynamic forcing chains occur on these paths (the rarer ones: SE_PATHS below).
  for (const name of ["Unique Rectangle type 1", "Unique Rectangle type 2", "Unique Rectangle type 3", "Unique Rectangle type 4", "Unique Loop type 1", "Unique Loop type 2", "Unique Loop 8 type 1", "Unique Loop 10 type 2", "Jellyfish", "BUG type 1", "BUG type 2", "BUG type 3", "BUG type 4", "Aligned Pair Exclusion", "Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle", "Turbot Fish", "Forcing X-Chain", "Forcing Chain", "Aligned Triplet Exclusion", "Nishio Forcing Chains", "Cell Forcing Chains", "Region Forcing Chains", "Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains", "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains"]) {
    assert.ok(byTechnique.has(name), `no ${name} step`);
  }
});

test("se-ratings.tsv: the 6 puzzles SE rates 9.5-10.1 get SE's ratings with dynamic forcing chains (+), sound steps (the nested levels, 9.5+: rate-nested.test.ts)", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  // SE's next producer (dynamic forcing chains (+ forcing chains)) rates 9.5 or more and every producer before
  // it is exact, so on these puzzles our path is SE's up to its first step that needs a later producer; a
  // puzzle that never needs one is rated completely, and then exactly.
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) > COVERED && tenths(row.ER) <= 101);
  const plusSteps = new Map<string, number>();
  const start = performance.now();
  const problems: string[] = [];
  let knownEd = 0;
  let knownEp = 0;
  let rated = 0;
  for (const row of rows) {
    const [er, ep, ed] = [tenths(row.ER), tenths(row.EP), tenths(row.ED)];
    const result = ratePuzzle(row.puzzle, { checkUnique: false, steps: true });
    if (result.status === "invalid") {
      problems.push(`${row.puzzle}: invalid`);
      continue;
    }
    const solution = solve(parsePuzzle(row.puzzle))!;
    for (const step of result.steps) {
      if (step.technique.endsWith("(+)")) plusSteps.set(step.technique, (plusSteps.get(step.technique) ?? 0) + 1);
      const problem = stepProblem(step, solution);
      if (problem !== null) problems.push(`${row.puzzle}: ${problem}`);
    }
    if (result.status === "rated") {
      rated++;
      if (result.er !== er || result.ep !== ep || result.ed !== ed) problems.push(`${row.puzzle}: SE ${row.ER}/${row.EP}/${row.ED}, ours ${[result.er, result.ep, result.ed].map(formatRating).join("/")}`);
      continue;
    }
    // A step taken is SE's; without one, SE's needs a later producer.
    if (result.ed === null ? ed <= COVERED : result.ed !== ed) problems.push(`${row.puzzle}: ED ${row.ED}, ours ${result.ed}`);
    if (result.ep === null ? ep <= COVERED : result.ep !== ep) problems.push(`${row.puzzle}: EP ${row.EP}, ours ${result.ep}`);
    if (result.hardestSoFar !== null && result.hardestSoFar > er) problems.push(`${row.puzzle}: ER ${row.ER}, we already took ${result.hardestSoFar}`);
    if (result.ed !== null) knownEd++;
    if (result.ep !== null) knownEp++;
  }
  const seconds = (performance.now() - start) / 1000;
  t.diagnostic(`${rows.length} puzzles rated > ${formatRating(COVERED)} by SE: ${rated} rated (all three equal to SE's), the others beyond; ED known and equal for ${knownEd}, EP for ${knownEp}; ${seconds.toFixed(1)} s`);
  t.diagnostic(`(+) steps: ${[...plusSteps].map(([name, n]) => `${name} ${n}`).join(", ")}`);
  assert.equal(rows.length, 6);
  assert.deepEqual(problems.slice(0, 5), [], `${problems.length} problems`);
  // Rated with SE's ratings: the four at 9.5-9.8 and two at 10.0-10.1 (checked against SE: same steps).
  assert.equal(rated, 6);
  for (const name of ["Dynamic Contradiction Forcing Chains (+)", "Dynamic Double Forcing Chains (+)", "Dynamic Cell Forcing Chains (+)", "Dynamic Region Forcing Chains (+)"]) {
    assert.ok(plusSteps.has(name), `no ${name} step`);
  }
});

test("rate without the uniqueness techniques: no unique loop or BUG step, sound steps, never easier", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  // The puzzles SE rates <= 7.9 (the 8.x ones would double the time of this test).
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) <= 79);
  const problems: string[] = [];
  let affected = 0;
  let stillRated = 0;
  for (const row of rows) {
    const puzzle = parsePuzzle(row.puzzle);
    const withUniqueness = earlierRatings.get(row.puzzle) ?? ratePuzzle(puzzle, { steps: true, checkUnique: false });
    if (withUniqueness.status !== "rated" || !withUniqueness.steps.some((s) => /^(Unique|BUG)/.test(s.technique))) continue;
    affected++;
    const result = ratePuzzle(puzzle, { steps: true, checkUnique: false, uniqueness: false });
    if (result.status === "invalid") {
      problems.push(`${row.puzzle}: invalid`);
      continue;
    }
    const solution = solve(puzzle)!;
    for (const step of result.steps) {
      if (/^(Unique|BUG)/.test(step.technique)) problems.push(`${row.puzzle}: ${step.technique} step`);
      const problem = stepProblem(step, solution);
      if (problem !== null) problems.push(`${row.puzzle}: ${problem}`);
    }
    if (result.status === "rated") {
      stillRated++;
      if (result.er < withUniqueness.er) problems.push(`${row.puzzle}: ER ${result.er} without uniqueness, ${withUniqueness.er} with`);
    }
  }
  t.diagnostic(`${affected} puzzles use a uniqueness step; without them ${stillRated} are still rated, the others need more than dynamic forcing chains (+)`);
  assert.ok(affected > 100);
  assert.deepEqual(problems.slice(0, 5), [], `${problems.length} problems`);
  const noUr = ratePuzzle(EXAMPLE_NO_UNIQUENESS.puzzle, { uniqueness: false });
  const withUr = ratePuzzle(EXAMPLE_NO_UNIQUENESS.puzzle);
  assert.equal(noUr.status, "rated");
  assert.equal(withUr.status, "rated");
  if (noUr.status === "rated" && withUr.status === "rated") {
    assert.deepEqual([noUr.er, noUr.ep, noUr.ed].map(formatRating).join("/"), EXAMPLE_NO_UNIQUENESS.without);
    assert.deepEqual([withUr.er, withUr.ep, withUr.ed].map(formatRating).join("/"), EXAMPLE_NO_UNIQUENESS.with);
  }
});

/**
 * 17-clue puzzles (sudoku17.txt) whose SE path uses the rarer techniques, checked against SE 1.2.1 run
 * locally: serate 1.2.1.3's ER/EP/ED, and SE's steps rated 4.5 or more, in order, the static chains included
 * (Turbot fish, forcing X-chain, Y-cycle, forcing XY-chain).
 */
const SE_PATHS: readonly { puzzle: string; rating: string | null; steps: readonly string[] }[] = [
  { puzzle: "........1.......2...3..4..5.....6....2..5..7..8....3.....2.87...1.......5.9......", rating: "5.6/1.2/1.2", steps: ["Naked Quad 5.0", "BUG type 1 5.6"] },
  { puzzle: "................12..3.45.........4.3.1.......6..7........1..5....4...8..7..26....", rating: "4.6/1.5/1.5", steps: ["Unique Rectangle type 1 4.5", "Unique Rectangle type 4 4.5", "Unique Loop type 4 4.6"] },
  { puzzle: "..............1..2..3....45..........56.4....7.....12......8......63.7..24.......", rating: "5.8/1.2/1.2", steps: ["BUG type 3 5.8"] },
  { puzzle: "................12..3.45........65...1.......62.3........2...6...5...4...7...8...", rating: "5.7/1.2/1.2", steps: ["BUG type 4 5.7"] },
  { puzzle: "..............1..2.34....5.......6.7.....34..8...5........4....1........95.7....1", rating: "6.2/1.2/1.2", steps: ["Aligned Pair Exclusion 6.2", "BUG type 1 5.6"] },
  { puzzle: "..............1.23..4.5...6......7.4.....3.....1..8.......1...2.3.....8.7...4....", rating: "6.2/1.5/1.5", steps: ["Aligned Pair Exclusion 6.2"] },
  { puzzle: "................12..3.45........63.4.1.2.....7.....5.....1...8...4..3....9.......", rating: "4.7/1.2/1.2", steps: ["Unique Rectangle type 4 4.5", "Unique Loop 8 type 2 4.7"] },
  { puzzle: "................12..3.45.........6.4...2..5...7.1........8...3.4........52..6....", rating: "5.6/1.2/1.2", steps: ["Jellyfish 5.2", "BUG type 1 5.6"] },
  { puzzle: ".................1..2.34..........2..5.....346..1........62.7.....8...5..74......", rating: "6.6/1.2/1.2", steps: ["Naked Quad 5.0", "Turbot Fish 6.6", "Turbot Fish 6.6"] },
  { puzzle: "................12..3..4........56.7.8.......21...........2.....7.6..4..5.4...3..", rating: "6.6/1.2/1.2", steps: ["Unique Loop type 3 4.6", "Turbot Fish 6.6"] },
  { puzzle: "................12..3.45.........4.....6......7.1.2......7...6...4.8.3..8.5......", rating: "7.1/1.2/1.2", steps: ["Unique Loop type 3 4.7", "Forcing X-Chain 6.7", "Bidirectional Y-Cycle 6.9", "Forcing Chain 7.1"] },
  { puzzle: "................12..3.45........1......2.6.....5...3......7..6..3..8.4..18.......", rating: "6.6/1.5/1.5", steps: ["Unique Loop type 1 4.6", "Unique Loop 8 type 4 4.7", "Turbot Fish 6.6"] },
];

test("SE-checked paths: naked quad, unique loop types 3-4 and 8-cell loops, BUG types 3-4, aligned pair exclusion, static chains", () => {
  for (const { puzzle, rating, steps } of SE_PATHS) {
    const result = ratePuzzle(puzzle, { steps: true });
    assert.notEqual(result.status, "invalid");
    if (result.status === "invalid") continue;
    const solution = solve(parsePuzzle(puzzle))!;
    for (const step of result.steps) assert.equal(stepProblem(step, solution), null, puzzle);
    const hard = result.steps.filter((step) => step.rating >= 45).map((step) => `${step.technique} ${formatRating(step.rating)}`);
    assert.deepEqual(hard, steps, puzzle);
    if (rating === null) assert.equal(result.status, "beyond", puzzle);
    else if (result.status === "rated") assert.equal([result.er, result.ep, result.ed].map(formatRating).join("/"), rating, puzzle);
    else assert.fail(`${puzzle}: ${result.status}`);
  }
});

test("unique loops: the walk's cuts (cells on no loop; paths whose extra cells are used up and cannot get back) change no loop found and no hint, on every grid of the rating paths of SE_PATHS and of every 8th se-ratings.tsv puzzle rated up to 7.9", (t) => {
  const puzzles = SE_PATHS.map((path) => path.puzzle);
  if (ratings !== null) puzzles.push(...readTsv(ratings).filter((row, i) => i % 8 === 0 && tenths(row.ER) <= 79).map((row) => row.puzzle));
  let grids = 0;
  let hints = 0;
  let loops = 0;
  try {
    for (const puzzle of puzzles) {
      const grid = CandidateGrid.fromPuzzle(parsePuzzle(puzzle));
      while (grid.filled < 81) {
        setLoopPruning(true);
        const pruned = uniqueLoops(grid);
        const prunedLoops = loopsFromEachStart(grid);
        setLoopPruning(false);
        const whole = uniqueLoops(grid);
        const wholeLoops = loopsFromEachStart(grid);
        assert.deepEqual(pruned, whole, puzzle);
        assert.deepEqual(prunedLoops, wholeLoops, puzzle);
        grids++;
        loops += wholeLoops.reduce((sum, list) => sum + list.length, 0);
        if (whole !== null) hints++;
        setLoopPruning(true);
        const next = nextStep(grid);
        if (next === null) break;
        applyStep(grid, next);
      }
    }
  } finally {
    setLoopPruning(true);
  }
  t.diagnostic(`${hints} unique loop hints and ${loops} loops on ${grids} grids`);
  assert.ok(hints >= 12, `${hints} unique loop hints on ${grids} grids`);
});

test("rate CLI: PUZZLE ED=ER/EP/ED with the annotation, bad lines on stderr, unrated puzzles marked '?'", () => {
  const dir = freshDir();
  const input = join(dir, "in.txt");
  const lines = [
    ".................1..2..3..4.......5.....673...1...8.......1...8..65.....4.9.....2 first", // SE 2.6/1.2/1.2
    "# comment",
    "abc",
    "................12..3.45...............1....6.74.3........8.5..19.2.....6.....4..;x", // SE 8.2/1.5/1.5
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", // SE 9.5/1.2/1.2
    "........6..9...4...1..7..8....7.1.3.1.8.3.5...3...2....8..2..1...6...9..4..3.....", // SE 10.5/1.2/1.2
    "1" + "0".repeat(80),
    "................12..3..4........35...1..6....27......8...72.......8.1.....9...6..", // SE 4.4/1.2/1.2
  ];
  writeFileSync(input, lines.join("\n") + "\n");
  const run = runCli(["rate", input], dir);
  assert.equal(run.code, 1);
  assert.deepEqual(run.stdout.split("\n"), [
    ".................1..2..3..4.......5.....673...1...8.......1...8..65.....4.9.....2 ED=2.6/1.2/1.2 first",
    "................12..3.45...............1....6.74.3........8.5..19.2.....6.....4.. ED=8.2/1.5/1.5;x",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5........... ED=9.5/1.2/1.2",
    "........6..9...4...1..7..8....7.1.3.1.8.3.5...3...2....8..2..1...6...9..4..3..... ED=10.5/1.2/1.2",
    "................12..3..4........35...1..6....27......8...72.......8.1.....9...6.. ED=4.4/1.2/1.2",
    "",
  ]);
  assert.match(run.stderr, /in\.txt:3: bad character 'a'/);
  assert.match(run.stderr, /in\.txt:7: puzzle has several solutions/);
  assert.doesNotMatch(run.stderr, /not rated yet/);
  // --no-uniqueness: SE without unique rectangles/loops and BUG.
  const example = join(dir, "ur.txt");
  writeFileSync(example, EXAMPLE_NO_UNIQUENESS.puzzle + "\n");
  assert.equal(runCli(["rate", example], dir).stdout, `${EXAMPLE_NO_UNIQUENESS.puzzle} ED=${EXAMPLE_NO_UNIQUENESS.with}\n`);
  const plain = runCli(["rate", "--no-uniqueness", example], dir);
  assert.equal(plain.code, 0);
  assert.equal(plain.stdout, `${EXAMPLE_NO_UNIQUENESS.puzzle} ED=${EXAMPLE_NO_UNIQUENESS.without}\n`);
});

/**
 * SE's aligned exclusion, written plainly from its rule (AlignedPairExclusion,
 * AlignedExclusion(3)): pairs of base cells by second then first index, for
 * triplets a third base cell among the first cell's excluders, then among the
 * second's that are not the first's, each candidate combination tested
 * against every common excluder. The cells and removals of the first group
 * that removes something, or null.
 */
function plainAlignedExclusion(grid: CandidateGrid, size: 2 | 3): { cells: number[]; removals: string[] } | null {
  const sees = (a: number, b: number): boolean =>
    a !== b && (((a / 9) | 0) === ((b / 9) | 0) || a % 9 === b % 9 || (((a / 27) | 0) === ((b / 27) | 0) && (((a % 9) / 3) | 0) === (((b % 9) / 3) | 0)));
  const digits = (cell: number): number[] => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => grid.has(cell, d));
  const houseOf = (cell: number): number[] => {
    const box = 27 * ((cell / 27) | 0) + 3 * (((cell % 9) / 3) | 0);
    const order = [0, 1, 2, 9, 10, 11, 18, 19, 20].map((o) => box + o);
    for (let c = 0; c < 9; c++) order.push(9 * ((cell / 9) | 0) + c);
    for (let r = 0; r < 9; r++) order.push(9 * r + (cell % 9));
    return order.filter((other, i) => other !== cell && order.indexOf(other) === i);
  };
  const base: number[] = [];
  const excluders = new Map<number, number[]>();
  for (let cell = 0; cell < 81; cell++) {
    const n = digits(cell).length;
    if (n < 2) continue;
    const house = houseOf(cell);
    if (house.some((other) => digits(other).length === 1)) continue;
    const mine = house.filter((other) => digits(other).length >= 2 && digits(other).length <= size);
    if (mine.length === 0) continue;
    base.push(cell);
    excluders.set(cell, mine);
  }
  const test = (group: number[], common: number[]): { cells: number[]; removals: string[] } | null => {
    const allowed = group.map(() => new Set<number>());
    const choose = (k: number, chosen: number[]): void => {
      if (k === group.length) {
        if (common.some((e) => digits(e).every((d) => chosen.includes(d)))) return;
        chosen.forEach((d, i) => allowed[i].add(d));
        return;
      }
      for (const d of digits(group[k])) {
        if (chosen.some((other, i) => other === d && sees(group[i], group[k]))) continue;
        choose(k + 1, [...chosen, d]);
      }
    };
    choose(0, []);
    const removals = group.flatMap((cell, i) => digits(cell).filter((d) => !allowed[i].has(d)).map((d) => `${cell}:${d}`));
    return removals.length > 0 ? { cells: group, removals } : null;
  };
  for (let j = 1; j < base.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = base[i];
      const b = base[j];
      const common = excluders.get(a)!.filter((e) => excluders.get(b)!.includes(e));
      if (common.length < 2) continue;
      if (size === 2) {
        const found = test([a, b], common);
        if (found !== null) return found;
        continue;
      }
      const thirds = [...excluders.get(a)!.filter((c) => c !== b), ...excluders.get(b)!.filter((c) => c !== a && !excluders.get(a)!.includes(c))];
      for (const c of thirds) {
        if (!base.includes(c)) continue;
        const shared = common.filter((e) => excluders.get(c)!.includes(e));
        if (shared.length < 2) continue;
        const found = test([a, b, c], shared);
        if (found !== null) return found;
      }
    }
  }
  return null;
}

test("aligned pair and triplet exclusion: the producers find the same first group and removals as SE's rule enumerated plainly, on every grid of the rating paths of every 48th se-ratings.tsv puzzle rated 6.2-8.9", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  const puzzles = readTsv(ratings!).filter((row) => tenths(row.ER) >= 62 && tenths(row.ER) <= 89).filter((_, i) => i % 48 === 0).map((row) => row.puzzle);
  let grids = 0;
  const hits = [0, 0];
  for (const puzzle of puzzles) {
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(puzzle));
    while (grid.filled < 81) {
      grids++;
      for (const [k, producer] of [alignedPairExclusion, alignedTripletExclusion].entries()) {
        const found = producer(grid);
        const plain = plainAlignedExclusion(grid, k === 0 ? 2 : 3);
        const mine = found === null ? null : { cells: [...found.cells], removals: found.eliminations.map((e) => `${e.cell}:${e.digit}`).sort() };
        assert.deepEqual(mine, plain === null ? null : { cells: plain.cells, removals: plain.removals.sort() }, `${puzzle}, grid ${grids}`);
        if (found !== null) hits[k]++;
      }
      const next = nextStep(grid);
      if (next === null) break;
      applyStep(grid, next);
    }
  }
  t.diagnostic(`${puzzles.length} puzzles, ${grids} grids: ${hits[0]} pair and ${hits[1]} triplet exclusions`);
  assert.ok(hits[0] >= 20 && hits[1] >= 20, `${hits[0]} pair and ${hits[1]} triplet exclusions`);
});
