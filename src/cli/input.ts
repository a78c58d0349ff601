/**
 * Command-line input: the files named on the command line (or stdin), read
 * line by line as a stream. Blank lines and '#' comment lines are dropped
 * here, but still counted, so line numbers in messages match the file.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";

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

/** Streams the lines of several sources in order, tracking roughly how many bytes were consumed. */
export class LineReader {
  /** Bytes of the lines read so far (line length + 1 per newline: exact for ASCII input with LF endings). */
  bytesRead = 0;

  constructor(private readonly sources: readonly InputSource[]) {}

  async *lines(): AsyncGenerator<InputLine> {
    for (const source of this.sources) {
      const stream = source.path === null ? process.stdin : createReadStream(source.path);
      const reader = createInterface({ input: stream, crlfDelay: Infinity });
      let lineNumber = 0;
      try {
        for await (const text of reader) {
          lineNumber++;
          this.bytesRead += text.length + 1;
          if (!isSkipped(text)) yield { source, lineNumber, text };
        }
      } finally {
        // Also reached when the consumer stops early (--strict): release the input so the process can exit.
        reader.close();
        stream.destroy();
      }
    }
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
