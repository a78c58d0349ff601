/**
 * Threads that run units: worker threads started as they are needed, up to
 * a maximum, each running one unit at a time; or the main thread itself,
 * for small fast work where starting a thread would cost more than the work
 * (the batch commands' first lines). A unit in progress can be abandoned:
 * its thread is terminated, which is the only way to stop a synchronous
 * search, and a new thread takes its place when needed.
 */
import { Worker } from "node:worker_threads";
import { runUnitTask, type UnitOutcome, type UnitTask } from "./unit-task.js";

export interface UnitExecutor {
  /** Runs a unit; resolves with its outcome, or with null when it was abandoned. */
  run(task: UnitTask): Promise<UnitOutcome | null>;
  /** Abandons every unit in progress whose index satisfies `which`. */
  abandon(which: (index: number) => boolean): Promise<void>;
  /** Threads this executor may run at once. */
  readonly size: number;
  close(): Promise<void>;
}

interface Running {
  readonly id: number;
  readonly index: number;
  readonly resolve: (outcome: UnitOutcome | null) => void;
}

export class ThreadPool implements UnitExecutor {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Running>();
  private readonly waiting: { task: UnitTask; resolve: (outcome: UnitOutcome | null) => void }[] = [];
  private nextId = 0;
  private closed = false;

  constructor(readonly size: number) {}

  run(task: UnitTask): Promise<UnitOutcome | null> {
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting.push({ task, resolve });
      this.dispatch();
    });
  }

  async abandon(which: (index: number) => boolean): Promise<void> {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (which(this.waiting[i].task.index)) this.waiting.splice(i, 1)[0].resolve(null);
    }
    const doomed = [...this.busy.entries()].filter(([, running]) => which(running.index));
    for (const [worker, running] of doomed) {
      this.busy.delete(worker);
      running.resolve(null);
    }
    await Promise.all(doomed.map(([worker]) => worker.terminate()));
    this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) waiting.resolve(null);
    for (const running of this.busy.values()) running.resolve(null);
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    this.busy.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && !this.closed) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
      if (worker === undefined) return;
      const { task, resolve } = this.waiting.shift()!;
      const id = this.nextId++;
      this.busy.set(worker, { id, index: task.index, resolve });
      worker.postMessage({ id, task });
    }
  }

  private spawn(): Worker {
    const worker = new Worker(new URL("./unit-worker.js", import.meta.url));
    worker.on("message", (message: { id: number; outcome: UnitOutcome }) => {
      const running = this.busy.get(worker);
      if (running === undefined || running.id !== message.id) return;
      this.busy.delete(worker);
      this.idle.push(worker);
      running.resolve(message.outcome);
      this.dispatch();
    });
    // A thread that dies (out of memory, a crash in a unit) fails its unit, not the run.
    const lost = (why: string): void => {
      const running = this.busy.get(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      if (running === undefined) return;
      this.busy.delete(worker);
      running.resolve({ ok: false, error: why });
      this.dispatch();
    };
    worker.on("error", (error) => lost(`the unit's thread failed: ${error.message}`));
    worker.on("exit", (code) => lost(`the unit's thread exited with code ${code}`));
    return worker;
  }
}

/** Runs units in the main thread, one at a time. */
export class MainThread implements UnitExecutor {
  readonly size = 1;

  run(task: UnitTask): Promise<UnitOutcome | null> {
    return runUnitTask(task);
  }

  async abandon(): Promise<void> {}

  async close(): Promise<void> {}
}
