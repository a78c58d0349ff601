/**
 * UA collection tests (src/ua/collect.ts, src/ua/ua-set.ts, `sudokulab ua`).
 * Truth from outside the collectors: a set is unavoidable when blanking it
 * leaves two solutions, and minimal when blanking all of it but any one cell
 * leaves one (checked with the bitboard counter, and on a few with the naive
 * reference solver); the 2-digit UAs are computed here by following rows,
 * columns and boxes; the 4-cell UAs are found as rectangles; the counts for
 * the 20x17 grid come from gridchecker (design notes grid-scan.md §5).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BOX_OF, COL_OF, ROW_OF, UNITS, cellName } from "../src/core/cells.js";
import { cellSetToList } from "../src/core/cellset.js";
import { parseGrid } from "../src/core/puzzle.js";
import { countSolutions } from "../src/solver/solve.js";
import { REPO_ROOT } from "../src/io/shared-data.js";
import { UASet, collectDigitFloorUAs, collectRandomUAs, collectUAs } from "../src/ua/index.js";
import { referenceCount } from "./helpers.js";

/** The "20x17" grid of seed 003 (20 known 17s). */
const G20 = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";
const grid = parseGrid(G20);
const CLI = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));

/** Flat band words -> sorted cell lists. */
function cellLists(words: Int32Array): number[][] {
  const lists: number[][] = [];
  for (let k = 0; k < words.length; k += 3) lists.push(cellSetToList(words.subarray(k, k + 3)));
  return lists;
}

function key(cells: readonly number[]): string {
  return [...cells].sort((a, b) => a - b).join(",");
}

function blank(cells: readonly number[]): Uint8Array {
  const puzzle = grid.slice();
  for (const cell of cells) puzzle[cell] = 0;
  return puzzle;
}

/** Unavoidable: the grid without these cells has another solution. Minimal: without any one of them it has not. */
function assertMinimalUA(cells: readonly number[], count: (puzzle: Uint8Array, limit: number) => number = countSolutions): void {
  assert.equal(count(blank(cells), 2), 2, `not unavoidable: ${cells.map(cellName).join(" ")}`);
  for (const kept of cells) {
    const rest = cells.filter((cell) => cell !== kept);
    assert.equal(count(blank(rest), 2), 1, `not minimal (without ${cellName(kept)}): ${cells.map(cellName).join(" ")}`);
  }
}

function sample<T>(items: readonly T[], n: number): T[] {
  const step = Math.max(1, Math.floor(items.length / n));
  return items.filter((_, i) => i % step === 0);
}

test("UASet keeps only inclusion-minimal sets", () => {
  const set = new UASet();
  const a = [1 | 2 | 4 | 8, 0, 0];
  const bigger = [1 | 2 | 4 | 8 | 16, 1 << 26, 0];
  const other = [0, 3, 1 << 5];
  assert.equal(set.add(bigger[0], bigger[1], bigger[2]), true);
  assert.equal(set.add(other[0], other[1], other[2]), true);
  assert.equal(set.count, 2);
  assert.equal(set.add(a[0], a[1], a[2]), true, "a subset is added ...");
  assert.equal(set.count, 2, "... and removes its superset");
  assert.equal(set.add(bigger[0], bigger[1], bigger[2]), false, "a superset of a stored set is refused");
  assert.equal(set.add(a[0], a[1], a[2]), false, "an equal set is refused");
  assert.equal(set.add(0, 3, (1 << 5) | (1 << 9)), false);
  assert.deepEqual(Array.from(set.sorted()), [0, 3, 1 << 5, ...a]);
  assert.equal(set.histogram()[3], 1);
  assert.equal(set.histogram()[4], 1);
});

