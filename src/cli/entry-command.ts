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
import type { InputItem } from "../jobs/items.js";
import { itemGrid } from "../jobs/grid-items.js";
import { stdoutSink } from "../io/output.js";
import { escapeControls } from "../io/messages.js";
import { argumentItems } from "./arg-inputs.js";
import { bandText, entryLine } from "./entry-format.js";

export interface EntryFlags {
  readonly catalog: CatalogName;
  readonly allCatalogs?: boolean;
  readonly slice: boolean;
  readonly json?: boolean;
}

type Answer = { readonly lines: readonly string[] } | { readonly error: string };

/** Returns the exit code: 1 if any grid or file was bad. */
export async function runEntryCommand(args: readonly string[], flags: EntryFlags): Promise<number> {
  const catalogs = flags.allCatalogs ? CATALOG_NAMES : [flags.catalog];
  const locator = new EntryLocator(flags.slice, flags.json === true);
  const output = stdoutSink();
  let failed = false;
  // One at a time: each grid takes up to a second per catalog, so answers should not wait for a batch.
  for await (const item of argumentItems(args)) {
    const result = locator.answer(item, catalogs);
    if ("lines" in result) {
      await output.write(result.lines.map((line) => line + "\n").join(""));
    } else {
      failed = true;
      process.stderr.write(`sudokulab: ${escapeControls(item.where)}: ${escapeControls(result.error)}\n`);
    }
  }
  return failed ? 1 : 0;
}

class EntryLocator {
  /** The last generator of each catalog: grids of one rank in a row (a sorted file) reuse it. */
  private readonly generators = new Map<CatalogName, EntryGenerator>();

  constructor(
    private readonly withSlice: boolean,
    private readonly json: boolean,
  ) {}

  /** The output lines for one input item, or why it is bad. Never throws. */
  answer(item: InputItem, catalogs: readonly CatalogName[]): Answer {
    const grid = itemGrid(item);
    if ("reason" in grid) return { error: grid.reason };
    const annotation = "annotation" in item ? item.annotation : "";
    try {
      return { lines: catalogs.map((catalog) => this.lineOf(catalog, locateGrid(grid, catalog), annotation)) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  private lineOf(catalog: CatalogName, entry: GridEntry, annotation: string): string {
    const bands = [bandText(entry.grid, 0), bandText(entry.grid, 27), bandText(entry.grid, 54)] as const;
    const slice = this.withSlice ? this.sliceOf(entry) : null;
    if (this.json) return JSON.stringify({ catalog, bands, ranks: entry.ranks, slice, annotation });
    return `${catalog}\t${entryLine(bands, entry.ranks, slice ?? "-")}${annotation}`;
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
