/**
 * Writing a file so that a reader (or a resumed run) sees either the old
 * content or the new, never a mix: checkpoints are overwritten while the
 * process may be killed at any instant.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";

/** Writes `content` to a temporary file beside `path`, flushes it to disk, and renames it over `path`. */
export function writeFileAtomically(path: string, content: string | Uint8Array): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, "w");
  try {
    writeFileSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

/**
 * Reads a JSON checkpoint written by one of our commands and checks its
 * kind and format version; `label` names the command in the errors
 * ("entries", "scan17"). Returns the record for the caller's own checks.
 */
export function readCheckpointRecord(path: string, kind: string, version: number, label: string): Record<string, unknown> {
  const bad = (why: string): Error => new Error(`checkpoint ${path} is not a valid ${label} checkpoint: ${why}`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw error instanceof SyntaxError ? bad("not JSON") : new Error(`cannot read checkpoint ${path}: ${String(error)}`);
  }
  if (typeof data !== "object" || data === null) throw bad("not a JSON object");
  const record = data as Record<string, unknown>;
  if (record.kind !== kind) throw bad(`kind ${JSON.stringify(record.kind)}`);
  if (record.version !== version) throw bad(`version ${String(record.version)} (expected ${version})`);
  return record;
}
