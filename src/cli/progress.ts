/**
 * The progress bar on stderr (cli-progress), shown only when stderr is a
 * terminal and the input size is known (files, not stdin). Otherwise every
 * call is a no-op, so piped or logged stderr carries only error messages.
 */
import cliProgress from "cli-progress";

export interface Progress {
  update(bytesDone: number, linesDone: number): void;
  /** Clears the bar's line so a message written next does not run into it. */
  beforeMessage(): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, beforeMessage() {}, stop() {} };

export function createProgress(totalBytes: number | null): Progress {
  if (!process.stderr.isTTY || totalBytes === null || totalBytes === 0) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      format: "sudokulab {bar} {percentage}% | {lines} lines | ETA {eta_formatted}",
      stream: process.stderr,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(totalBytes, 0, { lines: 0 });
  return {
    // The byte count is an estimate (see LineReader.bytesRead): never let it pass the total.
    update: (bytesDone, linesDone) => bar.update(Math.min(bytesDone, totalBytes), { lines: linesDone }),
    beforeMessage: () => process.stderr.write("\r\x1b[2K"),
    stop: () => bar.stop(),
  };
}
