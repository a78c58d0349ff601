/**
 * The chains that `explain` shows for the chaining steps (Step.chains),
 * checked by test/chain-check.ts: every link of every chain against the grid
 * the step applies to, each chain from the step's assumption to its
 * conclusion, and the chains' sizes giving back the step's rating (SE's
 * length increment). A checker that accepted broken chains would be
 * worthless, so it is also shown to reject damaged ones. Some chains are
 * compared with SE's own. Then the text and --json output, nested chains
 * included (the nested levels' chains themselves: rate-nested.test.ts).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parsePuzzle } from "../src/core/puzzle.js";
import { applyStep, CandidateGrid, ratePuzzle, type Chain, type ChainLink, type Step } from "../src/rate/index.js";
import { chainJson, chainText, describeChains, isLinear, type StepJson } from "../src/rate/explain.js";
import { dataFile, missingData } from "./helpers.js";
import { stepChainsProblem } from "./chain-check.js";
import { runCli } from "./cli-helpers.js";

const ratings = dataFile("se-ratings.tsv");
const needsData = { skip: !ratings && missingData("se-ratings.tsv") };

/** Rates a puzzle and checks every chaining step's chains on the grid before it; returns the techniques seen and the problems. */
function checkPath(puzzle: string, seen: Map<string, number>, problems: string[], producers?: number): void {
  const result = ratePuzzle(puzzle, { steps: true, checkUnique: false, ...(producers === undefined ? {} : { producers }) });
  assert.notEqual(result.status, "invalid", puzzle);
  if (result.status === "invalid") return;
  const grid = CandidateGrid.fromPuzzle(parsePuzzle(puzzle));
  for (const [i, step] of result.steps.entries()) {
    if (step.chains !== undefined) seen.set(step.technique, (seen.get(step.technique) ?? 0) + 1);
    const problem = stepChainsProblem(grid, step);
    if (problem !== null) problems.push(`${puzzle} step ${i + 1} ${step.technique}: ${problem}`);
    applyStep(grid, step);
  }
}

/** se-ratings.tsv puzzles SE rates from..to (×10), every `every`-th in file order. */
function rows(from: number, to: number, every: number): string[] {
  const all = readFileSync(ratings as string, "utf8").split("\n").filter((line) => /^[.0-9]{81}\t/.test(line));
  const picked = all.filter((line) => {
    const er = Math.round(Number(line.split("\t")[1]) * 10);
    return er >= from && er <= to;
  });
  return picked.filter((_, i) => i % every === 0).map((line) => line.slice(0, 81));
}

test("chains: every link of every chaining step is a legal inference in the step's grid, from the assumption to the conclusion, and the chains give the step's rating", needsData, (t) => {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  const start = process.cpuUsage();
  const puzzles = [...rows(65, 79, 12), ...rows(80, 89, 16), ...rows(90, 94, 24)];
  for (const puzzle of puzzles) checkPath(puzzle, seen, problems);
  // SE's paths use the (+) rules only in puzzles it rates 9.5 or more: their paths up to the nested levels
  // (SE's first 26 producers, up to dynamic forcing chains (+)).
  const plus = rows(95, 101, 1);
  for (const puzzle of plus) checkPath(puzzle, seen, problems, 26);
  const cpu = process.cpuUsage(start);
  t.diagnostic(`${puzzles.length} + ${plus.length} puzzles, ${(cpu.user + cpu.system) / 1e6} s CPU; chaining steps: ${[...seen].map(([k, n]) => `${k} ${n}`).join(", ")}`);
  assert.deepEqual(problems.slice(0, 5), [], `${problems.length} problems`);
  for (const technique of [
    "Forcing X-Chain",
    "Forcing Chain",
    "Bidirectional Y-Cycle",
    "Bidirectional Cycle",
    "Nishio Forcing Chains",
    "Cell Forcing Chains",
    "Region Forcing Chains",
    "Dynamic Contradiction Forcing Chains",
    "Dynamic Double Forcing Chains",
    "Dynamic Cell Forcing Chains",
    "Dynamic Region Forcing Chains",
    "Dynamic Contradiction Forcing Chains (+)",
    "Dynamic Cell Forcing Chains (+)",
    "Dynamic Region Forcing Chains (+)",
  ]) {
    assert.ok(seen.has(technique), `no ${technique} step in the sample`);
  }
});

