import { test } from "node:test";
import assert from "node:assert/strict";
import { UNITS, PEERS, BAND_OF, POS_IN_BAND } from "../src/core/cells.js";
import { cellSetOf, cellSetToList, cellSetSize, isSubset, intersects } from "../src/core/cellset.js";
import { hasTwoBits, lowBits, popcount, popcount2, transposeBits32 } from "../src/core/bits.js";
import { parseLine, formatPuzzle, isValidGrid } from "../src/core/puzzle.js";

const GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";

test("27 units of 9 distinct cells, every cell in exactly 3 units with 20 peers", () => {
  assert.equal(UNITS.length, 27);
  const seen = new Array(81).fill(0);
  for (const unit of UNITS) {
    assert.equal(new Set(unit).size, 9);
    unit.forEach((c) => seen[c]++);
  }
  assert.ok(seen.every((n) => n === 3));
  for (let cell = 0; cell < 81; cell++) assert.equal(new Set(PEERS.subarray(20 * cell, 20 * cell + 20)).size, 20);
});

test("an 81-cell set is three 27-bit band words", () => {
  const cells = [0, 26, 27, 53, 54, 80, 40];
  const set = cellSetOf(cells);
  assert.deepEqual(cellSetToList(set), [...cells].sort((a, b) => a - b));
  assert.equal(cellSetSize(set), 7);
  assert.ok(set.every((w) => w >= 0 && w < 1 << 27));
  assert.equal(BAND_OF[53], 1);
  assert.equal(POS_IN_BAND[53], 26);
  assert.ok(isSubset(cellSetOf([0, 80]), set));
  assert.ok(!intersects(cellSetOf([1, 2]), set));
  assert.equal(popcount(0x7ffffff), 27);
});

test("popcount2 counts the bits of two band words", () => {
  let seed = 777;
  for (let round = 0; round < 2000; round++) {
    seed = (Math.imul(seed, 1103515245) + 12345) | 0;
    const x = seed & 0x7ffffff;
    const y = ((seed >>> 3) ^ 0x5a5a5a5) & 0x7ffffff;
    let naive = 0;
    for (let i = 0; i < 27; i++) naive += ((x >>> i) & 1) + ((y >>> i) & 1);
    assert.equal(popcount2(x, y), naive);
  }
  assert.equal(popcount2(0x7ffffff, 0x7ffffff), 54);
});

test("hasTwoBits is true exactly for words with two set bits, and the chains' column word keeps the three bands apart", () => {
  const naive = (x: number): number => {
    let n = 0;
    for (let i = 0; i < 32; i++) n += (x >>> i) & 1;
    return n;
  };
  for (const x of [0, 1, 3, 5, 7, 0x80000000, 0x80000001, 0xc0000000, -1, 0x7ffffff]) assert.equal(hasTwoBits(x), naive(x) === 2, `x = ${x}`);
  for (let x = 0; x < 1 << 12; x++) assert.equal(hasTwoBits(x), naive(x) === 2, `x = ${x}`);
  // A digit's places in column c over the three bands' words: bits c, c + 9 and c + 18 of each.
  for (let c = 0; c < 9; c++) {
    for (let places = 0; places < 512; places++) {
      const words = [0, 0, 0];
      for (let row = 0; row < 9; row++) if ((places >> row) & 1) words[(row / 3) | 0] |= 1 << (9 * (row % 3) + c);
      const expected = naive(words[0]) + naive(words[1]) + naive(words[2]) === 2;
      assert.equal(hasTwoBits(words[0] | (words[1] << 1) | (words[2] << 2)), expected);
    }
  }
});

test("lowBits(n) sets exactly bits 0..n-1 for n = 0..32 (and all for more)", () => {
  for (let n = 0; n <= 40; n++) {
    let expected = 0;
    for (let bit = 0; bit < Math.min(n, 32); bit++) expected |= 1 << bit;
    assert.equal(lowBits(n), expected, `n = ${n}`);
  }
});

