/**
 * What the whole searches cost (`npm run cost -- STEP`), measured through
 * the cluster runner with workers on this machine (docs/SEARCH-COST.md).
 * Every run is a cluster job: resumable, and collected with its record (CPU
 * per unit). Steps:
 *   frame        the catalogs' sizes: main counted in full (bands 2, entries
 *                and bands 3 per rank; they must add up to 5,472,730,538),
 *                inverted and pass1 by their slices (--slices-only)
 *   ranks [P:R]  complete band-1 ranks of each pass, chosen among those that
 *                hold known 17s, for the known 17s to be found exactly
 *                (P:R ...: only these, e.g. 2a:370)
 *   sample N [SEED]
 *                N slices per pass drawn uniformly from all its slices,
 *                scanned through `scan17 --picks`; pass k of the three
 *                draws with SEED + k, so the seeds of two batches must
 *                differ by 3 or more for the batches to be independent
 *   grids N [SEED [N17]]
 *                N grids drawn uniformly from all solution grids (below),
 *                scanned for 16 clues, and the first N17 of them for 17
 *                clues (`scan --grids`); started once per core, the
 *                draws share the walk of the catalog
 *   beside PASS [N [SEED]]
 *                the drawn sample's slices of one pass, each scanned by
 *                sudokulab and by the C++ program of the pass at the same
 *                time, one per core (cost-beside.ts; the binaries named by
 *                SUDOKULAB_SK_S17V9 and SUDOKULAB_SK_S17VB); resumable
 *   workers K    K cluster workers of one thread each, in the background
 *   status       the cluster's jobs
 *   report       collects what is done and prints the tables and the
 *                projections; writes docs/cost/*.svg
 * Working data (picks, grids, journals, checkpoints) goes to $SUDOKULAB_COST
 * (default ../costdata beside the repository). Each complete job's output
 * and record are published in docs/cost by `report`: they are the results,
 * and a run on another machine starts from them instead of spending
 * CPU-hours on them again.
 *
 * Uniform grids: the main catalog lists every essentially different grid
 * once, so a uniform index below 5,472,730,538, located through the
 * per-rank band-3 counts of `frame`, gives an ED grid uniformly; a grid
 * whose class has |Aut| automorphisms stands for |G|/|Aut| of the 6.67e21
 * grids (|G| = 2*6^8*9!, the row and column arrangements with
 * transposition, times the relabellings), so it is kept with probability
 * 1/|Aut| (rejection);
 * a uniformly random symmetry of the group then makes the grid uniform over
 * all grids.
 */
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { EntryGenerator } from "../src/catalog/index.js";
import { canonicalGrid } from "../src/canon/index.js";
import { formatPuzzle } from "../src/core/puzzle.js";
import { mulberry32 } from "../src/core/random.js";
import { FileLock, LockRefused } from "../src/io/lock.js";
import { dataFile } from "../src/io/shared-data.js";
import { beside, SliceFailed } from "./cost-beside.js";
import { sleepSync } from "../src/io/sleep.js";

const ROOT = resolve(fileURLToPath(new URL("../../", import.meta.url)));
const CLI = join(ROOT, "dist/src/cli/main.js");
const DATA = process.env.SUDOKULAB_COST ?? join(ROOT, "..", "costdata");
const DOCS = join(ROOT, "docs", "cost");
const ED_GRIDS = 5_472_730_538;
const PASSES = ["1", "2a", "2b"] as const;
type Pass = (typeof PASSES)[number];
const CATALOG: Record<Pass, string> = { "1": "pass1", "2a": "main", "2b": "inverted" };
const K_FILE: Record<Pass, string> = { "1": "k3_p1.txt", "2a": "k1_p2a.txt", "2b": "k2_p2b.txt" };
/**
 * Complete ranks, at least 2 CPU-hours per pass: the highest ranks with
 * known 17s of each pass (s17-counts.tsv, columns vb_p1, vb_p2a, vb_p2b),
 * with their entries counted by `entries --rank R --count`. Pass 1's
 * highest, 413, is about 4 CPU-hours alone. Pass 2b's next rank with a
 * known 17 below 383 is 359, about 1,970 entries (some 10 CPU-hours), so
 * its 2 hours are made up with smaller ranks that hold none (380-382 and
 * 373-376, 19-147 entries each): there the check is that no 17 is
 * reported.
 */
