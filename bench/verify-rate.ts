/**
 * `npm run verify:rate [SECTION [EVERY]]`: the long verifications of the
 * Sudoku Explainer rating, one thread, CPU time. Sections:
 *
 *   se     every puzzle of se-ratings.tsv: ER, EP and ED must all equal
 *          SE 1.2.1's, reported per rating band
 *   skfr   every puzzle of hard-skfr.tsv must be rated (SE rarely
 *          finishes them); how our ER differs from skfr's, as a histogram
 *   chains the chains `explain` shows on hard-skfr.tsv's paths (levels
 *          2-4 nest there): every chaining step's chains, nested ones
 *          included, checked link by link on their grids and against the
 *          step's rating (test/chain-check.ts); EVERY defaults to 20
 *
 * EVERY = k takes every k-th puzzle only (default 1: all). With no
 * argument the three sections run (se and skfr in full: about an hour on
 * one core).
 */
import { dataFile, readTsv } from "../src/io/shared-data.js";
import { parsePuzzle } from "../src/core/puzzle.js";
import { applyStep, CandidateGrid, formatRating, ratePuzzle } from "../src/rate/index.js";
import { stepChainsProblem } from "../test/chain-check.js";
import { cpuSeconds, finish, report } from "./report.js";

function tenths(text: string): number {
  return Math.round(Number(text) * 10);
}

function seRatings(every: number): void {
  const path = dataFile("se-ratings.tsv");
  if (!path) return console.log("skip se-ratings.tsv not found");
  const rows = readTsv(path).filter((_, i) => i % every === 0);
  const perBand = new Map<number, [number, number]>();
  const wrong: string[] = [];
  const start = process.cpuUsage();
  for (const row of rows) {
    const result = ratePuzzle(row.puzzle);
    const expected = [tenths(row.ER), tenths(row.EP), tenths(row.ED)];
    const ok = result.status === "rated" && result.er === expected[0] && result.ep === expected[1] && result.ed === expected[2];
    const band = Math.floor(expected[0] / 10);
    const tally = perBand.get(band) ?? [0, 0];
    tally[0] += ok ? 1 : 0;
    tally[1]++;
    perBand.set(band, tally);
    if (!ok) {
      const ours = result.status === "invalid" ? result.reason : result.status === "beyond" ? "beyond" : `${formatRating(result.er)}/${formatRating(result.ep)}/${formatRating(result.ed)} (${result.status})`;
      wrong.push(`${row.puzzle}: SE ${row.ER}/${row.EP}/${row.ED}, ours ${ours}`);
    }
  }
  const seconds = cpuSeconds(start);
  for (const line of wrong) console.log(`     ${line}`);
  const bands = [...perBand].sort((a, b) => a[0] - b[0]).map(([band, [good, all]]) => `${band}.x ${good}/${all}`).join(", ");
  report(wrong.length === 0, `se-ratings.tsv: ${rows.length - wrong.length}/${rows.length} with ER, EP and ED equal to SE's (${bands}); ${seconds.toFixed(1)} s CPU`);
}

function hardSkfr(every: number): void {
  const path = dataFile("hard-skfr.tsv");
  if (!path) return console.log("skip hard-skfr.tsv not found");
  const rows = readTsv(path).filter((_, i) => i % every === 0);
  const histogram = new Map<number, number>();
  let rated = 0;
  let slowest = 0;
  const start = process.cpuUsage();
  for (const row of rows) {
    const before = process.cpuUsage();
    const result = ratePuzzle(row.puzzle);
    slowest = Math.max(slowest, cpuSeconds(before));
    if (result.status !== "rated") {
      console.log(`     ${row.puzzle}: ${result.status === "invalid" ? result.reason : result.status}`);
      continue;
    }
    rated++;
    const difference = result.er - tenths(row.skfr_ER);
    histogram.set(difference, (histogram.get(difference) ?? 0) + 1);
  }
  const seconds = cpuSeconds(start);
  const count = (test: (d: number) => boolean): number => [...histogram].filter(([d]) => test(d)).reduce((sum, [, n]) => sum + n, 0);
  const spread = [...histogram].sort((a, b) => a[0] - b[0]).map(([d, n]) => `${d > 0 ? "+" : ""}${(d / 10).toFixed(1)}: ${n}`).join(", ");
  report(
    rated === rows.length,
    `hard-skfr.tsv: ${rated}/${rows.length} rated; ER against skfr's: ${count((d) => d === 0)} equal, ${count((d) => d > 0)} higher, ${count((d) => d < 0)} lower (${spread}); ${seconds.toFixed(0)} s CPU, ${(seconds / rows.length).toFixed(2)} s per puzzle, slowest ${slowest.toFixed(1)} s`,
  );
}

function chains(every: number): void {
  const path = dataFile("hard-skfr.tsv");
  if (!path) return console.log("skip hard-skfr.tsv not found");
  const rows = readTsv(path).filter((_, i) => i % every === 0);
  const byLevel = new Map<string, number>();
  const problems: string[] = [];
  let checked = 0;
  let withNested = 0;
  const start = process.cpuUsage();
  for (const row of rows) {
    const result = ratePuzzle(row.puzzle, { steps: true, checkUnique: false });
    if (result.status === "invalid") {
      problems.push(`${row.puzzle}: ${result.reason}`);
      continue;
    }
    const grid = CandidateGrid.fromPuzzle(parsePuzzle(row.puzzle));
    for (const [i, step] of result.steps.entries()) {
      if (step.chains !== undefined) {
        checked++;
        const problem = stepChainsProblem(grid, step);
        if (problem !== null) problems.push(`${row.puzzle} step ${i + 1} ${step.technique}: ${problem}`);
        const level = /\((\+.*)\)$/.exec(step.technique)?.[1] ?? "";
        if (level.startsWith("+ ")) {
          byLevel.set(level, (byLevel.get(level) ?? 0) + 1);
          if (step.chains.some((chain) => chain.links.some((link) => link.nested !== undefined))) withNested++;
        }
      }
      applyStep(grid, step);
    }
  }
  const seconds = cpuSeconds(start);
  for (const line of problems.slice(0, 10)) console.log(`     ${line}`);
  const nested = [...byLevel].map(([level, n]) => `(${level}) ${n}`).join(", ");
  report(
    problems.length === 0,
    `hard-skfr.tsv chains (every ${every}th, ${rows.length} puzzles): ${checked - problems.length}/${checked} chaining steps check out; nested steps: ${nested}, ${withNested} of them through nested chains; ${seconds.toFixed(0)} s CPU`,
  );
}

const [section, everyText] = process.argv.slice(2);
const every = Math.max(1, Number(everyText ?? (section === "chains" ? 20 : 1)));
if (section === undefined || section === "se") seRatings(every);
if (section === undefined || section === "skfr") hardSkfr(every);
if (section === undefined || section === "chains") chains(section === undefined ? 20 : every);
if (section !== undefined && section !== "se" && section !== "skfr" && section !== "chains") {
  console.error(`verify-rate: unknown section '${section}' (se | skfr | chains)`);
  process.exit(2);
}
finish();
