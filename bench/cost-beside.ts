/**
 * `npm run cost -- beside PASS [N [SEED]]`: the slices of a drawn sample
 * (picks-PASS-N-SEED.txt), each scanned by sudokulab and by the C++
 * program of its pass at the same time, one pinned to each core, so that
 * both meet the same machine in the same minutes (this VM's speed moves by
 * up to 1.5x between hours). The C++ programs are not part of sudokulab:
 * build them from their public sources and name the binaries in
 * SUDOKULAB_SK_S17V9 (pass 1) and SUDOKULAB_SK_S17VB (passes 2a and 2b).
 *
 * Each slice's figures (CPU seconds of both whole processes, sudokulab's
 * scan thread, the entries, bands 3 and 17s each found) are appended to
 * beside-PASS-N-SEED.tsv in the cost data, so a run resumes after its last
 * slice; the table and the projection are printed at the end.
 */
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { projection } from "./cost-report.js";

/** A slice that one of the programs did not scan: reported in one line, the slices before it kept. */
export class SliceFailed extends Error {}

export interface BesideOptions {
  readonly pass: "1" | "2a" | "2b";
  readonly picks: string;
  readonly table: string;
  readonly work: string;
  readonly cli: string;
  readonly anchor: string;
  /** All slices of the pass, for the projection. */
  readonly passSlices: number;
}

export interface SliceFigures {
  readonly rank: number;
  readonly slice: number;
  readonly ours: number;
  readonly scan: number;
  readonly anchor: number;
  readonly entries: [number, number];
  readonly bands3: [number, number];
  readonly found: [number, number];
}

const COLUMNS = "rank\tslice\tours_cpu\tours_scan_cpu\tanchor_cpu\tentries\tanchor_entries\tbands3\tanchor_bands3\t17s\tanchor_17s";

/** The anchor's arguments for one slice: sk_s17v9 scans pass 1 by default; Sk_S17VB takes pass 2a as -b0-01 and 2b as -b0-011. */
function anchorArgs(pass: string, rank: number, slice: number): string[] {
  const range = [`-v0-${rank}`, `-v2-${slice}`, `-v3-${slice}`];
  if (pass === "1") return ["-c0", ...range, `-os${rank}`];
  return ["-c0", pass === "2a" ? "-b0-01" : "-b0-011", ...range, `-os${rank}p${pass}`];
}

/**
 * Runs `command` in `dir` through sh, pinned to `core` where taskset is
 * found, its output to `out`; resolves to its children's CPU seconds (user
 * + system), read from the shell's `times`.
 */
function timed(dir: string, core: number, command: string[], out: string): Promise<number> {
  const quoted = command.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(" ");
  const script = `if command -v taskset >/dev/null; then taskset -c ${core} ${quoted}; else ${quoted}; fi > '${out}' 2>&1; times`;
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", script], { cwd: dir, stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("error", reject);
    child.on("close", () => {
      // times prints the shell's own user and system time, then its children's: "0m1.234s 0m0.056s".
      const children = text.trim().split("\n").at(-1) ?? "";
      const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => 60 * Number(m[1]) + Number(m[2]));
      if (seconds.length !== 2) reject(new Error(`no times from '${command.join(" ")}': ${text}`));
      else resolve(seconds[0] + seconds[1]);
    });
  });
}

function count(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  return match === null ? Number.NaN : Number(match[1]);
}