const RANKS: Record<Pass, number[]> = { "1": [413], "2a": [370, 364], "2b": [383, 381, 380, 382, 373, 374, 376, 375] };
/**
 * Slices per unit for complete ranks: passes 2a and 2b's top ranks are
 * sparse (a few hundred entries in thousands of slices), and each unit
 * enumerates its rank's bands 2 from the first; pass 1's hold about 50
 * entries per slice, so 256 of its slices made a unit of over an hour
 * (lost whole when a worker stops), and 32 make one of minutes.
 */
const RANK_UNIT_SLICES: Record<Pass, number> = { "1": 32, "2a": 256, "2b": 256 };

interface Job {
  readonly name: string;
  readonly args: string[];
}

function cli(args: readonly string[], quiet = false): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd: DATA, encoding: "utf8", maxBuffer: 1 << 28 });
  if (!quiet && run.stderr !== "") process.stderr.write(run.stderr);
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Submits a job (again: adds nothing; complete: nothing at all) and remembers its id under its name. */
function submit(job: Job): string {
  const out = join(DATA, `${job.name}.out`);
  if (existsSync(`${out}.record.json`)) {
    process.stderr.write(`${job.name}: complete already (${out}.record.json)\n`);
    return readFileSync(join(DATA, `${job.name}.id`), "utf8").trim();
  }
  const skip = existsSync(`${out}.checkpoint`) ? ["--skip", `${out}.checkpoint`] : [];
  const run = cli(["cluster", "submit", ...skip, ...job.args]);
  if (run.code !== 0) throw new Error(`submit ${job.name} failed`);
  const id = run.stdout.trim();
  writeFileSync(join(DATA, `${job.name}.id`), id + "\n");
  return id;
}

function frameJobs(): Job[] {
  return [
    { name: "frame-main", args: ["entries", "--all-ranks", "--count", "--catalog", "main", "--json"] },
    { name: "frame-inverted", args: ["entries", "--all-ranks", "--count", "--slices-only", "--catalog", "inverted", "--json"] },
    { name: "frame-pass1", args: ["entries", "--all-ranks", "--count", "--slices-only", "--catalog", "pass1", "--json"] },
  ];
}

/**
 * Each rank whole: its slices from the frame (slices past the last would
 * each enumerate the rank for nothing). `only` (PASS:RANK, ...) submits
 * some of them first, the cheapest for instance.
 */
function rankJobs(only: readonly string[]): Job[] {
  return PASSES.flatMap((pass) => {
    const slices = slicesPerRank(pass);
    return RANKS[pass].filter((rank) => only.length === 0 || only.includes(`${pass}:${rank}`)).map((rank) => ({
      name: `rank-${pass}-${rank}`,
      args: ["scan17", "--rank", String(rank), "--slices", `0..${slices[rank] - 1}`, "--pass", pass, "--unit-slices", String(RANK_UNIT_SLICES[pass])],
    }));
  });
}

/** A catalog's frame, one row per rank (its output without the total line). */
function frameRows(catalog: string): { rank: number; bands2: number; bands3: number }[] {
  const file = join(DATA, `frame-${catalog}.out`);
  if (!existsSync(file)) throw new Error(`${file} missing: run 'npm run cost -- frame' and collect it first ('npm run cost -- report')`);
  const rows = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { rank: number | "total"; bands2: number; bands3: number });
  return rows.filter((row): row is { rank: number; bands2: number; bands3: number } => row.rank !== "total");
}

/** Slices per rank of a catalog, from the frame's output (bands 2 >> 6, plus 1). */
function slicesPerRank(pass: Pass): number[] {
  const slices = new Array<number>(416).fill(0);
  for (const row of frameRows(CATALOG[pass])) slices[row.rank] = (row.bands2 >> 6) + 1;
  return slices;
}

/** `n` slices drawn uniformly from all slices of the pass (with replacement), seeded. */
function drawSlices(pass: Pass, n: number, seed: number): [number, number][] {
  const slices = slicesPerRank(pass);
  const cumulative: number[] = [];
  let total = 0;
  for (const count of slices) cumulative.push((total += count));
  const random = mulberry32(seed);
  const picks: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const x = Math.floor(random() * total);
    const rank = cumulative.findIndex((c) => c > x);
    picks.push([rank, x - (cumulative[rank] - slices[rank])]);
  }
  return picks.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function sampleJobs(n: number, seed: number): Job[] {
  return PASSES.map((pass) => {
    const file = join(DATA, `picks-${pass}-${n}-${seed}.txt`);
    if (!existsSync(file)) writeFileSync(file, `# ${n} slices of pass ${pass}, uniform over all its slices, seed ${seed}\n` + drawSlices(pass, n, seed + PASSES.indexOf(pass)).map(([r, s]) => `${r} ${s}`).join("\n") + "\n");
    return { name: `sample-${pass}-${n}-${seed}`, args: ["scan17", "--pass", pass, "--picks", file] };
  });
}

