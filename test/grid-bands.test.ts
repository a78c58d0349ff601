/**
 * The band engine of the grid scan (src/bandscan/grid-scan.ts): its clue
 * limits against their definition (each clue distribution in exactly one
 * chunk, the top band's), the sk_s17 passes' tables against inPass, and its
 * puzzles against public truth: the listed 17s of grids-with-most-17s.tsv,
 * and the published 20-clue grid (exactly 6 puzzles, all minimal, none
 * with 19). `sudokulab scan` runs it by default up to 20 clues.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { clueCount, formatPuzzle, parseGrid } from "../src/core/puzzle.js";
import { countSolutions, redundantClues } from "../src/solver/solve.js";
import {
  clueLimits, GRID_BAND_CHUNKS, inPass, passClueLimits, SCAN17_PASSES, Scan17Stats, scanGridBandChunk, scanGridByBands, topBandLimits,
} from "../src/bandscan/index.js";
import { Journal } from "../src/runner/checkpoint.js";
import { jobId } from "../src/runner/plan.js";
import { planScan } from "../src/cli/scan-command.js";
import { entryBandsOf } from "../src/bandscan/grid-scan.js";
import { LIMIT_STRIDE } from "../src/bandscan/pass-limits.js";
import { type CliRun, freshDir, runCli } from "./cli-helpers.js";
import { dataFile, missingData } from "./helpers.js";

/** A grid with exactly 6 20-clue puzzles and none of 19 or fewer clues (seed 003). */
const GRID20 = "123456789457189326689327154231645897745891632896732541318264975574918263962573418";

test("band engine limits: every clue distribution lies in exactly one chunk, the one of its top band (most clues, first on a tie)", () => {
  for (let clues = 1; clues <= 20; clues++) {
    const tables = [0, 1, 2].map((b) => topBandLimits(clues, b));
    for (let n0 = 0; n0 <= clues; n0++) {
      for (let n1 = 0; n0 + n1 <= clues; n1++) {
        const n = [n0, n1, clues - n0 - n1];
        const top = n.indexOf(Math.max(...n));
        const taking = [0, 1, 2].filter((b) => {
          const [band1, band2] = entryBandsOf(b);
          return tables[b].allowed[LIMIT_STRIDE * n[band1] + n[band2]] === 1;
        });
        assert.deepEqual(taking, [top], `${clues} clues, bands ${n.join("-")}`);
      }
    }
    // mostTotal: the largest allowed total among the pairs at or above each pair.
    for (const limits of tables) {
      for (let c1 = 0; c1 <= clues; c1++) {
        for (let c2 = 0; c1 + c2 <= clues; c2++) {
          let best = -1;
          for (let a = c1; a <= clues; a++) for (let b = c2; a + b <= clues; b++) if (limits.allowed[LIMIT_STRIDE * a + b]) best = Math.max(best, a + b);
          assert.equal(limits.mostTotal[LIMIT_STRIDE * c1 + c2], best);
        }
      }
    }
  }
});

test("the sk_s17 passes as tables: allowed exactly when inPass, and a rule that is not downward closed is refused", () => {
  for (const pass of SCAN17_PASSES) {
    const limits = passClueLimits(pass);
    assert.equal(limits.clues, 17);
    for (let c1 = 0; c1 <= 17; c1++) {
      for (let c2 = 0; c1 + c2 <= 17; c2++) {
        assert.equal(limits.allowed[LIMIT_STRIDE * c1 + c2] === 1, inPass(pass, c1, c2, 17 - c1 - c2), `pass ${pass}: ${c1}, ${c2}`);
      }
    }
  }
  assert.throws(() => clueLimits(17, (c1, c2) => c1 + c2 !== 5), /not downward closed/);
});

const mostFile = dataFile("grids-with-most-17s.tsv");

function listedGrids(): { grid: string; puzzles: string[] }[] {
  return readFileSync(mostFile!, "utf8")
    .split("\n")
    .filter((l) => /^\d{81}\t/.test(l))
    .map((l) => {
      const [grid, , list] = l.split("\t");
      return { grid, puzzles: list.split(",").map((p) => p.replace(/0/g, ".")) };
    });
}

test("band engine, 17 clues, the grid with the third most 17s: exactly the listed puzzles, each unique and on its grid", { skip: !mostFile && missingData("grids-with-most-17s.tsv") }, () => {
  // The grid with the second most (20) is scanned through the CLI below; `npm run verify:scan` scans all ten.
  const grids = [listedGrids()[2]];
  assert.deepEqual(grids.map((g) => g.puzzles.length), [14]);
  for (const { grid, puzzles } of grids) {
    const cells = parseGrid(grid);
    const stats = new Scan17Stats();
    const found = scanGridByBands(cells, 17, stats);
    const texts = found.map((p) => formatPuzzle(p));
    assert.equal(new Set(texts).size, texts.length, "a puzzle found twice");
    assert.deepEqual([...texts].sort(), [...puzzles].sort(), grid);
    for (const p of found) {
      assert.equal(clueCount(p), 17);
      for (let i = 0; i < 81; i++) assert.ok(p[i] === 0 || p[i] === cells[i], "a clue off the grid");
      assert.equal(countSolutions(p, 2), 1);
    }
    assert.equal(stats.entries, GRID_BAND_CHUNKS);
  }
});

