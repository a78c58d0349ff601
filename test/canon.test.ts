import { test } from "node:test";
import assert from "node:assert/strict";
import {
  applyTransform,
  bandAtRank,
  bandFigures,
  BandMinlexer,
  canonicalGrid,
  canonicalPuzzle,
  isomorphic,
  minlexBands,
  bandLookup,
  bandIndex,
  ROW_ORDERS,
  COL_PERMS,
} from "../src/canon/index.js";
import { BandLookup, TRANSFORM_COUNT } from "../src/canon/band-lookup.js";
import { BAND_LOOKUP_FILE } from "../src/io/band-lookup-file.js";
import { N6_ORDER } from "../src/canon/n6-order.js";
import { parsePuzzle } from "../src/core/puzzle.js";
import { solve } from "../src/solver/solve.js";
import { dataFile, randomTransform, readPuzzleFile, rng, text, missingData } from "./helpers.js";
import { readTsv } from "../src/io/shared-data.js";
import { existsSync, readFileSync } from "node:fs";

const GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";

test("416 essentially different bands; 137 with automorphisms, 519 non-trivial in all, band 0 has 107", () => {
  const bands = minlexBands();
  assert.equal(bands.length, 416);
  assert.equal(bands[0].text, "123456789456789123789123456");
  assert.ok(bands.every((b) => b.text.startsWith("12345678945")));
  assert.equal(bands.filter((b) => b.automorphisms > 1).length, 137);
  assert.equal(bands.reduce((sum, b) => sum + b.automorphisms - 1, 0), 519);
  assert.equal(bands[0].automorphisms - 1, 107);
});

test("band gangster UAs total 11,041; valid 5/6-clue counts; n6 order", () => {
  const figures = bandFigures();
  assert.equal(figures.reduce((sum, f) => sum + f.uas.length, 0), 11041);
  assert.equal(figures[0].validFive, 0);
  assert.equal(figures[0].validSix, 729);
  assert.equal(figures[28].validFive, 51516);
  assert.equal(figures[28].validSix, 237762);
  assert.equal(figures.reduce((sum, f) => sum + f.validSix, 0), 28340422);
  assert.deepEqual([0, 1, 2, 3, 4].map(bandAtRank), [223, 236, 0, 412, 253]);
  assert.deepEqual([414, 415].map(bandAtRank), [30, 28]);
  // The table the catalog reads (N6_ORDER) is the order computed here, rank by rank.
  const computed = figures.map((f) => f.index).sort((a, b) => figures[a].rank - figures[b].rank);
  assert.deepEqual(Array.from(N6_ORDER), computed);
  assert.ok(figures.every((f, index) => f.index === index && (f.rank === 0 || figures[N6_ORDER[f.rank - 1]].validSix <= f.validSix)));
  const minimum = new Map<number, number>();
  for (const f of figures) minimum.set(f.minimumClues, (minimum.get(f.minimumClues) ?? 0) + 1);
  assert.deepEqual([...minimum].sort((a, b) => a[0] - b[0]), [[2, 1], [3, 99], [4, 258], [5, 52], [6, 6]]);
});

const counts = dataFile("s17-counts.tsv");
test("every band's minlex index, n5, n6 and minimum clues per n6 rank equal s17-counts.tsv", { skip: !counts && missingData("s17-counts.tsv") }, () => {
  const rows = readTsv(counts!).filter((row) => /^\d+$/.test(row.band1_n6));
  assert.equal(rows.length, 416);
  const figures = bandFigures();
  for (const row of rows) {
    const index = bandAtRank(Number(row.band1_n6));
    assert.equal(index, Number(row.minlex_idx), `rank ${row.band1_n6}`);
    assert.equal(figures[index].validFive, Number(row.n5));
    assert.equal(figures[index].validSix, Number(row.n6));
    assert.equal(figures[index].minimumClues, Number(row.min_clues));
  }
});

test("band minlex returns a transform that really produces the minlex band", () => {
  const random = rng(3);
  const minlexer = new BandMinlexer();
  const grid = parsePuzzle(GRID);
  for (let trial = 0; trial < 200; trial++) {
    const g = applyTransform(grid, randomTransform(random));
    const band = g.subarray(27 * (trial % 3), 27 * (trial % 3) + 27);
    minlexer.minlex(band);
    const out = new Uint8Array(27);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 9; c++) out[9 * r + minlexer.colImage[c]] = minlexer.digitMap[band[9 * minlexer.rowOrder[r] + c]];
    }
    assert.deepEqual(out, minlexer.best);
  }
});

