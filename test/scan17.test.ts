/**
 * The band scan for 17s (src/bandscan/entry-scan.ts and its drivers) against
 * independent truth: the slices whose 17s the C++ program and the k-files
 * establish (design notes band-scan.md §5.2), replays of known 17s through
 * their entries, and the complete 17 list on the grids that carry the most.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { canonicalPuzzle } from "../src/canon/index.js";
import { gangsterUAs } from "../src/canon/band-gangster.js";
import { parsePuzzle } from "../src/core/puzzle.js";
import { countSolutions, solve } from "../src/solver/solve.js";
import { bandGangsterUAs } from "../src/catalog/index.js";
import {
  bandClueCounts,
  groupByEntry,
  inPass,
  parseKLine,
  passClueLimits,
  replayGroup,
  type Scan17Pass,
  scanGrid17,
  scanSlices17,
  Scan17Stats,
  EntryScanner17,
  singleBand3Entry,
} from "../src/bandscan/index.js";
import { dataFile, randomGrid, rng, text, missingData } from "./helpers.js";

const K_FILES: Record<Scan17Pass, string> = { "1": "k3_p1.txt", "2a": "k1_p2a.txt", "2b": "k2_p2b.txt" };

test("band gangster UAs mapped from the band's class equal those found from scratch", () => {
  const random = rng(17);
  for (let i = 0; i < 40; i++) {
    const grid = randomGrid(random);
    for (let band = 0; band < 3; band++) {
      const digits = grid.subarray(27 * band, 27 * band + 27);
      const mapped = [...bandGangsterUAs(grid, 27 * band)].sort((a, b) => a - b);
      const direct = [...gangsterUAs(digits)].sort((a, b) => a - b);
      assert.deepEqual(mapped, direct);
    }
  }
});

test("pass limits: every clue distribution of a 17 falls in some pass", () => {
  // Band counts by rank: lowest, middle, highest. Entry order per pass:
  // pass 1 = (middle, highest, lowest), 2a = (lowest, middle, highest), 2b = (lowest, highest, middle).
  // Every band of a 17 holds 3 clues or more (all 49,158 known 17s; the
  // band of minlex index 28, rank 415, is the only one 2 clues can fix, and
  // the VB passes do not cover an 8-7-2 with it: a known gap of the method,
  // harmless since the 17 list is complete).
  let distributions = 0;
  for (let lo = 3; lo <= 11; lo++) {
    for (let mid = 3; lo + mid <= 14; mid++) {
      const hi = 17 - lo - mid;
      distributions++;
      const taken = inPass("1", mid, hi, lo) || inPass("2a", lo, mid, hi) || inPass("2b", lo, hi, mid);
      assert.ok(taken, `distribution lowest ${lo}, middle ${mid}, highest ${hi} belongs to no pass`);
    }
  }
  assert.equal(distributions, 45);
});

const haveKFiles = Object.values(K_FILES).every((f) => dataFile(f) !== null);

function kLines(pass: Scan17Pass) {
  return readFileSync(dataFile(K_FILES[pass])!, "utf8")
    .split("\n")
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim() !== "")
    .map(({ line, i }) => parseKLine(line, i + 1));
}

test("pass limits: every k-file 17 has a clue distribution its pass accepts, but for k2's 5-6-6 lines, which k1 lists too", { skip: !haveKFiles && missingData("k1_p2a.txt", "k2_p2b.txt", "k3_p1.txt") }, () => {
  const beyond: string[] = [];
  for (const pass of ["1", "2a", "2b"] as const) {
    for (const line of kLines(pass)) {
      const counts = bandClueCounts(line.puzzle);
      // The 15 k2 lines printed with bands 2 and 3 exchanged (design notes §5.2) are read in entry order.
      const exchanged = pass === "2b" && !inPass(pass, counts[0], counts[1], counts[2]) && inPass(pass, counts[0], counts[2], counts[1]);
      if (inPass(pass, counts[0], counts[1], counts[2]) || exchanged) continue;
      // Pass 2b leaves a 6-6-5 whose highest-rank band (its band 2) holds a 6 to pass 2a.
      assert.ok(pass === "2b" && counts.join("-") === "5-6-6", `${K_FILES[pass]}:${line.lineNumber}: ${counts.join("-")} outside pass ${pass}`);
      beyond.push(line.puzzle);
    }
  }
  assert.equal(beyond.length, 249);
  const k1 = new Set(kLines("2a").map((line) => text(canonicalPuzzle(line.puzzle).puzzle)));
  for (const puzzle of beyond) assert.ok(k1.has(text(canonicalPuzzle(puzzle).puzzle)), `${puzzle}: a k2_p2b.txt 5-6-6 17 that k1_p2a.txt does not list`);
});

test("pass 1, rank 23, slices 1196-1197: exactly the two known 17s (both in 1196), as the C++ program finds", () => {
  const found: string[] = [];
  const ended: number[] = [];
  const stats = scanSlices17({ pass: "1", rank: 23, firstSlice: 1196, lastSlice: 1197, onSliceEnd: (s) => ended.push(s) }, (hit) => {
    assert.equal(hit.ranks.join(","), "23,133,6");
    found.push(`${hit.puzzle};${hit.slice}`);
  });
  assert.deepEqual(found.sort(), [
    ".23..........8.1..7.9.........3...9..........6...1....51..6.......9...7.....4..3.;1196",
    ".23..........8.1..7.9.........3...9..........6...1....51..6..........97.....4..3.;1196",
  ].sort());
  assert.deepEqual(ended, [1196, 1197]);
  // The C++ program's enumeration of these slices: 12 + 12 entries, 165 + 64 bands 3.
  assert.equal(stats.entries, 24);
  assert.equal(stats.bands3, 229);
  assert.equal(stats.puzzles, 2);
});

/** A fixed sample of k-file lines: every (n/size)-th line from `offset`. */
function sample(pass: Scan17Pass, size: number, offset: number) {
  const lines = kLines(pass);
  const step = Math.max(1, Math.floor(lines.length / size));
  const picked = [];
  for (let i = 0; i < size && i * step < lines.length; i++) picked.push(lines[(i * step + offset) % lines.length]);
  return picked;
}

