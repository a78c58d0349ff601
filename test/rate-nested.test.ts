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
import { applyStep, CandidateGrid, formatRating, nextStep, ratePuzzle, type Chain, type Step } from "../src/rate/index.js";
import { nestedForcingChains, setTakeUpLevelOne, setTakeUpLevelTwo } from "../src/rate/nested.js";
import { recordNestedChains } from "../src/rate/nested-registry.js";
import { hasCapableParts, markStartsOnParts, setPartsFilter, setReturnsFilter, staticHints } from "../src/rate/static-chains.js";
import { buildGraph, chainOnDigits, chainStarts, markChainStarts, selectPass } from "../src/rate/static-graph.js";
import { Signature } from "../src/rate/nested-hint.js";
import { setUntouchedMode } from "../src/rate/untouched.js";
import { setEarlierGrids, setHintCarry, takenUpPropagations } from "../src/rate/nested-engine.js";
import { DynamicReach, setLightBranches } from "../src/rate/dynamic-reach.js";
import { dynamicPropagation, multipleForcingChains } from "../src/rate/multiple.js";
import { Propagation } from "../src/rate/propagation.js";
import { forcingChainsAndCycles } from "../src/rate/chaining.js";
import { nishioContradiction } from "../src/rate/nishio.js";
import { dataFile, missingData } from "./helpers.js";
import { stepChainsProblem } from "./chain-check.js";

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

/**
 * Copies of a nested step (on a copy of its grid) with the first nested chain of its first chain damaged: a
 * link turned over, moved to the next digit, or the nested chain cut short.
 */
function damagedNested(grid: CandidateGrid, step: Step): { grid: CandidateGrid; step: Step; damage: string }[] {
  const chains = step.chains ?? [];
  if (chains.length === 0) return [];
  const at = chains[0].links.findIndex((link) => link.nested !== undefined);
  if (at < 0) return [];
  const nestedLink = chains[0].links[at];
  const inner = nestedLink.nested![0];
  const mid = Math.floor(inner.links.length / 2);
  const damages: [string, Chain][] = [
    ["a nested link turned over", { ...inner, links: inner.links.map((l, i) => (i === mid ? { ...l, on: !l.on } : l)) }],
    ["a nested link moved to the next digit", { ...inner, links: inner.links.map((l, i) => (i === mid ? { ...l, digit: (l.digit % 9) + 1 } : l)) }],
    ["a nested chain cut short", { ...inner, links: inner.links.slice(0, inner.links.length - 1) }],
  ];
  const copy = new CandidateGrid();
  copy.candidates.set(grid.candidates);
  copy.where.set(grid.where);
  return damages.map(([damage, chain]) => {
    const link = { ...nestedLink, nested: [chain, ...nestedLink.nested!.slice(1)] };
    const first = { ...chains[0], links: chains[0].links.map((l, i) => (i === at ? link : l)) };
    return { grid: copy, step: { ...step, chains: [first, ...chains.slice(1)] }, damage };
  });
}

