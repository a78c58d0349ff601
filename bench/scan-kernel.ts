/**
 * Paired measurement of the grid scan's WebAssembly kernel against the JS
 * search: the same prepared scan (UAs and chunks computed once, outside the
 * timing) run alternately with kernelLeft = 0 (JS) and each K given, CPU
 * time per run; the puzzles, node and solver-call counts must be identical.
 *
 *   node dist/bench/scan-kernel.js GRID CLUES FIXED KS ROUNDS [CHUNKS]
 *
 * GRID "" = the default 20x17 grid; FIXED = comma-separated cells that must
 * be clues ("" = none); KS = comma-separated kernel levels; CHUNKS = "a-b"
 * to run only those chunks.
 */
import { parseGrid } from "../src/core/puzzle.js";
import { prepareScan, runChunks } from "../src/scan/index.js";
import { cpuSeconds, finish, report } from "./report.js";

const DEFAULT_GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";
const [gridArg, cluesArg, fixedArg, ksArg, roundsArg, chunksArg] = process.argv.slice(2);
const grid = parseGrid(gridArg || DEFAULT_GRID);
const clues = Number(cluesArg ?? 16);
const fixed = (fixedArg ?? "").split(",").filter((s) => s !== "").map(Number);
const ks = (ksArg ?? "3").split(",").map(Number);
const rounds = Number(roundsArg ?? 3);
let mask = "";
for (let i = 0; i < 81; i++) mask += fixed.includes(i) ? "1" : ".";
const setup = prepareScan(grid, clues, fixed.length > 0 ? mask : undefined);
const total = setup.chunks.length / 6;
const [from, to] = chunksArg ? chunksArg.split("-").map(Number) : [0, total - 1];
const chunks = Array.from({ length: to - from + 1 }, (_, i) => from + i);

function once(kernelLeft: number): { seconds: number; key: string } {
  const found: string[] = [];
  const start = process.cpuUsage();
  const stats = runChunks(setup, chunks, { kernelLeft, onPuzzle: (p) => found.push(Array.from(p, (d) => (d === 0 ? "." : String(d))).join("")) });
  const seconds = cpuSeconds(start);
  return { seconds, key: `${found.length} found, ${stats.nodes} nodes, ${stats.solverCalls} solver calls, ${stats.addedUAs} added UAs; ${found.join(" ")}` };
}

console.log(`${clues} clues, fixed [${fixed.join(",")}], chunks ${from}-${to} of ${total}`);
const times = new Map<number, number[]>([[0, []], ...ks.map((k): [number, number[]] => [k, []])]);
let reference = "";
for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so drifting load hits both alike.
  const order = round % 2 === 0 ? [0, ...ks] : [...ks, 0];
  for (const k of order) {
    const { seconds, key } = once(k);
    if (reference === "") {
      reference = key;
      console.log(`     ${key.slice(0, 300)}`);
    }
    report(key === reference, `round ${round + 1} K=${k}: ${seconds.toFixed(3)} s CPU${key === reference ? "" : ` DIFFERENT: ${key.slice(0, 300)}`}`);
    times.get(k)?.push(seconds);
  }
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const js = median(times.get(0) ?? []);
for (const [k, values] of times) console.log(`     K=${k}: median ${median(values).toFixed(3)} s (${values.map((v) => v.toFixed(2)).join(", ")})${k === 0 ? "" : `, JS/WASM ${(js / median(values)).toFixed(2)}x`}`);
finish();
