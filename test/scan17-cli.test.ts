/**
 * `sudokulab scan17`: bad options, the --shard and unit arithmetic, the
 * checkpoint (refused when made with other options, resumed from a journal
 * without scanning its slices again or repeating a line, left whole by a
 * signal), --grid's input handling, and, on pass 1 rank 23 slices
 * 1196..1197, the two 17s the C++ program finds there, the same for 1 and 2
 * threads.
 *
 * Most runs use slices past the rank's last one (absent, so the kernel does
 * not run: only the bands 2 are enumerated, about 2 s for rank 415); the
 * tests marked KERNEL run the band scan itself.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, freshDir, runCli } from "./cli-helpers.js";
import { cutRange, rangeSize, shardRange, type NumberRange as SliceRange } from "../src/jobs/ranges.js";
import { defaultUnitSlices } from "../src/jobs/scan17-job.js";
import { Journal } from "../src/runner/checkpoint.js";
import { jobId } from "../src/runner/plan.js";
import { planScan17 } from "../src/cli/scan17-command.js";

const GRID = "123456789456789123789132564264918357875324691931675248392861475547293816618547932";
/** Pass-1 rank 415 has 80 bands 2: slices 0 and 1. Slices 2 and up are absent: a run over them scans nothing. */
const ABSENT = ["--rank", "415", "--pass", "1"];

