/**
 * `npm run verify:scan17 [SECTION ARGS]`: the long verifications of the band
 * scan for 17s, each against independent truth. Sections:
 *
 *   replay PASS N   N lines of the pass's k-file (every k-th line), each
 *                   replayed through its entry (its own band 3): found / N
 *   window PASS N [EXTRA]
 *                   the same with each entry's bands-1+2 clues confined
 *                   to its 17s' cells plus EXTRA (12) others (replay.ts)
 *   ranks PASS A..B whole ranks scanned: distinct 17 classes per rank
 *                   against s17-counts.tsv (vb_* columns, less the classes
 *                   listed only beyond the pass's limits). Few ranks are
 *                   affordable: low ranks have millions of entries, high
 *                   ones few entries whose three bands all have many valid
 *                   clue sets (a pass-2a entry of rank 411: 75 s CPU).
 *   grids           scanGrid17 on the 10 grids of grids-with-most-17s.tsv:
 *                   the 17 classes found against the list
 *   slice           pass 2a, rank 190, slice 43593: exactly its k1 line
 *   engines PASS N [EXTRA]
 *                   windowed replays of N lines scanned by both bands-1+2
 *                   engines (expand, chunks): the same puzzles, entry by entry
 *
 * `--engine chunks` (anywhere) runs the other sections on the X×Y engine.
 *
 * With no argument, all sections run (replay: 1000 pass-1 lines, 100 of
 * each pass 2). Prints one line per check; exit code 1 if any fails.
 */
import { readFileSync } from "node:fs";
import { canonicalPuzzle } from "../src/canon/index.js";
import { parsePuzzle } from "../src/core/puzzle.js";
import { countSolutions } from "../src/solver/solve.js";
import { dataFile, readTsv } from "../src/io/shared-data.js";
import {
  bandClueCounts,
  formatScan17Hit,
  groupByEntry,
  inPass,
  type KLine,
  parseKLine,
  parsePass,
  replayGroup,
  type ReplayWindow,
  type Scan17Engine,
  type Scan17Pass,
  Scan17Stats,
  parseEngine,
  scanGrid17,
  scanSlices17,
} from "../src/bandscan/index.js";
import { cpuSeconds, finish, report } from "./report.js";

let engine: Scan17Engine = "expand";

const K_FILES: Record<Scan17Pass, string> = { "1": "k3_p1.txt", "2a": "k1_p2a.txt", "2b": "k2_p2b.txt" };
const COUNT_COLUMN: Record<Scan17Pass, string> = { "1": "vb_p1", "2a": "vb_p2a", "2b": "vb_p2b" };

function classOf(puzzle: string): string {
  return Array.from(canonicalPuzzle(puzzle).puzzle).join("");
}

let known17: Set<string> | null | undefined;
/** Canonical forms of the known 17s, or null without sudoku17.txt. */
function knownSeventeens(): Set<string> | null {
  if (known17 !== undefined) return known17;
  const path = dataFile("sudoku17.txt");
  known17 = path === null ? null : new Set(readFileSync(path, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => classOf(l.trim().slice(0, 81))));
  return known17;
}

/** `size` lines of the pass's k-file, every k-th from the 7th; null (and a skip line) without the file. */
function sampleLines(pass: Scan17Pass, size: number): KLine[] | null {
  const path = dataFile(K_FILES[pass]);
  if (!path) {
    console.log(`skip ${K_FILES[pass]} not found`);
    return null;
  }
  const all = readFileSync(path, "utf8").split("\n").map((text, i) => ({ text, i })).filter(({ text }) => text.trim() !== "");
  const step = Math.max(1, Math.floor(all.length / size));
  const lines = [];
  for (let i = 0; i < size && i * step < all.length; i++) {
    const { text, i: at } = all[(i * step + 7) % all.length];
    lines.push(parseKLine(text, at + 1));
  }
  return lines;
}

