import { test } from "node:test";
import assert from "node:assert/strict";
import { HittingSearch, prepareScan, runChunks, scanUAs } from "../src/scan/index.js";
import { WasmKernel, wasmKernelAvailable } from "../src/scan/wasm-kernel.js";
import { parseGrid, parsePuzzle, formatPuzzle } from "../src/core/puzzle.js";

/** The grid of scan.test.ts (20 17s) and one of its 17s. */
const GRID = parseGrid("123456789456789123789132564264918357875324691931675248392861475547293816618547932");
const SEVENTEEN = parsePuzzle(".....6....5.7.9...7.......42.4.1..........69...........9.....7......3.......4..32");
const clueCells = [...SEVENTEEN.keys()].filter((i) => SEVENTEEN[i] !== 0);
const UAS = scanUAs(GRID);

function maskFixing(cells: number[]): string {
  let mask = "";
  for (let i = 0; i < 81; i++) mask += cells.includes(i) ? "1" : ".";
  return mask;
}

test("the WebAssembly kernel is available (WebAssembly with SIMD)", () => {
  assert.ok(wasmKernelAvailable());
});

test("scan with the kernel at 2-6 clues left: the same puzzles in the same order, the same nodes and solver calls as JS", () => {
  const setup = prepareScan(GRID, 17, maskFixing(clueCells.slice(0, 12)));
  const all = Array.from({ length: setup.chunks.length / 6 }, (_, i) => i);
  const run = (kernelLeft: number): string => {
    const found: string[] = [];
    const stats = runChunks(setup, all, { kernelLeft, onPuzzle: (p) => found.push(formatPuzzle(p)) });
    return `${stats.nodes} ${stats.solverCalls} ${stats.addedUAs} ${found.join(" ")}`;
  };
  const js = run(0);
  assert.ok(js.includes(formatPuzzle(SEVENTEEN)));
  for (const k of [2, 3, 4, 6]) assert.equal(run(k), js, `kernel at ${k} clues left`);
});

test("a small index (most UAs in the tail): escapes to JS and UAs the solver adds mid-subtree give the JS results", () => {
  // 32 index UAs (1 word, padded to 4 in the kernel): many nodes hit the
  // whole index with clues left, so the JS search takes them from the records.
  const js = searchWithSmallIndex(11, 0);
  assert.ok(Number(js.split(" ")[2]) > 0, "the solver added UAs");
  for (const k of [3, 4, 6]) assert.equal(searchWithSmallIndex(11, k), js, `kernel at ${k} clues left`);
});

test("a subtree with more records than the kernel's buffer runs in JS, with the same results", (t) => {
  let overflows = 0;
  const run = WasmKernel.prototype.run;
  t.mock.method(WasmKernel.prototype, "run", function (this: WasmKernel, ...args: Parameters<WasmKernel["run"]>): number {
    const count = run.apply(this, args);
    if (count < 0) overflows++;
    return count;
  });
  assert.equal(searchWithSmallIndex(10, 7), searchWithSmallIndex(10, 0));
  assert.ok(overflows > 0, "the buffer overflowed");
});

/** HittingSearch from the first `fixed` clues of SEVENTEEN with a 32-UA index: stats and puzzles. */
function searchWithSmallIndex(fixed: number, kernelLeft: number): string {
  const c = new Int32Array(3);
  for (const cell of clueCells.slice(0, fixed)) c[Math.floor(cell / 27)] |= 1 << cell % 27;
  const found: string[] = [];
  const search = new HittingSearch(GRID, 17, UAS, (b0, b1, b2) => found.push(`${b0},${b1},${b2}`), 32, kernelLeft);
  search.searchFrom(c[0], c[1], c[2], 0, 0, 0);
  const s = search.stats;
  return `${s.nodes} ${s.solverCalls} ${s.addedUAs} ${s.found} ${found.join(" ")}`;
}
