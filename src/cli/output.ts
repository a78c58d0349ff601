/**
 * Where batch results go. Line commands print each result as it arrives (in
 * input order); group-by-grid collects everything and prints its groups at
 * the end. Writes respect stdout backpressure, so a slow reader throttles
 * the run instead of filling memory.
 */
import { once } from "node:events";

export interface ResultSink {
  /** Takes one line's output (the `output` of its JobResult). */
  accept(output: string): void;
  /** Writes out what was accepted so far; resolves when stdout can take more. */
  flush(): Promise<void>;
  /** Called once at the end; `complete` is false when --strict stopped the run early. */
  finish(complete: boolean): Promise<void>;
}

export async function writeStdout(text: string): Promise<void> {
  if (text.length > 0 && !process.stdout.write(text)) await once(process.stdout, "drain");
}

/** One stdout line per accepted output, written a batch at a time. */
export class LineSink implements ResultSink {
  private pending = "";

  accept(output: string): void {
    this.pending += output + "\n";
  }

  async flush(): Promise<void> {
    const text = this.pending;
    this.pending = "";
    await writeStdout(text);
  }

  async finish(): Promise<void> {
    await this.flush();
  }
}

/**
 * group-by-grid: takes `canonicalGrid<TAB>puzzle` records and prints one line
 * per grid, `grid<TAB>count<TAB>puzzle,puzzle,...`, most puzzles first, then
 * by grid. Puzzles keep their input order within a group.
 */
export class GridGroupSink implements ResultSink {
  private readonly groups = new Map<string, string[]>();

  accept(record: string): void {
    const tab = record.indexOf("\t");
    const grid = record.slice(0, tab);
    const puzzle = record.slice(tab + 1);
    const group = this.groups.get(grid);
    if (group === undefined) this.groups.set(grid, [puzzle]);
    else group.push(puzzle);
  }

  async flush(): Promise<void> {}

  async finish(complete: boolean): Promise<void> {
    // A run stopped by --strict has seen only part of the input: its counts would mislead.
    if (!complete) return;
    const grids = [...this.groups.keys()].sort((a, b) => {
      const byCount = (this.groups.get(b)?.length ?? 0) - (this.groups.get(a)?.length ?? 0);
      return byCount !== 0 ? byCount : a < b ? -1 : a > b ? 1 : 0;
    });
    for (const grid of grids) {
      const puzzles = this.groups.get(grid) ?? [];
      await writeStdout(`${grid}\t${puzzles.length}\t${puzzles.join(",")}\n`);
    }
  }
}
