/**
 * `transform` and `isomorphic`, and the library's text form of transforms.
 * Truth: the canonical forms (an isomorph has the input's), solution counts,
 * the tests' own random transforms (helpers.ts), and the text form applied
 * here by hand, as its documentation reads.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parsePuzzle } from "../src/core/puzzle.js";
import { mulberry32 } from "../src/core/random.js";
import { countSolutions, solve } from "../src/solver/solve.js";
import {
  applyTransform, canonicalGrid, canonicalPuzzle, composeTransforms, formatTransform, invertTransform, parseTransform, randomTransform as libraryRandomTransform, transformProblem,
  type GridTransform,
} from "../src/canon/index.js";
import { randomGrid, randomTransform, rng, text } from "./helpers.js";
import { freshDir, runCli } from "./cli-helpers.js";

const SEVENTEENS = [
  "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
  ".................1.....2.3.....4.2.5..6..7.....8.9...4...8.3.6..4.....9..5.......",
  ".................1.....2.3.....4...5..3.1.....26....7.15...8...4........7....6.2.",
];
const TMP = freshDir("sudokulab-transform-");

/** The text form applied as its documentation says: transpose, then row i is row Ri and column j is column Cj, then digit d is written Dd. */
function applyByHand(spec: string, puzzle: string): string {
  const parts = spec.split(",");
  const field = (name: string): string => parts.find((p) => p.startsWith(name + "="))?.slice(name.length + 1) ?? "123456789";
  const [rows, cols, digits] = [field("rows"), field("cols"), field("digits")];
  const at = (r: number, c: number): string => (parts.includes("transpose") ? puzzle[9 * c + r] : puzzle[9 * r + c]);
  let out = "";
  for (let i = 0; i < 9; i++) {
    for (let j = 0; j < 9; j++) {
      const ch = at(Number(rows[i]) - 1, Number(cols[j]) - 1);
      out += ch === "." ? "." : digits[Number(ch) - 1];
    }
  }
  return out;
}

function plain(t: GridTransform): object {
  return { transpose: t.transpose, rows: [...t.rows], cols: [...t.cols], digits: [...t.digits] };
}

/** A puzzle with one clue less. */
function withoutClue(puzzle: string, index: number): string {
  const cell = [...puzzle].map((ch, i) => (ch === "." ? -1 : i)).filter((i) => i >= 0)[index];
  return puzzle.slice(0, cell) + "." + puzzle.slice(cell + 1);
}

/** A 17 padded with clues of its solution, then one clue taken away where that leaves a few solutions (2 to 999). */
function fewSolutions(): { puzzle: string; count: number } {
  const cells = parsePuzzle(SEVENTEENS[1]);
  const grid = solve(cells)!;
  for (let cell = 0; cell < 81; cell += 3) cells[cell] = grid[cell];
  for (let index = 0; ; index++) {
    const puzzle = withoutClue(text(cells), index);
    const count = countSolutions(puzzle, 1000);
    if (count > 1 && count < 1000) return { puzzle, count };
  }
}

test("text form: formatTransform and parseTransform are inverse, and the text means what the documentation says", () => {
  const random = rng(8);
  const grid = text(randomGrid(random));
  for (let trial = 0; trial < 300; trial++) {
    const t = randomTransform(random);
    const spec = formatTransform(t);
    assert.match(spec, /^(transpose,)?rows=[1-9]{9},cols=[1-9]{9},digits=[1-9]{9}$/);
    assert.deepEqual(plain(parseTransform(spec)), plain(t));
    for (const cells of [grid, SEVENTEENS[trial % 3]]) assert.equal(applyByHand(spec, cells), text(applyTransform(parsePuzzle(cells), t)));
  }
  // Fields left out are unchanged; any order; spaces around parts are tolerated.
  assert.deepEqual(plain(parseTransform("digits=234567891")), plain({ ...parseTransform("rows=123456789,cols=123456789,digits=234567891") }));
  assert.deepEqual(plain(parseTransform(" cols=321654987 , transpose ")), plain(parseTransform("transpose,rows=123456789,cols=321654987,digits=123456789")));
});

