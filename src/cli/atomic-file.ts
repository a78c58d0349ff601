/**
 * Writing a file so that a reader (or a resumed run) sees either the old
 * content or the new, never a mix: checkpoints are overwritten while the
 * process may be killed at any instant.
 */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";

/** Writes `text` to a temporary file beside `path`, flushes it to disk, and renames it over `path`. */
export function writeFileAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}
