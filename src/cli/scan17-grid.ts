/**
 * `sudokulab scan17 --grid GRID|FILE`: every 17 of one grid, or of each grid
 * of a file, through the grid's entry in each of the three passes
 * (scanGrid17): a check of the band scan against `scan GRID --clues 17`.
 *
 * Output, one line per 17 found:
 *   original;pass;entry-puzzle;rank1;rank2;rank3
 * the puzzle on the grid as given, the pass (1, 2a, 2b), the same puzzle in
 * the coordinates of the pass's catalog entry, and the entry's band ranks
 * (%3d, as in the k-files). With a FILE, each grid's lines follow a header
 * `# FILE:LINE GRID: N 17s`, so a grid without 17s shows too. A line may
 * also hold a puzzle with a unique solution, which stands for its grid. A
 * bad line is reported on stderr as `sudokulab: FILE:LINE: REASON` and the
 * others are answered; the exit code is then 1.
 */
import { scanGrid17, type Scan17Engine, Scan17Stats, type GridHit17 } from "../bandscan/index.js";
import { formatPuzzle, isValidGrid, parseLine, type Puzzle } from "../core/puzzle.js";
import { solveUnique } from "../solver/solve.js";
import { threadCpuSeconds } from "./entries-job.js";
import { LineReader, resolveInputs } from "./input.js";
import { writeStdout } from "./output.js";
import { statsTable } from "./scan17-job.js";

/** Returns the exit code: 1 if any grid or the file was bad. */
export async function runScan17Grids(arg: string, withStats: boolean, engine: Scan17Engine = "expand"): Promise<number> {
  const total = new Scan17Stats();
  let totalCpu = 0;
  let scanned = 0;
  let failed = false;
  const answer = async (where: string, text: string, header: boolean): Promise<void> => {
    const result = scanOne(text, engine);
    if (typeof result === "string") {
      failed = true;
      process.stderr.write(`sudokulab: ${where}: ${result}\n`);
      return;
    }
    const { grid, lines, stats, cpuSeconds } = result;
    scanned++;
    total.add(stats);
    totalCpu += cpuSeconds;
    const head = header ? `# ${where} ${formatPuzzle(grid)}: ${lines.length} 17s\n` : "";
    await writeStdout(head + lines.map((line) => line + "\n").join(""));
    if (withStats) process.stderr.write(statsTable(`scan17 stats, ${where}:`, stats, cpuSeconds));
  };

  if (/^[0-9.]+$/.test(arg)) {
    await answer("--grid", arg, false);
  } else {
    const { sources, problems } = await resolveInputs([arg]);
    for (const problem of problems) {
      failed = true;
      process.stderr.write(`sudokulab: ${problem}\n`);
    }
    // Small batches: each grid takes a second or more, so answers should not wait for a full batch.
    for await (const batch of new LineReader(sources).batches(16)) {
      for (const line of batch.lines) await answer(`${line.source.name}:${line.lineNumber}`, line.text, true);
    }
  }
  if (withStats && scanned > 1) process.stderr.write(statsTable(`scan17 stats, all ${scanned} grids:`, total, totalCpu));
  return failed ? 1 : 0;
}

interface GridScan {
  readonly grid: Puzzle;
  readonly lines: readonly string[];
  readonly stats: Scan17Stats;
  readonly cpuSeconds: number;
}

/** The 17s of one input line's grid, or why the line is bad. Never throws. */
function scanOne(text: string, engine: Scan17Engine): GridScan | string {
  const parsed = parseLine(text);
  if (!parsed.ok) return parsed.reason;
  try {
    const grid = gridOf(parsed.cells);
    if (typeof grid === "string") return grid;
    const stats = new Scan17Stats();
    const lines: string[] = [];
    const start = threadCpuSeconds();
    scanGrid17(grid, (hit) => lines.push(gridHitLine(hit)), stats, engine);
    return { grid, lines, stats, cpuSeconds: threadCpuSeconds() - start };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `original;pass;entry-puzzle;rank1;rank2;rank3`, ranks as %3d. */
export function gridHitLine(hit: GridHit17): string {
  const ranks = hit.ranks.map((rank) => String(rank).padStart(3, " "));
  return [hit.original, hit.pass, hit.puzzle, ...ranks].join(";");
}

/** The solution grid of a grid or of a puzzle with a unique solution, or why there is none. */
function gridOf(cells: Puzzle): Puzzle | string {
  if (!cells.includes(0)) return isValidGrid(cells) ? cells : "not a valid Sudoku grid";
  const result = solveUnique(cells);
  if (result.status === "unique") return result.solution;
  return result.status === "none" ? "puzzle has no solution" : "puzzle has several solutions (no single grid)";
}