function lines(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

interface RunRecord {
  command: string;
  spec: { pass: string; engine: string; rank: number; first: number; last: number; shard: string | null };
  totals: { units: number; counters: Record<string, number>; cpuSeconds: number };
  units: { unit: number; cpu: number }[];
}

function readRecord(path: string): RunRecord {
  return JSON.parse(readFileSync(path, "utf8")) as RunRecord;
}

/** A k-file line: `puzzle;%3d;%3d;%3d;%5d`. */
function hitLine(puzzle: string, ranks: [number, number, number], slice: number): string {
  return `${puzzle};${ranks.map((r) => String(r).padStart(3)).join(";")};${String(slice).padStart(5)}`;
}

test("scan17: bad options exit 2 with a message", () => {
  const slices = ["scan17", "--rank", "23", "--slices", "1196", "--pass", "1"];
  const usage: [string[], RegExp][] = [
    [["scan17"], /give --rank R --slices A\.\.B --pass 1\|2a\|2b, or --grid GRID\|FILE/],
    [["scan17", "--rank", "416", "--slices", "0", "--pass", "1"], /expected a band-1 rank, 0 to 415/],
    [["scan17", "--rank", "23", "--pass", "1"], /--rank needs --slices/],
    [["scan17", "--rank", "23", "--slices", "5"], /--rank needs --pass/],
    [["scan17", "--rank", "23", "--slices", "5..2", "--pass", "1"], /expected slices as A\.\.B or A/],
    [["scan17", "--rank", "23", "--slices", "5", "--pass", "3"], /expected a pass: 1, 2a or 2b/],
    [[...slices, "--engine", "xy"], /expected an engine: expand or chunks/],
    [[...slices, "--shard", "0/3"], /expected a shard as i\/N, with 1 <= i <= N/],
    [[...slices, "--shard", "4/3"], /expected a shard as i\/N/],
    [[...slices, "--shard", "1-3"], /expected a shard as i\/N/],
    [[...slices, "--threads", "0"], /expected a positive integer/],
    [[...slices, "--unit-slices", "0"], /expected a positive integer/],
    [[...slices, "--out", "x.txt", "--checkpoint", "x.txt"], /--out and --checkpoint name the same file/],
    [["scan17", "--grid", GRID, "--rank", "23"], /--rank cannot be used with --grid/],
    [["scan17", "--grid", GRID, "--shard", "1/2"], /--shard cannot be used with --grid/],
    [["scan17", "--slices", "3", "--pass", "1"], /give --rank R/],
  ];
  for (const [args, message] of usage) {
    const run = runCli(args);
    assert.equal(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, message, args.join(" "));
  }
});

test("scan17 --shard: N contiguous parts, sizes differing by at most one, covering the range once", () => {
  assert.deepEqual(
    [1, 2, 3].map((i) => shardRange({ first: 0, last: 9 }, i, 3)),
    [{ first: 0, last: 2 }, { first: 3, last: 5 }, { first: 6, last: 9 }],
  );
  assert.deepEqual(shardRange({ first: 1196, last: 1197 }, 1, 1), { first: 1196, last: 1197 });
  // Fewer slices than shards: some parts are empty.
  assert.deepEqual(
    [1, 2, 3, 4].map((i) => shardRange({ first: 5, last: 6 }, i, 4)),
    [null, { first: 5, last: 5 }, null, { first: 6, last: 6 }],
  );
  assert.throws(() => shardRange({ first: 0, last: 9 }, 0, 3), RangeError);
  assert.throws(() => shardRange({ first: 0, last: 9 }, 4, 3), RangeError);
  const cases: [SliceRange, number][] = [
    [{ first: 0, last: 0 }, 1],
    [{ first: 0, last: 1234 }, 7],
    [{ first: 17, last: 40 }, 24],
    [{ first: 3, last: 12 }, 11],
    [{ first: 0, last: Number.MAX_SAFE_INTEGER - 1 }, 1000],
  ];
  for (const [range, count] of cases) {
    const parts = Array.from({ length: count }, (_, i) => shardRange(range, i + 1, count));
    let next = range.first;
    const sizes: number[] = [];
    for (const part of parts) {
      if (part === null) {
        sizes.push(0);
        continue;
      }
      assert.equal(part.first, next, `${count} parts of ${range.first}..${range.last}: contiguous`);
      sizes.push(rangeSize(part));
      next = part.last + 1;
    }
    assert.equal(next, range.last + 1, "the parts cover the range");
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes.join(",")}`);
  }
});

test("scan17 units: consecutive slices, one per unit up to 64 slices, at most 16 per unit", () => {
  assert.deepEqual(cutRange({ first: 3, last: 9 }, 3), [{ first: 3, last: 5 }, { first: 6, last: 8 }, { first: 9, last: 9 }]);
  assert.deepEqual(cutRange({ first: 5, last: 4 }, 2), []);
  assert.deepEqual([1, 64, 65, 128, 1000, 2000, 100000].map(defaultUnitSlices), [1, 1, 2, 2, 16, 16, 16]);
  assert.throws(() => cutRange({ first: 0, last: 9 }, 0), RangeError);
});

test("scan17: absent slices are empty, not an error; the run's record names the job; a checkpoint is refused to other options", async () => {
  const dir = freshDir();
  const args = ["scan17", ...ABSENT, "--slices", "2..4", "--out", "o.txt", "--threads", "1"];
  const run = runCli(args, dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), "");
  assert.match(run.stderr, /scan17: pass 1 rank 415 slices 2\.\.4: 0 17s in 3 slices \(3 past the rank's last slice\)/);
  const record = readRecord(join(dir, "o.txt.record.json"));
  assert.deepEqual([record.spec.pass, record.spec.rank, record.spec.first, record.spec.last, record.spec.shard, record.spec.engine], ["1", 415, 2, 4, null, "expand"]);
  assert.equal(record.units.length, 3);
  assert.equal(record.totals.counters.absentSlices, 3);

  // A run stopped before its end leaves its journal; other options do not resume it.
  const plan = await planScan17({ rank: 415, pass: "1", slices: { first: 2, last: 4 }, engine: "expand", threads: 1 }, () => false);
  Journal.create(join(dir, "o.txt.checkpoint"), { job: await jobId(plan), kind: "scan17", command: plan.command, spec: plan.spec, out: join(dir, "o.txt") }).close();
  const again = runCli(args, dir);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /checkpoint o\.txt\.checkpoint exists: add --resume/);
  const mismatches: string[][] = [
    args.map((arg, i) => (args[i - 1] === "--pass" ? "2a" : arg)),
    args.map((arg) => (arg === "2..4" ? "2..8" : arg)),
    [...args, "--shard", "1/2"],
    [...args, "--engine", "chunks"],
  ];
  for (const other of mismatches) {
    const refused = runCli([...other, "--resume"], dir);
    assert.equal(refused.code, 2, other.join(" "));
    assert.match(refused.stderr, /checkpoint o\.txt\.checkpoint was made by another run \(scan17 --rank 415 --slices 2\.\.4 --pass 1\)/);
  }
  assert.ok(existsSync(join(dir, "o.txt.checkpoint")), "a refused resume leaves the checkpoint");
});

test("scan17 --pass 2a and 2b: V8 takes the setting the pass asks for (bandScanEngineFlags) without a word on stderr", () => {
  for (const pass of ["2a", "2b"]) {
    const run = runCli(["scan17", "--rank", "415", "--pass", pass, "--slices", "2..3", "--threads", "1"], freshDir());
    assert.equal(run.code, 0, run.stderr);
    const said = lines(run.stderr);
    assert.equal(said.length, 1, run.stderr);
    assert.match(said[0], new RegExp(`^scan17: pass ${pass} rank 415 slices 2\\.\\.3: 0 17s in 2 slices \\(2 past the rank's last slice\\); [\\d.]+ s CPU$`));
  }
});

test("scan17 --resume: slices in the checkpoint are not scanned again, their 17s come out once, in slice order", async () => {
  const dir = freshDir();
  // Two real 17s, set in slices 3 and 4 of rank 415: no scan of those slices gives them, so they can only come from the journal.
  const a = hitLine(".23..........8.1..7.9.........3...9..........6...1....51..6..........97.....4..3.", [415, 415, 7], 3);
  const b = hitLine(".23..........8.1..7.9.........3...9..........6...1....51..6.......9...7.....4..3.", [415, 415, 9], 3);
  const c = hitLine(".....6....5.7.9...7.......42.4.1..........69...........9.....7......3.......4..32", [415, 415, 2], 4);
  const plan = await planScan17({ rank: 415, pass: "1", slices: { first: 2, last: 5 }, engine: "expand", threads: 1 }, () => false);
  const make = async (slice3: readonly string[]): Promise<void> => {
    const j = Journal.create(join(dir, "o.txt.checkpoint"), { job: await jobId(plan), kind: "scan17", command: plan.command, spec: plan.spec, out: join(dir, "o.txt") });
    // Units 1 and 2 are slices 3 and 4; they finished out of order.
    j.addUnit({ unit: 2, data: { lines: [c], absent: 0 }, counters: { entries: 4, puzzles: 1 }, cpu: 5, by: "test" });
    j.addUnit({ unit: 1, data: { lines: slice3, absent: 0 }, counters: { entries: 3, puzzles: 2 }, cpu: 7.5, by: "test" });
    j.close();
  };
  await make([b, a]);
  const args = ["scan17", ...ABSENT, "--slices", "2..5", "--out", "o.txt", "--threads", "1", "--stats", "--resume"];
  const run = runCli(args, dir);
  assert.equal(run.code, 0, run.stderr);
  const expected = `${b}\n${a}\n${c}\n`;
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), expected, "sorted by slice, the kernel's order kept within a slice");
  assert.match(run.stderr, /resuming scan17 .*: 2 units from the checkpoint o\.txt\.checkpoint/);
  assert.match(run.stderr, /3 17s in 4 slices \(2 past the rank's last slice\)/);
  assert.match(run.stderr, /^ {2}entries +7$/m);
  const cpu = /^ {2}CPU seconds +(\d+\.\d\d)$/m.exec(run.stderr);
  assert.ok(cpu !== null && Number(cpu[1]) >= 12.5, "the CPU seconds of the checkpoint are carried on");
  assert.ok(!existsSync(join(dir, "o.txt.checkpoint")));

  // A finished run resumed: nothing scanned, the output as it was.
  const again = runCli(args, dir);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), expected);
  assert.match(again.stderr, /already complete/);

  // A 17 moved to another slice's unit is refused, digest or not.
  await make([c]);
  const bad = runCli(["scan17", ...ABSENT, "--slices", "2..5", "--out", "o2.txt", "--checkpoint", "o.txt.checkpoint", "--resume"], dir);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /was made for the output .*o\.txt, not .*o2\.txt/);
  const moved = runCli(args, dir);
  assert.equal(moved.code, 2);
  assert.match(moved.stderr, /the result of unit 1 cannot be trusted \(17 of another rank or slice/);
});

