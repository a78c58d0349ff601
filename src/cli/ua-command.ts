/**
 * `sudokulab ua GRID`: collects the minimal unavoidable sets of one solution
 * grid (src/ua/collect.ts: digit floors, box groups and random probes, as in
 * seed 003 step 1) and prints them, one per line, smallest first. With
 * --stats, a summary goes to stderr so stdout stays a plain list.
 */
import { cellName } from "../core/cells.js";
import { cellSetToList } from "../core/cellset.js";
import { isValidGrid, parseLine } from "../core/puzzle.js";
import { collectUAs, type CollectStats } from "../ua/index.js";
import { stdoutSink } from "../io/output.js";
import { InputProblem } from "./errors.js";

export interface UaFlags {
  readonly digits: readonly number[];
  readonly boxes: boolean;
  readonly random: number;
  readonly seed: number;
  readonly emptyCells: number;
  readonly maxSize?: number;
  readonly stats?: boolean;
  readonly json?: boolean;
}

export async function runUaCommand(gridText: string, flags: UaFlags): Promise<void> {
  const parsed = parseLine(gridText.trim());
  if (!parsed.ok) throw new InputProblem(`grid argument: ${parsed.reason}`);
  if (parsed.annotation.trim() !== "") throw new InputProblem("grid argument: unexpected text after the 81 digits");
  const empty = parsed.cells.indexOf(0);
  if (empty >= 0) throw new InputProblem(`grid argument: cell ${cellName(empty)} is empty (a grid needs 81 digits 1-9)`);
  // parseLine already rejects a repeated digit; this states the requirement itself.
  if (!isValidGrid(parsed.cells)) throw new InputProblem("grid argument: not a valid Sudoku grid");
  const grid = parsed.cells;

  const start = process.cpuUsage();
  let last = start;
  const methods: string[] = [];
  const set = collectUAs(grid, {
    digits: flags.digits,
    boxes: flags.boxes,
    randomProbes: flags.random,
    seed: flags.seed,
    emptyCells: flags.emptyCells,
    maxSize: flags.maxSize,
    onMethodDone(method: string, stats: CollectStats) {
      const now = process.cpuUsage();
      const unshrunk = stats.unshrunk > 0 ? ` (${stats.unshrunk} UAs may not be minimal)` : "";
      methods.push(`  ${method}: ${stats.patterns} patterns, ${stats.completions} completions, ${stats.capped} capped${unshrunk}, ${seconds(now, last)} s`);
      last = now;
    },
  });
  const collectTime = seconds(process.cpuUsage(), start);

  // Sorted by size, then by the cell lists (lexicographic), so the output is stable and easy to read.
  const words = set.sorted();
  const lists: number[][] = [];
  for (let k = 0; k < words.length; k += 3) lists.push(cellSetToList(words.subarray(k, k + 3)));
  lists.sort(compareCellLists);
  const line = (cells: number[]): string => (flags.json ? JSON.stringify({ size: cells.length, cells: cells.map(cellName) }) : cells.map(cellName).join(" "));
  await stdoutSink().write(lists.map((cells) => line(cells) + "\n").join(""));

  if (flags.stats) {
    const histogram = set
      .histogram()
      .map((n, size) => (n > 0 ? `${size}:${n}` : ""))
      .filter((entry) => entry !== "")
      .join(" ");
    process.stderr.write([`${set.count} UAs; sizes ${histogram || "-"}; ${collectTime} s CPU`, ...methods].join("\n") + "\n");
  }
}

function compareCellLists(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function seconds(now: NodeJS.CpuUsage, since: NodeJS.CpuUsage): string {
  return ((now.user - since.user + now.system - since.system) / 1e6).toFixed(3);
}