/** Band 3 counts per rank of the main catalog, from the frame. */
function mainBands3(): number[] {
  const bands3 = new Array<number>(416).fill(0);
  for (const row of frameRows("main")) bands3[row.rank] = row.bands3;
  const total = bands3.reduce((a, b) => a + b, 0);
  if (total !== ED_GRIDS) throw new Error(`the main catalog's bands 3 add up to ${total}, not ${ED_GRIDS}`);
  return bands3;
}

/**
 * The catalog grids located so far, one "index grid" line each, appended
 * rank by rank: locating 300 grids enumerates most of the main catalog (an
 * hour or more of CPU), so a draw that stops resumes from here, on another
 * machine too (it is published with the drawn inputs).
 */
const LOCATED = join(DATA, "grids-located-main.txt");

function readLocated(): Map<number, Uint8Array> {
  const located = new Map<number, Uint8Array>();
  if (!existsSync(LOCATED)) return located;
  for (const line of readFileSync(LOCATED, "utf8").split("\n")) {
    const [index, grid] = line.split(" ");
    if (grid !== undefined && grid.length === 81) located.set(Number(index), Uint8Array.from(grid, (c) => Number(c)));
  }
  return located;
}

/**
 * The ED grids at the given indices of the main catalog (ranks in order,
 * each rank's band 3s in the generator's order). Each rank is enumerated
 * once, as far as its last wanted index: a rank costs up to a minute.
 * Several draws of the same grids may run at once, one per core: each
 * claims a rank before it walks it (a file lock, taken over when its
 * process is gone), skips the ranks others hold, and waits at the
 * end for their grids to reach the located file.
 */
function catalogGrids(indices: readonly number[], bands3: readonly number[]): Map<number, Uint8Array> {
  const byRank = new Map<number, number[]>();
  for (const index of indices) {
    let rank = 0;
    let k = index;
    while (k >= bands3[rank]) k -= bands3[rank++];
    byRank.set(rank, [...(byRank.get(rank) ?? []), index]);
  }
  let grids = readLocated();
  const missing = (wanted: readonly number[]): boolean => wanted.some((index) => !grids.has(index));
  let pending = [...byRank].sort((x, y) => x[0] - y[0]);
  for (let round = 0; ; round++) {
    const held: typeof pending = [];
    for (const [rank, wanted] of pending) {
      grids = readLocated();
      if (!missing(wanted)) continue;
      const claim = claimRank(rank);
      if (claim === null) {
        held.push([rank, wanted]);
        continue;
      }
      try {
        locateInRank(rank, wanted, bands3, grids);
      } finally {
        claim.unlock();
      }
      process.stderr.write(`\rcatalog grids located: ${indices.filter((index) => grids.has(index)).length}/${indices.length} (rank ${rank})   `);
    }
    if (held.length === 0) break;
    if (round === 0) process.stderr.write(`\nwaiting for ${held.length} ranks that other draws hold\n`);
    sleepSync(5000);
    pending = held;
  }
  process.stderr.write("\n");
  return readLocated();
}

function claimFile(rank: number): string {
  return join(DATA, `grids-located-main.rank-${rank}.claim`);
}

/** This process's lock on the rank, or null while another live process holds it (a dead one's is taken over). */
function claimRank(rank: number): FileLock | null {
  try {
    return FileLock.acquire(claimFile(rank), `rank ${rank} of the grid draw`);
  } catch (error) {
    if (error instanceof LockRefused) return null;
    throw error;
  }
}