test("2-digit floors give exactly the alternating cycles of each digit pair, found independently", () => {
  // For digits {a, b}, each row, column and box holds one a and one b. Link
  // each a/b cell to the other a/b cell of its row, column and box: a
  // completion must swap a and b on linked cells together, so the
  // completions are the unions of connected components, and the minimal
  // differences are the components (two pairs' components never nest).
  const expected = new Set<string>();
  for (let a = 1; a <= 9; a++) {
    for (let b = a + 1; b <= 9; b++) {
      const cells = [...grid.keys()].filter((cell) => grid[cell] === a || grid[cell] === b);
      const parent = new Map(cells.map((cell) => [cell, cell]));
      const find = (x: number): number => (parent.get(x) === x ? x : find(parent.get(x)!));
      for (const unit of UNITS) {
        const pair = unit.filter((cell) => grid[cell] === a || grid[cell] === b);
        assert.equal(pair.length, 2);
        parent.set(find(pair[0]), find(pair[1]));
      }
      const components = new Map<number, number[]>();
      for (const cell of cells) components.set(find(cell), [...(components.get(find(cell)) ?? []), cell]);
      for (const component of components.values()) expected.add(key(component));
    }
  }
  const set = new UASet();
  const stats = collectDigitFloorUAs(grid, 2, set);
  assert.equal(stats.patterns, 36);
  assert.equal(stats.capped, 0);
  assert.deepEqual(new Set(cellLists(set.sorted()).map(key)), expected);
});

test("the 4-cell UAs are exactly the grid's unavoidable rectangles (2 rows, 2 columns, 2 boxes, 2 digits)", () => {
  const rectangles = new Set<string>();
  for (let c1 = 0; c1 < 81; c1++) {
    for (let c2 = c1 + 1; c2 < 81; c2++) {
      if (ROW_OF[c1] !== ROW_OF[c2]) continue;
      for (let r = ROW_OF[c1] + 1; r < 9; r++) {
        const d1 = 9 * r + COL_OF[c1];
        const d2 = 9 * r + COL_OF[c2];
        const boxes = new Set([BOX_OF[c1], BOX_OF[c2], BOX_OF[d1], BOX_OF[d2]]);
        if (grid[c1] === grid[d2] && grid[c2] === grid[d1] && boxes.size === 2) rectangles.add(key([c1, c2, d1, d2]));
      }
    }
  }
  assert.equal(rectangles.size, 7, "gridchecker: 7 UAs of 4 cells");
  const fours = cellLists(collectUAs(grid).sorted()).filter((cells) => cells.length === 4);
  assert.deepEqual(new Set(fours.map(key)), rectangles);
});

test("default collection on the 20x17 grid: all 7 UAs of 4 cells and 18 of 6; a sample is unavoidable and minimal", () => {
  const set = collectUAs(grid);
  const histogram = set.histogram();
  assert.equal(histogram[4], 7);
  assert.equal(histogram[6], 18);
  assert.ok(set.count > 5000, `only ${set.count} UAs`);
  const lists = cellLists(set.sorted());
  for (let i = 1; i < lists.length; i++) assert.ok(lists[i - 1].length <= lists[i].length, "sorted by size");
  for (const cells of sample(lists, 60)) assertMinimalUA(cells);
  // The same for a few small ones with the naive reference solver, which shares no code with the kernel.
  for (const cells of sample(lists.slice(0, 60), 6)) assertMinimalUA(cells, referenceCount);
});

test("4-digit floors reproduce gridchecker's --unav4: 11,937 UAs, complete up to 9 cells", () => {
  const set = new UASet();
  const stats = collectDigitFloorUAs(grid, 4, set);
  assert.equal(stats.patterns, 126);
  assert.equal(stats.capped, 0);
  assert.equal(set.count, 11937);
  // Sizes 4/6/8/9 are the complete counts of the grid; 10/11/12 are what --unav4 finds of them.
  assert.deepEqual(
    [4, 6, 8, 9, 10, 11, 12].map((size) => set.histogram()[size]),
    [7, 18, 23, 8, 52, 13, 52],
  );
});

test("capped enumeration still yields minimal UAs (kept sets are shrunk)", () => {
  const set = new UASet();
  const stats = collectDigitFloorUAs(grid, 4, set, 40);
  assert.ok(stats.capped > 0);
  assert.equal(stats.unshrunk, 0);
  for (const cells of sample(cellLists(set.sorted()), 40)) assertMinimalUA(cells);
});