test("text form: what is not a Sudoku symmetry is refused with a reason", () => {
  const bad: [string, RegExp][] = [
    ["", /empty/],
    ["rows=412356789", /rows must keep each band together/],
    ["cols=123456798,cols=123456789", /cols given twice/],
    ["rows=113456789", /rows must list each of the 9 lines once/],
    ["digits=123456788", /digits must relabel/],
    ["digits=12345678", /digits must be 9 digits 1-9/],
    ["rows=023456789", /rows must be 9 digits 1-9/],
    ["flip", /unknown part 'flip'/],
    ["transpose,transpose", /'transpose' given twice/],
  ];
  for (const [spec, reason] of bad) assert.throws(() => parseTransform(spec), reason, spec);
  assert.throws(() => formatTransform({ transpose: false, rows: Uint8Array.from([3, 1, 2, 0, 4, 5, 6, 7, 8]), cols: Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]), digits: Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) }), /keep each band together/);
});

test("library transforms: compose and invert agree with applying one after another; randomTransform covers the group", () => {
  const random = rng(12);
  const grid = randomGrid(random);
  for (let trial = 0; trial < 200; trial++) {
    const [a, b] = [randomTransform(random), randomTransform(random)];
    assert.deepEqual(applyTransform(grid, composeTransforms(a, b)), applyTransform(applyTransform(grid, a), b));
    assert.deepEqual(applyTransform(applyTransform(grid, a), invertTransform(a)), grid);
    assert.deepEqual(applyTransform(applyTransform(grid, invertTransform(a)), a), grid);
  }
  const draw = mulberry32(4);
  const seen = { transposed: 0, firstRow: new Set<number>(), firstCol: new Set<number>(), one: new Set<number>() };
  for (let trial = 0; trial < 2000; trial++) {
    const t = libraryRandomTransform(draw);
    assert.equal(transformProblem(t), null);
    if (t.transpose) seen.transposed++;
    seen.firstRow.add(t.rows[0]);
    seen.firstCol.add(t.cols[0]);
    seen.one.add(t.digits[1]);
    assert.deepEqual(canonicalGrid(applyTransform(grid, t)).grid, canonicalGrid(grid).grid);
  }
  assert.ok(seen.transposed > 900 && seen.transposed < 1100, `${seen.transposed} of 2000 transposed`);
  assert.equal(seen.firstRow.size, 9);
  assert.equal(seen.firstCol.size, 9);
  assert.equal(seen.one.size, 9);
  // Arguments are checked at the entry.
  assert.throws(() => invertTransform({} as GridTransform), /rows must list 9 lines/);
  assert.throws(() => composeTransforms(libraryRandomTransform(draw), { ...libraryRandomTransform(draw), rows: Uint8Array.from([0, 1, 3, 2, 4, 5, 6, 7, 8]) }), /keep each band together/);
  assert.throws(() => libraryRandomTransform(undefined as unknown as () => number), TypeError);
});

test("transform --random: isomorphs with the input's canonical form and solution count; --show's transform replays with --spec", () => {
  const grid = text(solve(SEVENTEENS[0])!);
  const { puzzle: several, count } = fewSolutions();
  const file = join(TMP, "mixed.txt");
  writeFileSync(file, [SEVENTEENS[0] + " a", SEVENTEENS[1], grid + "\tgrid", several, SEVENTEENS[2] + "#c"].join("\n") + "\n");
  const inputs = [SEVENTEENS[0], SEVENTEENS[1], grid, several, SEVENTEENS[2]];
  const annotations = [" a", "", "\tgrid", "", "#c"];
  const run = runCli(["transform", "--random", "--seed", "77", "--show", file]);
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines.length, inputs.length);
  const outputs: string[] = [];
  lines.forEach((line, i) => {
    const [puzzle, spec] = line.slice(0, line.length - annotations[i].length).split("\t");
    assert.ok(line.endsWith(annotations[i]));
    outputs.push(puzzle);
    assert.equal(applyByHand(spec, inputs[i]), puzzle, "the shown transform is the one applied");
    const replay = runCli(["transform", "--spec", spec, inputs[i]]);
    assert.equal(replay.stdout, puzzle + "\n");
  });
  assert.deepEqual(canonicalPuzzle(outputs[0]).puzzle, canonicalPuzzle(inputs[0]).puzzle);
  assert.deepEqual(canonicalPuzzle(outputs[1]).puzzle, canonicalPuzzle(inputs[1]).puzzle);
  assert.deepEqual(canonicalGrid(outputs[2]).grid, canonicalGrid(grid).grid);
  assert.equal(countSolutions(outputs[3], 1000), count);
  assert.deepEqual(canonicalPuzzle(outputs[4]).puzzle, canonicalPuzzle(inputs[4]).puzzle);
  assert.ok(new Set(lines.map((line) => line.split("\t")[1])).size > 1, "one transform per puzzle");

  // The same seed, the same run; without a seed, the one drawn is named and repeats the run.
  assert.equal(runCli(["transform", "--random", "--seed", "77", "--show", file]).stdout, run.stdout);
  const unseeded = runCli(["transform", "--random", file]);
  const seed = /^sudokulab: transform: random seed (\d+) \(--seed \1 repeats this run\)\n$/.exec(unseeded.stderr)?.[1];
  assert.ok(seed !== undefined, unseeded.stderr);
  assert.equal(runCli(["transform", "--random", "--seed", seed, file]).stdout, unseeded.stdout);
});

