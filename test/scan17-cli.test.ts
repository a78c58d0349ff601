/**
 * `sudokulab scan17`: bad options, the --shard and thread split arithmetic,
 * the checkpoint (refused when made with other options, resumed from a
 * hand-made record without scanning its slices again or repeating a line,
 * left whole by a signal), --grid's input handling, and, on pass 1 rank 23
 * slices 1196..1197, the two 17s the C++ program finds there, the same for
 * 1 and 2 threads.
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
import { rangeSize, shardRange, SliceSet, splitRanges, type SliceRange } from "../src/cli/scan17-job.js";

const GRID = "123456789456789123789132564264918357875324691931675248392861475547293816618547932";
/** Pass-1 rank 415 has 80 bands 2: slices 0 and 1. Slices 2 and up are absent: a run over them scans nothing. */
const ABSENT = ["--rank", "415", "--pass", "1"];

function lines(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

interface Checkpoint {
  pass: string;
  engine: string;
  rank: number;
  slices: string;
  shard: string | null;
  part: string | null;
  complete: boolean;
  done: [number, number][];
  absentSlices: number;
  cpuSeconds: number;
  stats: Record<string, number>;
  hits: { slice: number; lines: string[] }[];
}

function readCheckpoint(path: string): Checkpoint {
  return JSON.parse(readFileSync(path, "utf8")) as Checkpoint;
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
    [[...slices, "--resume"], /--resume needs --checkpoint FILE when the 17s go to stdout/],
    [[...slices, "--out", "x.txt", "--checkpoint", "x.txt"], /--checkpoint and --out name the same file/],
    [["scan17", "--grid", GRID, "--rank", "23"], /--rank cannot be used with --grid/],
    [["scan17", "--grid", GRID, "--threads", "2"], /--threads cannot be used with --grid/],
    [["scan17", "--grid", GRID, "--out", "x.txt"], /--out cannot be used with --grid/],
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

test("scan17 threads: the pending slices cut into contiguous shares; done slices kept as ranges", () => {
  assert.deepEqual(splitRanges([{ first: 1196, last: 1197 }], 2), [[{ first: 1196, last: 1196 }], [{ first: 1197, last: 1197 }]]);
  assert.deepEqual(splitRanges([{ first: 1196, last: 1197 }], 8), [[{ first: 1196, last: 1196 }], [{ first: 1197, last: 1197 }]]);
  assert.deepEqual(splitRanges([], 2), []);
  // A share that spans a gap of done slices is two ranges (two scanSlices17 calls; the --resume test runs one).
  assert.deepEqual(splitRanges([{ first: 2, last: 2 }, { first: 5, last: 9 }], 2), [
    [{ first: 2, last: 2 }, { first: 5, last: 6 }],
    [{ first: 7, last: 9 }],
  ]);

  const set = new SliceSet();
  for (const slice of [5, 3, 4, 9, 7]) set.addRange({ first: slice, last: slice });
  assert.deepEqual(set.toJSON(), [[3, 5], [7, 7], [9, 9]]);
  set.addRange({ first: 6, last: 8 });
  assert.deepEqual(set.toJSON(), [[3, 9]]);
  assert.equal(set.countWithin({ first: 0, last: 4 }), 2);
  assert.deepEqual(set.missingWithin({ first: 0, last: 12 }), [{ first: 0, last: 2 }, { first: 10, last: 12 }]);
  assert.deepEqual(SliceSet.of([{ first: 1, last: 1 }, { first: 4, last: 6 }]).missingWithin({ first: 0, last: 6 }), [
    { first: 0, last: 0 },
    { first: 2, last: 3 },
  ]);
});

test("scan17: absent slices are empty, not an error; the checkpoint is kept, and refused to other options", () => {
  const dir = freshDir();
  const args = ["scan17", ...ABSENT, "--slices", "2..9", "--out", "o.txt", "--threads", "1"];
  const run = runCli(args, dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), "");
  assert.match(run.stderr, /scan17: pass 1 rank 415 slices 2\.\.9: 0 17s in 8 slices \(8 past the rank's last slice\)/);
  const record = readCheckpoint(join(dir, "o.txt.checkpoint.json"));
  assert.deepEqual(
    [record.pass, record.rank, record.slices, record.shard, record.part, record.complete, record.done, record.absentSlices],
    ["1", 415, "2..9", null, "2..9", true, [[2, 9]], 8],
  );
  assert.equal(record.engine, "expand");

  const again = runCli(args, dir);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /checkpoint o\.txt\.checkpoint\.json exists: add --resume/);

  const mismatches: [string[], RegExp][] = [
    [args.map((arg, i) => (args[i - 1] === "--pass" ? "2a" : arg)), /pass "1"; this one has pass "2a"/],
    [args.map((arg) => (arg === "2..9" ? "2..8" : arg)), /slices "2\.\.9"; this one has slices "2\.\.8"/],
    [[...args, "--shard", "1/2"], /shard null; this one has shard "1\/2"/],
    [[...args, "--engine", "chunks"], /engine "expand"; this one has engine "chunks"/],
  ];
  for (const [other, message] of mismatches) {
    const refused = runCli([...other, "--resume"], dir);
    assert.equal(refused.code, 1, other.join(" "));
    assert.match(refused.stderr, /checkpoint o\.txt\.checkpoint\.json was made by another scan17 run/);
    assert.match(refused.stderr, message);
  }
  assert.deepEqual(readCheckpoint(join(dir, "o.txt.checkpoint.json")).done, [[2, 9]], "a refused resume leaves the checkpoint as it was");
});

test("scan17 --resume: slices in the checkpoint are not scanned again, their 17s come out once, in slice order", () => {
  const dir = freshDir();
  const a = hitLine(".23..........8.1..7.9.........3...9..........6...1....51..6..........97.....4..3.", [415, 415, 7], 3);
  const b = hitLine(".23..........8.1..7.9.........3...9..........6...1....51..6.......9...7.....4..3.", [415, 415, 9], 3);
  const c = hitLine(".....6....5.7.9...7.......42.4.1..........69...........9.....7......3.......4..32", [415, 415, 2], 4);
  // Slices 3 and 4 "done", with 17s no real scan of them would give: they can only come from the record.
  const record = {
    kind: "sudokulab scan17",
    version: 1,
    pass: "1",
    rank: 415,
    slices: "2..9",
    shard: null,
    part: "2..9",
    complete: false,
    done: [[3, 4]],
    absentSlices: 0,
    cpuSeconds: 12.5,
    stats: { entries: 7, bands3: 21, puzzles: 3 },
    hits: [{ slice: 4, lines: [c] }, { slice: 3, lines: [b, a] }],
  };
  writeFileSync(join(dir, "o.txt.checkpoint.json"), JSON.stringify(record));
  const args = ["scan17", ...ABSENT, "--slices", "2..9", "--out", "o.txt", "--threads", "1", "--stats", "--resume"];
  const run = runCli(args, dir);
  assert.equal(run.code, 0, run.stderr);
  const expected = `${b}\n${a}\n${c}\n`;
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), expected, "sorted by slice, the kernel's order kept within a slice");
  assert.match(run.stderr, /2 slices from the checkpoint o\.txt\.checkpoint\.json, 6 to scan/);
  assert.match(run.stderr, /3 17s in 8 slices \(6 past the rank's last slice\); 6 scanned now, 2 from the checkpoint/);
  assert.match(run.stderr, /^ {2}entries +7$/m);
  const cpu = /^ {2}CPU seconds +(\d+\.\d\d)$/m.exec(run.stderr);
  assert.ok(cpu !== null && Number(cpu[1]) >= 12.5, "the CPU seconds of the checkpoint are carried on");
  const after = readCheckpoint(join(dir, "o.txt.checkpoint.json"));
  assert.deepEqual([after.complete, after.done, after.absentSlices], [true, [[2, 9]], 6]);
  assert.deepEqual(after.hits, [{ slice: 3, lines: [b, a] }, { slice: 4, lines: [c] }]);

  // A finished run resumed: the same output, nothing scanned, no line repeated.
  const again = runCli(args, dir);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), expected);
  assert.match(again.stderr, /8 slices from the checkpoint o\.txt\.checkpoint\.json, 0 to scan/);
  // To stdout, from the same checkpoint.
  const toStdout = runCli(["scan17", ...ABSENT, "--slices", "2..9", "--checkpoint", "o.txt.checkpoint.json", "--resume"], dir);
  assert.equal(toStdout.code, 0, toStdout.stderr);
  assert.equal(toStdout.stdout, expected);

  writeFileSync(join(dir, "bad.json"), JSON.stringify({ ...record, hits: [{ slice: 3, lines: [c] }] }));
  const bad = runCli(["scan17", ...ABSENT, "--slices", "2..9", "--checkpoint", "bad.json", "--resume"], dir);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /checkpoint bad\.json is not a valid scan17 checkpoint: bad 17s of slice 3/);
});

