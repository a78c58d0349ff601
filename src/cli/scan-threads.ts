/**
 * Where `sudokulab scan` runs its chunks: worker threads that claim chunks
 * from a shared counter, or (--threads 1) the main thread in slices; and how
 * SIGINT / SIGTERM stop either one. Both hand every finished chunk to the
 * same callback, which passes it on to the ordered writer.
 */
import { Script, createContext } from "node:vm";
import { Worker } from "node:worker_threads";
import type { ScanSetup } from "../scan/index.js";
import { claimer, runClaimed, type ChunkReport, type JobOptions, type ScanWorkerData, type WorkerMessage } from "./scan-job.js";
import type { ScanWriter } from "./scan-output.js";

/** How long the main thread searches (--threads 1) before it lets output, timers and signals run. */
const SLICE_MS = 1000;

/**
 * --threads 1. The search blocks the event loop for a whole chunk, which can
 * take hours, so a SIGINT handler would wait that long; instead the search
 * runs under vm's breakOnSigint (the REPL's mechanism), which aborts it at
 * once. SIGTERM has no such hook: while the search runs it keeps its default
 * action and ends the process at once, which is safe, since the output and
 * the checkpoint are written only between slices.
 */
export async function runInMainThread(
  setup: ScanSetup,
  control: Int32Array,
  pending: Int32Array,
  options: JobOptions,
  onReport: (report: ChunkReport) => void,
  writer: ScanWriter,
  interruption: Interruption,
): Promise<void> {
  const claim = claimer(control, pending);
  const sandbox = { slice: (): void => {} };
  const context = createContext(sandbox);
  const script = new Script("slice()");
  while (!writer.finished && interruption.signal === null && Atomics.load(control, 0) < pending.length) {
    const deadline = performance.now() + SLICE_MS;
    // A slice ends after the first chunk that ends past the deadline; the next starts a fresh search.
    sandbox.slice = () => runClaimed(setup, () => (performance.now() < deadline ? claim() : -1), options, onReport);
    interruption.holdTerm(true);
    try {
      script.runInContext(context, { breakOnSigint: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ERR_SCRIPT_EXECUTION_INTERRUPTED") throw error;
      interruption.trigger("SIGINT");
    } finally {
      interruption.holdTerm(false);
    }
    await writer.idle();
    // A signal that came during the slice's writes is dispatched an event-loop turn or two later (a
    // single setImmediate is not enough, measured); starting the next slice first would lose it.
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Worker threads claim chunks from the shared counter until none is left, the writer is done, or a signal arrives. */
export async function runOnWorkers(
  data: ScanWorkerData,
  threads: number,
  onReport: (report: ChunkReport) => void,
  writer: ScanWriter,
  interruption: Interruption,
): Promise<void> {
  const script = new URL("./scan-worker.js", import.meta.url);
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = threads;
      // `left` is read now, not when the writes are done: by then a later "done" may have come,
      // whose worker's last chunks are still being written.
      const settle = (): void => {
        const left = running;
        writer.idle().then(() => {
          if (writer.finished) resolve();
          else if (left === 0) reject(new Error("internal error: the worker threads ended with chunks not done"));
        }, reject);
      };
      interruption.onSignal(resolve);
      for (let i = 0; i < threads; i++) {
        const worker = new Worker(script, { workerData: data });
        worker.on("message", (message: WorkerMessage) => {
          if (message.kind === "chunk") onReport(message.report);
          else running--;
          settle();
        });
        worker.on("error", reject);
        // A worker that finishes exits with 0; terminate() (code 1) comes only after the promise is settled.
        worker.on("exit", (code) => {
          if (code !== 0) reject(new Error(`a scan worker thread exited with code ${code}`));
        });
        workers.push(worker);
      }
      if (interruption.signal !== null) resolve();
    });
  } finally {
    interruption.onSignal(null);
    // Chunks still running are abandoned: the checkpoint does not name them, so a resume runs them again.
    Atomics.store(data.control, 1, -1);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** SIGINT and SIGTERM: stop handing out chunks, keep what is written, exit 130. */
export class Interruption {
  signal: NodeJS.Signals | null = null;
  private wake: (() => void) | null = null;
  private readonly handler = (signal: NodeJS.Signals): void => this.trigger(signal);

  constructor() {
    process.on("SIGINT", this.handler);
    process.on("SIGTERM", this.handler);
  }

  trigger(signal: NodeJS.Signals): void {
    this.signal ??= signal;
    this.wake?.();
  }

  onSignal(callback: (() => void) | null): void {
    this.wake = callback;
  }

  /** While the main thread searches, a queued SIGTERM would wait for the chunk: give it back its default action. */
  holdTerm(searching: boolean): void {
    if (searching) process.off("SIGTERM", this.handler);
    else process.on("SIGTERM", this.handler);
  }

  dispose(): void {
    process.off("SIGINT", this.handler);
    process.off("SIGTERM", this.handler);
  }
}
