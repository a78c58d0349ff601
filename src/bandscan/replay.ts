/**
 * Replay of known 17s through the band scan (design notes band-scan.md
 * §5.2): the k-files list each known 17 in its entry's coordinates with the
 * entry's n6 ranks and slice; scanning that entry must output the puzzle.
 * The entry is scanned with the puzzle's own band 3 only (all bands 1+2
 * clue sets, one band 3), which is what a replay needs to prove.
 */
import { solve } from "../solver/solve.js";
import { inPass, type Scan17Pass } from "./pass-limits.js";
import { entryScanner, type Scan17Engine } from "./engines.js";
import { bandRanksOf, singleBand3Entry } from "./scan17.js";
import { Scan17Stats } from "./scan17-stats.js";

/** One line of a k-file: `puzzle;r1;r2;r3;slice`. */
export interface KLine {
  readonly puzzle: string;
  readonly ranks: readonly [number, number, number];
  /** -1 when the line has no slice field. */
  readonly slice: number;
  /** 1-based line number in its file (0 when unknown). */
  readonly lineNumber: number;
}

/** Parses a k-file line; throws an Error naming what is wrong. */
export function parseKLine(text: string, lineNumber = 0): KLine {
  const fields = text.trim().split(";");
  const where = lineNumber > 0 ? `line ${lineNumber}: ` : "";
  // 15 lines of k2_p2b.txt have no slice field (the same 15 whose bands 2 and 3 are exchanged).
  if (fields.length !== 5 && fields.length !== 4) throw new Error(`${where}expected 'puzzle;rank1;rank2;rank3;slice', got ${fields.length} fields`);
  const puzzle = fields[0];
  if (!/^[.0-9]{81}$/.test(puzzle)) throw new Error(`${where}the puzzle must be 81 characters of digits and '.'`);
  const numbers = fields.slice(1).map((f) => Number(f.trim()));
  if (numbers.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`${where}ranks and slice must be non-negative integers`);
  const [r1, r2, r3] = numbers;
  const slice = numbers.length === 4 ? numbers[3] : -1;
  if (r1 > 415 || r2 > 415 || r3 > 415) throw new Error(`${where}ranks must be 0..415`);
  return { puzzle: puzzle.replace(/0/g, "."), ranks: [r1, r2, r3], slice, lineNumber };
}

export interface ReplayOutcome {
  readonly line: KLine;
  /** The scan output the puzzle. */
  readonly found: boolean;
  /** The line printed bands 2 and 3 exchanged against its ranks (15 k2 lines do); the replay undid it. */
  readonly exchanged: boolean;
  /**
   * The 17's band counts (entry order) are within the pass's limits. The
   * 249 k2_p2b.txt lines laid out 5-6-6 are not (pass-limits.ts): pass 2a
   * takes them, and their replay in 2b must not find them.
   */
  readonly inPass: boolean;
}

/**
 * Replays a group of lines of one entry (same grid, ranks and slice: see
 * groupByEntry) with one scan. Throws when a puzzle has no unique solution
 * or its bands' ranks do not match the line.
 */
export interface ReplayOptions {
  /** Counters to add the scan's to. */
  readonly stats?: Scan17Stats;
  /** Confine bands 1+2 (see ReplayWindow); the whole entry when absent. */
  readonly window?: ReplayWindow;
  /** Sees every puzzle the scan outputs (in the entry's coordinates), the lines' and any other. */
  readonly onOutput?: (puzzle: string) => void;
  /** EntryScanner17's bitMasks (default true). */
  readonly bitMasks?: boolean;
  /** The bands-1+2 engine (default expand; chunks ignores bitMasks). */
  readonly engine?: Scan17Engine;
}

