/**
 * Tools on a full grid (the one on the board, or the puzzle's solution):
 * its unavoidable sets, and the scan for its N-clue puzzles.
 */
import { useEffect, useState } from "preact/hooks";
import { cellName, readPuzzles } from "../../index.js";
import type { View } from "../board/scene.js";
import { lanes } from "../work/lanes.js";
import { ScanSection } from "./scan-section.js";

export interface ToolsPanelProps {
  /** The grid to work on (81 digits), or null when there is none yet. */
  readonly grid: string | null;
  /** True when the grid is the puzzle's solution rather than the board itself. */
  readonly fromPuzzle: boolean;
  readonly view: View;
  readonly onMark: (grid: Uint8Array, cells: readonly number[], label: string) => void;
  readonly onLoad: (text: string) => void;
}

/** Every minimal unavoidable set up to this size is found (the library's template search is complete there). */
const UA_MAX_SIZE = 12;

type UaState = { readonly state: "idle" } | { readonly state: "running" } | { readonly state: "done"; readonly grid: string; readonly uas: readonly (readonly number[])[]; readonly ms: number };

export function ToolsPanel(props: ToolsPanelProps) {
  const { grid } = props;
  const [uas, setUas] = useState<UaState>({ state: "idle" });
  useEffect(() => {
    if (uas.state === "done" && uas.grid !== grid) setUas({ state: "idle" });
  }, [grid]);
  if (grid === null) return <p class="muted">Enter a full grid, or a puzzle with one solution (its solution is used).</p>;
  const cells = gridCells(grid);

  const findUAs = (): void => {
    setUas({ state: "running" });
    void lanes.uas.run({ kind: "uas", grid: Array.from(cells), maxSize: UA_MAX_SIZE }, (event) => {
      if (event.type === "uas") setUas({ state: "done", grid, uas: event.uas, ms: event.ms });
    });
  };
  const marked = props.view.mode === "grid" ? props.view.label : "";

  return (
    <div class="tools">
      <p>
        Grid{props.fromPuzzle ? " (the puzzle's solution)" : ""}: <code class="wrap" data-testid="tools-grid">{grid}</code>
      </p>
      <h2>Unavoidable sets</h2>
      <div class="row-controls">
        <button type="button" data-testid="ua-button" disabled={uas.state === "running"} onClick={findUAs}>
          Find the sets of up to {UA_MAX_SIZE} cells
        </button>
        {uas.state === "running" ? <span class="muted">Searching…</span> : null}
      </div>
      {uas.state === "done" ? (
        <>
          <p data-testid="ua-summary">
            {uas.uas.length} minimal unavoidable sets of at most {UA_MAX_SIZE} cells ({sizeSummary(uas.uas)}), {Math.round(uas.ms)} ms. Choose one to see it.
          </p>
          <ul class="ua-list" data-testid="ua-list">
            {uas.uas.map((ua, i) => {
              const label = `Unavoidable set ${i + 1}: ${ua.length} cells`;
              return (
                <li key={i}>
                  <button type="button" data-testid="ua" aria-pressed={marked === label} onClick={() => props.onMark(cells, ua, label)}>
                    <span class="rating-chip">{ua.length}</span> {ua.map(cellName).join(" ")}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <ScanSection grid={grid} cells={cells} onLoad={props.onLoad} />
    </div>
  );
}

function gridCells(text: string): Uint8Array {
  const [item] = readPuzzles(text);
  return item?.ok ? item.cells : new Uint8Array(81);
}

function sizeSummary(uas: readonly (readonly number[])[]): string {
  const bySize = new Map<number, number>();
  for (const ua of uas) bySize.set(ua.length, (bySize.get(ua.length) ?? 0) + 1);
  return [...bySize].map(([size, n]) => `${n} of ${size}`).join(", ");
}