test("chains: the checker rejects damaged chains", needsData, () => {
  // Collect some real chaining steps with their grids.
  const cases: { grid: CandidateGrid; step: Step }[] = [];
  for (const puzzle of rows(75, 89, 40)) {
    const result = ratePuzzle(puzzle, { steps: true, checkUnique: false });
    if (result.status === "invalid") continue;
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(puzzle));
    for (const step of result.steps) {
      if (step.chains !== undefined) {
        const before = new CandidateGrid();
        before.candidates.set(grid.candidates);
        before.where.set(grid.where);
        cases.push({ grid: before, step });
      }
      applyStep(grid, step);
    }
  }
  assert.ok(cases.length >= 10, `only ${cases.length} chaining steps`);
  const damaged = (step: Step, chains: Chain[]): Step => ({ ...step, chains });
  const edit = (chain: Chain, at: number, change: (l: ChainLink) => ChainLink): Chain => ({ ...chain, links: chain.links.map((l, i) => (i === at ? change(l) : l)) });
  let rejected = 0;
  for (const { grid, step } of cases) {
    assert.equal(stepChainsProblem(grid, step), null, step.technique);
    const chains = [...(step.chains ?? [])];
    const c = chains[0];
    const n = c.links.length;
    const mid = Math.floor(n / 2);
    const damages: Chain[][] = [
      // A link turned over (on <-> off).
      [edit(c, mid, (l) => ({ ...l, on: !l.on })), ...chains.slice(1)],
      // A link moved to another digit of its cell or another cell.
      [edit(c, mid, (l) => ({ ...l, digit: (l.digit % 9) + 1 })), ...chains.slice(1)],
      [edit(c, mid, (l) => ({ ...l, cell: (l.cell + 40) % 81 })), ...chains.slice(1)],
      // The conclusion dropped, or a link skipped.
      [{ ...c, links: c.links.slice(0, n - 1) }, ...chains.slice(1)],
      [{ ...c, links: c.links.filter((_, i) => i !== mid).map((l) => ({ ...l, parents: l.parents.map((p) => (p > mid ? p - 1 : p === mid ? Math.max(0, mid - 1) : p)) })) }, ...chains.slice(1)],
      // A chain lost (of two or more) or the chains reversed in direction.
      chains.length > 1 ? chains.slice(1) : [{ ...c, links: [...c.links].reverse().map((l, i) => ({ ...l, parents: i === 0 ? [] : [i - 1] })) }],
    ];
    for (const chainsDamaged of damages) {
      if (stepChainsProblem(grid, damaged(step, chainsDamaged)) !== null) rejected++;
    }
  }
  // Every damage is caught (a moved link could in principle land on another legal chain, none does here).
  assert.equal(rejected, cases.length * 6);
});

/**
 * Chains as SE 1.2.1 shows them (a local driver on SE's own solver: for each chaining hint of its path, the
 * potentials each target depends on, parents first, depth first, as its hint explanations list them, the
 * assumption included, printed in our notation). A cycle SE shows in both directions, each ending next to the
 * start; ours is the first, closed back to the start. On 53 se-ratings.tsv puzzles (every 30th rated 6.5-9.4) all
 * 815 chaining steps agreed.
 */
