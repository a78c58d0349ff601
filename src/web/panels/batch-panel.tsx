/**
 * Rates a file of puzzles on every core: choose or drop the file, follow
 * the progress, see the ER histogram, download the results as the CLI
 * writes them. Bad lines are listed with their numbers and the rest goes on.
 */
import { useRef, useState } from "preact/hooks";
import { formatPuzzle, formatRating, readPuzzles } from "../../index.js";
import { rateInPool, type PoolRun } from "../batch/batch-pool.js";
import { BIN_TENTHS, erHistogram, rateLine } from "../batch/batch-text.js";
import type { BatchResult } from "../work/protocol.js";

interface Good {
  readonly line: number;
  readonly puzzle: string;
  readonly annotation: string;
}

interface BadLine {
  readonly line: number;
  readonly reason: string;
}

interface BatchState {
  readonly state: "idle" | "running" | "done" | "cancelled";
  readonly name: string;
  readonly goods: readonly Good[];
  readonly results: readonly (BatchResult | undefined)[];
  readonly rated: number;
  readonly bad: readonly BadLine[];
  readonly workers: number;
  readonly started: number;
  readonly elapsed: number;
}

const UPDATE_MS = 100;

const IDLE: BatchState = { state: "idle", name: "", goods: [], results: [], rated: 0, bad: [], workers: 0, started: 0, elapsed: 0 };

export function BatchPanel() {
  const [batch, setBatch] = useState<BatchState>(IDLE);
  const [dragging, setDragging] = useState(false);
  const run = useRef<PoolRun | null>(null);

  const start = async (file: File): Promise<void> => {
    run.current?.cancel();
    const text = await file.text();
    const goods: Good[] = [];
    const bad: BadLine[] = [];
    for (const item of readPuzzles(text)) {
      if (item.ok) goods.push({ line: item.line, puzzle: formatPuzzle(item.cells), annotation: item.annotation });
      else bad.push({ line: item.line, reason: item.reason });
    }
    const results: (BatchResult | undefined)[] = new Array(goods.length);
    const started = performance.now();
    // Results arrive by the thousand on a big file: the page shows them at most every UPDATE_MS, not one render each.
    let rated = 0;
    let pending = false;
    const show = (): void => {
      pending = false;
      // A later batch, or this one's end, has taken over the display.
      if (run.current === pool) setBatch((b) => ({ ...b, results, rated }));
    };
    const pool: PoolRun = rateInPool(
      goods.map((good, index) => ({ index, cells: Array.from(good.puzzle, (ch) => (ch === "." ? 0 : Number(ch))) })),
      (result) => {
        results[result.index] = result;
        rated++;
        if (!pending) {
          pending = true;
          setTimeout(show, UPDATE_MS);
        }
      },
    );
    run.current = pool;
    setBatch({ state: "running", name: file.name, goods, results, rated: 0, bad, workers: pool.workers, started, elapsed: 0 });
    const complete = await pool.finished;
    if (run.current !== pool) return;
    run.current = null;
    setBatch((b) => ({ ...b, results, rated, state: complete ? "done" : "cancelled", elapsed: performance.now() - started }));
  };

  const cancel = (): void => {
    run.current?.cancel();
  };

  const onFiles = (files: FileList | null | undefined): void => {
    const file = files?.[0];
    if (file !== undefined) void start(file);
  };

  const ratingProblems: BadLine[] = [];
  const ers: number[] = [];
  batch.results.forEach((result, i) => {
    if (result === undefined) return;
    if (result.problem !== null) ratingProblems.push({ line: batch.goods[i].line, reason: result.problem });
    else ers.push(result.er);
  });
  const allBad = [...batch.bad, ...ratingProblems].sort((a, b) => a.line - b.line);

  const download = (): void => {
    const lines: string[] = [];
    batch.results.forEach((result, i) => {
      if (result !== undefined && result.problem === null) lines.push(rateLine(batch.goods[i].puzzle, result.er, result.ep, result.ed, batch.goods[i].annotation));
    });
    const blob = new Blob([lines.map((line) => line + "\n").join("")], { type: "text/plain" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${batch.name.replace(/\.[^.]*$/, "") || "puzzles"}-rated.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };

  return (
    <div class="batch">
      <div
        class={`drop${dragging ? " dragging" : ""}`}
        data-testid="batch-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          onFiles(e.dataTransfer?.files);
        }}
      >
        <label for="batch-file">Drop a file of puzzles here, or choose one:</label>{" "}
        <input id="batch-file" type="file" accept=".txt,.tsv,.csv,.sdm,text/plain" data-testid="batch-file" onChange={(e) => onFiles((e.currentTarget as HTMLInputElement).files)} />
        <p class="muted small">One puzzle per line (81 characters, then any annotation) or 9-line grids. Rated on {navigator.hardwareConcurrency || 2} cores.</p>
      </div>
      {batch.state !== "idle" ? (
        <>
          <div class="row-controls">
            <progress data-testid="batch-progress" max={Math.max(1, batch.goods.length)} value={batch.rated} aria-label="Batch progress" />
            <button type="button" data-testid="batch-cancel" disabled={batch.state !== "running"} onClick={cancel}>
              Cancel
            </button>
            <button type="button" class="primary" data-testid="batch-download" disabled={batch.state !== "done"} onClick={download}>
              Download the results
            </button>
          </div>
          <p data-testid="batch-status" data-state={batch.state} role="status">
            {batch.name}: {batch.rated} of {batch.goods.length} puzzles rated
            {batch.state === "running" ? ` on ${batch.workers} workers…` : batch.state === "done" ? ` in ${(batch.elapsed / 1000).toFixed(1)} s.` : " (cancelled)."}
            {allBad.length > 0 ? ` ${allBad.length} bad line${allBad.length === 1 ? "" : "s"}.` : ""}
          </p>
          <Histogram ers={ers} />
          {allBad.length > 0 ? (
            <details open class="bad-lines">
              <summary>Bad lines</summary>
              <ul data-testid="batch-bad">
                {allBad.map((bad) => (
                  <li key={bad.line} data-line={bad.line}>
                    line {bad.line}: {bad.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function Histogram({ ers }: { ers: readonly number[] }) {
  const bins = erHistogram(ers);
  if (bins.length === 0) return null;
  const most = Math.max(...bins.map((bin) => bin.count));
  const width = 100 / bins.length;
  return (
    <figure class="histogram">
      <p class="small muted">
        ER of the {ers.length} puzzles rated, in steps of {formatRating(BIN_TENTHS)} (the highest bar: {most})
      </p>
      <svg viewBox="0 0 100 60" preserveAspectRatio="none" role="img" aria-label="Histogram of ER" data-testid="histogram">
        {bins.map((bin, i) => {
          const height = (50 * bin.count) / most;
          return (
            <rect key={bin.from} data-testid="histogram-bar" data-from={formatRating(bin.from)} data-count={bin.count} x={i * width + width * 0.1} y={52 - height} width={width * 0.8} height={height}>
              <title>
                ER {formatRating(bin.from)}
                {bin.from < 200 ? `-${formatRating(bin.from + BIN_TENTHS - 1)}` : ""}: {bin.count}
              </title>
            </rect>
          );
        })}
      </svg>
      <figcaption class="axis" aria-hidden="true">
        {bins.map((bin) => (
          <span key={bin.from} style={{ width: `${width}%` }}>
            {formatRating(bin.from)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
