/**
 * Command-line input: the files named (or stdin), read as a stream and
 * turned into input items by the text reader of src/core/puzzle-text.ts
 * (81-character lines, 9-line grids, framed or not), handed over in blocks.
 *
 * Lines are split here rather than by readline so that a line has a length
 * cap: a file with no line break (a binary, /dev/zero) becomes one bad line
 * with a clear reason instead of a string that outgrows memory, and the
 * lines after it are still read. A byte-order mark at the start of a source
 * is skipped.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { PuzzleTextReader } from "../core/puzzle-text.js";
import type { InputItem } from "../jobs/items.js";

export interface InputSource {
  /** How messages name it: the path as given, or `<stdin>`. */
  readonly name: string;
  /** null for stdin. */
  readonly path: string | null;
  /** Size in bytes when known (a regular file), for progress. */
  readonly size: number | null;
}

/** Longest line read, in bytes: far more than any puzzle line with its annotation. */
export const MAX_LINE_BYTES = 65_536;

const STDIN: InputSource = { name: "<stdin>", path: null, size: null };

/**
 * Checks the named inputs up front, so a missing file is reported before any
 * work starts. Returns the readable sources and a message for each problem.
 */
export async function resolveInputs(files: readonly string[]): Promise<{ sources: InputSource[]; problems: string[] }> {
  if (files.length === 0) return { sources: [STDIN], problems: [] };
  const sources: InputSource[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (file === "-") {
      sources.push(STDIN);
      continue;
    }
    try {
      const info = await stat(file);
      if (info.isDirectory()) problems.push(`${file}: is a directory`);
      else sources.push({ name: file, path: file, size: info.isFile() ? info.size : null });
    } catch (e) {
      problems.push(`${file}: ${describeFsError(e)}`);
    }
  }
  return { sources, problems };
}

/** Total bytes of the sources, or null when one has no known size (stdin). */
export function totalSize(sources: readonly InputSource[]): number | null {
  let total = 0;
  for (const source of sources) {
    if (source.size === null) return null;
    total += source.size;
  }
  return total;
}

/** Items cut into blocks, with how far into the input the block reaches. */
export interface ItemBatch {
  readonly items: readonly InputItem[];
  /** Input bytes consumed up to the end of this block (for progress). */
  readonly bytesThrough: number;
}

/** How long stdin may stay silent before a partial block is handed over. */
const STALL_MS = 20;

/**
 * Items per block: one number for every block, or the size of block k
 * (counted from 0 over all the sources) given an estimate of the items
 * left to read (null when unknown: stdin, or nothing read yet).
 */
export type BlockSizes = number | ((block: number, itemsLeft: number | null) => number);

/**
 * Streams the sources, in order, as blocks of items (up to `sizes` items,
 * or `sizes(k, itemsLeft)` for the k-th block). A block is cut short at the
 * end of a source, and when stdin stalls (a pipe or a terminal with nothing
 * more to say for now), so a line typed or piped slowly is answered without
 * waiting for the block to fill. A file's blocks are never cut by time:
 * they depend on its content alone, so a resumed run reads the same units.
 */
export class ItemReader {
  private bytesRead = 0;
  private itemsHanded = 0;
  private blocksMade = 0;
  private readonly totalBytes: number | null;

  constructor(private readonly sources: readonly InputSource[]) {
    this.totalBytes = totalSize(sources);
  }

  async *batches(sizes: BlockSizes): AsyncGenerator<ItemBatch> {
    const sizeOf = typeof sizes === "number" ? () => sizes : sizes;
    for (const source of this.sources) yield* this.sourceBatches(source, sizeOf);
  }

  /** The items still to come, from the bytes left at the mean bytes per item so far; null when unknown. */
  private itemsLeft(): number | null {
    if (this.totalBytes === null || this.itemsHanded === 0) return null;
    return Math.round(((this.totalBytes - this.bytesRead) * this.itemsHanded) / this.bytesRead);
  }