test("transposeBits32 moves bit j of word i to bit i of word j", () => {
  let seed = 12345;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) | 0);
  for (let round = 0; round < 20; round++) {
    const a = new Int32Array(40);
    for (let i = 0; i < 40; i++) a[i] = next();
    const before = a.slice();
    transposeBits32(a, 5);
    for (let i = 0; i < 32; i++) {
      for (let j = 0; j < 32; j++) assert.equal((a[5 + j] >>> i) & 1, (before[5 + i] >>> j) & 1, `bit ${j} of word ${i}`);
    }
    assert.deepEqual([...a.subarray(0, 5), ...a.subarray(37)], [...before.subarray(0, 5), ...before.subarray(37)]);
  }
});

test("parseLine reads digits, '.' and '0', and carries the annotation", () => {
  const line = GRID.slice(0, 40) + "0" + GRID.slice(41, 80) + ". # from the list";
  const parsed = parseLine(line);
  assert.ok(parsed.ok);
  if (!parsed.ok) return;
  assert.equal(parsed.cells[40], 0);
  assert.equal(parsed.cells[80], 0);
  assert.equal(parsed.annotation, " # from the list");
  assert.equal(formatPuzzle(parsed.cells).length, 81);
  assert.ok(isValidGrid(parseLine(GRID).ok ? (parseLine(GRID) as { cells: Uint8Array }).cells : []));
});

test("parseLine names what is wrong with a bad line", () => {
  const reason = (line: string): string => {
    const parsed = parseLine(line);
    assert.ok(!parsed.ok, line);
    return parsed.ok ? "" : parsed.reason;
  };
  assert.match(reason(GRID.slice(0, 80)), /80 characters \(expected 81\)/);
  assert.match(reason(GRID.slice(0, 10) + "Q" + GRID.slice(11)), /bad character 'Q' at position 11/);
  assert.match(reason(GRID + "5"), /more than 81/);
  assert.match(reason(GRID.slice(0, 50) + " comment"), /only 50 cell characters/);
  assert.match(reason("11" + ".".repeat(79)), /digit 1 appears twice in row 1 \(r1c1 and r1c2\)/);
  assert.match(reason("1" + ".".repeat(8) + "1" + ".".repeat(71)), /digit 1 appears twice in column 1/);
  assert.match(reason("1" + ".".repeat(9) + "1" + ".".repeat(70)), /digit 1 appears twice in box 1/);
  assert.ok(parseLine(GRID + "\r").ok, "a CRLF line end is accepted");
});

test("mini-rows: 27 of 3 cells, each inside one row and one box; digit sets and gangsters", async () => {
  const { MINIROW_OF, ROW_OF, BOX_OF } = await import("../src/core/cells.js");
  const { digitSetOf, digitsOf, digitCount, gangsterOf } = await import("../src/core/digitset.js");
  const members = new Map<number, number[]>();
  for (let cell = 0; cell < 81; cell++) members.set(MINIROW_OF[cell], [...(members.get(MINIROW_OF[cell]) ?? []), cell]);
  assert.equal(members.size, 27);
  for (const cells of members.values()) {
    assert.equal(cells.length, 3);
    assert.equal(new Set(cells.map((c) => ROW_OF[c])).size, 1);
    assert.equal(new Set(cells.map((c) => BOX_OF[c])).size, 1);
  }
  assert.deepEqual(digitsOf(digitSetOf([9, 1, 5])), [1, 5, 9]);
  assert.equal(digitCount(0x1ff), 9);
  const band = [1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1, 2, 3, 7, 8, 9, 1, 2, 3, 4, 5, 6];
  const gangster = gangsterOf(band);
  assert.deepEqual(digitsOf(gangster[0]), [1, 4, 7]);
  assert.ok(gangster.every((set) => digitCount(set) === 3));
});