// Full replays cost about 0.5 s per pass-1 entry and 1.5-3 s per pass-2
// entry on the slower machines that run the suite, so it replays 40 pass-1
// lines in full and a few of each pass 2, whose lines are replayed windowed
// below; `npm run verify:scan17` replays thousands.
const REPLAY_SAMPLE: Record<Scan17Pass, number> = { "1": 40, "2a": 6, "2b": 4 };

for (const pass of ["1", "2a", "2b"] as const) {
  test(`replay: a sample of ${K_FILES[pass]}: scanning each 17's entry (its own band 3) outputs it`, { skip: !haveKFiles && missingData("k1_p2a.txt", "k2_p2b.txt", "k3_p1.txt") }, () => {
    const lines = sample(pass, REPLAY_SAMPLE[pass], 7);
    let found = 0;
    for (const group of groupByEntry(lines)) {
      for (const outcome of replayGroup(group, pass)) {
        assert.ok(outcome.found, `${K_FILES[pass]}:${outcome.line.lineNumber}: not output by the scan of its entry`);
        assert.ok(outcome.inPass);
        found++;
      }
    }
    assert.equal(found, lines.length);
  });
}

// Windowed replays (replay.ts): the entry's bands-1+2 clues confined to the
// 17's own cells plus 12 others, every filter and the band-3 search
// running; 20-200 ms per entry, so 100 lines per pass fit the suite.
const WINDOW_SAMPLE = 100;
const WINDOW_EXTRA_CELLS = 12;

const list17 = dataFile("sudoku17.txt");
let known17: Set<string> | null = null;
/** Canonical forms of the 49,158 known 17s (the list is complete). */
function knownSeventeens(): Set<string> {
  known17 ??= new Set(
    readFileSync(list17!, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => text(canonicalPuzzle(l.trim().slice(0, 81)).puzzle)),
  );
  return known17;
}