test("scan17 --shard: the shard's part only, recorded in the checkpoint; an empty shard prints nothing", () => {
  const dir = freshDir();
  const run = runCli(["scan17", ...ABSENT, "--slices", "0..9", "--shard", "3/3", "--checkpoint", "c.json", "--threads", "1"], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /pass 1 rank 415 slices 6\.\.9: 0 17s in 4 slices/);
  const record = readCheckpoint(join(dir, "c.json"));
  assert.deepEqual([record.slices, record.shard, record.part, record.done], ["0..9", "3/3", "6..9", [[6, 9]]]);

  const empty = runCli(["scan17", ...ABSENT, "--slices", "5..6", "--shard", "3/4"], dir);
  assert.equal(empty.code, 0, empty.stderr);
  assert.equal(empty.stdout, "");
  assert.match(empty.stderr, /shard 3\/4 of slices 5\.\.6 is empty/);
});

test("scan17: SIGTERM stops the workers, keeps the checkpoint and prints the command that continues", async () => {
  const dir = freshDir();
  // Pass-1 rank 0's bands 2 take about 5 s to enumerate: the signal comes while the worker runs.
  const args = ["scan17", "--rank", "0", "--slices", "100000..100003", "--pass", "1", "--out", "o.txt", "--threads", "1"];
  const checkpoint = join(dir, "o.txt.checkpoint.json");
  const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!existsSync(checkpoint) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.kill("SIGTERM");
  assert.equal(await exited, 130, stderr);
  assert.match(stderr, /scan17 interrupted \(SIGTERM\): 0 of 4 slices done; checkpoint saved in o\.txt\.checkpoint\.json/);
  assert.match(stderr, /to continue: sudokulab scan17 .* --resume$/m);
  const record = readCheckpoint(checkpoint);
  assert.deepEqual([record.complete, record.done], [false, []]);
  assert.ok(!existsSync(join(dir, "o.txt")), "the output is written only when every slice is done");
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
  assert.match(run.stderr, /^scan17 stats, grids\.txt:2:$/m);
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
  assert.match(resumed.stderr, /2 slices from the checkpoint o\.txt\.checkpoint\.json, 0 to scan/);
  assert.equal(readFileSync(join(dir, "o.txt"), "utf8"), reference.stdout);
});