function replay(pass: Scan17Pass, size: number, window?: ReplayWindow): void {
  const lines = sampleLines(pass, size);
  if (lines === null) return;
  const started = process.cpuUsage();
  const stats = new Scan17Stats();
  // Every puzzle output, the lines' and any other, must be a known 17 (the list is complete).
  const known = knownSeventeens();
  let outputs = 0;
  const unknown: string[] = [];
  const onOutput = (puzzle: string) => {
    outputs++;
    if (known !== null && !known.has(classOf(puzzle))) unknown.push(puzzle);
  };
  let found = 0;
  let exchanged = 0;
  // Lines beyond the pass's limits (the 5-6-6 lines of k2_p2b.txt, pass 2a's) must not be output.
  let outside = 0;
  let outsideFound = 0;
  for (const group of groupByEntry(lines)) {
    const options = { stats, engine, window: window === undefined ? undefined : { ...window, seed: group[0].lineNumber }, onOutput };
    for (const outcome of replayGroup(group, pass, options)) {
      if (!outcome.inPass) {
        outside++;
        if (outcome.found) {
          outsideFound++;
          console.log(`     output beyond the pass's limits: ${K_FILES[pass]}:${outcome.line.lineNumber}`);
        }
      } else if (outcome.found) found++;
      else console.log(`     not found: ${K_FILES[pass]}:${outcome.line.lineNumber}`);
      if (outcome.exchanged) exchanged++;
    }
  }
  const cpu = cpuSeconds(started);
  for (const puzzle of unknown) console.log(`     not a known 17: ${puzzle}`);
  const kind = window === undefined ? "replay" : `windowed replay (+${window.extraCells} cells)`;
  const others = known === null ? "sudoku17.txt not found" : `${outputs} puzzles output, ${unknown.length} of them not known 17s`;
  const beyond = outside === 0 ? "" : `; ${outside} lines beyond the pass's limits, ${outsideFound} of them output`;
  report(
    found === lines.length - outside && outsideFound === 0 && unknown.length === 0,
    `${kind} pass ${pass} (${engine} engine): ${found}/${lines.length - outside} sampled ${K_FILES[pass]} lines output by the scan of their entry (${others}; ${stats.entries} entries scanned, ${exchanged} exchanged lines undone${beyond}), ${cpu.toFixed(0)} s CPU, ${(cpu / stats.entries).toFixed(2)} s per entry`,
  );
  console.log(`     counters: ${stats.lines().map(([label, value]) => `${label} ${value}`).join("; ")}`);
}

function scanRank(pass: Scan17Pass, rank: number): { classes: Set<string>; stats: Scan17Stats; cpu: number } {
  const started = process.cpuUsage();
  const classes = new Set<string>();
  const stats = scanSlices17({ pass, rank, firstSlice: 0, lastSlice: Number.MAX_SAFE_INTEGER, engine }, (hit) => {
    if (countSolutions(hit.puzzle, 2) !== 1) throw new Error(`not unique: ${formatScan17Hit(hit)}`);
    classes.add(classOf(hit.puzzle));
  });
  return { classes, stats, cpu: cpuSeconds(started) };
}

/**
 * The 17 classes the k-file lists at band-1 rank `rank` only in layouts
 * beyond the pass's limits (the 5-6-6 lines of k2_p2b.txt, which pass 2a
 * takes): the s17-counts.tsv columns count them, the scan must not.
 */
function classesBeyondPass(pass: Scan17Pass, rank: number): number {
  const path = dataFile(K_FILES[pass]);
  if (path === null) return 0;
  const within = new Set<string>();
  const beyond = new Set<string>();
  for (const text of readFileSync(path, "utf8").split("\n")) {
    if (text.trim() === "") continue;
    const line = parseKLine(text);
    if (line.ranks[0] !== rank) continue;
    const counts = bandClueCounts(line.puzzle);
    // Lines printed with bands 2 and 3 exchanged (15 in k2_p2b.txt) are within in entry order.
    const fits = inPass(pass, counts[0], counts[1], counts[2]) || inPass(pass, counts[0], counts[2], counts[1]);
    (fits ? within : beyond).add(classOf(line.puzzle));
  }
  return [...beyond].filter((c) => !within.has(c)).length;
}

function ranks(pass: Scan17Pass, first: number, last: number): void {
  const path = dataFile("s17-counts.tsv");
  if (!path) return console.log("skip s17-counts.tsv not found");
  const rows = readTsv(path);
  const listed = (pass: Scan17Pass, rank: number): number => Number(rows.find((r) => Number(r.band1_n6) === rank)![COUNT_COLUMN[pass]]);
  for (let rank = first; rank <= last; rank++) {
    const { classes, stats, cpu } = scanRank(pass, rank);
    const beyond = classesBeyondPass(pass, rank);
    const want = listed(pass, rank) - beyond;
    const less = beyond === 0 ? "" : ` less ${beyond} beyond the pass's limits`;
    report(classes.size === want, `pass ${pass}, rank ${rank}, all slices: ${classes.size} 17 classes (s17-counts.tsv ${COUNT_COLUMN[pass]}: ${want}${less}); ${stats.entries} entries, ${stats.bands3} bands 3, ${cpu.toFixed(0)} s CPU`);
  }
}