  private async *sourceBatches(source: InputSource, sizeOf: (block: number, itemsLeft: number | null) => number): AsyncGenerator<ItemBatch> {
    const stream = source.path === null ? process.stdin : createReadStream(source.path);
    const stallMs = source.path === null ? STALL_MS : Infinity;
    let maxItems = Math.max(1, sizeOf(this.blocksMade, this.itemsLeft()));
    const lines = new LineQueue(stream, 8 * maxItems);
    let batch: InputItem[] = [];
    const reader = new PuzzleTextReader((item) => {
      const where = `${source.name}:${item.line}`;
      batch.push(item.ok ? { where, puzzle: item.puzzle, annotation: item.annotation } : { where, error: item.reason });
    });
    const handOver = (): ItemBatch => {
      const block = { items: batch, bytesThrough: this.bytesRead };
      this.itemsHanded += batch.length;
      batch = [];
      maxItems = Math.max(1, sizeOf(++this.blocksMade, this.itemsLeft()));
      return block;
    };
    let lineNumber = 0;
    try {
      for (;;) {
        const stalled = !(await lines.waitForLines(batch.length > 0 ? stallMs : Infinity));
        if (lines.ended()) reader.end();
        if (stalled || lines.ended()) {
          if (batch.length > 0) yield handOver();
          if (lines.ended()) return;
          continue;
        }
        for (const line of lines.take()) {
          lineNumber++;
          this.bytesRead += line.bytes;
          if (line.text === null) batch.push({ where: `${source.name}:${lineNumber}`, error: `line longer than ${MAX_LINE_BYTES.toLocaleString("en-US")} bytes` });
          else reader.push(lineNumber === 1 && line.text.charCodeAt(0) === 0xfeff ? line.text.slice(1) : line.text, lineNumber);
          if (batch.length >= maxItems) yield handOver();
        }
      }
    } finally {
      // Also reached when the consumer stops early (--strict): release the input so the process can exit.
      lines.close();
      if (stream !== process.stdin) stream.destroy();
    }
  }
}

interface Line {
  /** The line's text, or null when it was longer than MAX_LINE_BYTES. */
  readonly text: string | null;
  /** Bytes it took in the input, its line break included. */
  readonly bytes: number;
}

/** The lines split from a stream but not taken yet; pauses the stream when too many pile up. */
class LineQueue {
  private queue: Line[] = [];
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private tooLong = false;
  private closed = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly stream: NodeJS.ReadableStream,
    private readonly highWater: number,
  ) {
    stream.on("data", (chunk: Buffer) => this.split(chunk));
    stream.on("end", () => {
      if (this.partialBytes > 0 || this.tooLong) this.endLine(0);
      this.closed = true;
      this.notify();
    });
    stream.on("error", (error: Error) => {
      this.failure = error;
      this.notify();
    });
  }

  /** True once every line has been taken and the input is finished. */
  ended(): boolean {
    return this.closed && this.queue.length === 0;
  }

  /** Resolves true when lines are ready or the input ended, false after `timeoutMs` without either. */
  async waitForLines(timeoutMs: number): Promise<boolean> {
    if (this.failure !== null) throw this.failure;
    if (this.queue.length > 0 || this.closed) return true;
    this.stream.resume();
    let timer: NodeJS.Timeout | undefined;
    const arrived = await new Promise<boolean>((resolve) => {
      this.wake = () => resolve(true);
      if (timeoutMs !== Infinity) timer = setTimeout(() => resolve(false), timeoutMs);
    });
    clearTimeout(timer);
    this.wake = null;
    if (this.failure !== null) throw this.failure;
    return arrived;
  }

  /** All the lines ready now, in order. */
  take(): Line[] {
    const lines = this.queue;
    this.queue = [];
    return lines;
  }

  close(): void {
    this.stream.removeAllListeners("data");
    this.stream.pause();
  }

  private split(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
      if (this.partialBytes === 0 && !this.tooLong && nl - start <= MAX_LINE_BYTES) {
        // The whole line is in this chunk: decoded in place, with no copy.
        this.queue.push({ text: chunk.toString("utf8", start, nl), bytes: nl - start + 1 });
      } else {
        this.append(chunk.subarray(start, nl));
        this.endLine(1);
      }
      start = nl + 1;
    }
    if (start < chunk.length) this.append(chunk.subarray(start));
    if (this.queue.length >= this.highWater) this.stream.pause();
    this.notify();
  }

  private append(piece: Buffer): void {
    if (this.tooLong) {
      this.partialBytes += piece.length;
      return;
    }
    this.partialBytes += piece.length;
    if (this.partialBytes > MAX_LINE_BYTES) {
      // The rest of this line is only counted, never kept.
      this.tooLong = true;
      this.partial = [];
      return;
    }
    if (piece.length > 0) this.partial.push(Buffer.from(piece));
  }

  private endLine(breakBytes: number): void {
    const text = this.tooLong ? null : Buffer.concat(this.partial).toString("utf8");
    this.queue.push({ text, bytes: this.partialBytes + breakBytes });
    this.partial = [];
    this.partialBytes = 0;
    this.tooLong = false;
  }

  private notify(): void {
    this.wake?.();
  }
}

export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    case "ENOSPC":
      return "no space left on the device";
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
