/**
 * `sudokulab entry GRID...`: where a grid is listed in the band catalogs. For
 * each grid (or puzzle with a unique solution, taken as its solution grid)
 * and each catalog asked for, one line: the catalog, then the line `sudokulab
 * entries` prints for that grid (entry-format.ts), then the input line's
 * annotation. The slice needs the rank's bands 2 enumerated up to the entry
 * (about a second); --no-slice prints '-' instead.
 *
 * Arguments made only of digits and '.' are grids; any other argument is a
 * file of grids, one per line, read as the batch commands read theirs
 * (input.ts); none, or '-', is stdin. A bad grid is reported on stderr as
 * `sudokulab: WHERE: REASON`, the others are answered, and the exit code is 1.
 */
import { CATALOG_NAMES, EntryGenerator, locateGrid, type CatalogName, type GridEntry } from "../catalog/index.js";
import { isValidGrid, parseLine, type Puzzle } from "../core/puzzle.js";
import { solveUnique } from "../solver/solve.js";
import { bandText, entryLine } from "./entry-format.js";
import { LineReader, resolveInputs } from "./input.js";
import { writeStdout } from "./output.js";

export interface EntryFlags {
  readonly catalog: CatalogName;
  readonly allCatalogs?: boolean;
  readonly slice: boolean;
}

type Answer = { readonly lines: readonly string[] } | { readonly error: string };

/** Returns the exit code: 1 if any grid or file was bad. */
export async function runEntryCommand(args: readonly string[], flags: EntryFlags): Promise<number> {
  const catalogs = flags.allCatalogs ? CATALOG_NAMES : [flags.catalog];
  const locator = new EntryLocator(flags.slice);
  let failed = false;
  const answer = async (where: string, text: string): Promise<void> => {
    const result = locator.answer(text, catalogs);
    if ("lines" in result) {
      await writeStdout(result.lines.map((line) => line + "\n").join(""));
    } else {
      failed = true;
      process.stderr.write(`sudokulab: ${where}: ${result.error}\n`);
    }
  };
  const inputs = args.length === 0 ? ["-"] : args;
  for (const [i, arg] of inputs.entries()) {
    if (/^[0-9.]+$/.test(arg)) {
      await answer(`argument ${i + 1}`, arg);
      continue;
    }
    const { sources, problems } = await resolveInputs([arg]);
    for (const problem of problems) {
      failed = true;
      process.stderr.write(`sudokulab: ${problem}\n`);
    }
    // Small batches: each grid takes up to a second per catalog, so answers should not wait for a full batch.
    for await (const batch of new LineReader(sources).batches(16)) {
      for (const line of batch.lines) await answer(`${line.source.name}:${line.lineNumber}`, line.text);
    }
  }
  return failed ? 1 : 0;
}

class EntryLocator {
  /** The last generator of each catalog: grids of one rank in a row (a sorted file) reuse it. */
  private readonly generators = new Map<CatalogName, EntryGenerator>();

  constructor(private readonly withSlice: boolean) {}

  /** The output lines for one input line, or why it is bad. Never throws. */
  answer(text: string, catalogs: readonly CatalogName[]): Answer {
    const parsed = parseLine(text);
    if (!parsed.ok) return { error: parsed.reason };
    try {
      const grid = gridOf(parsed.cells);
      if (typeof grid === "string") return { error: grid };
      return { lines: catalogs.map((catalog) => `${catalog}\t${this.lineOf(locateGrid(grid, catalog))}${parsed.annotation}`) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  private lineOf(entry: GridEntry): string {
    const bands = [bandText(entry.grid, 0), bandText(entry.grid, 27), bandText(entry.grid, 54)] as const;
    return entryLine(bands, entry.ranks, this.withSlice ? this.sliceOf(entry) : "-");
  }

  private sliceOf(entry: GridEntry): number {
    const { catalog, ranks } = entry;
    let generator = this.generators.get(catalog);
    if (generator?.rank !== ranks[0]) {
      generator = new EntryGenerator(catalog, ranks[0]);
      this.generators.set(catalog, generator);
    }
    const slice = generator.sliceOfBand2(entry.grid.subarray(27, 54));
    if (slice < 0) throw new Error(`internal error: the ${catalog} entry's band 2 is not among the bands 2 of rank ${ranks[0]}`);
    return slice;
  }
}

/** The solution grid of a grid or of a puzzle with a unique solution, or why there is none. */
function gridOf(cells: Puzzle): Puzzle | string {
  if (!cells.includes(0)) return isValidGrid(cells) ? cells : "not a valid Sudoku grid";
  const result = solveUnique(cells);
  if (result.status === "unique") return result.solution;
  return result.status === "none" ? "puzzle has no solution" : "puzzle has several solutions (no single grid)";
}