test("band engine on the published 20-clue grid: exactly 6 puzzles of 20 clues, all minimal, and none of 19", () => {
  const grid = parseGrid(GRID20);
  assert.deepEqual(scanGridByBands(grid, 19), []);
  const twenty = scanGridByBands(grid, 20);
  assert.equal(twenty.length, 6);
  for (const p of twenty) {
    assert.equal(clueCount(p), 20);
    assert.equal(countSolutions(p, 2), 1);
    assert.deepEqual(redundantClues(p), []);
  }
});

function lines(run: CliRun): string[] {
  assert.equal(run.code, 0, run.stderr);
  return run.stdout === "" ? [] : run.stdout.replace(/\n$/, "").split("\n");
}

test("scan (the band engine by default up to 20 clues): the listed 17s, the same for any --threads, --stop-at-first, --minimals, 16 clues", { skip: !mostFile && missingData("grids-with-most-17s.tsv") }, () => {
  const { grid, puzzles } = listedGrids()[1];
  const one = runCli(["scan", grid, "--clues", "17", "--threads", "1", "--stats"]);
  assert.match(one.stderr, /scan totals: 3 chunks, .* 20 puzzles, .*band engine/);
  const found = lines(one);
  assert.deepEqual([...found].sort(), [...puzzles].sort());
  // Two threads, and every 17 is minimal (there is no 16), so --minimals keeps them all.
  assert.equal(runCli(["scan", grid, "--clues", "17", "--minimals", "--threads", "2"]).stdout, one.stdout);
  const first = lines(runCli(["scan", grid, "--clues", "17", "--stop-at-first", "--threads", "1"]));
  assert.equal(first.length, 1);
  assert.ok(puzzles.includes(first[0]));
  assert.deepEqual(lines(runCli(["scan", grid, "--clues", "16", "--engine", "bands"])), []);
});

test("scan --engine: bands refuses a mask and more than 20 clues; an unknown engine is a usage error", () => {
  const mask = "1".repeat(10) + ".".repeat(71);
  const masked = runCli(["scan", GRID20, "--clues", "17", "--engine", "bands", "--mask", mask]);
  assert.equal(masked.code, 2);
  assert.match(masked.stderr, /--engine bands takes no --mask/);
  const many = runCli(["scan", GRID20, "--clues", "21", "--engine", "bands", "--stop-at-first"]);
  assert.equal(many.code, 2);
  assert.match(many.stderr, /--engine bands scans for at most 20 clues, not 21/);
  const bad = runCli(["scan", GRID20, "--clues", "17", "--engine", "fast"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /Allowed choices are auto, bands, hitting/);

});

test("scan --resume with the band engine: chunks in the checkpoint are not scanned again, nothing lost or repeated; another engine's checkpoint and an edited one are refused", async () => {
  // The grid with 20 17s of seed 003: all of them have their top band first.
  const GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";
  const chunk0: string[] = [];
  scanGridBandChunk(parseGrid(GRID), 17, 0, (p) => chunk0.push(formatPuzzle(p)));
  assert.equal(chunk0.length, 20);
  const dir = freshDir();
  const out = join(dir, "found.txt");
  const checkpoint = join(dir, "scan.journal");
  const flags = { clues: 17, engine: "bands" as const, threads: 1, out, checkpoint };
  const plan = planScan(GRID, flags);
  const write = async (puzzles: readonly string[]): Promise<void> => {
    const j = Journal.create(checkpoint, { job: await jobId(plan), kind: "scan", command: plan.command, spec: plan.spec, out });
    j.addUnit({ unit: 0, data: { puzzles: [...puzzles].sort(), complete: true }, counters: { nodes: 1 }, cpu: 1, by: "test" });
    j.close();
  };
  // The run wrote chunk 0's puzzles in its journal, then died before writing them to the output.
  await write(chunk0);
  writeFileSync(out, "");
  const args = ["scan", GRID, "--clues", "17", "--out", out, "--checkpoint", checkpoint, "--resume", "--stats"];
  const other = runCli([...args, "--engine", "hitting"]);
  assert.equal(other.code, 2);
  assert.match(other.stderr, /was made by another run \(scan .* --engine bands\)/);
  // A puzzle that is not on the grid, slipped into the journal with a digest made for it, is still refused.
  const fake = chunk0.map((p, i) => (i === 0 ? "1" + p.slice(1) : p));
  await write(fake);
  const edited = runCli([...args, "--engine", "bands", "--threads", "1"]);
  assert.equal(edited.code, 2);
  assert.match(edited.stderr, /cannot be trusted/);
  await write(chunk0);
  const run = runCli([...args, "--engine", "bands", "--threads", "1"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /resuming scan .*: 1 unit from the checkpoint/);
  const result = readFileSync(out, "utf8").replace(/\n$/, "").split("\n");
  assert.deepEqual(result, [...chunk0].sort());
  assert.ok(!existsSync(checkpoint), "a finished scan removes its checkpoint");
});