test("se-ratings.tsv: the 19 puzzles SE rates 9.5+ get SE's ER, EP and ED (levels 1-3; their SE paths use no level 4 or 5), with sound steps whose chains, nested ones included, check out link by link and give the step's rating", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 95);
  assert.equal(rows.length, 19);
  const problems: string[] = [];
  const levels = new Map<string, number>();
  let slowest = 0;
  let total = 0;
  let nestedSteps = 0;
  let nestedWithChains = 0;
  /** Nested steps with one nested chain damaged: the checker must reject each. */
  const damaged: { grid: CandidateGrid; step: Step; damage: string }[] = [];
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
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(row.puzzle));
    for (const [i, step] of result.steps.entries()) {
      const chainProblem = stepChainsProblem(grid, step);
      if (chainProblem !== null) problems.push(`${row.puzzle} step ${i + 1} ${step.technique}: ${chainProblem}`);
      if (step.technique.includes("(+ ")) {
        nestedSteps++;
        if (step.chains?.some((chain) => chain.links.some((link) => link.nested !== undefined))) nestedWithChains++;
        if (damaged.length < 30) damaged.push(...damagedNested(grid, step));
      }
      applyStep(grid, step);
      const suffix = /\((\+[^)]*\)?)\)$/.exec(step.technique);
      if (suffix !== null) levels.set(suffix[1], (levels.get(suffix[1]) ?? 0) + 1);
      if (step.placement !== null && solution[step.placement.cell] !== step.placement.digit) problems.push(`${row.puzzle}: ${describe(step)} places a wrong digit`);
      for (const e of step.eliminations) if (solution[e.cell] === e.digit) problems.push(`${row.puzzle}: ${describe(step)} removes the solution`);
    }
  }
  t.diagnostic(`${rows.length} puzzles in ${total.toFixed(1)} CPU-s, slowest ${slowest.toFixed(1)} s; nested steps: ${[...levels].map(([name, n]) => `(${name}) ${n}`).join(", ")}; ${nestedWithChains} of ${nestedSteps} nested steps' chains checked with their nested chains`);
  assert.deepEqual(problems.slice(0, 5), [], `${problems.length} problems`);
  for (const name of ["+ Forcing Chains", "+ Multiple Forcing Chains"]) assert.ok(levels.has(name), `no (${name}) step`);
  // Level 1 found nothing there, so each nested step's chains go through a nested hint.
  assert.ok(nestedSteps > 0);
  assert.equal(nestedWithChains, nestedSteps, "nested steps whose chains show no nested hint");
  // A checker that accepted broken nested chains would prove nothing.
  assert.ok(damaged.length >= 30, `only ${damaged.length} damaged steps`);
  for (const { grid, step, damage } of damaged) assert.notEqual(stepChainsProblem(grid, step), null, `accepted: ${damage} in ${step.technique}`);
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

test("nested rules: skipping what a propagation settled at an earlier working grid changes no node (each such grid asked against the source grid too) and no rating", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  // Those SE rates 10.9 and up reach level 3, whose static multiple chains run on working grid after working grid.
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 109);
  assert.equal(rows.length, 8);
  let checks: Record<string, number> = {};
  try {
    setEarlierGrids("verify");
    for (const row of rows) {
      const result = ratePuzzle(row.puzzle, { checkUnique: false });
      assert.equal(result.status, "rated", row.puzzle);
      if (result.status !== "rated") continue;
      assert.equal([result.er, result.ep, result.ed].map(formatRating).join("/"), `${row.ER}/${row.EP}/${row.ED}`, row.puzzle);
    }
  } finally {
    checks = setEarlierGrids("on");
  }
  t.diagnostic(`working grids checked, where the rules looked only at what changed since an earlier one: ${JSON.stringify(checks)}`);
  for (const rule of ["set rules", "static chains", "static chains, no new link", "static multiple chains"]) assert.ok((checks[rule] ?? 0) > 100, `${rule}: only ${checks[rule] ?? 0} checks`);
});

/**
 * Rates each puzzle and, on every grid of its path where it takes a step
 * whose technique matches `asked`, calls `compare` with shortcuts on and
 * then off: the two outcomes must be the same. Returns how many grids.
 */
function compareOnAskedGrids(rows: readonly Record<string, string>[], asked: RegExp, compare: (grid: CandidateGrid, shortcuts: boolean, puzzle: string) => string): number {
  let grids = 0;
  for (const row of rows) {
    const result = ratePuzzle(row.puzzle, { checkUnique: false, steps: true });
    assert.equal(result.status, "rated", row.puzzle);
    if (result.status !== "rated") continue;
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(row.puzzle));
    for (const step of result.steps) {
      if (asked.test(step.technique)) {
        assert.equal(compare(grid, true, row.puzzle), compare(grid, false, row.puzzle), row.puzzle);
        grids++;
      }
      applyStep(grid, step);
    }
  }
  return grids;
}