export function replayGroup(lines: readonly KLine[], pass: Scan17Pass, options: ReplayOptions = {}): ReplayOutcome[] {
  const { stats = new Scan17Stats(), window, onOutput, bitMasks = true, engine = "expand" } = options;
  const first = lines[0];
  const solution = solve(first.puzzle);
  if (solution === null) throw new Error(`line ${first.lineNumber}: the puzzle has no solution`);
  let grid = solution;
  let exchanged = false;
  const ranks = bandRanksOf(grid);
  const [a, b, c] = first.ranks;
  if (ranks[0] !== a || ranks[1] !== b || ranks[2] !== c) {
    if (ranks[0] === a && ranks[1] === c && ranks[2] === b) {
      grid = exchangeBands23(grid);
      exchanged = true;
    } else {
      throw new Error(`line ${first.lineNumber}: the puzzle's bands have ranks ${ranks.join(",")}, the line says ${first.ranks.join(",")}`);
    }
  }
  const found = new Set<string>();
  let allowed0 = 0x7ffffff;
  let allowed1 = 0x7ffffff;
  if (window !== undefined) {
    [allowed0, allowed1] = windowCells(lines.map((l) => (exchanged ? exchangeBands23Text(l.puzzle) : l.puzzle)), window);
  }
  entryScanner(pass, stats, engine, bitMasks).scanEntry(
    singleBand3Entry(grid, first.ranks, first.slice),
    (hit) => {
      found.add(hit.puzzle);
      onOutput?.(hit.puzzle);
    },
    allowed0,
    allowed1,
  );
  return lines.map((line) => {
    const expected = exchanged ? exchangeBands23Text(line.puzzle) : line.puzzle;
    const [c1, c2, c3] = bandClueCounts(expected);
    return { line, found: found.has(expected), exchanged, inPass: inPass(pass, c1, c2, c3) };
  });
}

/**
 * A windowed replay scans the entry with its bands-1+2 clues confined to
 * the known 17s' own clue cells plus `extraCells` others of bands 1+2,
 * picked by a generator seeded with `seed`: a necessary condition of the
 * full replay (the 17 must still be output, every filter and the band-3
 * search still run, and the extra cells give them other clue sets to
 * reject) at a small fraction of its cost.
 */
export interface ReplayWindow {
  readonly extraCells: number;
  readonly seed: number;
}

function windowCells(puzzles: readonly string[], window: ReplayWindow): [number, number] {
  const words = [0, 0];
  let free = 0;
  for (const puzzle of puzzles) {
    for (let i = 0; i < 54; i++) if (puzzle[i] !== ".") words[i < 27 ? 0 : 1] |= 1 << i % 27;
  }
  for (let i = 0; i < 54; i++) if (((words[i < 27 ? 0 : 1] >>> i % 27) & 1) === 0) free++;
  // A small linear congruential generator: the same cells on every run and platform.
  let state = window.seed >>> 0;
  for (let k = Math.min(window.extraCells, free); k > 0; k--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    let skip = state % free;
    for (let i = 0; i < 54; i++) {
      const w = i < 27 ? 0 : 1;
      if (((words[w] >>> i % 27) & 1) !== 0) continue;
      if (skip-- === 0) {
        words[w] |= 1 << i % 27;
        break;
      }
    }
    free--;
  }
  return [words[0], words[1]];
}

/** Splits lines into runs of consecutive lines whose puzzles share a solution, ranks and slice. */
export function groupByEntry(lines: readonly KLine[]): KLine[][] {
  const groups: KLine[][] = [];
  let key = "";
  for (const line of lines) {
    const solution = solve(line.puzzle);
    const k = `${solution ? solution.join("") : line.puzzle};${line.ranks.join(",")};${line.slice}`;
    if (k !== key || groups.length === 0) {
      groups.push([]);
      key = k;
    }
    groups[groups.length - 1].push(line);
  }
  return groups;
}

/** The clues of each band of an 81-character puzzle ('.' for an empty cell). */
export function bandClueCounts(puzzle: string): [number, number, number] {
  const counts: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < 81; i++) if (puzzle[i] !== ".") counts[Math.floor(i / 27)]++;
  return counts;
}

function exchangeBands23(grid: Uint8Array): Uint8Array {
  const out = grid.slice();
  out.set(grid.subarray(54, 81), 27);
  out.set(grid.subarray(27, 54), 54);
  return out;
}

function exchangeBands23Text(puzzle: string): string {
  return puzzle.slice(0, 27) + puzzle.slice(54, 81) + puzzle.slice(27, 54);
}