/** One slice, both programs at once. */
async function scanSlice(options: BesideOptions, rank: number, slice: number): Promise<SliceFigures> {
  const dir = join(options.work, `${options.pass}-${rank}-${slice}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const ours = [process.execPath, options.cli, "scan17", "--rank", String(rank), "--pass", options.pass, "--slices", String(slice), "--threads", "1", "--stats"];
  const [oursCpu, anchorCpu] = await Promise.all([
    timed(dir, 0, ours, "ours.txt"),
    timed(dir, 1, [options.anchor, ...anchorArgs(options.pass, rank, slice)], "anchor.txt"),
  ]);
  const oursText = readFileSync(join(dir, "ours.txt"), "utf8");
  // The C++ program's console holds NUL bytes among its counters.
  const anchorText = readFileSync(join(dir, "anchor.txt"), "latin1");
  const anchorFound = readdirSync(dir)
    .filter((f) => f.endsWith("_file1.txt"))
    .reduce((n, f) => n + readFileSync(join(dir, f), "utf8").split("\n").filter((line) => /^[.1-9]{81}/.test(line)).length, 0);
  const scan = count(oursText, /^ {2}CPU seconds\s+([\d.]+)$/m);
  if (Number.isNaN(scan)) throw new SliceFailed(`sudokulab gave no counters for rank ${rank} slice ${slice}: see ${join(dir, "ours.txt")}`);
  if (!/bands1\+2 processed entries/.test(anchorText)) throw new SliceFailed(`${options.anchor} gave no counters for rank ${rank} slice ${slice}: see ${join(dir, "anchor.txt")}`);
  return {
    rank,
    slice,
    ours: oursCpu,
    scan,
    anchor: anchorCpu,
    entries: [count(oursText, /^ {2}entries\s+(\d+)$/m), count(anchorText, /(\d+)\s+0 bands1\+2 processed entries/)],
    bands3: [count(oursText, /^ {2}bands 3\s+(\d+)$/m), count(anchorText, /(\d+)\s+1 total bands 3/)],
    found: [oursText.split("\n").filter((line) => /^[.1-9]{81};/.test(line)).length, anchorFound],
  };
}

function readTable(file: string): SliceFigures[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split("\t").map(Number))
    .map(([rank, slice, ours, scan, anchor, e0, e1, b0, b1, f0, f1]) => ({ rank, slice, ours, scan, anchor, entries: [e0, e1], bands3: [b0, b1], found: [f0, f1] }));
}

export async function beside(options: BesideOptions): Promise<void> {
  const picks = readFileSync(options.picks, "utf8")
    .split("\n")
    .filter((line) => /^\d+ \d+$/.test(line))
    .map((line) => line.split(" ").map(Number) as [number, number]);
  mkdirSync(options.work, { recursive: true });
  if (!existsSync(options.table)) appendFileSync(options.table, `${COLUMNS}\n`);
  const done = new Set(readTable(options.table).map((row) => `${row.rank} ${row.slice}`));
  for (const [rank, slice] of picks) {
    if (done.has(`${rank} ${slice}`)) continue;
    const row = await scanSlice(options, rank, slice);
    appendFileSync(options.table, [row.rank, row.slice, row.ours.toFixed(2), row.scan.toFixed(2), row.anchor.toFixed(2), ...row.entries, ...row.bands3, ...row.found].join("\t") + "\n");
    const same = row.entries[0] === row.entries[1] && row.bands3[0] === row.bands3[1] && row.found[0] === row.found[1];
    process.stderr.write(`pass ${options.pass} rank ${rank} slice ${slice}: ${row.ours.toFixed(1)} s against ${row.anchor.toFixed(1)} s (${(row.ours / row.anchor).toFixed(2)})${same ? "" : "; entries, bands 3 or 17s differ"}\n`);
  }
  const rows = readTable(options.table);
  const lines = [`| pass ${options.pass}: rank, slice | entries | bands 3 | 17s | scan thread | whole process | the C++ program | ratio |`, "|---|---|---|---|---|---|---|---|"];
  for (const row of rows) {
    const pair = (p: [number, number]): string => (p[0] === p[1] ? `${p[0]}` : `${p[0]} / ${p[1]}`);
    lines.push(`| ${row.rank}, ${row.slice} | ${pair(row.entries)} | ${pair(row.bands3)} | ${pair(row.found)} | ${row.scan.toFixed(1)} | ${row.ours.toFixed(1)} | ${row.anchor.toFixed(1)} | ${(row.ours / row.anchor).toFixed(2)} |`);
  }
  const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
  const ours = rows.map((row) => row.ours);
  const anchor = rows.map((row) => row.anchor);
  lines.push(`| **all ${rows.length}** | | | | ${sum(rows.map((row) => row.scan)).toFixed(1)} | ${sum(ours).toFixed(1)} | ${sum(anchor).toFixed(1)} | **${(sum(ours) / sum(anchor)).toFixed(2)}** |`);
  const a = projection(ours, options.passSlices);
  const b = projection(anchor, options.passSlices);
  const interval = (p: { half: number }): string => (rows.length < 2 ? "" : ` (±${p.half.toFixed(1)})`);
  lines.push("", `Projected over the pass's ${options.passSlices.toLocaleString("en-US")} slices: ${a.years.toFixed(1)} core-years${interval(a)} against ${b.years.toFixed(1)}${interval(b)}${rows.length < 2 ? " (one slice: no interval)" : ""}.`);
  process.stdout.write(lines.join("\n") + "\n");
}
