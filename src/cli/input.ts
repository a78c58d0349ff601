/**
 * Command-line input: the files named on the command line (or stdin), read
 * line by line as a stream and handed over in batches. Blank lines and '#'
 * comment lines are dropped here, but still counted, so line numbers in
 * messages match the file.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface, type Interface } from "node:readline";

export interface InputSource {
  /** How messages name it: the path as given, or `<stdin>`. */
  readonly name: string;
  /** null for stdin. */
  readonly path: string | null;
  /** Size in bytes when known (a regular file), for the progress bar. */
  readonly size: number | null;
}

export interface InputLine {
  readonly source: InputSource;
  /** 1-based, counting every line of the source. */
  readonly lineNumber: number;
  readonly text: string;
}

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

/** Lines cut into batches, with how far into the input the batch reaches. */
export interface LineBatch {
  readonly lines: readonly InputLine[];
  /** Input bytes consumed up to the end of this batch (for the progress bar). */
  readonly bytesThrough: number;
}

/** How long the input may stay silent before a partial batch is handed over. */
const STALL_MS = 20;

/**
 * Streams the sources, in order, as batches of up to `maxLines` lines. A
 * batch is cut short at the end of a source, and when the input stalls (a
 * pipe or a terminal with nothing more to say for now), so a line typed or
 * piped slowly is answered without waiting for the batch to fill.
 */
export class LineReader {
  /** Bytes of the lines taken so far: length + 1 per line, exact for ASCII input with LF endings. */
  private bytesRead = 0;

  constructor(private readonly sources: readonly InputSource[]) {}

  async *batches(maxLines: number): AsyncGenerator<LineBatch> {
    for (const source of this.sources) yield* this.sourceBatches(source, maxLines);
  }

  private async *sourceBatches(source: InputSource, maxLines: number): AsyncGenerator<LineBatch> {
    const stream = source.path === null ? process.stdin : createReadStream(source.path);
    const lines = new LineQueue(stream, 8 * maxLines);
    let lineNumber = 0;
    let batch: InputLine[] = [];
    try {
      for (;;) {
        const stalled = !(await lines.waitForLines(batch.length > 0 ? STALL_MS : Infinity));
        if (stalled || lines.ended()) {
          if (batch.length > 0) yield { lines: batch, bytesThrough: this.bytesRead };
          batch = [];
          if (lines.ended()) return;
          continue;
        }
        for (const text of lines.take()) {
          lineNumber++;
          this.bytesRead += text.length + 1;
          if (isSkipped(text)) continue;
          batch.push({ source, lineNumber, text });
          if (batch.length === maxLines) {
            yield { lines: batch, bytesThrough: this.bytesRead };
            batch = [];
          }
        }
      }
    } finally {
      // Also reached when the consumer stops early (--strict): release the input so the process can exit.
      lines.close();
      stream.destroy();
    }
  }
}

/** The lines readline has split but nobody has taken yet; pauses the stream when too many pile up. */
class LineQueue {
  private queue: string[] = [];
  private closed = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private readonly reader: Interface;

  constructor(stream: NodeJS.ReadableStream, private readonly highWater: number) {
    this.reader = createInterface({ input: stream, crlfDelay: Infinity });
    this.reader.on("line", (text: string) => {
      this.queue.push(text);
      if (this.queue.length >= this.highWater) this.reader.pause();
      this.notify();
    });
    this.reader.on("close", () => {
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
    this.reader.resume();
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
  take(): string[] {
    const lines = this.queue;
    this.queue = [];
    return lines;
  }

  close(): void {
    this.reader.close();
  }

  private notify(): void {
    this.wake?.();
  }
}

function isSkipped(text: string): boolean {
  return text.length === 0 || text[0] === "#" || text.trim().length === 0;
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
      return "permission denied";
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