for (const pass of ["1", "2a", "2b"] as const) {
  test(`windowed replay: ${WINDOW_SAMPLE} lines of ${K_FILES[pass]}, each 17 output by its entry's scan confined to its clues plus ${WINDOW_EXTRA_CELLS} cells, and every other output a known 17`, { skip: (!haveKFiles || !list17) && missingData("k1_p2a.txt", "k2_p2b.txt", "k3_p1.txt", "sudoku17.txt") }, () => {
    const lines = sample(pass, WINDOW_SAMPLE, 3);
    const stats = new Scan17Stats();
    const known = knownSeventeens();
    let found = 0;
    let outputs = 0;
    const onOutput = (puzzle: string) => {
      outputs++;
      assert.ok(known.has(text(canonicalPuzzle(puzzle).puzzle)), `${puzzle}: output by a windowed scan, not a known 17`);
    };
    let beyond = 0;
    for (const group of groupByEntry(lines)) {
      for (const outcome of replayGroup(group, pass, { stats, window: { extraCells: WINDOW_EXTRA_CELLS, seed: group[0].lineNumber }, onOutput })) {
        // A 5-6-6 line of k2 is beyond pass 2b's limits: its scan must not output it.
        if (!outcome.inPass) {
          assert.ok(!outcome.found, `${K_FILES[pass]}:${outcome.line.lineNumber}: output beyond the pass's limits`);
          beyond++;
          continue;
        }
        assert.ok(outcome.found, `${K_FILES[pass]}:${outcome.line.lineNumber}: not output by the windowed scan of its entry`);
        found++;
      }
    }
    assert.equal(found + beyond, WINDOW_SAMPLE);
    assert.ok(beyond <= 5, `${beyond} of ${WINDOW_SAMPLE} lines beyond the pass's limits`);
    assert.ok(outputs >= WINDOW_SAMPLE);
    // The windows are not trivial: other bands-1+2 clue sets reach the band-3 search.
    assert.ok(stats.band3Problems > WINDOW_SAMPLE, `only ${stats.band3Problems} band-3 problems`);
  });
}

// The bit-mask search of the last three bands-1+2 clues against the plain
// list search: the same leaves in the same order, so the same outputs in
// the same order and every counter equal but the node count.
for (const pass of ["1", "2a", "2b"] as const) {
  test(`bit masks and lists: the same outputs and counters on ${K_FILES[pass]} windows`, { skip: !haveKFiles && missingData("k1_p2a.txt", "k2_p2b.txt", "k3_p1.txt") }, () => {
    const runs = [true, false].map((bitMasks) => {
      const stats = new Scan17Stats();
      const outputs: string[] = [];
      for (const line of sample(pass, 6, 5)) {
        replayGroup([line], pass, { stats, bitMasks, window: { extraCells: 24, seed: line.lineNumber }, onOutput: (p) => outputs.push(p) });
      }
      const { xyNodes, ...counters } = stats.toJSON();
      return { outputs, counters, xyNodes };
    });
    assert.deepEqual(runs[0].outputs, runs[1].outputs);
    assert.deepEqual(runs[0].counters, runs[1].counters);
    // Not trivial: many leaves, checks and fresh UAs on the way.
    assert.ok(runs[0].counters.xyChecks > 100 && runs[0].counters.xyFreshUAs > 20, JSON.stringify(runs[0].counters));
    assert.ok(runs[0].outputs.length >= 6);
  });
}