test("scan17 --shard: the shard's part only, named in the record; an empty shard prints nothing", () => {
  const dir = freshDir();
  const run = runCli(["scan17", ...ABSENT, "--slices", "0..5", "--shard", "3/3", "--out", "c.txt", "--threads", "1"], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readFileSync(join(dir, "c.txt"), "utf8"), "");
  assert.match(run.stderr, /pass 1 rank 415 slices 4\.\.5 \(shard 3\/3\): 0 17s in 2 slices/);
  const record = readRecord(join(dir, "c.txt.record.json"));
  assert.deepEqual([record.spec.first, record.spec.last, record.spec.shard], [4, 5, "3/3"]);
  assert.match(record.command, /--slices 0\.\.5 --pass 1 --shard 3\/3/);

  const empty = runCli(["scan17", ...ABSENT, "--slices", "5..6", "--shard", "3/4"], dir);
  assert.equal(empty.code, 0, empty.stderr);
  assert.equal(empty.stdout, "");
  assert.match(empty.stderr, /shard 3\/4 of slices 5\.\.6 is empty/);
});

test("scan17: SIGTERM stops the workers, keeps the checkpoint and prints the command that continues", async () => {
  const dir = freshDir();
  // Pass-1 rank 0's bands 2 take about 5 s to enumerate: the signal comes while the worker runs.
  const args = ["scan17", "--rank", "0", "--slices", "100000..100003", "--pass", "1", "--out", "o.txt", "--threads", "1"];
  const checkpoint = join(dir, "o.txt.checkpoint");
  const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!existsSync(checkpoint) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.kill("SIGTERM");
  assert.equal(await exited, 130, stderr);
  assert.match(stderr, /scan17 .* interrupted \(SIGTERM\): 0 units done; checkpoint saved in o\.txt\.checkpoint/);
  assert.match(stderr, /to continue: sudokulab scan17 .* --resume$/m);
  assert.ok(existsSync(checkpoint));
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), "", "nothing was written");
});

