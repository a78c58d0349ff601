/**
 * One worker that runs one job at a time. A new job while another runs
 * replaces it (the page only wants the answer for what it shows now), and
 * cancel is at once: the worker is terminated, and a fresh one is started
 * on the next job. A worker that ran to the end is kept, with the tables its
 * jobs built.
 */
import type { Job, JobEvent, EventMessage } from "./protocol.js";

/** The page's worker module; Vite bundles it from this very expression. */
export function spawnWorker(): Worker {
  return new Worker(new URL("./compute-worker.ts", import.meta.url), { type: "module" });
}

export class WorkerLane {
  private worker: Worker | null = null;
  private nextId = 1;
  private current: { id: number; onEvent: (event: JobEvent) => void; resolve: (ended: boolean) => void } | null = null;

  /** Runs a job; resolves true when it ended (done or error), false when it was cancelled or replaced. */
  run(job: Job, onEvent: (event: JobEvent) => void): Promise<boolean> {
    if (this.current !== null) this.cancel();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<boolean>((resolve) => {
      this.current = { id, onEvent, resolve };
      worker.postMessage({ id, job });
    });
  }

  get busy(): boolean {
    return this.current !== null;
  }

  cancel(): void {
    if (this.current === null) return;
    this.worker?.terminate();
    this.worker = null;
    const { resolve } = this.current;
    this.current = null;
    resolve(false);
  }

  /** Ends the worker, running or idle (its tables go with it). */
  close(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = spawnWorker();
    worker.onmessage = ({ data }: MessageEvent<EventMessage>) => {
      const current = this.current;
      if (current === null || data.id !== current.id) return;
      current.onEvent(data.event);
      if (data.event.type === "done" || data.event.type === "error") {
        this.current = null;
        current.resolve(true);
      }
    };
    worker.onerror = (event) => {
      const current = this.current;
      if (current === null) return;
      this.current = null;
      this.worker?.terminate();
      this.worker = null;
      current.onEvent({ type: "error", message: event.message || "the worker failed" });
      current.resolve(true);
    };
    this.worker = worker;
    return worker;
  }
}