test("transform --spec and --json; bad items and bad options", () => {
  const spec = "transpose,rows=564312978,cols=987654321,digits=519283746";
  const json = runCli(["transform", "--spec", spec, "--json", SEVENTEENS[0], SEVENTEENS[1]]);
  assert.equal(json.code, 0);
  const objects = json.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, string>);
  objects.forEach((object, i) => {
    assert.deepEqual(object, { puzzle: applyByHand(spec, SEVENTEENS[i]), input: SEVENTEENS[i], transform: spec, annotation: "" });
  });
  const bad = runCli(["transform", "--spec", spec, SEVENTEENS[0], "1" + SEVENTEENS[0].slice(1, 80), SEVENTEENS[2]]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^sudokulab: argument 2: line has 80 characters/);
  assert.equal(bad.stdout, applyByHand(spec, SEVENTEENS[0]) + "\n" + applyByHand(spec, SEVENTEENS[2]) + "\n");
  for (const args of [[], ["--seed", "3"], ["--seed", "3", "--spec", spec], ["--random", "--spec", spec], ["--spec", "rows=213"]]) {
    const run = runCli(["transform", ...args, SEVENTEENS[0]]);
    assert.equal(run.code, 2, args.join(" "));
    assert.equal(run.stdout, "");
  }
  assert.match(runCli(["transform", "--spec", "rows=456789123,cols=147258369", SEVENTEENS[0]]).stderr, /cols must keep each stack together/);
});

test("isomorphic: random isomorphs are, and the printed transform takes A to exactly B", () => {
  const random = rng(31);
  const grid = text(randomGrid(random));
  for (let trial = 0; trial < 4; trial++) {
    const a = trial === 3 ? grid : SEVENTEENS[trial % 3];
    const b = text(applyTransform(parsePuzzle(a), randomTransform(random)));
    const run = runCli(["isomorphic", a, b]);
    assert.equal(run.code, 0);
    const match = /^isomorphic (\S+)\n$/.exec(run.stdout);
    assert.ok(match !== null, run.stdout);
    assert.equal(applyByHand(match[1], a), b);
  }
  // The library's own random isomorphs, through the command that makes them.
  const made = runCli(["transform", "--random", "--seed", "5", SEVENTEENS[1]]).stdout.trim();
  const json = JSON.parse(runCli(["isomorphic", "--json", SEVENTEENS[1], made]).stdout) as { isomorphic: boolean; transform: string; a: string; b: string };
  assert.equal(json.isomorphic, true);
  assert.equal(applyByHand(json.transform, SEVENTEENS[1]), made);
  assert.deepEqual([json.a, json.b], [SEVENTEENS[1], made]);
});

