/**
 * The X×Y chunks engine (src/bandscan/xy-chunks.ts, blue's architecture A)
 * against independent truth: its filter kernel and FIFO tables against
 * plain per-pair tests, its valid band sets against the counting routine,
 * its pair count against the product of those counts, and its 17s against
 * the C++ program's slice, the k-files and the expansion engine (a second
 * algorithm over the same entries).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { countValidClueSets, forEachValidClueSet } from "../src/canon/band-gangster.js";
import { bandGangsterUAs } from "../src/catalog/index.js";
import {
  ChunkScanner17,
  groupByEntry,
  parseKLine,
  passClueLimits,
  replayGroup,
  type Scan17Pass,
  scanSlices17,
  Scan17Stats,
  singleBand3Entry,
} from "../src/bandscan/index.js";
import { ChunkFilter, CHUNK } from "../src/bandscan/xy-filter.js";
import { UAFifo } from "../src/bandscan/ua-fifo.js";
import { sortLexicographic, validBandSets } from "../src/bandscan/valid-band-sets.js";
import { solve } from "../src/solver/solve.js";
import { dataFile, randomGrid, rng, missingData } from "./helpers.js";

const K_FILES: Record<Scan17Pass, string> = { "1": "k3_p1.txt", "2a": "k1_p2a.txt", "2b": "k2_p2b.txt" };
const haveKFiles = Object.values(K_FILES).every((f) => dataFile(f) !== null);

function randomSet(random: () => number, cells: number, bits: number): number {
  let set = 0;
  while (set.toString(2).replace(/0/g, "").length < cells) set |= 1 << Math.floor(random() * bits);
  return set;
}

test("chunk filter: the pairs it leaves are exactly those hitting every UA of the list, per pair", () => {
  const random = rng(2027);
  for (let round = 0; round < 30; round++) {
    const count = 1 + Math.floor(random() * CHUNK);
    const chunk = Int32Array.from({ length: count }, () => randomSet(random, 3 + Math.floor(random() * 4), 27));
    const uas = Array.from({ length: 60 }, () => [randomSet(random, 1 + Math.floor(random() * 5), 27), randomSet(random, 1 + Math.floor(random() * 5), 27)]);
    const filter = new ChunkFilter(uas.length);
    uas.forEach(([chunkPart], u) => filter.setPart(u, chunkPart));
    filter.load(chunk, 0, count);
    for (let l = 0; l < 20; l++) {
      const listSet = randomSet(random, 2 + Math.floor(random() * 5), 27);
      const list = Uint16Array.from(uas.map((_, u) => u).filter((u) => (uas[u][1] & listSet) === 0));
      const any = filter.filter(list, 0, list.length);
      const expected = [...chunk].map((set) => uas.every(([c, o]) => (c & set) !== 0 || (o & listSet) !== 0));
      for (let j = 0; j < CHUNK; j++) {
        const left = ((filter.survivors[j >>> 5] >>> (j & 31)) & 1) === 1;
        // A false return may leave any bits: every pair is dead then.
        if (any) assert.equal(left, j < count && expected[j], `round ${round}, set ${j}`);
      }
      assert.equal(any, expected.some((e) => e));
      // killWith: one more UA, tested pair by pair.
      if (any) {
        const u = Math.floor(random() * uas.length);
        if ((uas[u][1] & listSet) === 0) {
          filter.killWith(u);
          for (let j = 0; j < count; j++) {
            const left = ((filter.survivors[j >>> 5] >>> (j & 31)) & 1) === 1;
            assert.equal(left, expected[j] && (uas[u][0] & chunk[j]) !== 0);
          }
        }
      }
    }
  }
});

test("FIFO table: keeps the newest `capacity` UAs and finds a missed one", () => {
  const random = rng(5);
  const fifo = new UAFifo(32);
  const added: [number, number][] = [];
  for (let i = 0; i < 100; i++) {
    const ua: [number, number] = [randomSet(random, 4, 27), randomSet(random, 4, 27)];
    fifo.add(ua[0], ua[1]);
    added.push(ua);
    const kept = added.slice(-32);
    for (let t = 0; t < 10; t++) {
      const x0 = randomSet(random, 6, 27);
      const x1 = randomSet(random, 6, 27);
      assert.equal(fifo.missesOne(x0, x1), kept.some(([a, b]) => (a & x0) === 0 && (b & x1) === 0));
    }
  }
  fifo.clear();
  assert.equal(fifo.missesOne(0, 0), false);
});

test("valid band sets: as many as the counting routine finds, each once, sorted by cells, and cut to a window", () => {
  const random = rng(11);
  for (let i = 0; i < 6; i++) {
    const grid = randomGrid(random);
    const uas = bandGangsterUAs(grid, 27 * (i % 3));
    const sets = validBandSets(uas, 6, 0x7ffffff);
    for (let k = 2; k <= 6; k++) {
      assert.equal(sets[k].length, countValidClueSets(uas, k), `size ${k}`);
      assert.equal(new Set(sets[k]).size, sets[k].length);
      const cells = (s: number): number[] => [...Array(27).keys()].filter((c) => (s >>> c) & 1);
      for (let j = 1; j < sets[k].length; j++) {
        const a = cells(sets[k][j - 1]);
        const b = cells(sets[k][j]);
        const at = a.findIndex((c, n) => c !== b[n]);
        assert.ok(a[at] < b[at], "lexicographic order of the cells");
      }
    }
    const window = randomSet(random, 16, 27);
    const inside: number[] = [];
    forEachValidClueSet(uas, 5, (s) => inside.push(s));
    assert.deepEqual([...validBandSets(uas, 5, window)[5]], [...sortLexicographic(Int32Array.from(inside.filter((s) => (s & ~window) === 0)))]);
  }
});

test("chunks engine, pass 1, rank 23, slices 1196-1197: the two 17s the C++ program finds, and one pair per valid X and Y", () => {
  const found: string[] = [];
  const stats = scanSlices17({ pass: "1", rank: 23, firstSlice: 1196, lastSlice: 1197, engine: "chunks" }, (hit) => found.push(`${hit.puzzle};${hit.slice}`));
  assert.deepEqual(found.sort(), [
    ".23..........8.1..7.9.........3...9..........6...1....51..6.......9...7.....4..3.;1196",
    ".23..........8.1..7.9.........3...9..........6...1....51..6..........97.....4..3.;1196",
  ].sort());
  assert.equal(stats.entries, 24);
  assert.equal(stats.xyNodes, 0);
  assert.ok(stats.xyFilterSurvivors < stats.xyPairs / 100, "the UA filter kills more than 99% of the pairs");
  assert.ok(stats.xyChecks <= stats.xyFilterSurvivors - stats.xyFifoKills - stats.xyBand3Cut);
});

test("chunks engine: its pairs are the products of the valid-set counts of the sizes the pass allows", () => {
  const grid = solve(".23..........8.1..7.9.........3...9..........6...1....51..6.......9...7.....4..3.")!;
  for (const pass of ["1", "2a"] as const) {
    const stats = new Scan17Stats();
    new ChunkScanner17(pass, stats).scanEntry(singleBand3Entry(grid, [23, 133, 6], 1196), () => {});
    const { allowed } = passClueLimits(pass);
    const u0 = bandGangsterUAs(grid, 0);
    const u1 = bandGangsterUAs(grid, 27);
    let pairs = 0;
    for (let a = 2; a <= 7; a++) for (let b = 2; b <= 7; b++) if (allowed[32 * a + b]) pairs += countValidClueSets(u0, a) * countValidClueSets(u1, b);
    assert.equal(stats.xyPairs, pairs, `pass ${pass}`);
  }
});

function sample(pass: Scan17Pass, size: number, offset: number) {
  const lines = readFileSync(dataFile(K_FILES[pass])!, "utf8").split("\n").map((line, i) => ({ line, i })).filter(({ line }) => line.trim() !== "");
  const step = Math.floor(lines.length / size);
  return Array.from({ length: size }, (_, i) => lines[(i * step + offset) % lines.length]).map(({ line, i }) => parseKLine(line, i + 1));
}

// Windowed replays (replay.ts): each entry's bands-1+2 clues confined to its
// 17's cells plus 24 others, scanned by both engines: the same puzzles,
// entry by entry, and the k-line's among them.
for (const pass of ["1", "2a", "2b"] as const) {
  const size = pass === "1" ? 60 : 30;
  test(`chunks and expansion engines: the same 17s on ${size} windowed ${K_FILES[pass]} entries, each line's among them`, { skip: !haveKFiles && missingData("k1_p2a.txt", "k2_p2b.txt", "k3_p1.txt") }, () => {
    let outputs = 0;
    for (const group of groupByEntry(sample(pass, size, 3))) {
      const byEngine = (["expand", "chunks"] as const).map((engine) => {
        const out: string[] = [];
        const outcomes = replayGroup(group, pass, { engine, window: { extraCells: 24, seed: group[0].lineNumber }, onOutput: (p) => out.push(p) });
        for (const outcome of outcomes) assert.ok(outcome.found, `${engine}: ${K_FILES[pass]}:${outcome.line.lineNumber} not output`);
        return out.sort();
      });
      assert.deepEqual(byEngine[1], byEngine[0], `${K_FILES[pass]}:${group[0].lineNumber}`);
      outputs += byEngine[0].length;
    }
    assert.ok(outputs >= size);
  });
}