test("level 2 with its shortcuts (level 1's propagations taken up where they ended, cycle searches skipped by their parts) gives the hint it gives without them, on every grid where the paths of the puzzles SE rates 9.5-10.6 ask it", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 95 && tenths(row.ER) <= 106);
  assert.equal(rows.length, 11);
  let grids = 0;
  let takenUp = 0;
  let skipped = 0;
  setPartsFilter(true);
  try {
    // The grids where level 1 found nothing: level 2's own steps, and those of levels 3 and up.
    grids = compareOnAskedGrids(rows, /\(\+ /, (grid, shortcuts, puzzle) => {
      setTakeUpLevelOne(shortcuts);
      skipped += setPartsFilter(shortcuts);
      assert.equal(multipleForcingChains(grid, true, 1), null, puzzle);
      takenUpPropagations();
      const found = nestedForcingChains(grid, 2);
      if (shortcuts) takenUp += takenUpPropagations();
      else assert.equal(takenUpPropagations(), 0);
      return found === null ? "none" : describe(found);
    });
  } finally {
    setTakeUpLevelOne(true);
    skipped += setPartsFilter(true);
  }
  t.diagnostic(`${grids} grids, ${takenUp} propagations taken up, ${skipped} cycle searches skipped by their parts`);
  assert.ok(grids >= 20 && takenUp > 1000 && skipped > 10000, `${grids} grids, ${takenUp} propagations taken up, ${skipped} cycle searches skipped`);
});

test("level 3 taking up level 2's propagations where they ended gives the hint it gives without them, on every grid where the paths of the puzzles SE rates 10.9 and up ask it", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 109);
  assert.equal(rows.length, 8);
  let grids = 0;
  let takenUp = 0;
  try {
    // The grids where level 2 found nothing: level 3's own steps, and those of levels 4 and up.
    grids = compareOnAskedGrids(rows, /\(\+ (Multiple|Dynamic)/, (grid, takeUp, puzzle) => {
      setTakeUpLevelTwo(takeUp);
      assert.equal(nestedForcingChains(grid, 2), null, puzzle);
      takenUpPropagations();
      const found = nestedForcingChains(grid, 3);
      if (takeUp) takenUp += takenUpPropagations();
      else assert.equal(takenUpPropagations(), 0);
      return found === null ? "none" : describe(found);
    });
  } finally {
    setTakeUpLevelTwo(true);
  }
  t.diagnostic(`${grids} grids, ${takenUp} propagations taken up`);
  assert.ok(grids >= 10 && takenUp > 1000, `${grids} grids, ${takenUp} propagations taken up`);
});

test("nested levels 2-5 on their own: the hint SE's producer gives first, with chains (nested ones included) that check out and give its rating", (t) => {
  recordNestedChains(true);
  const withNested: string[] = [];
  try {
    for (const { puzzle, steps, hints } of SE_LEVELS) {
      const grid = CandidateGrid.fromPuzzle(parsePuzzle(puzzle));
      for (let i = 0; i < steps; i++) applyStep(grid, nextStep(grid)!);
      for (const [level, expected] of hints) {
        // Levels 4 and 5 give their hints here without nested chains: making those would only cost time.
        recordNestedChains(level <= 3);
        const found = nestedForcingChains(grid, level);
        assert.ok(found !== null, `level ${level}`);
        assert.equal(describe(found), expected, `level ${level}`);
        assert.equal(stepChainsProblem(grid, found), null, `level ${level}`);
        if (found.chains?.some((chain) => chain.links.some((link) => link.nested !== undefined))) withNested.push(`${level}`);
      }
    }
  } finally {
    recordNestedChains(false);
  }
  t.diagnostic(`hints whose chains hold nested chains, by level: ${withNested.join(", ")}`);
});

test("level 4: each untouched branch of the nested dynamic chains is the base grid's propagation, and skipping them changes no hint", (t) => {
  const { grid, step } = levelFourGrid();
  try {
    // Hints carried from levelFourGrid's call on this grid would leave no branch to compare.
    setHintCarry("off");
    setUntouchedMode("verify");
    const verified = nestedForcingChains(grid, 4);
    const checked = setUntouchedMode("off");
    const unskipped = nestedForcingChains(grid, 4);
    assert.equal(describe(verified!), describe(step));
    assert.equal(describe(unskipped!), describe(step));
    t.diagnostic(`${describe(step)}: ${checked} untouched branches compared node by node with the base grid's`);
    assert.ok(checked > 10000, `only ${checked} untouched branches`);
  } finally {
    setUntouchedMode("skip");
    setHintCarry("on");
  }
});

