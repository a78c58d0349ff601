/**
 * The scan's checkpoint file: which chunks of a scan are finished, so that an
 * interrupted `sudokulab scan` can go on with --resume without losing or
 * repeating a puzzle.
 *
 * Chunks 0..written-1 are finished and their puzzles are in the output.
 * Chunks finished out of order ("ahead") keep their puzzles in the checkpoint
 * until the chunks before them are written, so the output stays in chunk
 * order across interruptions. With --out, the file's size after the written
 * chunks is recorded too: a crash between appending a chunk and recording it
 * leaves extra bytes, which --resume cuts off instead of repeating them.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { writeFileAtomically } from "./atomic-file.js";

/** What a checkpoint must match to be resumed: the same scan, chunk for chunk. */
export interface ScanIdentity {
  /** The engine (its chunks are not the other's). */
  readonly engine: string;
  readonly grid: string;
  readonly clues: number;
  /** Normalized ('1', '0', '.'), or null when no cell is constrained. */
  readonly mask: string | null;
  readonly minimals: boolean;
  readonly chunks: number;
  /** Hash of the chunk list: a changed UA collection would cut the work differently. */
  readonly chunkHash: string;
}

export interface CheckpointState {
  /** Chunks below this index are finished and written. */
  written: number;
  /** Finished chunks beyond `written`, with their puzzles (sorted), not yet in the output. */
  readonly ahead: Map<number, readonly string[]>;
  /** The --out file this scan writes, or null for stdout. */
  readonly out: string | null;
  /** Size of the --out file after the written chunks (0 for stdout). */
  outBytes: number;
}

const VERSION = 2;
const IDENTITY_KEYS = ["engine", "grid", "clues", "mask", "minimals", "chunks", "chunkHash"] as const;

/** FNV-1a over the chunk words, as 8 hex digits. */
export function chunkHash(chunks: Int32Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < chunks.length; i++) {
    for (let shift = 0; shift < 32; shift += 8) h = Math.imul(h ^ ((chunks[i] >>> shift) & 0xff), 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Writes the checkpoint atomically: a temporary file, flushed to disk, renamed over the old one. */
export function writeCheckpoint(path: string, identity: ScanIdentity, state: CheckpointState): void {
  const ahead = [...state.ahead.entries()].sort((a, b) => a[0] - b[0]).map(([chunk, puzzles]) => ({ chunk, puzzles }));
  const text = JSON.stringify({ version: VERSION, ...identity, written: state.written, out: state.out, outBytes: state.outBytes, ahead }, null, 1) + "\n";
  writeFileAtomically(path, text);
}

export function removeCheckpoint(path: string): void {
  rmSync(path, { force: true });
}

export function checkpointExists(path: string): boolean {
  return existsSync(path);
}

/** Reads a checkpoint for --resume; throws a clear error when it is unreadable or belongs to another scan. */
export function readCheckpoint(path: string, identity: ScanIdentity): CheckpointState {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === "ENOENT" ? `--resume: no checkpoint ${path} (nothing to resume)` : `cannot read checkpoint ${path}: ${String(error)}`);
  }
  const bad = (why: string): Error => new Error(`checkpoint ${path} is not a valid scan checkpoint: ${why}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw bad("not JSON");
  }
  if (typeof data !== "object" || data === null) throw bad("not a JSON object");
  const record = data as Record<string, unknown>;
  if (record.version !== VERSION) throw bad(`version ${String(record.version)} (expected ${VERSION})`);
  for (const key of IDENTITY_KEYS) {
    if (record[key] !== identity[key]) {
      throw new Error(
        `checkpoint ${path} belongs to a different scan (${key}: ${JSON.stringify(record[key])} there, ${JSON.stringify(identity[key])} here); ` +
          "resume with the options it was made with, or delete it to start over",
      );
    }
  }
  const { written, out, outBytes, ahead } = record;
  if (!isCount(written) || written > identity.chunks) throw bad("bad 'written'");
  if (out !== null && typeof out !== "string") throw bad("bad 'out'");
  if (!isCount(outBytes)) throw bad("bad 'outBytes'");
  if (!Array.isArray(ahead)) throw bad("bad 'ahead'");
  const map = new Map<number, readonly string[]>();
  for (const entry of ahead as unknown[]) {
    const { chunk, puzzles } = (typeof entry === "object" && entry !== null ? entry : {}) as Record<string, unknown>;
    if (!isCount(chunk) || chunk < written || chunk >= identity.chunks || map.has(chunk)) throw bad("bad chunk in 'ahead'");
    if (!Array.isArray(puzzles) || !puzzles.every((p): p is string => typeof p === "string" && /^[1-9.]{81}$/.test(p))) {
      throw bad(`bad puzzles of chunk ${chunk}`);
    }
    map.set(chunk, puzzles);
  }
  return { written, ahead: map, out, outBytes };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
