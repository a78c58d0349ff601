/**
 * Progress of `sudokulab scan17 --rank` on stderr: a cli-progress bar (slices
 * done, 17s found, elapsed time) when stderr is a terminal; otherwise a
 * status line every 30 s, so a scan of hours under nohup leaves a readable
 * log without a line per slice.
 */
import cliProgress from "cli-progress";

export interface Scan17Progress {
  update(slicesDone: number, found: number): void;
  stop(): void;
}

const STATUS_INTERVAL_MS = 30_000;

/** `label` names the run ("pass 1 rank 23"); `done` slices of `total` (with `found` 17s) come from the checkpoint. */
export function createScan17Progress(label: string, total: number, done: number, found: number): Scan17Progress {
  const start = Date.now();
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `scan17 ${label} {bar} {value}/{total} slices | {found} 17s | {duration_formatted} elapsed`,
        stream: process.stderr,
        clearOnComplete: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, done, { found });
    return {
      update: (slices, hits) => bar.update(slices, { found: hits }),
      stop: () => bar.stop(),
    };
  }
  const timer = setInterval(() => {
    const elapsed = Math.round((Date.now() - start) / 1000);
    process.stderr.write(`scan17: ${label}: ${done}/${total} slices, ${found} 17s, ${elapsed} s elapsed\n`);
  }, STATUS_INTERVAL_MS);
  // The status line must not keep a finished process alive.
  timer.unref();
  return {
    update(slices, hits) {
      done = slices;
      found = hits;
    },
    stop: () => clearInterval(timer),
  };
}