test("random probes: reproducible from the seed, and maxSize gives the small part of the full collection", () => {
  const options = { digits: [3], boxes: false, randomProbes: 40, seed: 7 } as const;
  const full = cellLists(collectUAs(grid, options).sorted()).map(key);
  assert.deepEqual(cellLists(collectUAs(grid, options).sorted()).map(key), full);
  const small = cellLists(collectUAs(grid, { ...options, maxSize: 14 }).sorted()).map(key);
  assert.deepEqual(new Set(small), new Set(full.filter((k) => k.split(",").length <= 14)));
  const other = new UASet();
  collectRandomUAs(grid, other, 40, 54, 8);
  assert.notDeepEqual(new Set(cellLists(other.sorted()).map(key)), new Set(full));
});

test("collectors reject bad arguments", () => {
  assert.throws(() => collectDigitFloorUAs(grid, 6, new UASet()), RangeError);
  assert.throws(() => collectRandomUAs(grid, new UASet(), 1, 82), RangeError);
  const broken = grid.slice();
  [broken[0], broken[1]] = [broken[1], broken[0]];
  assert.throws(() => collectUAs(broken), /valid grid/);
});

test("src/ua uses no Node API (it must run in a browser)", () => {
  const folder = join(REPO_ROOT, "src", "ua");
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".ts"))) {
    const code = readFileSync(join(folder, name), "utf8");
    assert.ok(!/from\s+"(node:|[^.])/.test(code), `${name} imports Node or a package`);
    assert.ok(!/\bprocess\.|\brequire\(|\bBuffer\b/.test(code), `${name} uses a Node global`);
    for (const match of code.matchAll(/from\s+"\.\.\/([a-z]+)\//g)) {
      assert.ok(["core", "solver", "canon"].includes(match[1]), `${name} imports from src/${match[1]}`);
    }
  }
});

function runCli(args: readonly string[]): { stdout: string; stderr: string; code: number | null } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
  return { stdout: run.stdout, stderr: run.stderr, code: run.status };
}

test("sudokulab ua GRID --stats lists the library's UAs, smallest first, with a summary on stderr", () => {
  const run = runCli(["ua", G20, "--stats"]);
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.replace(/\n$/, "").split("\n");
  const expected = cellLists(collectUAs(grid).sorted());
  assert.equal(lines.length, expected.length);
  assert.deepEqual(new Set(lines), new Set(expected.map((cells) => cells.map(cellName).join(" "))));
  for (const line of lines) assert.match(line, /^r[1-9]c[1-9]( r[1-9]c[1-9])+$/);
  for (let i = 1; i < lines.length; i++) assert.ok(lines[i - 1].length <= lines[i].length, "sorted by size");
  assert.match(run.stderr, new RegExp(`^${expected.length} UAs; sizes 4:7 6:18 `));
  assert.match(run.stderr, /s CPU/);
});

test("sudokulab ua --max-size 12 with 4-digit floors and 1,000 probes finds the 289 UAs of at most 12 cells", () => {
  const run = runCli(["ua", G20, "--digits", "4", "--random", "1000", "--max-size", "12", "--stats"]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.split("\n").length - 1, 289);
  // gridchecker --unav12 (complete): 4:7 6:18 8:23 9:8 10:70 11:24 12:139
  assert.match(run.stderr, /^289 UAs; sizes 4:7 6:18 8:23 9:8 10:70 11:24 12:139;/);
});

test("sudokulab ua: a bad grid is a clear error with exit code 1, a bad option with 2", () => {
  for (const bad of [G20.slice(0, 80), G20.slice(0, 80) + ".", G20.slice(0, 80) + "5", `${G20} extra`]) {
    const run = runCli(["ua", bad]);
    assert.equal(run.code, 1, bad);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, /^sudokulab: grid argument: /);
  }
  const option = runCli(["ua", G20, "--digits", "6"]);
  assert.equal(option.code, 2);
  assert.match(option.stderr, /--digits/);
});