test("scan17 --grid: bad lines and files are named, the exit code is 1", () => {
  const dir = freshDir();
  writeFileSync(join(dir, "grids.txt"), `${GRID.slice(0, 80)}\n# a comment\n${"1".repeat(81)}\n`);
  const run = runCli(["scan17", "--grid", "grids.txt"], dir);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /^sudokulab: grids\.txt:1: line has 80 characters \(expected 81\)$/m);
  assert.match(run.stderr, /^sudokulab: grids\.txt:3: .*digit 1/m);
  const missing = runCli(["scan17", "--grid", "missing.txt"], dir);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^sudokulab: missing\.txt: no such file$/m);
  const short = runCli(["scan17", "--grid", "12345"], dir);
  assert.equal(short.code, 1);
  assert.match(short.stderr, /^sudokulab: --grid: line has 5 characters \(expected 81\)$/m);
});

// KERNEL: runs the band scan on three entries of one grid (the format is checked, not what is found).
test("scan17 --grid FILE: a header per grid, then its 17s as original;pass;entry-puzzle;ranks", () => {
  const dir = freshDir();
  writeFileSync(join(dir, "grids.txt"), `${"1".repeat(81)}\n${GRID} # twenty 17s\n`);
  const run = runCli(["scan17", "--grid", "grids.txt", "--stats"], dir);
  assert.equal(run.code, 1, run.stderr);
  const [header, ...found] = lines(run.stdout);
  assert.match(header, new RegExp(`^# grids\\.txt:2 ${GRID}: ${found.length} 17s$`));
  for (const line of found) assert.match(line, /^[1-9.]{81};(1|2a|2b);[1-9.]{81};[ \d]{3};[ \d]{3};[ \d]{3}$/);
  assert.match(run.stderr, /^sudokulab: grids\.txt:1: /m);
  assert.match(run.stderr, /^scan17 stats, 1 grid:$/m);
  assert.match(run.stderr, /^ {2}entries +3$/m);
});

