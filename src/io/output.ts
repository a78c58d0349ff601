/**
 * Where results are written: stdout, or an --out file. Writes wait for a
 * slow reader (stdout backpressure), so a run is throttled rather than
 * filling memory. Failures are told apart: a reader that closed the pipe
 * (`sudokulab ... | head`) is a normal way to stop, anything else (a full
 * disk, /dev/full, a file one may not write) is an OutputError with one
 * clear sentence, never a stack trace.
 */
import { once } from "node:events";
import { type FileHandle, open, stat } from "node:fs/promises";
import { describeFsError } from "./input.js";

/** The reader of stdout went away (EPIPE). */
export class OutputClosed extends Error {}

/** Writing failed for a reason the user must hear about (exit code 1). */
export class OutputError extends Error {}

export interface TextSink {
  write(text: string): Promise<void>;
  /** Flushes file output to disk (a checkpoint must never count bytes the disk may lose). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** Turns an error of writing `name` into OutputClosed or OutputError. */
export function outputFailure(name: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EPIPE" || code === "ERR_STREAM_DESTROYED") return new OutputClosed(`${name} closed`);
  return new OutputError(`cannot write ${name}: ${describeFsError(error)}${code !== undefined ? ` (${code})` : ""}`);
}

let stdoutFailure: Error | null = null;

/** stdout, with its errors (EPIPE on a closed pipe, ENOSPC on /dev/full) turned into ours. */
export function stdoutSink(): TextSink {
  watchStdout();
  return {
    async write(text) {
      if (stdoutFailure !== null) throw stdoutFailure;
      if (text.length === 0) return;
      let ok: boolean;
      try {
        // To a file (stdout redirected to /dev/full) a write fails at once, by throwing.
        ok = process.stdout.write(text);
      } catch (error) {
        stdoutFailure ??= outputFailure("<stdout>", error);
        throw stdoutFailure;
      }
      // once() rejects when the stream errs while it waits: the error is stdoutFailure's to tell.
      if (!ok) await once(process.stdout, "drain").catch(() => {});
      // Give an asynchronous write error its turn before the next write is attempted.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (stdoutFailure !== null) throw stdoutFailure;
    },
    sync: async () => {},
    close: async () => {
      if (stdoutFailure !== null) throw stdoutFailure;
    },
  };
}

let watching = false;

/** Catches stdout's errors once for the process: an unhandled 'error' event would print a stack trace. */
export function watchStdout(): void {
  if (watching) return;
  watching = true;
  process.stdout.on("error", (error: Error) => {
    stdoutFailure ??= outputFailure("<stdout>", error);
  });
}

/** The --out file: created or emptied, or (resuming) opened to append at `keepBytes`. */
export async function fileSink(path: string, resume: boolean): Promise<TextSink> {
  let handle: FileHandle;
  try {
    handle = await open(path, resume ? "a" : "w");
  } catch (error) {
    throw outputFailure(path, error);
  }
  return {
    async write(text) {
      try {
        await handle.write(text);
      } catch (error) {
        throw outputFailure(path, error);
      }
    },
    async sync() {
      try {
        await handle.sync();
      } catch (error) {
        throw outputFailure(path, error);
      }
    },
    close: () => handle.close(),
  };
}

/** Fails early, before any work, when `path` cannot be an output file (a directory, a missing folder). */
export async function checkWritable(path: string): Promise<void> {
  try {
    if ((await stat(path)).isDirectory()) throw new OutputError(`cannot write ${path}: is a directory`);
  } catch (error) {
    if (error instanceof OutputError) throw error;
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw outputFailure(path, error);
  }
  // Opening for append creates a missing file and changes nothing in an existing one.
  let handle: FileHandle;
  try {
    handle = await open(path, "a");
  } catch (error) {
    throw outputFailure(path, error);
  }
  await handle.close();
}
