/**
 * Where `sudokulab entries` writes: stdout, or the --out file. Writes are
 * synchronous and complete: a rank's listing (up to millions of lines) is
 * produced inside the generator's synchronous run, which cannot stop to wait
 * for a stream's drain, and process.stdout to a pipe is asynchronous (it
 * would hold the whole listing in memory). Writing the file descriptor
 * directly, and waiting while a full pipe refuses more, makes a slow reader
 * throttle the run instead.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { sleepSync } from "../io/sleep.js";

export interface TextOutput {
  write(text: string): void;
  close(): void;
}

const STDOUT_FD = 1;
/** How long to sleep while a pipe is full (EAGAIN): stdout may be non-blocking. */
const FULL_PIPE_WAIT_MS = 5;

/** The --out file (created or emptied), or stdout when `path` is undefined. */
export function openTextOutput(path: string | undefined): TextOutput {
  const fd = path === undefined ? STDOUT_FD : openSync(path, "w");
  return {
    write: (text) => writeFully(fd, text),
    close() {
      if (fd !== STDOUT_FD) closeSync(fd);
    },
  };
}

function writeFully(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // `sudokulab entries ... | head` closes stdout early: a normal way to stop, as for the other commands (main.ts).
      if (code === "EPIPE" && fd === STDOUT_FD) process.exit(process.exitCode ?? 0);
      if (code !== "EAGAIN") throw error;
      sleepSync(FULL_PIPE_WAIT_MS);
    }
  }
}
