/**
 * A fixed pool of worker threads (worker.ts) that run line jobs in batches.
 * Each worker holds one batch at a time; batches wait in a queue for the next
 * idle worker. Results come back per batch, and the caller decides the order
 * in which to use them.
 */
import { Worker } from "node:worker_threads";
import type { BatchCommand, JobOptions, JobResult } from "./line-jobs.js";

/** Sent once, as workerData: what every batch of this run does. */
export interface WorkerSetup {
  readonly command: BatchCommand;
  readonly options: JobOptions;
}

export interface BatchRequest {
  readonly id: number;
  readonly lines: readonly string[];
}

export interface BatchReply {
  readonly id: number;
  readonly results: readonly JobResult[];
}

interface Task {
  readonly request: BatchRequest;
  readonly resolve: (results: readonly JobResult[]) => void;
  readonly reject: (error: Error) => void;
}

export class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Task[] = [];
  private readonly running = new Map<Worker, Task>();
  private nextId = 0;
  private failure: Error | null = null;
  private closed = false;

  constructor(size: number, setup: WorkerSetup) {
    const script = new URL("./worker.js", import.meta.url);
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script, { workerData: setup });
      worker.on("message", (reply: BatchReply) => this.finished(worker, reply));
      worker.on("error", (error) => this.fail(error));
      worker.on("exit", (code) => {
        if (!this.closed) this.fail(new Error(`worker thread exited unexpectedly (code ${code})`));
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** Runs the lines as one batch on the next free worker. */
  run(lines: readonly string[]): Promise<readonly JobResult[]> {
    if (this.failure !== null) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, lines }, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the workers. Batches still running are abandoned: their promises never settle. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.running.clear();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const task = this.queue.shift() as Task;
      this.running.set(worker, task);
      worker.postMessage(task.request);
    }
  }

  private finished(worker: Worker, reply: BatchReply): void {
    const task = this.running.get(worker);
    if (task === undefined || task.request.id !== reply.id) return;
    this.running.delete(worker);
    this.idle.push(worker);
    task.resolve(reply.results);
    this.dispatch();
  }

  /** A crashed worker fails the whole run: its batch's answers would be missing. */
  private fail(error: Error): void {
    if (this.closed || this.failure !== null) return;
    this.failure = error;
    for (const task of [...this.running.values(), ...this.queue]) task.reject(error);
    this.running.clear();
    this.queue.length = 0;
  }
}
