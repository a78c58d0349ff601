/**
 * Scan progress on stderr: a cli-progress bar (chunks, puzzles, ETA) when
 * stderr is a terminal; otherwise a status line every 30 s, so a scan that
 * runs for hours under nohup or a batch system leaves a readable log.
 */
import cliProgress from "cli-progress";

export interface ScanProgress {
  update(chunksDone: number, puzzles: number): void;
  stop(): void;
}

const STATUS_INTERVAL_MS = 30_000;

/** CPU seconds of the whole process (all threads) since `since`. */
export function cpuSeconds(since: NodeJS.CpuUsage): number {
  const now = process.cpuUsage(since);
  return (now.user + now.system) / 1e6;
}

export function createScanProgress(totalChunks: number, chunksDone: number, cpuStart: NodeJS.CpuUsage): ScanProgress {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: "scan {bar} {percentage}% | {value}/{total} chunks | {puzzles} puzzles | ETA {eta_formatted}",
        stream: process.stderr,
        clearOnComplete: true,
        // The ETA is 'NULL' until two chunks are done and 'INF' when far off: show '?' instead.
        formatTime: (t, options, round) => (Number.isFinite(t) ? cliProgress.Format.TimeFormat(t, options, round) : "?"),
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(totalChunks, chunksDone, { puzzles: 0 });
    return {
      update: (done, puzzles) => bar.update(done, { puzzles }),
      stop: () => bar.stop(),
    };
  }
  let done = chunksDone;
  let found = 0;
  const timer = setInterval(() => {
    process.stderr.write(`scan: ${done}/${totalChunks} chunks, ${found} puzzles, ${cpuSeconds(cpuStart).toFixed(1)} s CPU\n`);
  }, STATUS_INTERVAL_MS);
  // The status line must not keep a finished process alive.
  timer.unref();
  return {
    update(chunks, puzzles) {
      done = chunks;
      found = puzzles;
    },
    stop: () => clearInterval(timer),
  };
}
