/**
 * `scan17 --grid GRID|FILE` as a job: every 17 of a grid through its entry
 * in each of the three passes (scanGrid17), one grid per unit: a route to
 * a grid's 17s independent of `scan --clues 17`. A 17 that two passes find
 * (their splits meet on ties and automorphisms) is printed once, with the
 * first pass that found it.
 *
 * Output, one line per 17: `original;pass;entry-puzzle;rank1;rank2;rank3`:
 * the puzzle on the grid as given, the pass, the same puzzle in that pass's
 * entry coordinates and the entry's band ranks (%3d, as in the k-files).
 * With a file, each grid's lines follow a header `# FILE:LINE GRID: N 17s`.
 */
import { formatPuzzle } from "../core/puzzle.js";
import { scanGrid17, Scan17Stats, type GridHit17, type Scan17Engine } from "../bandscan/index.js";
import { isProblemList, isStringArray, type JobKind, type Problem } from "./job.js";
import type { InputItem } from "./items.js";
import { itemGrid } from "./grid-items.js";
import { scan17StatsTable } from "./stats-table.js";

export interface Scan17GridSpec {
  readonly engine: Scan17Engine;
  /** A header line per grid (a file of grids), or none (one grid given as an argument). */
  readonly headers: boolean;
  /** One JSON object per grid ({"where", "grid", "seventeens": [...]}) instead of a header and lines. */
  readonly json?: boolean;
}

export interface Scan17GridData {
  readonly where: string;
  readonly grid: string;
  readonly lines: readonly string[];
  readonly problems: readonly Problem[];
}

/** `original;pass;entry-puzzle;rank1;rank2;rank3`, ranks as %3d. */
export function gridHitLine(hit: GridHit17): string {
  const ranks = hit.ranks.map((rank) => String(rank).padStart(3, " "));
  return [hit.original, hit.pass, hit.puzzle, ...ranks].join(";");
}

/** The fields of a gridHitLine. */
function gridHitFields(line: string): { original: string; pass: string; puzzle: string; ranks: number[] } {
  const [original, pass, puzzle, ...ranks] = line.split(";");
  return { original, pass, puzzle, ranks: ranks.map(Number) };
}

export const scan17GridJob: JobKind<Scan17GridSpec, InputItem, Scan17GridData, null> = {
  name: "scan17-grid",

  prepare: () => null,

  run(_context, spec, item) {
    const grid = itemGrid(item);
    if ("reason" in grid) return { data: { where: item.where, grid: "", lines: [], problems: [grid] }, counters: {} };
    const stats = new Scan17Stats();
    const seen = new Set<string>();
    const lines: string[] = [];
    scanGrid17(grid, (hit) => {
      if (seen.has(hit.original)) return;
      seen.add(hit.original);
      lines.push(gridHitLine(hit));
    }, stats, spec.engine);
    return { data: { where: item.where, grid: formatPuzzle(grid), lines, problems: [] }, counters: { ...stats.toJSON(), grids: 1 } };
  },

  check(_spec, item, data) {
    if (typeof data !== "object" || data === null) return "not an object";
    const { where, grid, lines, problems } = data as Record<string, unknown>;
    if (where !== item.where || typeof grid !== "string" || !isStringArray(lines) || !isProblemList(problems)) return "not a grid's result";
    for (const line of lines) {
      const original = line.slice(0, 81);
      if (!/^[1-9.]{81};(1|2a|2b);[1-9.]{81};/.test(line)) return `not a 17 line: ${line.slice(0, 100)}`;
      for (let cell = 0; cell < 81; cell++) if (original[cell] !== "." && original[cell] !== grid[cell]) return `${original}: not on the grid`;
    }
    return null;
  },

  renderer: (spec) => ({
    render: (data) => {
      if (data.grid === "") return "";
      if (spec.json === true) return JSON.stringify({ where: data.where, grid: data.grid, seventeens: data.lines.map(gridHitFields) }) + "\n";
      return (spec.headers ? `# ${data.where} ${data.grid}: ${data.lines.length} 17s\n` : "") + data.lines.map((line) => line + "\n").join("");
    },
    finish: () => "",
  }),

  problems: (data) => data.problems,

  summary(_spec, totals, verbose) {
    if (!verbose) return "";
    const grids = totals.counters.grids ?? 0;
    return scan17StatsTable(`scan17 stats, ${grids === 1 ? "1 grid" : `all ${grids} grids`}:`, Scan17Stats.fromJSON(totals.counters), totals.cpuSeconds);
  },
};