test("level 4: the nested hints carried from the previous call are the working grid's own, with the same rule parents, and change no hint", (t) => {
  const { grid } = levelFourGrid();
  // Two calls along a path, the second on the grid the first one's hint left (the first takes the hints of
  // levelFourGrid's call on its grid): with the hints carried (each carried list checked against the hints found
  // again), then without.
  const paths: string[][] = [];
  let hits = 0;
  try {
    recordNestedChains(true);
    for (const mode of ["verify", "off"] as const) {
      setHintCarry(mode);
      const working = grid.copy();
      const path: string[] = [];
      for (let call = 0; call < 2; call++) {
        const found = nestedForcingChains(working, 4);
        if (found === null) break;
        path.push(`${describe(found)} ${JSON.stringify(found.chains)}`);
        applyStep(working, found);
      }
      if (mode === "verify") hits = setHintCarry("off");
      paths.push(path);
    }
  } finally {
    recordNestedChains(false);
    setHintCarry("on");
  }
  assert.equal(paths[0].length, 2);
  assert.deepEqual(paths[0], paths[1]);
  t.diagnostic(`${hits} working grids took the previous call's hints, each checked against the hints found again`);
  assert.ok(hits > 100, `only ${hits} working grids took carried hints`);
});

/** A hard-skfr.tsv puzzle (ER 11.6) whose path takes one level-4 step after a second of easier ones, at that step. */
function levelFourGrid(): { grid: CandidateGrid; step: Step; path: CandidateGrid[] } {
  const grid = CandidateGrid.fromPuzzle(parsePuzzle("1.3.....9..71.9....9.....4..1...7..3....2.8.....5...6.....6.5..6..8...2..7...4..."));
  const path: CandidateGrid[] = [];
  let step = nextStep(grid);
  while (step !== null && !step.technique.endsWith("(+ Dynamic Forcing Chains)")) {
    path.push(grid.copy());
    applyStep(grid, step);
    step = nextStep(grid);
  }
  assert.ok(step !== null, "no level-4 step");
  return { grid, step, path };
}

test("light branches: the dynamic propagation's sets found without its nodes are the full propagation's, and each finds a contradiction where the other does", (t) => {
  const { grid, path } = levelFourGrid();
  // The puzzle's first grid, the level-4 grid, and working grids as the outer propagations make them: the level-4 grid less
  // the "off" keys of a dynamic propagation from a candidate of every seventh cell (its "on" and its "off" key).
  const grids = [path[0], grid];
  for (let cell = 0; cell < 81; cell += 7) {
    const cands = grid.candidates[cell];
    if (cands === 0 || (cands & (cands - 1)) === 0) continue;
    for (const on of [0, 1]) {
      const outer = dynamicPropagation(grid, ((cell * 9 + 31 - Math.clz32(cands & -cands)) << 1) | on);
      if (outer.absurdOn >= 0) continue;
      const working = grid.copy();
      for (let n = 0; n < outer.count; n++) if ((outer.keys[n] & 1) === 0) working.remove(((outer.keys[n] >> 1) / 9) | 0, ((outer.keys[n] >> 1) % 9) + 1);
      grids.push(working);
    }
  }
  const reach = new DynamicReach();
  const light = new Propagation();
  let compared = 0;
  let contradictions = 0;
  for (const g of grids) {
    reach.prepare(g);
    for (let cell = 0; cell < 81; cell++) {
      for (let m = g.candidates[cell]; m !== 0; m &= m - 1) {
        const pot = cell * 9 + 31 - Math.clz32(m & -m);
        for (const key of [(pot << 1) | 1, pot << 1]) {
          const full = dynamicPropagation(g, key);
          const ok = reach.reach(key, light);
          assert.equal(ok, full.absurdOn < 0, `key ${key}: contradiction`);
          compared++;
          if (!ok) {
            contradictions++;
            continue;
          }
          assert.deepEqual([...light.onBits], [...full.onBits], `key ${key}: "on" set`);
          assert.deepEqual([...light.offBits], [...full.offBits], `key ${key}: "off" set`);
          for (let w = 0; w < 23; w++) {
            assert.equal(((light.onWords >>> w) & 1) === 1, light.onBits[w] !== 0, `key ${key}: "on" word ${w}`);
            assert.equal(((light.offWords >>> w) & 1) === 1, light.offBits[w] !== 0, `key ${key}: "off" word ${w}`);
          }
        }
      }
    }
  }
  t.diagnostic(`${compared} propagations on ${grids.length} grids, ${contradictions} with a contradiction`);
  assert.ok(contradictions > 10 && compared - contradictions > 1000, `${compared} propagations, ${contradictions} contradictions`);
});

