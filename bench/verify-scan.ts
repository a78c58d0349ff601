/**
 * `npm run verify:scan [SECTION ARGS]`: the long verifications and speed
 * figures of the grid scan, each against independent truth.
 * Sections:
 *
 *   most [A [B]]    `scan --clues 17` on every grid of
 *                   grids-with-most-17s.tsv (or its grids A to B, from 1):
 *                   the 17s found must be exactly the listed ones (the
 *                   list is complete)
 *   random16 N      16 clues on N random grids (seeded): none may be found
 *                   (McGuire et al. proved there is no 16); CPU time per
 *                   grid with its spread, for the 2.84 s anchor
 *   grid GRID N [K] N clues on one grid: the puzzles found (K = how many
 *                   must be found, if known) and the CPU time
 *   engines GRID N  N clues on one grid by both engines: the same puzzles
 *
 * The scan runs on the engine `sudokulab scan` picks by default (the band
 * engine up to 20 clues, the hitting-set search above), or on the one named
 * by --engine bands|hitting after the section's arguments.
 *
 * With no argument: most, then random16 30. One thread, CPU time
 * (process.cpuUsage). Prints one line per check; exit code 1 if any fails.
 */
import { readFileSync } from "node:fs";
import { parseGrid } from "../src/core/puzzle.js";
import { dataFile } from "../src/io/shared-data.js";
import { scanGrid } from "../src/scan/index.js";
import { MAX_BAND_ENGINE_CLUES, Scan17Stats, scanGridByBands } from "../src/bandscan/index.js";
import { randomGrid, rng } from "../test/helpers.js";
import { cpuSeconds, finish, report } from "./report.js";

function puzzleText(puzzle: Uint8Array): string {
  return Array.from(puzzle, (d) => (d === 0 ? "." : String(d))).join("");
}

function normalize(puzzle: string): string {
  return puzzle.replace(/[0.]/g, ".");
}

type Engine = "bands" | "hitting";

/** --engine, or null for the CLI's default choice. */
let engineOption: Engine | null = null;

function engineFor(clues: number): Engine {
  return engineOption ?? (clues <= MAX_BAND_ENGINE_CLUES ? "bands" : "hitting");
}

function scanTimed(grid: Uint8Array, clues: number, engine = engineFor(clues)): { found: string[]; seconds: number; nodes: number } {
  const start = process.cpuUsage();
  if (engine === "bands") {
    const stats = new Scan17Stats();
    const found = scanGridByBands(grid, clues, stats).map(puzzleText);
    return { found, seconds: cpuSeconds(start), nodes: stats.xyNodes + stats.band3Nodes };
  }
  const { puzzles, stats } = scanGrid(grid, clues);
  return { found: puzzles.map(puzzleText), seconds: cpuSeconds(start), nodes: stats.nodes };
}

function most(first = 1, last = Infinity): void {
  const path = dataFile("grids-with-most-17s.tsv");
  if (!path) return console.log("skip grids-with-most-17s.tsv not found");
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => /^\d{81}\t/.test(l))
    .slice(first - 1, last);
  let total = 0;
  for (const line of lines) {
    const [gridText, , list] = line.split("\t");
    const expected = list.split(",").map(normalize).sort();
    const { found, seconds, nodes } = scanTimed(parseGrid(gridText), 17);
    found.sort();
    total += seconds;
    const same = found.length === expected.length && found.every((p, i) => p === expected[i]);
    report(same, `scan --clues 17 (${engineFor(17)} engine) ${gridText}: ${found.length} found, ${expected.length} listed${same ? ", identical" : ""}; ${seconds.toFixed(1)} s CPU, ${(nodes / 1e6).toFixed(1)}M nodes`);
  }
  console.log(`     ${lines.length} grids in ${total.toFixed(0)} s CPU`);
}

function random16(count: number): void {
  const random = rng(16);
  const times: number[] = [];
  let empty = 0;
  for (let i = 0; i < count; i++) {
    const grid = randomGrid(random);
    const { found, seconds, nodes } = scanTimed(grid, 16);
    times.push(seconds);
    if (found.length === 0) empty++;
    console.log(`     ${i + 1}/${count} ${Array.from(grid).join("")}: ${found.length} 16s, ${seconds.toFixed(2)} s CPU, ${(nodes / 1e6).toFixed(2)}M nodes`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / count;
  const median = sorted[Math.floor(count / 2)];
  report(empty === count, `16 clues on ${count} random grids (${engineFor(16)} engine): ${count - empty} with a 16 (none exists); CPU per grid mean ${mean.toFixed(2)} s, median ${median.toFixed(2)} s, min ${sorted[0].toFixed(2)} s, max ${sorted[count - 1].toFixed(2)} s (anchor: gridchecker --fastscan 2.84 s)`);
}

function oneGrid(gridText: string, clues: number, expected?: number): void {
  const { found, seconds, nodes } = scanTimed(parseGrid(gridText), clues);
  for (const p of found) console.log(`     ${p}`);
  const ok = expected === undefined || found.length === expected;
  report(ok, `scan --clues ${clues} (${engineFor(clues)} engine) ${gridText}: ${found.length} found${expected === undefined ? "" : `, ${expected} expected`}; ${seconds.toFixed(1)} s CPU, ${(nodes / 1e6).toFixed(1)}M nodes`);
}

/** Both engines on one grid: the same puzzles (each engine's output sorted). */
function engines(gridText: string, clues: number): void {
  if (clues > MAX_BAND_ENGINE_CLUES) throw new RangeError(`the band engine scans for at most ${MAX_BAND_ENGINE_CLUES} clues`);
  const grid = parseGrid(gridText);
  const bands = scanTimed(grid, clues, "bands");
  const hitting = scanTimed(grid, clues, "hitting");
  const a = [...bands.found].sort();
  const b = [...hitting.found].sort();
  const same = a.length === b.length && a.every((p, i) => p === b[i]);
  report(
    same,
    `scan --clues ${clues} ${gridText}: band engine ${a.length} found in ${bands.seconds.toFixed(1)} s CPU, ` +
      `hitting-set engine ${b.length} in ${hitting.seconds.toFixed(1)} s${same ? ", identical" : ", DIFFERENT"}`,
  );
}

const argv = process.argv.slice(2);
const engineAt = argv.indexOf("--engine");
if (engineAt >= 0) {
  const name = argv[engineAt + 1];
  if (name !== "bands" && name !== "hitting") {
    console.error(`verify-scan: --engine takes bands or hitting, not '${name}'`);
    process.exit(2);
  }
  engineOption = name;
  argv.splice(engineAt, 2);
}
const [section, ...args] = argv;
if (section === undefined) most();
else if (section === "most") most(Number(args[0] ?? 1), Number(args[1] ?? Infinity));
if (section === undefined) random16(30);
else if (section === "random16") random16(Number(args[0] ?? 30));
else if (section === "grid") oneGrid(args[0], Number(args[1] ?? 17), args[2] === undefined ? undefined : Number(args[2]));
else if (section === "engines") engines(args[0], Number(args[1] ?? 17));
else if (section !== "most") {
  console.error(`verify-scan: unknown section '${section}' (most [A [B]] | random16 N | grid GRID N [K] | engines GRID N) [--engine bands|hitting]`);
  process.exit(2);
}
finish();