/** Walks one rank as far as its last wanted index not located yet, and appends those grids to the located file. */
function locateInRank(rank: number, wanted: readonly number[], bands3: readonly number[], grids: Map<number, Uint8Array>): void {
  const first = bands3.slice(0, rank).reduce((sum, count) => sum + count, 0);
  const positions = [...new Set(wanted.filter((index) => !grids.has(index)).map((index) => index - first))].sort((x, y) => x - y);
  let next = 0;
  let seen = 0;
  const stop = new Error("enough");
  try {
    new EntryGenerator("main", rank).run({}, (entry) => {
      while (next < positions.length && positions[next] < seen + entry.bands3Count) {
        const k = positions[next] - seen;
        const grid = Uint8Array.from(entry.grid);
        grid.set(entry.bands3.subarray(27 * k, 27 * k + 27), 54);
        grids.set(first + positions[next++], grid);
      }
      seen += entry.bands3Count;
      if (next === positions.length) throw stop;
    });
  } catch (error) {
    if (error !== stop) throw error;
  }
  if (next < positions.length) throw new Error(`index past the end of rank ${rank}`);
  appendFileSync(LOCATED, positions.map((k) => `${first + k} ${formatPuzzle(grids.get(first + k)!)}\n`).join(""));
}

/** A uniformly random symmetry of the grid: relabelling, band and row orders, stack and column orders, transposition. */
function randomIsomorph(grid: Uint8Array, random: () => number): Uint8Array {
  const shuffle = (n: number): number[] => {
    const a = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  const digits = [0, ...shuffle(9).map((d) => d + 1)];
  const lines = (): number[] => shuffle(3).flatMap((block) => shuffle(3).map((i) => 3 * block + i));
  const rows = lines();
  const cols = lines();
  const transpose = random() < 0.5;
  const out = new Uint8Array(81);
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) out[9 * r + c] = digits[transpose ? grid[9 * cols[c] + rows[r]] : grid[9 * rows[r] + cols[c]]];
  }
  return out;
}

/**
 * `n` grids uniform over all solution grids (seeded), with the draws
 * rejected for their automorphisms. Indices are drawn in rounds (one
 * stream of random numbers), located in the catalog together, and judged
 * in the order drawn by a second stream, which also picks the symmetries.
 */
function drawGrids(n: number, seed: number): { grids: string[]; rejected: number } {
  const bands3 = mainBands3();
  const indexRandom = mulberry32(seed);
  const judge = mulberry32(seed + 1);
  const grids: string[] = [];
  let rejected = 0;
  while (grids.length < n) {
    // A few more than needed: almost no grid has an automorphism.
    const round = Math.ceil((n - grids.length) * 1.05) + 2;
    const indices: number[] = [];
    for (let i = 0; i < round; i++) {
      // Two 32-bit draws make a 53-bit fraction: one draw could not reach every index below 5.47e9.
      const x = Math.floor(indexRandom() * 2 ** 32) * 2 ** 21 + Math.floor(indexRandom() * 2 ** 21);
      indices.push(Math.floor((x / 2 ** 53) * ED_GRIDS));
    }
    const located = catalogGrids(indices, bands3);
    for (const index of indices) {
      if (grids.length === n) break;
      const grid = located.get(index)!;
      if (judge() * canonicalGrid(grid).automorphisms >= 1) {
        rejected++;
        continue;
      }
      grids.push(formatPuzzle(randomIsomorph(grid, judge)));
    }
  }
  return { grids, rejected };
}

/** `n` grids scanned for 16 clues; the first `n17` of them (uniform too: the file's order is random) for 17 clues, which costs ten times more. */
function gridJobs(n: number, seed: number, n17: number): Job[] {
  const file = join(DATA, `grids-${n}-${seed}.txt`);
  if (!existsSync(file)) {
    const { grids, rejected } = drawGrids(n, seed);
    writeFileSync(file, `# ${n} grids uniform over all solution grids, seed ${seed} (${rejected} draws rejected for their automorphisms)\n` + grids.join("\n") + "\n");
  }
  let file17 = file;
  if (n17 < n) {
    file17 = join(DATA, `grids-${n}-${seed}-first-${n17}.txt`);
    const lines = readFileSync(file, "utf8").split("\n").filter((line) => line !== "" && !line.startsWith("#"));
    writeFileSync(file17, `# the first ${n17} grids of ${file}\n` + lines.slice(0, n17).join("\n") + "\n");
  }
  return [
    { name: `grids-16-${n}-${seed}`, args: ["scan", "--grids", file, "--clues", "16"] },
    { name: `grids-17-${n17}-${seed}`, args: ["scan", "--grids", file17, "--clues", "17"] },
  ];
}

