/**
 * The batch commands (solve, count, canon, minimal, group-by-grid) as a
 * job: units are blocks of input items, a unit's result is one output line
 * per good item (the answer, then the item's annotation) and the problems
 * of the bad ones. group-by-grid's results are records
 * `canonicalGrid<TAB>puzzle` that its renderer groups at the end.
 */
import { cellName } from "../core/cells.js";
import { formatPuzzle, type Puzzle } from "../core/puzzle.js";
import { BitboardSolver } from "../solver/bitboard.js";
import { countSolutions, redundantClues, solveUnique } from "../solver/solve.js";
import { applyTransform, canonicalGrid, canonicalPuzzle } from "../canon/index.js";
import { isProblemList, isStringArray, type JobKind, type Problem, type Renderer } from "./job.js";
import { itemCells, type ItemBlock } from "./items.js";

export type LineCommand = "solve" | "count" | "canon" | "minimal" | "group-by-grid";

/** Which canonical form `canon` computes; "auto" picks the grid form for a complete grid. */
export type CanonForm = "auto" | "grid" | "puzzle";

export interface LinesSpec {
  readonly command: LineCommand;
  /** `count`: stop counting at this many solutions. */
  readonly limit: number;
  readonly canonForm: CanonForm;
  /** One JSON object per result line instead of text. */
  readonly json?: boolean;
}

export interface LinesData {
  readonly lines: readonly string[];
  readonly problems: readonly Problem[];
}

/** A line's answer: its text, the fields of its JSON object, or why the item is bad. */
type LineAnswer = { readonly text: string; readonly json: Record<string, unknown> } | { readonly error: string };

const scratchCells = new Uint8Array(81);
/** The job's own kernel: the items are checked already, so the public calls' argument checks would be paid twice. */
const kernel = new BitboardSolver();

export const linesJob: JobKind<LinesSpec, ItemBlock, LinesData, null> = {
  name: "lines",

  prepare: () => null,

  run(_context, spec, unit) {
    const lines: string[] = [];
    const problems: Problem[] = [];
    for (const item of unit.items) {
      // No answer keeps the cells past its item.
      const read = itemCells(item, scratchCells);
      if ("reason" in read) {
        problems.push(read);
        continue;
      }
      let answer: LineAnswer;
      try {
        answer = LINE_ANSWERS[spec.command](read.cells, spec);
      } catch (e) {
        answer = { error: e instanceof Error ? e.message : String(e) };
      }
      if ("error" in answer) problems.push({ where: item.where, reason: answer.error });
      else if (spec.command === "group-by-grid") lines.push(answer.text);
      else if (spec.json === true) lines.push(JSON.stringify({ puzzle: formatPuzzle(read.cells), ...answer.json, annotation: read.annotation }));
      else lines.push(answer.text + read.annotation);
    }
    return { data: { lines, problems }, counters: { items: unit.items.length } };
  },

  check(_spec, _unit, data) {
    if (typeof data !== "object" || data === null) return "not an object";
    const { lines, problems } = data as Record<string, unknown>;
    return isStringArray(lines) && isProblemList(problems) ? null : "not a list of lines and problems";
  },

  renderer: (spec) =>
    spec.command === "group-by-grid" ? new GridGroups(spec.json === true) : { render: (data) => data.lines.map((line) => line + "\n").join(""), finish: () => "" },

  problems: (data) => data.problems,
};

const LINE_ANSWERS: Record<LineCommand, (cells: Puzzle, spec: LinesSpec) => LineAnswer> = {
  solve(cells) {
    const count = kernel.countSolutions(cells, 2);
    const status = count === 0 ? "none" : count === 1 ? "unique" : "multiple";
    const solution = count === 1 ? formatPuzzle(kernel.solution) : null;
    return { text: solution ?? status, json: { status, solution } };
  },

  count(cells, spec) {
    const count = kernel.countSolutions(cells, spec.limit);
    return { text: String(count), json: { count, limit: spec.limit } };
  },

  canon(cells, spec) {
    const isGrid = !cells.includes(0);
    const form = spec.canonForm === "auto" ? (isGrid ? "grid" : "puzzle") : spec.canonForm;
    if (form === "grid") {
      if (!isGrid) return { error: `not a complete grid (cell ${cellName(cells.indexOf(0))} is empty); use --puzzle for a puzzle` };
      const canonical = formatPuzzle(canonicalGrid(cells).grid);
      return { text: canonical, json: { form, canonical } };
    }
    // Checked here rather than left to canonicalPuzzle so the message is ours and stable.
    const count = countSolutions(cells, 2);
    if (count === 0) return { error: "puzzle has no solution" };
    if (count > 1) return { error: "puzzle has several solutions" };
    const canonical = formatPuzzle(canonicalPuzzle(cells).puzzle);
    return { text: canonical, json: { form, canonical } };
  },

  minimal(cells) {
    const count = countSolutions(cells, 2);
    if (count !== 1) {
      const status = count === 0 ? "none" : "multiple";
      return { text: status, json: { status, minimal: null, redundant: [] } };
    }
    const redundant = redundantClues(cells).map(cellName);
    const text = redundant.length === 0 ? "minimal" : `not-minimal ${redundant.join(" ")}`;
    return { text, json: { status: "unique", minimal: redundant.length === 0, redundant } };
  },

  "group-by-grid"(cells) {
    const result = solveUnique(cells);
    if (result.status !== "unique") {
      return { error: `no unique solution (the puzzle has ${result.status === "none" ? "none" : "several"})` };
    }
    const canon = canonicalGrid(result.solution);
    return { text: `${formatPuzzle(canon.grid)}\t${formatPuzzle(applyTransform(cells, canon.transform))}`, json: {} };
  },
};

/**
 * group-by-grid: one line per grid once every unit is in,
 * `grid<TAB>count<TAB>puzzle,puzzle,...`, most puzzles first, then by grid;
 * puzzles in input order within a group.
 */
class GridGroups implements Renderer<LinesData> {
  private readonly groups = new Map<string, string[]>();

  constructor(private readonly json: boolean) {}

  render(data: LinesData): string {
    for (const record of data.lines) {
      const tab = record.indexOf("\t");
      const grid = record.slice(0, tab);
      const group = this.groups.get(grid);
      if (group === undefined) this.groups.set(grid, [record.slice(tab + 1)]);
      else group.push(record.slice(tab + 1));
    }
    return "";
  }

  finish(): string {
    const grids = [...this.groups.keys()].sort((a, b) => {
      const byCount = (this.groups.get(b)?.length ?? 0) - (this.groups.get(a)?.length ?? 0);
      return byCount !== 0 ? byCount : a < b ? -1 : a > b ? 1 : 0;
    });
    return grids.map((grid) => {
      const puzzles = this.groups.get(grid) ?? [];
      return this.json ? JSON.stringify({ grid, count: puzzles.length, puzzles }) + "\n" : `${grid}\t${puzzles.length}\t${puzzles.join(",")}\n`;
    }).join("");
  }
}