const SE_CHAINS = [
  {
    puzzle: "....1..8.......5..6..348..1.7......6...96....42....9...4..72...7.1....3....8...5.",
    step: 34,
    technique: "Bidirectional Cycle",
    chains: ["r1c4=5 -> r7c4<>5 -> r7c4=6 -> r8c6<>6 -> r1c6=6 -> r1c6<>5 -> r1c4=5"],
  },
  {
    puzzle: "..1245.6..2.......9..7.....4.7.6..1....5...........9.3...1.6..2.......74.58......",
    step: 8,
    technique: "Forcing Chain",
    chains: ["r6c6=8 -> r6c6<>7 -> r9c6=7 -> r9c6<>4 -> r9c4=4 -> r6c4<>4 -> r6c4=8 -> r6c6<>8"],
  },
  {
    puzzle: ".2.......8.6.9..7.9..35........6...9.7..1.68.........53.1..4.....21.....78...631.",
    step: 8,
    technique: "Nishio Forcing Chains",
    chains: ["r6c4=9 -> r9c4<>9 -> r9c3=9", "[1] r6c4=9 -> [2] r5c6<>9 -> [3] r5c4<>9 (from 1) -> [4] r5c3=9 (from 2,3) -> [5] r9c3<>9"],
  },
  {
    puzzle: "....6...1.3.2..6..8..49.....5....1.72........7.4....3.6...7.5.......2..8..28.476.",
    step: 18,
    technique: "Dynamic Contradiction Forcing Chains",
    chains: [
      "[1] r8c2=9 -> [2] r9c2<>9 -> [3] r9c2=1 -> [4] r6c2<>1 -> [5] r5c2<>1 (from 3) -> [6] r5c3=1 (from 4,5)",
      "[1] r8c2=9 -> [2] r6c2<>9 -> [3] r5c2<>9 (from 1) -> [4] r5c3=9 (from 2,3) -> [5] r5c3<>1",
    ],
  },
];

test("chains: the links SE's hint explanations list, in SE's order", () => {
  for (const { puzzle, step, technique, chains } of SE_CHAINS) {
    const result = ratePuzzle(puzzle, { steps: true, checkUnique: false });
    assert.equal(result.status, "rated", puzzle);
    if (result.status !== "rated") continue;
    const found = result.steps[step - 1];
    assert.equal(found.technique, technique, `${puzzle} step ${step}`);
    assert.deepEqual((found.chains ?? []).map(chainText), chains, `${puzzle} step ${step}`);
  }
});

test("explain shows the chains: text lines under the step, --json links with on/off and parents", needsData, () => {
  const [puzzle] = rows(83, 83, 1);
  const run = runCli(["explain", puzzle]);
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.trimEnd().split("\n");
  const chainLines = lines.filter((line) => /^ +(chain|cycle)( \d+)?: /.test(line));
  assert.ok(chainLines.length > 0, "no chain line");
  for (const line of chainLines) {
    assert.match(line, /^ {4,}(chain|cycle)( \d+)?: (\[\d+\] )?r\dc\d(=|<>)\d( \(from [\d,]+\))?( -> (\[\d+\] )?r\dc\d(=|<>)\d( \(from [\d,]+\))?)+$/, line);
  }
  // A chain line follows a step line or another chain line.
  lines.forEach((line, i) => {
    if (/^ +(chain|cycle)/.test(line)) assert.match(lines[i - 1], /^ *\d+\. |^ +(chain|cycle)/);
  });
  const json = runCli(["explain", "--json", puzzle]);
  const object = JSON.parse(json.stdout) as { steps: StepJson[] };
  const chained = object.steps.filter((s) => s.chains !== undefined);
  assert.ok(chained.length > 0);
  for (const step of chained) {
    assert.ok(step.chains!.length > 0);
    for (const chain of step.chains!) {
      assert.deepEqual(Object.keys(chain), ["cycle", "links", "text"]);
      chain.links.forEach((link, i) => {
        assert.deepEqual(Object.keys(link), ["cell", "index", "digit", "on", "parents"]);
        assert.equal(link.cell, `r${Math.floor(link.index / 9) + 1}c${(link.index % 9) + 1}`);
        assert.ok(link.parents.every((p) => p < i) && (i === 0) === (link.parents.length === 0));
      });
      assert.ok(lines.some((line) => line.endsWith(`: ${chain.text}`)), chain.text);
    }
  }
  // Steps without chains have no "chains" key.
  assert.ok(object.steps.some((s) => !("chains" in s)));
});