test("pass 2b leaves the 5-6-6 layouts to 2a: k2's 5-6-6 17s are output by their 2b entry under 2a's wider limits only, and by 2a's replay of their k1 lines", { skip: !haveKFiles && missingData("k1_p2a.txt", "k2_p2b.txt", "k3_p1.txt") }, () => {
  const k2 = kLines("2b").filter((line) => bandClueCounts(line.puzzle).join("-") === "5-6-6");
  const k1 = new Map(kLines("2a").map((line) => [text(canonicalPuzzle(line.puzzle).puzzle), line]));
  let checked = 0;
  for (let i = 0; i < k2.length; i += 83) {
    const line = k2[i];
    const entry = singleBand3Entry(solve(line.puzzle)!, line.ranks, line.slice);
    const cells = [0, 0];
    for (let c = 0; c < 54; c++) if (line.puzzle[c] !== ".") cells[c < 27 ? 0 : 1] |= 1 << c % 27;
    // Bands 1+2 confined to the 17's own clue cells: the scan outputs it exactly when its limits admit 5 + 6.
    const outputs = (scanner: EntryScanner17) => {
      const found: string[] = [];
      scanner.scanEntry(entry, (hit) => found.push(hit.puzzle), cells[0], cells[1]);
      return found.includes(line.puzzle);
    };
    assert.ok(!outputs(new EntryScanner17("2b")), `k2_p2b.txt:${line.lineNumber}: output by pass 2b`);
    assert.ok(outputs(new EntryScanner17("2b", new Scan17Stats(), true, passClueLimits("2a"))), `k2_p2b.txt:${line.lineNumber}: not output under 2a's limits`);
    const twin = k1.get(text(canonicalPuzzle(line.puzzle).puzzle));
    assert.ok(twin !== undefined, `k2_p2b.txt:${line.lineNumber}: not in k1_p2a.txt`);
    const [outcome] = replayGroup([twin], "2a", { window: { extraCells: WINDOW_EXTRA_CELLS, seed: twin.lineNumber } });
    assert.ok(outcome.found && outcome.inPass, `k1_p2a.txt:${twin.lineNumber}: not output by pass 2a`);
    checked++;
  }
  assert.equal(checked, 3);
});

test("a window confines the scan: a k3 17 is output with exactly its bands-1+2 cells allowed, and not when one of them is taken out", { skip: !haveKFiles && missingData("k1_p2a.txt", "k2_p2b.txt", "k3_p1.txt") }, () => {
  let checked = 0;
  for (const line of sample("1", 8, 11)) {
    const grid = solve(line.puzzle)!;
    const cells = [0, 0];
    for (let i = 0; i < 54; i++) if (line.puzzle[i] !== ".") cells[i < 27 ? 0 : 1] |= 1 << i % 27;
    const entry = singleBand3Entry(grid, line.ranks, line.slice);
    const outputs = (w0: number, w1: number) => {
      const found: string[] = [];
      new EntryScanner17("1").scanEntry(entry, (hit) => found.push(hit.puzzle), w0, w1);
      return found.includes(line.puzzle);
    };
    assert.ok(outputs(cells[0], cells[1]), `k3_p1.txt:${line.lineNumber}: not output with its own cells allowed`);
    const lowest = cells[0] & -cells[0];
    assert.ok(!outputs(cells[0] ^ lowest, cells[1]), `k3_p1.txt:${line.lineNumber}: output without one of its clue cells`);
    checked++;
  }
  assert.equal(checked, 8);
});

const mostFile = dataFile("grids-with-most-17s.tsv");

test("scanGrid17 on the grid with 20 known 17s: exactly those 17s, each unique and on the grid", { skip: !mostFile && missingData("grids-with-most-17s.tsv") }, () => {
  const rows = readFileSync(mostFile!, "utf8").split("\n").filter((l) => /^\d{81}\t/.test(l));
  const row = rows.find((r) => r.split("\t")[1] === "20")!.split("\t");
  const grid = parsePuzzle(row[0]);
  const known = new Set(row[2].split(",").map((p) => text(canonicalPuzzle(p).puzzle)));
  assert.equal(known.size, 20);
  const found = new Set<string>();
  scanGrid17(grid, (hit) => {
    const cells = parsePuzzle(hit.original);
    assert.equal(cells.filter((d) => d !== 0).length, 17);
    for (let i = 0; i < 81; i++) assert.ok(cells[i] === 0 || cells[i] === grid[i], "a clue off the grid");
    assert.equal(countSolutions(cells, 2), 1);
    found.add(text(canonicalPuzzle(cells).puzzle));
  });
  assert.deepEqual([...found].sort(), [...known].sort());
});
