/**
 * Threads that run units: worker threads started as they are needed, up to
 * a maximum, each running one batch of units at a time (one unit, or many
 * when they are quick: see batchSize); or the main thread itself,
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
  /** Units worth holding at once, running and waiting (default: two per thread). */
  readonly capacity?: number;
  /** Abandons every unit in progress whose index satisfies `which`. */
  abandon(which: (index: number) => boolean): Promise<void>;
  /** Threads this executor may run at once. */
  readonly size: number;
  close(): Promise<void>;
}

interface Waiting {
  readonly task: UnitTask;
  readonly resolve: (outcome: UnitOutcome | null) => void;
}

/** A worker's batch: the units sent in one message, in order; `done` of them have come back. */
interface Running {
  readonly id: number;
  readonly units: Waiting[];
  done: number;
}

/** Work per message to a thread, in CPU seconds, once units are known to be quick: a round trip costs about 0.3 ms. */
const BATCH_SECONDS = 0.01;
const MAX_BATCH = 64;

export class ThreadPool implements UnitExecutor {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Running>();
  private readonly waiting: Waiting[] = [];
  private nextId = 0;
  private closed = false;
  /** Mean CPU seconds of the recent units (null: none seen yet). */
  private unitSeconds: number | null = null;
  /** After a lost thread, units go one at a time, so that a unit that kills its thread fails alone. */
  private careful = false;
  /** Messages sent to the threads, each with a batch of units. */
  batchesSent = 0;

  constructor(readonly size: number) {}

  /**
   * Units this pool can usefully hold, running and waiting: two batches
   * per thread, so that a thread finds its next batch ready.
   */
  get capacity(): number {
    return 2 * this.size * this.batchSize(Number.POSITIVE_INFINITY);
  }

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
    const doomed = [...this.busy.entries()].filter(([, running]) => running.units.slice(running.done).some((unit) => which(unit.task.index)));
    const spared: Waiting[] = [];
    for (const [worker, running] of doomed) {
      this.busy.delete(worker);
      for (const unit of running.units.slice(running.done)) {
        if (which(unit.task.index)) unit.resolve(null);
        else spared.push(unit);
      }
    }
    this.waiting.unshift(...spared);
    await Promise.all(doomed.map(([worker]) => worker.terminate()));
    this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) waiting.resolve(null);
    for (const running of this.busy.values()) for (const unit of running.units.slice(running.done)) unit.resolve(null);
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    this.busy.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /**
   * Units per message: one while their cost is unknown or seconds long;
   * quick ones (a rating of an easy puzzle: half a millisecond) go in
   * batches of about BATCH_SECONDS, since each message's round trip costs
   * as much as the unit. `waiting` units are shared fairly over the threads,
   * so the last ones still spread.
   */
  private batchSize(waiting: number): number {
    if (this.careful || this.unitSeconds === null) return 1;
    const quick = Math.max(1, Math.min(MAX_BATCH, Math.floor(BATCH_SECONDS / Math.max(this.unitSeconds, 1e-6))));
    return Math.max(1, Math.min(quick, Math.ceil(waiting / this.size)));
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && !this.closed) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
      if (worker === undefined) return;
      const units = this.waiting.splice(0, this.batchSize(this.waiting.length));
      const id = this.nextId++;
      this.busy.set(worker, { id, units, done: 0 });
      this.batchesSent++;
      worker.postMessage({ id, tasks: units.map((unit) => unit.task) });
    }
  }

  private spawn(): Worker {
    const worker = new Worker(new URL("./unit-worker.js", import.meta.url));
    worker.on("message", (message: { id: number; outcomes: UnitOutcome[] }) => {
      const running = this.busy.get(worker);
      if (running === undefined || running.id !== message.id) return;
      for (const outcome of message.outcomes) {
        if (outcome.ok) this.unitSeconds = this.unitSeconds === null ? outcome.cpu : 0.8 * this.unitSeconds + 0.2 * outcome.cpu;
        running.units[running.done++].resolve(outcome);
      }
      if (running.done < running.units.length) return;
      this.busy.delete(worker);
      this.idle.push(worker);
      this.dispatch();
    });
    // A thread that dies (out of memory, a crash in a unit) fails its unit, not the run.
    const lost = (why: string): void => {
      const running = this.busy.get(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      if (running === undefined) return;
      this.busy.delete(worker);
      const left = running.units.slice(running.done);
      if (left.length === 1) left[0].resolve({ ok: false, error: why });
      else {
        // Which of the batch killed it is not known: each runs again alone.
        this.careful = true;
        this.waiting.unshift(...left);
      }
      this.dispatch();
    };
    worker.on("error", (error) => lost(`the unit's thread failed: ${error.message}`));
    worker.on("exit", (code) => lost(`the unit's thread exited with code ${code}`));
    return worker;
  }
}

export class MainThread implements UnitExecutor {
  readonly size = 1;

  run(task: UnitTask): Promise<UnitOutcome | null> {
    return runUnitTask(task);
  }

  async abandon(): Promise<void> {}

  async close(): Promise<void> {}
}