test("chain text: linear chains with arrows, others with numbered links and their parents", () => {
  const link = (cell: number, digit: number, on: boolean, parents: number[]): ChainLink => ({ cell, digit, on, parents });
  const linear: Chain = { links: [link(0, 5, true, []), link(3, 5, false, [0]), link(21, 5, true, [1])] };
  assert.ok(isLinear(linear));
  assert.equal(chainText(linear), "r1c1=5 -> r1c4<>5 -> r3c4=5");
  const dag: Chain = { links: [link(0, 5, true, []), link(3, 5, false, [0]), link(5, 5, false, [0]), link(21, 5, true, [1, 2])] };
  assert.ok(!isLinear(dag));
  assert.equal(chainText(dag), "[1] r1c1=5 -> [2] r1c4<>5 -> [3] r1c6<>5 (from 1) -> [4] r3c4=5 (from 2,3)");
  const step: Step = { technique: "T", rating: 80, units: [], cells: [], digits: [], placement: null, eliminations: [], impliedEliminations: [], chains: [linear, dag] };
  assert.deepEqual(describeChains(step), [`chain 1: ${chainText(linear)}`, `chain 2: ${chainText(dag)}`]);
  assert.deepEqual(describeChains({ ...step, chains: [{ ...linear, cycle: true }] }), [`cycle: ${chainText(linear)}`]);
  assert.deepEqual(describeChains({ ...step, chains: undefined }), []);
});

test("nested chains (9.5+): the nested link is marked, its chains are listed under it, indented, and in --json under the link", () => {
  const link = (cell: number, digit: number, on: boolean, parents: number[], nested?: Chain[]): ChainLink => ({ cell, digit, on, parents, ...(nested === undefined ? {} : { nested }) });
  // r1c1=5 -> r1c4<>5 -> r2c2<>7 (from 2, by a nested forcing chain) -> r2c2=3 (from 3).
  const inner: Chain = { links: [link(10, 7, true, []), link(12, 7, false, [0]), link(30, 7, true, [1]), link(28, 7, false, [2]), link(10, 7, false, [3])] };
  const deeper: Chain = { links: [link(40, 1, true, []), link(41, 1, false, [0])] };
  const innerWithNested: Chain = { links: [link(10, 7, true, []), link(12, 7, false, [0], [deeper]), link(10, 7, false, [1])] };
  const outer: Chain = { links: [link(0, 5, true, []), link(3, 5, false, [0]), link(10, 7, false, [1], [inner, innerWithNested]), link(10, 3, true, [2])] };
  assert.equal(chainText(outer), "[1] r1c1=5 -> [2] r1c4<>5 -> [3] r2c2<>7 (nested) -> [4] r2c2=3");
  const step: Step = { technique: "T", rating: 103, units: [], cells: [], digits: [], placement: null, eliminations: [], impliedEliminations: [], chains: [outer] };
  assert.deepEqual(describeChains(step), [
    `chain: ${chainText(outer)}`,
    `  [3] r2c2<>7 by chain 1: ${chainText(inner)}`,
    `  [3] r2c2<>7 by chain 2: ${chainText(innerWithNested)}`,
    `    [2] r2c4<>7 by chain: ${chainText(deeper)}`,
  ]);
  const json = chainJson(outer);
  assert.equal(json.links[2].nested?.length, 2);
  assert.equal(json.links[2].nested?.[1].links[1].nested?.[0].text, chainText(deeper));
  assert.ok(!("nested" in json.links[1]));
});