function grids(): void {
  const path = dataFile("grids-with-most-17s.tsv");
  if (!path) return console.log("skip grids-with-most-17s.tsv not found");
  const rows = readFileSync(path, "utf8").split("\n").filter((l) => /^\d{81}\t/.test(l));
  for (const row of rows) {
    const [gridText, count, puzzles] = row.split("\t");
    const known = new Set(puzzles.split(",").map(classOf));
    const found = new Set<string>();
    const started = process.cpuUsage();
    const stats = scanGrid17(
      parsePuzzle(gridText),
      (hit) => {
        if (countSolutions(hit.original, 2) !== 1) throw new Error(`not unique: ${hit.original}`);
        found.add(classOf(hit.original));
      },
      new Scan17Stats(),
      engine,
    );
    const same = found.size === known.size && [...found].every((c) => known.has(c));
    report(same, `scan17 --grid ${gridText.slice(0, 18)}…: ${found.size} 17 classes, the list has ${count}; ${same ? "the same" : "DIFFERENT"}; ${stats.entries} entries, ${cpuSeconds(started).toFixed(0)} s CPU`);
  }
}

function slice(): void {
  const path = dataFile("k1_p2a.txt");
  if (!path) return console.log("skip k1_p2a.txt not found");
  const expected = readFileSync(path, "utf8").split("\n").filter((l) => /;\s*190;.*;\s*43593$/.test(l.trim()));
  const started = process.cpuUsage();
  const found: string[] = [];
  const stats = scanSlices17({ pass: "2a", rank: 190, firstSlice: 43593, lastSlice: 43593, engine }, (hit) => found.push(formatScan17Hit(hit)));
  const same = found.length === expected.length && found.every((line) => expected.includes(line));
  report(same, `pass 2a, rank 190, slice 43593 (${engine} engine): ${found.length} 17s (k1_p2a.txt lists ${expected.length}), ${same ? "the same" : "DIFFERENT"}; ${stats.entries} entries, ${stats.bands3} bands 3, ${cpuSeconds(started).toFixed(0)} s CPU (Sk_S17VB: 100 s)`);
  console.log(`     counters: ${stats.lines().map(([label, value]) => `${label} ${value}`).join("; ")}`);
}

/** Both engines on the same windowed entries: the same puzzles, entry by entry (a cross-check of two algorithms). */
function engines(pass: Scan17Pass, size: number, extraCells: number): void {
  const lines = sampleLines(pass, size);
  if (lines === null) return;
  const cpu = { expand: 0, chunks: 0 };
  let differing = 0;
  let outputs = 0;
  let missed = 0;
  const groups = groupByEntry(lines);
  for (const group of groups) {
    const [expanded, chunked] = (["expand", "chunks"] as const).map((name) => {
      const out: string[] = [];
      const started = process.cpuUsage();
      const outcomes = replayGroup(group, pass, { engine: name, window: { extraCells, seed: group[0].lineNumber }, onOutput: (p) => out.push(p) });
      cpu[name] += cpuSeconds(started);
      missed += outcomes.filter((o) => o.inPass && !o.found).length;
      return out.sort().join("\n");
    });
    outputs += expanded === "" ? 0 : expanded.split("\n").length;
    if (expanded !== chunked) {
      differing++;
      console.log(`     engines differ on the entry of ${K_FILES[pass]}:${group[0].lineNumber}`);
    }
  }
  report(differing === 0 && missed === 0, `engines, windowed (+${extraCells} cells) pass ${pass}: ${groups.length - differing}/${groups.length} entries with the same puzzles from both engines (${outputs} puzzles; ${missed} line outputs missed); CPU expand ${cpu.expand.toFixed(0)} s, chunks ${cpu.chunks.toFixed(0)} s`);
}

const argv = process.argv.slice(2);
const engineAt = argv.indexOf("--engine");
if (engineAt >= 0) engine = parseEngine(argv.splice(engineAt, 2)[1] ?? "");
const [section, ...args] = argv;
switch (section) {
  case "replay":
    replay(parsePass(args[0] ?? "1"), Number(args[1] ?? 100));
    break;
  case "window":
    replay(parsePass(args[0] ?? "1"), Number(args[1] ?? 1000), { extraCells: Number(args[2] ?? 12), seed: 0 });
    break;
  case "ranks": {
    const [a, b] = (args[1] ?? "411..411").split("..").map(Number);
    ranks(parsePass(args[0] ?? "2a"), a, b ?? a);
    break;
  }
  case "grids":
    grids();
    break;
  case "slice":
    slice();
    break;
  case "engines":
    engines(parsePass(args[0] ?? "2a"), Number(args[1] ?? 300), Number(args[2] ?? 24));
    break;
  case undefined:
    replay("1", 1000);
    replay("2a", 100);
    replay("2b", 100);
    ranks("2a", 406, 411);
    grids();
    slice();
    for (const pass of ["1", "2a", "2b"] as const) engines(pass, 100, 24);
    break;
  default:
    console.error(`unknown section '${section}': replay PASS N | window PASS N [EXTRA] | ranks PASS A..B | grids | slice | engines PASS N [EXTRA]`);
    process.exitCode = 2;
}
if (section === undefined || ["replay", "window", "ranks", "grids", "slice", "engines"].includes(section)) {
  finish();
}
