/**
 * `node dist/bench/rate-producers.js FILE [--replay N] [--from K] [--only K] [--puzzles]`:
 * where a rating's time goes, producer by producer.
 *
 * Rates every puzzle of FILE in this process and prints, for each producer
 * of SE's ladder that took time, its seconds, calls and hits (Hidden
 * Singles are not timed: the rating loop places most of them itself). With
 * --puzzles, each puzzle's milliseconds and ER as well.
 *
 * With --replay N, the grids the rating asked producers K and later
 * (--from K, default 20: Forcing Chains & Cycles) are kept, and each
 * producer is run again on its own grids, in the same order, N times; the
 * least time of each is printed. The JIT is warm by then and the rating
 * loop is left out, so two builds compare with far less noise than whole
 * ratings. --only K keeps and replays producer K alone.
 */
import { readFileSync } from "node:fs";
import { readPuzzles } from "../src/core/puzzle-text.js";
import type { CandidateGrid } from "../src/rate/grid.js";
import { ratePuzzle } from "../src/rate/rate.js";
import { PRODUCERS, type Producer } from "../src/rate/techniques.js";
import { cpuSeconds } from "./report.js";

interface Options {
  readonly file: string;
  readonly replay: number;
  readonly from: number;
  readonly only: number | null;
  readonly puzzles: boolean;
}

function parseOptions(args: readonly string[]): Options {
  let file: string | null = null;
  let replay = 0;
  let from = 20;
  let only: number | null = null;
  let puzzles = false;
  const count = (text: string | undefined, least: number): number => {
    const value = Number(text);
    if (text === undefined || !Number.isInteger(value) || value < least) throw new Error(`not a whole number from ${least}: ${text ?? "nothing"}`);
    return value;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--replay") replay = count(args[++i], 1);
    else if (arg === "--from") from = count(args[++i], 1);
    else if (arg === "--only") only = count(args[++i], 1);
    else if (arg === "--puzzles") puzzles = true;
    else if (file === null && !arg.startsWith("--")) file = arg;
    else throw new Error(`unknown argument: ${arg}`);
  }
  if (file === null) throw new Error("usage: rate-producers FILE [--replay N] [--from K] [--only K] [--puzzles]");
  if (only !== null && only >= PRODUCERS.length) throw new Error(`--only: producers are numbered 1-${PRODUCERS.length - 1}`);
  return { file, replay, from: only ?? from, only, puzzles };
}

/** A producer call kept for the replay: the producer's index and a copy of its grid. */
interface Call {
  readonly producer: number;
  readonly grid: CandidateGrid;
}

function main(options: Options): void {
  const items = readPuzzles(readFileSync(options.file, "utf8"));
  const puzzles = items.filter((item) => item.ok).map((item) => item.puzzle);
  const seconds = new Float64Array(PRODUCERS.length);
  const calls = new Int32Array(PRODUCERS.length);
  const hits = new Int32Array(PRODUCERS.length);
  const kept: Call[] = [];
  const ladder = PRODUCERS as Producer[];
  const originals = ladder.slice();
  const keep = (i: number): boolean => options.replay > 0 && i >= options.from && (options.only === null || i === options.only);
  // Index 0 (Hidden Singles) keeps its own function: the rating loop takes its quick path only for it.
  for (let i = 1; i < ladder.length; i++) {
    const { name, find, uniqueness } = originals[i];
    const timed = (grid: CandidateGrid) => {
      if (keep(i)) kept.push({ producer: i, grid: grid.copy() });
      const start = performance.now();
      const found = find(grid);
      seconds[i] += (performance.now() - start) / 1000;
      calls[i]++;
      if (found !== null) hits[i]++;
      return found;
    };
    ladder[i] = uniqueness === undefined ? { name, find: timed } : { name, find: timed, uniqueness };
  }
  const began = process.cpuUsage();
  try {
    for (const puzzle of puzzles) {
      const start = performance.now();
      const result = ratePuzzle(puzzle);
      if (options.puzzles) {
        const rating = result.status === "invalid" || result.status === "beyond" ? result.status : `ER ${(result.er / 10).toFixed(1)}`;
        console.log(`${puzzle}  ${(performance.now() - start).toFixed(0).padStart(6)} ms  ${rating}`);
      }
    }
  } finally {
    for (let i = 0; i < ladder.length; i++) ladder[i] = originals[i];
  }
  const total = cpuSeconds(began);
  console.log(`${puzzles.length} puzzles rated, ${total.toFixed(2)} s CPU; time per producer (wall):`);
  for (let i = 1; i < ladder.length; i++) {
    if (seconds[i] < 0.005) continue;
    console.log(`${seconds[i].toFixed(2).padStart(8)} s ${String(calls[i]).padStart(8)} calls ${String(hits[i]).padStart(7)} hits  ${i} ${ladder[i].name}`);
  }
  if (options.replay === 0) return;
  // Each producer again on its own grids, in the rating's order: the least CPU of N rounds.
  const least = new Float64Array(ladder.length).fill(Number.POSITIVE_INFINITY);
  for (let round = 0; round < options.replay; round++) {
    const spent = new Float64Array(ladder.length);
    for (const { producer, grid } of kept) {
      const start = process.cpuUsage();
      ladder[producer].find(grid.copy());
      spent[producer] += cpuSeconds(start);
    }
    for (let i = 0; i < ladder.length; i++) if (calls[i] > 0 && keep(i)) least[i] = Math.min(least[i], spent[i]);
  }
  console.log(`replayed ${kept.length} calls ${options.replay} times; the least CPU of each producer:`);
  let sum = 0;
  for (let i = 0; i < ladder.length; i++) {
    if (!Number.isFinite(least[i])) continue;
    sum += least[i];
    console.log(`${least[i].toFixed(3).padStart(8)} s  ${i} ${ladder[i].name}`);
  }
  console.log(`${sum.toFixed(3).padStart(8)} s  in all`);
}

try {
  main(parseOptions(process.argv.slice(2)));
} catch (error) {
  console.error(`rate-producers: ${(error as Error).message}`);
  process.exitCode = 2;
}