test("level 4: the light branches change no hint (the step found with them, the hint found without)", () => {
  const { grid, step } = levelFourGrid();
  try {
    setLightBranches(false);
    assert.equal(describe(nestedForcingChains(grid, 4)!), describe(step));
  } finally {
    setLightBranches(true);
  }
});

test("Multiple Forcing Chains: the light branches change no hint (on every grid of the paths of puzzles rated 7.5-9.4)", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  // Light: each branch's sets from the grid's implication graph, in full only where its group shares a target.
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 75 && tenths(row.ER) <= 94);
  let grids = 0;
  let hints = 0;
  for (let r = 0; r < rows.length; r += 20) {
    const cells = parsePuzzle(rows[r].puzzle);
    const rated = ratePuzzle(rows[r].puzzle, { steps: true });
    assert.equal(rated.status, "rated");
    const grid = CandidateGrid.fromPuzzle(cells);
    for (const taken of rated.steps) {
      const light = multipleForcingChains(grid, false);
      setLightBranches(false);
      let full: Step | null;
      try {
        full = multipleForcingChains(grid, false);
      } finally {
        setLightBranches(true);
      }
      grids++;
      assert.equal(light === null, full === null, `${rows[r].puzzle}: a hint with one way only`);
      if (light !== null && full !== null) {
        hints++;
        assert.equal(describe(light), describe(full), rows[r].puzzle);
        assert.deepEqual(light.chains, full.chains, `${rows[r].puzzle}: the chains`);
      }
      applyStep(grid, taken);
    }
  }
  t.diagnostic(`${grids} grids, ${hints} with a hint`);
  assert.ok(grids > 1000 && hints > 100, `${grids} grids, ${hints} hints`);
});

test("Nishio Forcing Chains: the sets alone tell which assumptions end in a contradiction (every candidate of the grids of 40 rating paths)", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 70 && tenths(row.ER) <= 94);
  let compared = 0;
  let contradictions = 0;
  for (let r = 0; r < rows.length; r += Math.floor(rows.length / 40)) {
    const rated = ratePuzzle(rows[r].puzzle, { steps: true });
    assert.equal(rated.status, "rated");
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(rows[r].puzzle));
    for (const taken of rated.steps) {
      for (let cell = 0; cell < 81; cell++) {
        if (grid.values[cell] !== 0) continue;
        for (let m = grid.candidates[cell]; m !== 0; m &= m - 1) {
          const pot = cell * 9 + 31 - Math.clz32(m & -m);
          for (const key of [(pot << 1) | 1, pot << 1]) {
            const full = nishioContradiction(grid, key, false);
            assert.equal(nishioContradiction(grid, key, true), full, `${rows[r].puzzle}: key ${key}`);
            compared++;
            if (full) contradictions++;
          }
        }
      }
      applyStep(grid, taken);
    }
  }
  t.diagnostic(`${compared} assumptions, ${contradictions} ending in a contradiction`);
  assert.ok(contradictions > 1000 && compared - contradictions > 10000, `${compared} assumptions, ${contradictions} contradictions`);
});