test("isomorphic: different puzzles with the same clue count, and different grids, are not", () => {
  const random = rng(2);
  const pairs: [string, string][] = [
    [SEVENTEENS[0], SEVENTEENS[1]],
    [SEVENTEENS[1], SEVENTEENS[2]],
    [text(randomGrid(random)), text(randomGrid(random))],
  ];
  // The same solution grid and clue count, one redundant clue moved to another cell.
  const padded = parsePuzzle(SEVENTEENS[2]);
  const grid = solve(padded)!;
  for (let cell = 0; cell < 81; cell += 4) padded[cell] = grid[cell];
  const redundant = padded.findIndex((digit, cell) => digit !== 0 && countSolutions(text(padded.map((d, i) => (i === cell ? 0 : d))), 2) === 1);
  const moved = padded.slice();
  moved[redundant] = 0;
  const target = moved.findIndex((digit, cell) => digit === 0 && cell !== redundant);
  moved[target] = grid[target];
  pairs.push([text(padded), text(moved)]);
  assert.equal(pairs.length, 4);
  for (const [a, b] of pairs) {
    const isGrid = !a.includes(".");
    const differ = isGrid ? text(canonicalGrid(a).grid) !== text(canonicalGrid(b).grid) : text(canonicalPuzzle(a).puzzle) !== text(canonicalPuzzle(b).puzzle);
    assert.ok(differ, "the canonical forms tell them apart");
    const run = runCli(["isomorphic", a, b]);
    assert.deepEqual([run.code, run.stdout, run.stderr], [0, "not isomorphic\n", ""]);
  }
  // A grid and a puzzle, or different clue counts: never.
  assert.equal(runCli(["isomorphic", SEVENTEENS[0], text(solve(SEVENTEENS[0])!)]).stdout, "not isomorphic\n");
  assert.equal(runCli(["isomorphic", SEVENTEENS[0], withoutClue(SEVENTEENS[0], 2)]).stdout, "not isomorphic\n");
});

test("isomorphic: input from files (a framed grid too); bad input exits with 1", () => {
  const b = text(applyTransform(parsePuzzle(SEVENTEENS[0]), randomTransform(rng(6))));
  const framed = ["+-------+-------+-------+"];
  for (let r = 0; r < 9; r++) {
    const row = b.slice(9 * r, 9 * r + 9);
    framed.push(`| ${row.slice(0, 3).split("").join(" ")} | ${row.slice(3, 6).split("").join(" ")} | ${row.slice(6).split("").join(" ")} |`);
    if (r % 3 === 2) framed.push("+-------+-------+-------+");
  }
  const pair = join(TMP, "pair.txt");
  writeFileSync(pair, `${SEVENTEENS[0]}\n${framed.join("\n")}\n`);
  const run = runCli(["isomorphic", pair]);
  assert.equal(run.code, 0);
  assert.equal(applyByHand(run.stdout.trim().split(" ")[1], SEVENTEENS[0]), b);

  const one = runCli(["isomorphic", SEVENTEENS[0]]);
  assert.deepEqual([one.code, one.stderr], [1, "sudokulab: expected two puzzles or grids (A and B), found 1\n"]);
  assert.equal(runCli(["isomorphic", SEVENTEENS[0], SEVENTEENS[1], SEVENTEENS[2]]).code, 2);
  const three = join(TMP, "three.txt");
  writeFileSync(three, SEVENTEENS.join("\n") + "\n");
  const tooMany = runCli(["isomorphic", three]);
  assert.deepEqual([tooMany.code, tooMany.stderr], [1, "sudokulab: expected two puzzles or grids (A and B), found more than two\n"]);
  const several = [withoutClue(SEVENTEENS[0], 0), withoutClue(SEVENTEENS[1], 0)];
  const notUnique = runCli(["isomorphic", ...several]);
  assert.equal(notUnique.code, 1);
  assert.equal(notUnique.stdout, "");
  assert.match(notUnique.stderr, /^sudokulab: argument 1: puzzle has several solutions \(isomorphism is decided for grids and for puzzles with a unique solution\)\n/);
  const malformed = runCli(["isomorphic", SEVENTEENS[0], "11" + SEVENTEENS[0].slice(2)]);
  assert.equal(malformed.code, 1);
  assert.match(malformed.stderr, /^sudokulab: argument 2: digit 1 appears twice in row 1/);
  assert.equal(runCli(["isomorphic", "--bogus", SEVENTEENS[0], SEVENTEENS[1]]).code, 2);
});