/** Automorphisms by brute force over all 2 x 6^8 line permutations (independent of the minlex search). */
function bruteForceAutomorphisms(grid: Uint8Array): number {
  const perms3 = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const lines: number[][] = [];
  for (const outer of perms3) for (const a of perms3) for (const b of perms3) for (const c of perms3) {
    const inner = [a, b, c];
    lines.push(outer.flatMap((block, i) => inner[i].map((r) => 3 * block + r)));
  }
  let count = 0;
  const map = new Int8Array(10);
  for (let transpose = 0; transpose < 2; transpose++) {
    const at = (r: number, c: number): number => (transpose ? grid[9 * c + r] : grid[9 * r + c]);
    for (const rows of lines) {
      for (const cols of lines) {
        map.fill(0);
        let ok = true;
        for (let i = 0; i < 81 && ok; i++) {
          const from = at(rows[(i / 9) | 0], cols[i % 9]);
          const to = grid[i];
          if (map[from] === 0) map[from] = to;
          else if (map[from] !== to) ok = false;
        }
        if (ok) count++;
      }
    }
  }
  return count;
}

test("grid canonical form: random isomorphs agree, the transform maps the grid onto it, automorphisms match brute force", () => {
  const random = rng(11);
  const grid = parsePuzzle(GRID);
  const canon = canonicalGrid(grid);
  assert.equal(text(canon.grid), "123456789456789123789132564264918357875324691931675248392861475547293816618547932");
  for (let trial = 0; trial < 300; trial++) {
    const image = applyTransform(grid, randomTransform(random));
    const c = canonicalGrid(image);
    assert.deepEqual(c.grid, canon.grid);
    assert.deepEqual(applyTransform(image, c.transform), c.grid);
  }
  const symmetric = parsePuzzle("123456789456789123789123456231564897564897231897231564312645978645978312978312645");
  assert.equal(canonicalGrid(symmetric).automorphisms, 648, "the most symmetric grid has 648 automorphisms");
  assert.equal(bruteForceAutomorphisms(symmetric), 648);
  const shifted = parsePuzzle("123456789456789123789123456234567891567891234891234567345678912678912345912345678");
  assert.equal(canonicalGrid(shifted).automorphisms, bruteForceAutomorphisms(shifted));
  assert.equal(canon.automorphisms, 1);
});

test("puzzle canonical form: random isomorphs agree; isomorphic() tells isomorphs from others", () => {
  const random = rng(5);
  const puzzle = parsePuzzle("...8.1..........435............7.8........1...2..3....6......75..34........2..6..");
  const canon = canonicalPuzzle(puzzle);
  assert.deepEqual(applyTransform(puzzle, canon.transform), canon.puzzle);
  assert.deepEqual(solve(canon.puzzle), canon.grid);
  for (let trial = 0; trial < 200; trial++) {
    const image = applyTransform(puzzle, randomTransform(random));
    assert.deepEqual(canonicalPuzzle(image).puzzle, canon.puzzle);
    assert.ok(isomorphic(image, puzzle));
  }
  // Same solution grid but a different clue set: not isomorphic.
  const other = parsePuzzle("...8.1..........435............7.8........1...2..3....6......75..34........2..6..");
  const grid = solve(other)!;
  const moved = other.slice();
  const firstClue = moved.findIndex((d) => d !== 0);
  moved[firstClue] = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (moved[cell] === 0 && cell !== firstClue) {
      moved[cell] = grid[cell];
      break;
    }
  }
  if (solve(moved) !== null) {
    try {
      assert.ok(!isomorphic(moved, puzzle));
    } catch (error) {
      assert.match(String(error), /several solutions/);
    }
  }
  assert.throws(() => canonicalPuzzle(".".repeat(81)), /several solutions/);
});

const seventeens = dataFile("sudoku17.txt");
const mostGrids = dataFile("grids-with-most-17s.tsv");
test("the 17 list: all unique, 46,301 grids, 44,134 with one 17, top counts as published", { skip: !(seventeens && mostGrids) && missingData("sudoku17.txt", "grids-with-most-17s.tsv") }, () => {
  const byGrid = new Map<string, string[]>();
  for (const puzzle of readPuzzleFile(seventeens!)) {
    const solution = solve(puzzle)!;
    const c = canonicalGrid(solution);
    const key = text(c.grid);
    const list = byGrid.get(key) ?? [];
    list.push(text(applyTransform(puzzle, c.transform)));
    byGrid.set(key, list);
  }
  assert.equal(byGrid.size, 46301);
  const sizes = [...byGrid.values()].map((l) => l.length).sort((a, b) => b - a);
  assert.equal(sizes.filter((n) => n === 1).length, 44134);
  assert.deepEqual(sizes.slice(0, 10), [29, 20, 14, 12, 11, 9, 8, 8, 8, 8]);
  const published = readFileSync(mostGrids!, "utf8").split("\n").filter((l) => /^\d{81}\t/.test(l));
  assert.equal(published.length, 10);
  for (const line of published) {
    const [grid, count, puzzles] = line.split("\t");
    const ours = byGrid.get(grid);
    assert.ok(ours, `grid ${grid} found`);
    assert.equal(ours!.length, Number(count));
    // Compare up to the grid's automorphisms: canonical puzzle forms.
    const canonSet = (list: string[]): string[] => list.map((p) => text(canonicalPuzzle(p).puzzle)).sort();
    assert.deepEqual(canonSet(ours!), canonSet(puzzles.split(",")));
  }
});

