/**
 * `npm run cost`: every bad argument is refused with one line and exit code
 * 2 before anything is written or submitted, and each step reads only the arguments it
 * has (a second rank is not a seed).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freshDir } from "./cli-helpers.js";

const COST = fileURLToPath(new URL("../bench/cost.js", import.meta.url));

function cost(args: readonly string[]): { code: number | null; stderr: string; data: string } {
  const data = freshDir("sudokulab-cost-");
  // Redis is not needed: every case is refused before a job is submitted.
  // The C++ programs `beside` runs are named by variables that no case may find set.
  const env: NodeJS.ProcessEnv = { ...process.env, SUDOKULAB_COST: data, SUDOKULAB_SK_S17V9: "/nonexistent/sk_s17v9" };
  delete env.SUDOKULAB_SK_S17VB;
  const run = spawnSync(process.execPath, [COST, ...args], { encoding: "utf8", env });
  return { code: run.status, stderr: run.stderr, data };
}

test("npm run cost: bad steps, counts, seeds and ranks are usage errors (exit 2, one line, then the usage)", () => {
  const cases: [string[], RegExp][] = [
    [[], /no step given/],
    [["nonsense"], /unknown step 'nonsense'/],
    [["grids", "abc"], /N must be a positive whole number, not 'abc'/],
    [["grids", "10", "-3"], /SEED must be a whole number, not '-3'/],
    [["grids", "10", "7", "11"], /N17 \(11\) must not exceed N \(10\)/],
    [["sample", "0"], /N must be a positive whole number, not '0'/],
    [["workers", "two"], /K must be a positive whole number, not 'two'/],
    // Several ranks: each is checked as a rank, none read as a seed.
    [["ranks", "2a:364", "2b:999"], /'2b:999' is not one of the complete ranks: .*2a:364/],
    [["ranks", "9:1"], /'9:1' is not one of the complete ranks/],
    // Side by side with the C++ programs: a pass, counts, and a binary that exists.
    [["beside"], /PASS must be one of 1, 2a, 2b, not ''/],
    [["beside", "3"], /PASS must be one of 1, 2a, 2b, not '3'/],
    [["beside", "2a", "ten"], /N must be a positive whole number, not 'ten'/],
    [["beside", "2a", "10", "x"], /SEED must be a whole number, not 'x'/],
    [["beside", "2b"], /SUDOKULAB_SK_S17VB must name the C\+\+ program's binary.*not set/],
    [["beside", "1"], /SUDOKULAB_SK_S17V9 must name the C\+\+ program's binary.*no file '\/nonexistent\/sk_s17v9'/],
  ];
  for (const [args, reason] of cases) {
    const run = cost(args);
    const lines = run.stderr.trimEnd().split("\n");
    assert.equal(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
    assert.match(lines[0], /^sudokulab: cost: /, args.join(" "));
    assert.match(lines[0], reason, args.join(" "));
    assert.match(lines[1], /^usage: npm run cost -- /, args.join(" "));
    assert.equal(lines.length, 2, args.join(" "));
    assert.deepEqual(readdirSync(run.data), [], `${args.join(" ")}: nothing written or submitted`);
  }
});
