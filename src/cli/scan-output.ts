/**
 * Where scan puzzles go, in chunk order. Chunks finish in any order on the
 * threads; the writer holds each one until every chunk before it is written,
 * so the output is the same for any thread count, and records every finished
 * chunk in the checkpoint (scan-checkpoint.ts) once its puzzles are safe:
 * written to the output, or kept in the checkpoint itself while they wait.
 */
import { type FileHandle, open, stat, truncate } from "node:fs/promises";
import { writeStdout } from "./output.js";
import { writeCheckpoint, type CheckpointState, type ScanIdentity } from "./scan-checkpoint.js";
import type { ChunkReport } from "./scan-job.js";

export interface PuzzleOutput {
  write(text: string): Promise<void>;
  /** Bytes in the file after the last write (0 for stdout). */
  readonly bytes: number;
  close(): Promise<void>;
}

export const stdoutOutput: PuzzleOutput = { write: writeStdout, bytes: 0, close: async () => {} };

/** The --out file, flushed to disk after each write: the checkpoint records only bytes that are there. */
export class FileOutput implements PuzzleOutput {
  private constructor(
    private readonly handle: FileHandle,
    public bytes: number,
  ) {}

  /** A new scan starts the file afresh; a resumed one keeps exactly the bytes its checkpoint recorded. */
  static async open(path: string, resumeBytes: number | null): Promise<FileOutput> {
    if (resumeBytes === null) return new FileOutput(await open(path, "w"), 0);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      throw new Error(`--resume: the output file ${path} is missing`);
    }
    if (size < resumeBytes) {
      throw new Error(`--resume: ${path} has ${size} bytes, fewer than the ${resumeBytes} the checkpoint recorded (was it changed?)`);
    }
    // Bytes beyond the record belong to a chunk written just before a crash; it will run again.
    if (size > resumeBytes) await truncate(path, resumeBytes);
    return new FileOutput(await open(path, "a"), resumeBytes);
  }

  async write(text: string): Promise<void> {
    await this.handle.write(text);
    await this.handle.sync();
    this.bytes += Buffer.byteLength(text);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

export class ScanWriter {
  /** Every chunk is written, or --stop-at-first wrote its puzzle. */
  finished: boolean;
  /** Puzzles written by this run. */
  puzzlesWritten = 0;
  /** --stop-at-first: the first puzzle of each chunk a thread stopped early. */
  private readonly hits = new Map<number, string>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly total: number,
    private readonly identity: ScanIdentity,
    private readonly checkpointPath: string,
    private readonly state: CheckpointState,
    private readonly output: PuzzleOutput,
    private readonly stopAtFirst: boolean,
  ) {
    this.finished = state.written >= total;
  }

  /** Finished chunks: written, or held in the checkpoint. */
  get chunksDone(): number {
    return this.state.written + this.state.ahead.size;
  }

  /** Takes a chunk's report; the writing happens in order, one step after another (see idle()). */
  accept(report: ChunkReport): void {
    if (report.complete) this.state.ahead.set(report.chunk, report.puzzles);
    else this.hits.set(report.chunk, report.puzzles[0]);
    this.drainLater();
  }

  /** Writes whatever is ready (e.g. chunks a resumed checkpoint held). */
  drainLater(): void {
    this.chain = this.chain.then(() => this.drain());
  }

  /** Resolves when everything accepted so far is written and recorded; rejects if a write failed. */
  idle(): Promise<void> {
    return this.chain;
  }

  private async drain(): Promise<void> {
    if (this.finished) return;
    const { state } = this;
    const lines: string[] = [];
    while (!this.finished) {
      const puzzles = state.ahead.get(state.written);
      if (puzzles !== undefined) {
        if (this.stopAtFirst && puzzles.length > 0) {
          lines.push(puzzles[0]);
          this.finished = true;
          break;
        }
        lines.push(...puzzles);
        state.ahead.delete(state.written);
        state.written++;
        this.finished = state.written === this.total;
        continue;
      }
      const hit = this.hits.get(state.written);
      if (hit === undefined) break;
      lines.push(hit);
      this.finished = true;
    }
    if (lines.length > 0) {
      await this.output.write(lines.map((line) => line + "\n").join(""));
      state.outBytes = this.output.bytes;
      this.puzzlesWritten += lines.length;
    }
    // A finished scan's checkpoint is deleted by the caller; until then the last record stays valid.
    if (!this.finished) writeCheckpoint(this.checkpointPath, this.identity, state);
  }
}