function startWorkers(count: number): void {
  for (let i = 0; i < count; i++) {
    const child = spawn("nice", ["-n", "10", process.execPath, CLI, "cluster", "worker", "--threads", "1"], {
      cwd: DATA,
      detached: true,
      stdio: ["ignore", "ignore", "ignore"],
    });
    child.unref();
  }
  process.stderr.write(`${count} workers started in the background (nice 10); 'pkill -f "cluster worker"' stops them\n`);
}

/**
 * Every complete job is published in docs/cost: its output and its record
 * (CPU per unit), with the drawn slices and grids the jobs read. A run with no copy of its own starts from them, so no
 * later machine pays for a frame, a rank or a sample again, and the report
 * pools its own runs with the published ones.
 */
function publishedToData(): void {
  if (!existsSync(DOCS)) return;
  if (existsSync(PARTIAL)) {
    for (const file of readdirSync(PARTIAL).filter((f) => f.endsWith(".out"))) {
      if (existsSync(join(DATA, file)) || existsSync(join(DOCS, `${file}.record.json`))) continue;
      // The output up to its first missing unit is nothing without the journal of the units pulled.
      if (!existsSync(join(PARTIAL, `${file}.checkpoint`))) continue;
      copyFileSync(join(PARTIAL, file), join(DATA, file));
      copyFileSync(join(PARTIAL, `${file}.checkpoint`), join(DATA, `${file}.checkpoint`));
    }
  }
  for (const file of readdirSync(DOCS).filter(isKeptAsIs)) if (!existsSync(join(DATA, file))) copyFileSync(join(DOCS, file), join(DATA, file));
  for (const file of readdirSync(DOCS).filter((f) => f.endsWith(".out.record.json"))) {
    const name = file.slice(0, -".out.record.json".length);
    const published = join(DOCS, `${name}.out`);
    if (existsSync(join(DATA, `${name}.out`)) || !existsSync(published)) continue;
    copyFileSync(published, join(DATA, `${name}.out`));
    copyFileSync(`${published}.record.json`, join(DATA, `${name}.out.record.json`));
    const record = JSON.parse(readFileSync(`${published}.record.json`, "utf8")) as { job: string };
    writeFileSync(join(DATA, `${name}.id`), record.job + "\n");
  }
}

/**
 * Files kept as they are in docs/cost and the cost data: the drawn inputs
 * of the sample and grid jobs (slices, grids: costly to draw again, and
 * part of their jobs' identity), and the side-by-side tables of `beside`.
 */
function isKeptAsIs(file: string): boolean {
  return /^(picks|grids)-.*\.txt$/.test(file) || /^beside-.*\.tsv$/.test(file);
}

/**
 * Where unfinished jobs stand: the journal collect keeps of the results it
 * pulled (and the output up to the first missing unit). A run on another
 * machine submits them with --skip, so only their other units run there.
 */
const PARTIAL = join(DOCS, "partial");

function publish(names: Iterable<string>): void {
  mkdirSync(DOCS, { recursive: true });
  for (const file of readdirSync(DATA).filter(isKeptAsIs)) copyFileSync(join(DATA, file), join(DOCS, file));
  mkdirSync(PARTIAL, { recursive: true });
  for (const file of readdirSync(DATA).filter((f) => f.endsWith(".out.checkpoint"))) {
    const out = join(DATA, file.slice(0, -".checkpoint".length));
    // A journal of its header alone holds no result yet.
    const results = readFileSync(join(DATA, file), "utf8").trim().split("\n").length - 1;
    if (existsSync(`${out}.record.json`) || !existsSync(out) || results === 0) {
      rmSync(join(PARTIAL, file), { force: true });
      rmSync(join(PARTIAL, file.slice(0, -".checkpoint".length)), { force: true });
    } else {
      copyFileSync(join(DATA, file), join(PARTIAL, file));
      copyFileSync(out, join(PARTIAL, file.slice(0, -".checkpoint".length)));
    }
  }
  for (const name of names) {
    const out = join(DATA, `${name}.out`);
    copyFileSync(out, join(DOCS, `${name}.out`));
    copyFileSync(`${out}.record.json`, join(DOCS, `${name}.out.record.json`));
  }
  // After the records above: a job completed in this run leaves no partial copy behind.
  for (const file of readdirSync(PARTIAL).filter((f) => f.endsWith(".out"))) {
    if (existsSync(join(DOCS, `${file}.record.json`))) {
      rmSync(join(PARTIAL, file), { force: true });
      rmSync(join(PARTIAL, `${file}.checkpoint`), { force: true });
    }
  }
}