/** KERNEL: pass 1 rank 23 slices 1196..1197 on one thread, shared by the two tests below. */
let oneThread: { stdout: string; stderr: string; code: number | null } | null = null;
function rank23OneThread(): { stdout: string; stderr: string; code: number | null } {
  oneThread ??= runCli(["scan17", "--rank", "23", "--slices", "1196..1197", "--pass", "1", "--threads", "1"]);
  return oneThread;
}

// KERNEL: fails until the band scan finds these; the two 17s the C++ program lists in pass 1, rank 23, slice 1196.
test("scan17 --rank 23 --slices 1196..1197 --pass 1: the two 17s of the C++ program", () => {
  const run = rank23OneThread();
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(
    lines(run.stdout).sort(),
    [
      ".23..........8.1..7.9.........3...9..........6...1....51..6..........97.....4..3.; 23;133;  6; 1196",
      ".23..........8.1..7.9.........3...9..........6...1....51..6.......9...7.....4..3.; 23;133;  6; 1196",
    ].sort(),
  );
});

// KERNEL: the chunks engine (blue's X × Y) finds the same two, and says so in its counters.
test("scan17 --engine chunks: the same two 17s, with the X x Y counters", () => {
  const run = runCli(["scan17", "--rank", "23", "--slices", "1196..1197", "--pass", "1", "--threads", "1", "--engine", "chunks", "--stats"]);
  assert.equal(run.code, 0, run.stderr);
  // Within a slice each engine has its own order.
  assert.deepEqual(lines(run.stdout).sort(), lines(rank23OneThread().stdout).sort());
  const counter = (label: string): number => Number(new RegExp(`${label}\\s+(\\d+)`).exec(run.stderr)?.[1]);
  assert.ok(counter("X x Y pairs \\(chunks engine\\)") > counter("pairs left by the UA filter"), run.stderr);
  assert.ok(counter("pairs left by the UA filter") > 0);
  assert.doesNotMatch(run.stderr, /bands-1\+2 search nodes/);
});

// KERNEL: the same output for 1 and 2 threads; --resume of the finished run writes it again, no line repeated.
test("scan17: the output does not depend on --threads; --resume after a finished run gives the same output", () => {
  const reference = rank23OneThread();
  assert.equal(reference.code, 0, reference.stderr);
  const dir = freshDir();
  const args = ["scan17", "--rank", "23", "--slices", "1196..1197", "--pass", "1", "--threads", "2", "--out", "o.txt"];
  const run = runCli(args, dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), reference.stdout);
  const resumed = runCli([...args, "--resume"], dir);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /already complete/);
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), reference.stdout);
});

// KERNEL: one slice of rank 23 and one absent slice of rank 415, picked.
test("scan17 --picks: the listed slices of any ranks, the C++ program's two 17s of rank 23 slice 1196", () => {
  const dir = freshDir();
  writeFileSync(join(dir, "picks.txt"), "# rank slice\n415 5\n23 1196\n");
  const run = runCli(["scan17", "--pass", "1", "--picks", "picks.txt", "--threads", "2"], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(lines(run.stdout).sort(), lines(rank23OneThread().stdout).filter((line) => line.endsWith(" 1196")).sort());
  writeFileSync(join(dir, "bad.txt"), "23 1196\n416 1\n");
  const bad = runCli(["scan17", "--pass", "1", "--picks", "bad.txt"], dir);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^sudokulab: bad\.txt:2: expected "rank slice" \(rank 0 to 415\)$/m);
  const noPass = runCli(["scan17", "--picks", "picks.txt"], dir);
  assert.equal(noPass.code, 2);
});
