/**
 * The scan of a grid for its puzzles of N clues (the band engine, in the
 * scan worker): progress by chunk (one per band of the grid), an estimate
 * of the time left, cancel at once, and each puzzle listed as it is found.
 */
import { useEffect, useState } from "preact/hooks";
import { lanes } from "../work/lanes.js";

const CLUE_CHOICES = [16, 17, 18, 19, 20];

interface ScanState {
  readonly state: "idle" | "running" | "done" | "cancelled" | "error";
  readonly grid: string;
  readonly clues: number;
  readonly found: readonly string[];
  readonly chunksDone: number;
  readonly chunks: number;
  readonly started: number;
  readonly elapsed: number;
  readonly message: string;
}

const IDLE: ScanState = { state: "idle", grid: "", clues: 17, found: [], chunksDone: 0, chunks: 3, started: 0, elapsed: 0, message: "" };

export function ScanSection({ grid, cells, onLoad }: { grid: string; cells: Uint8Array; onLoad: (text: string) => void }) {
  const [clues, setClues] = useState(17);
  const [scan, setScan] = useState<ScanState>(IDLE);
  const [now, setNow] = useState(0);
  const running = scan.state === "running";

  // A clock for the elapsed time and the estimate while the scan runs.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [running]);

  const start = (): void => {
    const started = performance.now();
    setNow(started);
    setScan({ ...IDLE, state: "running", grid, clues, started });
    void lanes.scan.run({ kind: "scan", grid: Array.from(cells), clues }, (event) => {
      if (event.type === "found") setScan((s) => ({ ...s, found: [...s.found, event.puzzle] }));
      else if (event.type === "scan-progress") setScan((s) => ({ ...s, chunksDone: event.chunksDone, chunks: event.chunks }));
      else if (event.type === "done") setScan((s) => ({ ...s, state: "done", elapsed: event.ms }));
      else if (event.type === "error") setScan((s) => ({ ...s, state: "error", message: event.message }));
    });
  };
  const cancel = (): void => {
    lanes.scan.cancel();
    setScan((s) => ({ ...s, state: "cancelled", elapsed: performance.now() - s.started }));
  };

  const elapsed = running ? now - scan.started : scan.elapsed;
  const fraction = scan.chunks === 0 ? 0 : scan.chunksDone / scan.chunks;
  return (
    <section class="scan" aria-label="Scan">
      <h2>Scan for puzzles</h2>
      <div class="row-controls">
        <label>
          Clues{" "}
          <select data-testid="scan-clues" value={clues} disabled={running} onChange={(e) => setClues(Number((e.currentTarget as HTMLSelectElement).value))}>
            {CLUE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="primary" data-testid="scan-button" disabled={running} onClick={start}>
          Scan
        </button>
        <button type="button" data-testid="scan-cancel" disabled={!running} onClick={cancel}>
          Cancel
        </button>
      </div>
      {scan.state !== "idle" ? (
        <div class="scan-status">
          <progress data-testid="scan-progress" max={scan.chunks} value={scan.chunksDone} aria-label="Scan progress" />
          <p data-testid="scan-status" data-state={scan.state} data-ms={Math.round(elapsed)} role="status">
            {statusText(scan, elapsed, fraction)}
          </p>
          <ol class="found" data-testid="scan-results">
            {scan.found.map((puzzle, i) => (
              <li key={i}>
                <button type="button" class="mono" data-testid="scan-result" onClick={() => onLoad(puzzle)} title="Load this puzzle">
                  {puzzle}
                </button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

function statusText(scan: ScanState, elapsed: number, fraction: number): string {
  const found = `${scan.found.length} puzzle${scan.found.length === 1 ? "" : "s"} of ${scan.clues} clues`;
  const time = `${(elapsed / 1000).toFixed(1)} s`;
  switch (scan.state) {
    case "running": {
      // Chunks differ in cost, so the estimate is rough until one is done.
      const eta = fraction > 0 ? `about ${Math.max(0, Math.round((elapsed / fraction - elapsed) / 1000))} s left` : "estimating the time left";
      return `Scanning: band ${Math.min(scan.chunksDone + 1, scan.chunks)} of ${scan.chunks}, ${found} so far, ${time}, ${eta}.`;
    }
    case "done": return `Done: ${found} in ${time}.`;
    case "cancelled": return `Cancelled after ${time}: ${found} found before.`;
    case "error": return `The scan failed: ${scan.message}`;
    default: return "";
  }
}