const USAGE = "usage: npm run cost -- frame | ranks [PASS:RANK ...] | sample [N [SEED]] | grids [N [SEED [N17]]] | beside PASS [N [SEED]] | workers [K] | status | report";

/** The C++ program each pass is measured beside (cost-beside.ts), by the variable naming its binary. */
const ANCHOR_BINARY: Record<Pass, string> = { "1": "SUDOKULAB_SK_S17V9", "2a": "SUDOKULAB_SK_S17VB", "2b": "SUDOKULAB_SK_S17VB" };

class UsageError extends Error {}

/** A count or seed from the command line: a whole number (positive for counts), or `fallback` when absent. */
function wholeNumber(text: string | undefined, what: string, fallback: number, positive = true): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || (positive && value === 0)) throw new UsageError(`${what} must be a ${positive ? "positive " : ""}whole number, not '${text}'`);
  return value;
}

/** The step the command line asks for, its arguments checked before anything is written or submitted. */
function parseStep(argv: readonly string[]): () => Promise<void> | void {
  const [step, a, b, c] = argv;
  const seed = (): number => wholeNumber(b, "SEED", 20261126, false);
  switch (step) {
    case "frame":
      return () => frameJobs().forEach(submit);
    case "ranks": {
      const only = argv.slice(1);
      const listed = PASSES.flatMap((pass) => RANKS[pass].map((rank) => `${pass}:${rank}`));
      for (const item of only) if (!listed.includes(item)) throw new UsageError(`'${item}' is not one of the complete ranks: ${listed.join(" ")}`);
      return () => rankJobs(only).forEach(submit);
    }
    case "sample": {
      const n = wholeNumber(a, "N", 100);
      const s = seed();
      return () => sampleJobs(n, s).forEach(submit);
    }
    case "grids": {
      const n = wholeNumber(a, "N", 300);
      const s = seed();
      const n17 = wholeNumber(c, "N17", n);
      if (n17 > n) throw new UsageError(`N17 (${n17}) must not exceed N (${n})`);
      return () => gridJobs(n, s, n17).forEach(submit);
    }
    case "beside": {
      if (!(PASSES as readonly string[]).includes(a ?? "")) throw new UsageError(`PASS must be one of ${PASSES.join(", ")}, not '${a ?? ""}'`);
      const pass = a as Pass;
      const n = wholeNumber(b, "N", 10);
      const s = wholeNumber(c, "SEED", 20261126, false);
      const variable = ANCHOR_BINARY[pass];
      const anchor = process.env[variable];
      if (anchor === undefined || !existsSync(anchor)) throw new UsageError(`${variable} must name the C++ program's binary, built from its public sources (${anchor === undefined ? "not set" : `no file '${anchor}'`})`);
      return async () => {
        const name = `${pass}-${n}-${s}`;
        const picks = join(DATA, `picks-${name}.txt`);
        if (!existsSync(picks)) throw new UsageError(`no drawn sample ${picks}: run 'sample ${n} ${s}' first`);
        const table = join(DATA, `beside-${name}.tsv`);
        const passSlices = slicesPerRank(pass).reduce((x, y) => x + y, 0);
        await beside({ pass, picks, table, work: join(DATA, "beside"), cli: CLI, anchor, passSlices });
        copyFileSync(table, join(DOCS, `beside-${name}.tsv`));
      };
    }
    case "workers": {
      const k = wholeNumber(a, "K", 2);
      return () => startWorkers(k);
    }
    case "status":
      return () => void process.stdout.write(cli(["cluster", "status"]).stdout);
    case "report":
      return async () =>
        publish((await import("./cost-report.js")).report({ data: DATA, docs: DOCS, cli, kFile: (pass: Pass) => dataFile(K_FILE[pass]), ranks: RANKS, passes: PASSES, catalog: CATALOG }));
    default:
      throw new UsageError(step === undefined ? "no step given" : `unknown step '${step}'`);
  }
}

async function main(): Promise<void> {
  const run = parseStep(process.argv.slice(2));
  mkdirSync(DATA, { recursive: true });
  publishedToData();
  await run();
}

try {
  await main();
} catch (error) {
  if (error instanceof SliceFailed) {
    process.stderr.write(`sudokulab: cost: ${error.message}\n`);
    process.exitCode = 1;
  } else {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`sudokulab: cost: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
  }
}

