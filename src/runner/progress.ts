/**
 * Progress of a run on stderr, the same for every command: on a terminal a
 * bar (done / total, what was found, ETA); otherwise a status line every
 * 30 s with the same figures, so a run of hours under nohup or a batch
 * system leaves a readable log. The ETA counts only this run's work, so a
 * resumed run does not take the units from its checkpoint as speed.
 */
import type cliProgress from "cli-progress";
import { createRequire } from "node:module";

export interface ProgressSpec {
  /** What runs: "scan 594231786786...", "scan17 pass 1 rank 23". */
  readonly label: string;
  /** What the progress counts ("chunks", "slices", "ranks"), or null when it follows the input's bytes (shown as a percentage). */
  readonly noun: string | null;
  /** What was found so far, from the summed counters ("3 puzzles"), or null to show nothing. */
  readonly found?: (counters: Readonly<Record<string, number>>) => string | null;
}

export interface Progress {
  /** `done` of `total` (null: not known yet) counted units, with the counters so far. */
  update(done: number, total: number | null, counters: Readonly<Record<string, number>>): void;
  /** Clears the bar's line so a message written next does not run into it. */
  beforeMessage(): void;
  stop(): void;
}

const STATUS_INTERVAL_MS = 30_000;

export function createProgress(spec: ProgressSpec, alreadyDone: number, cpuSeconds: () => number): Progress {
  const started = Date.now();
  let done = alreadyDone;
  let total: number | null = null;
  let found: string | null = null;
  const eta = (): string => {
    const elapsed = (Date.now() - started) / 1000;
    const doneNow = done - alreadyDone;
    if (total === null || doneNow <= 0 || elapsed <= 0) return "?";
    return duration(((total - done) * elapsed) / doneNow);
  };

  if (process.stderr.isTTY) {
    // Loaded only for a terminal: the package takes 90 ms to load (measured), more than a small batch run.
    const progress = createRequire(import.meta.url)("cli-progress") as typeof cliProgress;
    const bar = new progress.SingleBar(
      {
        format: `${spec.label} {bar} ${spec.noun === null ? "{percentage}%" : `{value}/{total} ${spec.noun}`}{found} | ETA {etaText}`,
        stream: process.stderr,
        clearOnComplete: true,
        hideCursor: false,
      },
      progress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(doneNow, totalNow, counters) {
        done = doneNow;
        total = totalNow;
        found = spec.found?.(counters) ?? null;
        const payload = { found: found === null ? "" : ` | ${found}`, etaText: eta() };
        if (!started) {
          bar.start(total ?? done, done, payload);
          started = true;
        } else {
          bar.setTotal(total ?? done);
          bar.update(done, payload);
        }
      },
      beforeMessage: () => {
        if (started) process.stderr.write("\r\x1b[2K");
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }

  const timer = setInterval(() => {
    const amount =
      spec.noun !== null ? `${done}${total === null ? "" : `/${total}`} ${spec.noun}` : total === null || total === 0 ? "reading" : `${Math.floor((100 * done) / total)}%`;
    process.stderr.write(
      `${spec.label}: ${amount}${found === null ? "" : `, ${found}`}, ${cpuSeconds().toFixed(1)} s CPU, ` +
        `${duration((Date.now() - started) / 1000)} elapsed, ETA ${eta()}\n`,
    );
  }, STATUS_INTERVAL_MS);
  // The status line must not keep a finished process alive.
  timer.unref();
  return {
    update(doneNow, totalNow, counters) {
      done = doneNow;
      total = totalNow;
      found = spec.found?.(counters) ?? null;
    },
    beforeMessage() {},
    stop: () => clearInterval(timer),
  };
}

/** Seconds as "45s", "12m05s", "3h07m", "2d04h". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number): string => String(n).padStart(2, "0");
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${two(s % 60)}s`;
  if (s < 86400) return `${Math.floor(s / 3600)}h${two(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86400)}d${two(Math.floor((s % 86400) / 3600))}h`;
}
