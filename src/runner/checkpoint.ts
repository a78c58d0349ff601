/**
 * The checkpoint of a run: a journal, one JSON object per line. The first
 * line names the job (its id, kind, spec, command and output); then one
 * line per finished unit with its result, counters and CPU seconds, in the
 * order units finish; for stdout runs, lines recording how many units were
 * written. Lines are appended (never rewritten), so the cost of a
 * checkpoint does not grow with the run, and a kill in the middle of an
 * append leaves at most a torn last line, which is dropped.
 *
 * The journal holds every result, so it never claims anything about the
 * output: a resumed run renders the finished units again and compares them
 * with the output file byte for byte before it appends (runner.ts). Each
 * line carries a digest chained through the lines before it (SHA-256 of the
 * previous digest and the line), so an edited, dropped or reordered line is
 * refused, not believed; and results are checked by their kind (a puzzle is
 * solved again) before they are written.
 */
import { createHash } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";
import type { Counters } from "../jobs/job.js";

export const CHECKPOINT_FORMAT = "sudokulab checkpoint";
export const CHECKPOINT_VERSION = 1;

/** What the first line records. */
export interface JournalHeader {
  readonly job: string;
  readonly kind: string;
  readonly command: string;
  readonly spec: unknown;
  /** The output file as an absolute path, or null for stdout. */
  readonly out: string | null;
}

/** A finished unit as the journal keeps it. */
export interface UnitRecord {
  readonly unit: number;
  readonly data: unknown;
  readonly counters: Counters;
  readonly cpu: number;
  /** Which process ran it: host/pid. */
  readonly by: string;
}

export class CheckpointError extends Error {}

/** How often appended lines are flushed to disk at the most; a kill loses nothing, a power cut at most this much work. */
const SYNC_INTERVAL_MS = 2000;

export class Journal {
  private lastSync = Date.now();

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private digest: string,
  ) {}

  /** Starts a new journal at `path` (replacing any file there). */
  static create(path: string, header: JournalHeader): Journal {
    const fd = openSync(path, "w");
    const journal = new Journal(path, fd, "");
    journal.append({ format: CHECKPOINT_FORMAT, version: CHECKPOINT_VERSION, ...header, created: new Date().toISOString() });
    journal.sync();
    return journal;
  }

  /** Reopens a journal read by readJournal, to append after its last good line. */
  static reopen(read: ReadJournal): Journal {
    truncateSync(read.path, read.goodBytes);
    return new Journal(read.path, openSync(read.path, "a"), read.lastDigest);
  }

  addUnit(record: UnitRecord): void {
    this.append({ unit: record.unit, data: record.data, counters: record.counters, cpu: Math.round(record.cpu * 1000) / 1000, by: record.by });
  }

  /** Stdout runs: units below `count` were written. */
  addWritten(count: number): void {
    this.append({ written: count });
  }

  /** Flushes to disk when the last flush is older than SYNC_INTERVAL_MS (or `force`). */
  syncSoon(force = false): void {
    if (force || Date.now() - this.lastSync >= SYNC_INTERVAL_MS) this.sync();
  }

  sync(): void {
    fsyncSync(this.fd);
    this.lastSync = Date.now();
  }

  close(): void {
    this.sync();
    closeSync(this.fd);
  }

  private append(value: object): void {
    const body = JSON.stringify(value);
    this.digest = chainDigest(this.digest, body);
    writeSync(this.fd, `${body.slice(0, -1)},"digest":"${this.digest}"}\n`);
  }
}

export interface ReadJournal {
  readonly path: string;
  readonly header: JournalHeader & { readonly created: string };
  /** Each finished unit's last record (a unit run twice keeps the later one). */
  readonly units: Map<number, UnitRecord>;
  /** Stdout runs: units below this were written. */
  readonly written: number;
  /** Bytes of the file up to the last whole, valid line. */
  readonly goodBytes: number;
  readonly lastDigest: string;
}

/** Reads and verifies a journal; throws CheckpointError saying what is wrong. */
export function readJournal(path: string): ReadJournal {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new CheckpointError(`cannot read checkpoint ${path}: ${(error as Error).message}`);
  }
  const bad = (line: number, why: string): CheckpointError =>
    new CheckpointError(`checkpoint ${path} cannot be trusted: line ${line} ${why}; delete it to start over`);
  let digest = "";
  let offset = 0;
  let lineNumber = 0;
  let header: ReadJournal["header"] | null = null;
  const units = new Map<number, UnitRecord>();
  let written = 0;
  while (offset < text.length) {
    const end = text.indexOf("\n", offset);
    // A line without its line break was being appended when the run died: drop it.
    if (end < 0) break;
    const line = text.slice(offset, end);
    lineNumber++;
    const match = /,"digest":"([0-9a-f]{16})"}$/.exec(line);
    if (match === null) throw bad(lineNumber, "has no digest");
    const body = line.slice(0, match.index) + "}";
    const expected = chainDigest(digest, body);
    if (match[1] !== expected) throw bad(lineNumber, "was changed, or a line before it was (its digest does not match)");
    digest = expected;
    const value = JSON.parse(body) as Record<string, unknown>;
    if (header === null) {
      if (value.format !== CHECKPOINT_FORMAT) throw new CheckpointError(`${path} is not a sudokulab checkpoint`);
      if (value.version !== CHECKPOINT_VERSION) throw new CheckpointError(`checkpoint ${path} has format version ${String(value.version)}, not ${CHECKPOINT_VERSION}`);
      header = value as unknown as ReadJournal["header"];
    } else if (typeof value.unit === "number") {
      units.set(value.unit, value as unknown as UnitRecord);
    } else if (typeof value.written === "number") {
      written = value.written;
    } else {
      throw bad(lineNumber, "is neither a unit nor a written mark");
    }
    offset = end + 1;
  }
  if (header === null) throw new CheckpointError(`checkpoint ${path} is empty or torn before its first line; delete it to start over`);
  return { path, header, units, written, goodBytes: Buffer.byteLength(text.slice(0, offset)), lastDigest: digest };
}

/** The next digest of the chain: 16 hex digits of SHA-256(previous digest, line). */
function chainDigest(previous: string, body: string): string {
  return createHash("sha256").update(previous).update("\n").update(body).digest("hex").slice(0, 16);
}
