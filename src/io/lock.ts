/**
 * Exclusive locks on files (a run's checkpoint): a second process that
 * wants the same checkpoint is refused, with the holder's PID and host, so
 * two resumes of one run cannot both append. A lock is a file created with
 * O_EXCL beside the guarded one. A lock whose process is dead (on this host:
 * no such PID, or a PID now used by a process started later) is stale and
 * is taken over, under a second short-lived lock so that two processes
 * cannot both take it over.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { sleepSync } from "./sleep.js";

interface Holder {
  readonly pid: number;
  readonly host: string;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused PID; null elsewhere. */
  readonly start: number | null;
  readonly since: string;
}

/** A takeover lock older than this was left by a crash in the middle of a takeover. */
const TAKEOVER_STALE_MS = 10_000;

export class LockRefused extends Error {}

export class FileLock {
  private held = true;
  private readonly release = (): void => this.unlock();

  private constructor(readonly path: string) {
    process.once("exit", this.release);
  }

  /** Takes the lock `path`, or throws LockRefused naming its holder. */
  static acquire(path: string, what: string): FileLock {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (tryCreate(path)) return new FileLock(path);
      const holder = readHolder(path);
      if (holder !== null && !isStale(holder)) {
        throw new LockRefused(
          `${what} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}); ` +
            `wait for it to finish${holder.host === hostname() ? "" : `, or, if that process is gone, delete ${path}`}`,
        );
      }
      // Stale, or unreadable because it is being written this instant: take it over under the takeover lock.
      if (holder !== null && takeOver(path, holder)) return new FileLock(path);
      sleepSync(50);
    }
    throw new LockRefused(`${what}: could not take the lock ${path}`);
  }

  unlock(): void {
    if (!this.held) return;
    this.held = false;
    process.off("exit", this.release);
    const holder = readHolder(this.path);
    if (holder !== null && holder.pid === process.pid && holder.host === hostname()) unlinkSync(this.path);
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    const holder: Holder = { pid: process.pid, host: hostname(), start: processStart(process.pid), since: new Date().toISOString() };
    writeSync(fd, JSON.stringify(holder) + "\n");
  } finally {
    closeSync(fd);
  }
  return true;
}

function readHolder(path: string): Holder | null {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Holder;
    return typeof value.pid === "number" && typeof value.host === "string" ? value : null;
  } catch {
    return null;
  }
}

/** True when the holder is known dead: only decidable on this host. */
function isStale(holder: Holder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  // The PID is alive: it is the holder unless it was reused by a process started later.
  const start = processStart(holder.pid);
  return holder.start !== null && start !== null && start !== holder.start;
}

/** Replaces a stale lock by ours; false when another process did something to it meanwhile. */
function takeOver(path: string, stale: Holder): boolean {
  const takeover = `${path}.takeover`;
  if (!tryCreate(takeover)) {
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(takeover);
    } catch {
      // Gone already: the other process finished its takeover.
    }
    return false;
  }
  try {
    const now = readHolder(path);
    if (now === null || now.pid !== stale.pid || now.host !== stale.host || now.since !== stale.since) return false;
    unlinkSync(path);
    return tryCreate(path);
  } finally {
    unlinkSync(takeover);
  }
}

/** Start time of a process in clock ticks since boot (/proc/PID/stat field 22), or null. */
function processStart(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const value = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