test("band lookup table: 2,612,736 normalized bands; its index and transform agree with the minlex search", () => {
  const lookup = bandLookup();
  assert.equal(lookup.size, 56 * 6 ** 6);
  const random = rng(23);
  const minlexer = new BandMinlexer();
  const grid = parsePuzzle(GRID);
  for (let trial = 0; trial < 500; trial++) {
    const g = applyTransform(grid, randomTransform(random));
    const offset = 27 * (trial % 3);
    const value = lookup.lookup(g, offset);
    minlexer.minlex(g, offset);
    const index = value & 511;
    assert.deepEqual(lookup.minlexDigits[index], minlexer.best);
    assert.equal(bandIndex(g, offset), index);
    // The transform T has T(M) equal to the band up to relabelling.
    const t = value >>> 9;
    const m = lookup.minlexDigits[index];
    const relabel = new Map<number, number>();
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 9; c++) {
        const from = m[9 * ROW_ORDERS[3 * Math.floor(t / 1296) + r] + COL_PERMS[9 * (t % 1296) + c]];
        const to = g[offset + 9 * r + c];
        if (!relabel.has(from)) relabel.set(from, to);
        assert.equal(relabel.get(from), to);
      }
    }
  }
});

test("band lookup table: the bytes kept between processes give back the same table, and bytes that are not one are refused", (t) => {
  const built = bandLookup();
  const bytes = built.toBytes();
  const again = BandLookup.fromBytes(bytes);
  assert.ok(again !== null);
  assert.equal(again.size, built.size);
  assert.deepEqual(again.toBytes(), bytes);
  // A view at an offset that is not a multiple of 4 is copied, not refused.
  const shifted = new Uint8Array(bytes.length + 1);
  shifted.set(bytes, 1);
  assert.deepEqual(BandLookup.fromBytes(shifted.subarray(1))?.toBytes(), bytes);
  assert.equal(BandLookup.fromBytes(bytes.subarray(0, bytes.length - 4)), null, "short");
  const otherVersion = bytes.slice();
  otherVersion[4] ^= 0x40;
  assert.equal(BandLookup.fromBytes(otherVersion), null, "another layout version");
  // A table whose keys this code would compute otherwise: band 0's own key names class 1.
  const otherKeys = bytes.slice();
  const words = new Int32Array(otherKeys.buffer, 32, 56 * 216 * 216);
  const own = words.indexOf(0);
  words[own] = 1;
  assert.equal(BandLookup.fromBytes(otherKeys), null, "keys that disagree");
  if (!existsSync(BAND_LOOKUP_FILE)) {
    t.skip(`no table file at ${BAND_LOOKUP_FILE} (npm run build writes it)`);
    return;
  }
  assert.deepEqual(new Uint8Array(readFileSync(BAND_LOOKUP_FILE)), bytes, "the build's file is the table built here");
});

test("band lookup table: where several transforms of the minlex band reach a band, it keeps the least", () => {
  const lookup = bandLookup();
  // T(M) as 27 digits, relabelled so that its row 1 reads 123456789.
  const moved = (m: Uint8Array, t: number): string => {
    const out = new Uint8Array(27);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 9; c++) out[9 * r + c] = m[9 * ROW_ORDERS[3 * Math.floor(t / 1296) + r] + COL_PERMS[9 * (t % 1296) + c]];
    }
    const label = new Uint8Array(10);
    for (let c = 0; c < 9; c++) label[out[c]] = c + 1;
    return Array.from(out, (d) => label[d]).join("");
  };
  const symmetric = lookup.automorphisms.map((a, index) => (a.length > 1 ? index : -1)).filter((index) => index >= 0);
  assert.equal(symmetric.length, 137);
  const random = rng(5);
  for (let trial = 0; trial < 60; trial++) {
    const index: number = symmetric[Math.floor(random() * symmetric.length)];
    const m = lookup.minlexDigits[index];
    const band = moved(m, Math.floor(random() * TRANSFORM_COUNT));
    const value = lookup.lookup(Uint8Array.from(band, (ch) => ch.charCodeAt(0) - 48), 0);
    assert.equal(value & 511, index);
    const reaching: number[] = [];
    for (let t = 0; t < TRANSFORM_COUNT; t++) if (moved(m, t) === band) reaching.push(t);
    assert.equal(reaching.length, lookup.automorphisms[index].length);
    assert.equal(value >>> 9, reaching[0]);
  }
});