test("nested static chains: on perturbed grids the first of all hints (SE's sort) is the static producer's hint", { skip: !ratings && missingData("se-ratings.tsv") }, () => {
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

test("nested static chains: with a chainless source grid, the hints of a grid reduced from it are those found without the source, without the XY pass's returns, and without the cycle parts, and where no part of the source can remove, with only the new links' parts walked; the chain starts read off the parts are the search's", { skip: !ratings && missingData("se-ratings.tsv") }, (t) => {
  // With the source, only starts that reach both "off" ends of a new link look for forcing chains (static-graph.ts);
  // the X and Y passes look for cycles only from starts whose XY search met a return of their kind (static-chains.ts);
  // the XY pass, only from starts whose part may hold a cycle that removes something (cycle-parts.ts).
  const rows = readTsv(ratings!).filter((row) => tenths(row.ER) >= 75);
  let seed = 4242;
  const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const signatures = (grid: CandidateGrid, source: CandidateGrid | null, incapableSource = false): number[][] =>
    staticHints(grid, source, incapableSource).map((hint) => {
      const signature = new Signature();
      hint.writeSignature(signature);
      return Array.from(signature.values.subarray(0, signature.length));
    });
  // The keys a chain may start from (chainStarts) and the cells' "on" digits among them, as markChainStarts' search or the parts' walk marked them.
  const chainMarks = (stamp: number): string => {
    const keys: number[] = [];
    for (let key = 0; key < 1458; key++) if (chainStarts[key] === stamp) keys.push(key);
    return `${keys.join(",")} | ${Array.from(chainOnDigits).join(",")}`;
  };
  let compared = 0;
  let withHints = 0;
  let marked = 0;
  let incapableSources = 0;
  // The count starts here, not with the skips of the tests before.
  setPartsFilter(true);
  let skipped = 0;
  for (let i = 0; i < rows.length; i += 25) {
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(rows[i].puzzle));
    for (let steps = 0; steps < 60; steps++) {
      if (forcingChainsAndCycles(grid) === null) {
        for (let k = 0; k < 2; k++) {
          const working = grid.copy();
          // Remove a few candidates at random (never a cell's last two), as a propagation does.
          for (let r = 1 + Math.floor(random() * 12); r > 0; r--) {
            const cell = Math.floor(random() * 81);
            const digit = 1 + Math.floor(random() * 9);
            let size = 0;
            for (let d = 1; d <= 9; d++) if (working.has(cell, d)) size++;
            if (size > 2 && working.has(cell, digit)) working.remove(cell, digit);
          }
          // Every strong start searched in every pass: the plain search.
          setReturnsFilter(false);
          skipped += setPartsFilter(false);
          const expected = signatures(working, null);
          setReturnsFilter(true);
          skipped += setPartsFilter(true);
          assert.deepEqual(signatures(working, null), expected, rows[i].puzzle);
          assert.deepEqual(signatures(working, grid), expected, rows[i].puzzle);
          // Where no part of the source can remove, the walk starts from the new links' ends only.
          const incapable = !hasCapableParts(grid);
          if (incapable) {
            assert.deepEqual(signatures(working, grid, true), expected, rows[i].puzzle);
            incapableSources++;
          }
          buildGraph(working);
          selectPass(2);
          const searched = chainMarks(markChainStarts(working, grid));
          assert.equal(chainMarks(markStartsOnParts(working, grid)), searched, rows[i].puzzle);
          if (incapable) assert.equal(chainMarks(markStartsOnParts(working, grid, true)), searched, rows[i].puzzle);
          if (!searched.startsWith(" |")) marked++;
          compared++;
          if (expected.length > 0) withHints++;
        }
      }
      const step = nextStep(grid);
      if (step === null) break;
      applyStep(grid, step);
    }
  }
  skipped += setPartsFilter(true);
  t.diagnostic(`${compared} grids (${incapableSources} from a source with no part that can remove), ${withHints} with hints; ${skipped} cycle searches skipped by their parts; ${marked} with chain starts, marked alike both ways`);
  assert.ok(compared > 200 && incapableSources > 100 && withHints > 50 && skipped > 10000 && marked > 50, `${compared} grids (${incapableSources} from an incapable source), ${withHints} with hints, ${skipped} searches skipped, ${marked} with chain starts`);
});
