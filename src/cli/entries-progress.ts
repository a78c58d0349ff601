/**
 * Progress of `sudokulab entries --all-ranks` on stderr: a cli-progress bar
 * (ranks, bands 3, ETA) when stderr is a terminal; otherwise one line per
 * finished rank, so a run of hours under nohup leaves a readable log. A rank
 * takes seconds to minutes, so a line per rank is never noisy.
 */
import cliProgress from "cli-progress";
import type { CatalogName } from "../catalog/index.js";
import type { RankCount } from "./entries-job.js";

export interface EntriesProgress {
  rankDone(count: RankCount): void;
  /** Call before writing table lines: on a terminal, clears the bar's line if they go to the same terminal. */
  beforeOutput(toStdout: boolean): void;
  stop(): void;
}

/** `total` ranks in the range, `done` of them (with `bands3` bands 3) taken from the checkpoint. */
export function createEntriesProgress(catalog: CatalogName, total: number, done: number, bands3: number): EntriesProgress {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `entries ${catalog} {bar} {value}/{total} ranks | {bands3} bands 3 | ETA {eta_formatted}`,
        stream: process.stderr,
        clearOnComplete: true,
        // Ranks differ in cost by a factor of ten: until a few are done the ETA means little; show '?' when it is unknown.
        formatTime: (t, options, round) => (Number.isFinite(t) ? cliProgress.Format.TimeFormat(t, options, round) : "?"),
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, done, { bands3: bands3.toLocaleString("en-US") });
    return {
      rankDone(count) {
        done++;
        bands3 += count.bands3;
        bar.update(done, { bands3: bands3.toLocaleString("en-US") });
      },
      beforeOutput(toStdout) {
        // The bar is drawn again at its next update.
        if (toStdout && process.stdout.isTTY) process.stderr.write("\r\x1b[2K");
      },
      stop: () => bar.stop(),
    };
  }
  return {
    rankDone(count) {
      done++;
      process.stderr.write(
        `entries: ${catalog} rank ${count.rank} done: ${count.entries} entries, ${count.bands3} bands 3, ` +
          `${count.cpuSeconds.toFixed(1)} s CPU (${done}/${total} ranks)\n`,
      );
    },
    beforeOutput() {},
    stop() {},
  };
}
