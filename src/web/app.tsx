/**
 * The page: the grid and its input on one side, the tabs (facts, rating,
 * grid tools, batch) on the other; one column on a narrow screen. The
 * puzzle is the page's one piece of shared state: the address holds it, the
 * facts follow it, and loading another clears the rating and the views
 * made from it.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { CandidateGrid, clueCount, findConflict, formatPuzzle } from "../index.js";
import { Board } from "./board/board.js";
import { gridScene, puzzleScene, stepScene, type View } from "./board/scene.js";
import { conflictCells } from "./conflicts.js";
import { puzzleFromHash, showInAddress } from "./share-link.js";
import { readPastedPuzzle } from "./puzzle-paste.js";
import { useFacts } from "./use-facts.js";
import { lanes } from "./work/lanes.js";
import type { RatingView } from "./work/protocol.js";
import { InputPanel, inputStatus } from "./panels/input-panel.js";
import { FactsPanel } from "./panels/facts-panel.js";
import { RatePanel, type RatingState } from "./panels/rate-panel.js";
import { ToolsPanel } from "./panels/tools-panel.js";
import { BatchPanel } from "./panels/batch-panel.js";
import { Tabs, type TabId } from "./panels/tabs.js";

export function App() {
  const [cells, setCells] = useState<Uint8Array>(() => puzzleFromHash(location.hash) ?? new Uint8Array(81));
  const [focus, setFocus] = useState(0);
  const [showCandidates, setShowCandidates] = useState(false);
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);
  const [pasteNote, setPasteNote] = useState("");
  const [view, setView] = useState<View>({ mode: "puzzle" });
  const [tab, setTab] = useState<TabId>("facts");
  const [rating, setRating] = useState<RatingState>({ state: "idle" });

  const conflicts = useMemo(() => conflictCells(cells), [cells]);
  const clues = clueCount(cells);
  const facts = useFacts(cells, conflicts.size === 0 && clues > 0);

  const load = (next: Uint8Array): void => {
    setCells(next);
    setView({ mode: "puzzle" });
    setRating({ state: "idle" });
    lanes.rate.cancel();
  };

  useEffect(() => showInAddress(cells), [cells]);
  useEffect(() => {
    const onHash = (): void => {
      const fromHash = puzzleFromHash(location.hash);
      if (fromHash !== null && formatPuzzle(fromHash) !== formatPuzzle(cells)) load(fromHash);
    };
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  });

  const setDigit = (cell: number, digit: number): void => {
    if (cells[cell] === digit) return;
    const next = cells.slice();
    next[cell] = digit;
    setPasteProblem(null);
    setPasteNote("");
    load(next);
  };

  const paste = (text: string): void => {
    const read = readPastedPuzzle(text);
    if (!read.ok) {
      setPasteProblem(read.reason);
      setPasteNote("");
      return;
    }
    setPasteProblem(null);
    setPasteNote(read.note);
    load(read.cells);
  };

  const loadText = (text: string): void => {
    const read = readPastedPuzzle(text);
    if (read.ok) load(read.cells);
  };

  const rate = (): void => {
    const puzzle = formatPuzzle(cells);
    setRating({ state: "running", puzzle });
    setView({ mode: "puzzle" });
    void lanes.rate.run({ kind: "rate", puzzle: Array.from(cells) }, (event) => {
      if (event.type === "rating") setRating(ratedState(puzzle, event.rating));
      else if (event.type === "error") setRating({ state: "error", message: event.message });
    });
  };
  const cancelRating = (): void => {
    lanes.rate.cancel();
    setRating({ state: "idle" });
  };

  const done = rating.state === "done" && rating.rating.status !== "invalid" ? rating.rating : null;
  const stepCount = done?.steps.length ?? 0;
  const showStep = (index: number): void => {
    if (done === null || stepCount === 0) return;
    setView({ mode: "step", index: Math.max(0, Math.min(stepCount - 1, index)), nested: [] });
  };

  // Relative to the view as it is when the key is handled: keys pressed faster than the page renders still add up.
  const moveStep = (delta: number): void => {
    setView((old) => (old.mode === "step" ? { mode: "step", index: Math.max(0, Math.min(stepCount - 1, old.index + delta)), nested: [] } : old));
  };

  // Previous / next step keys anywhere but in a text field; Escape leaves a nested view, then the step.
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (target !== null && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (view.mode !== "step") return;
      if (event.key === "n" || event.key === "PageDown") moveStep(1);
      else if (event.key === "p" || event.key === "PageUp") moveStep(-1);
      else if (event.key === "Escape") setView((old) => (old.mode === "step" && old.nested.length > 0 ? { ...old, nested: old.nested.slice(0, -1) } : { mode: "puzzle" }));
      else return;
      event.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });

  const candidates = useMemo(() => (showCandidates ? CandidateGrid.fromPuzzle(cells).candidates : null), [cells, showCandidates]);
  const scene =
    view.mode === "step" && done !== null && view.index < stepCount
      ? stepScene(cells, done.steps[view.index], done.grids[view.index], view.index, view.nested)
      : view.mode === "grid"
        ? gridScene(view.grid, view.marked, view.label)
        : puzzleScene(cells, { conflicts, redundant: facts.redundant ?? [], candidates });

  const localProblem = pasteProblem ?? (conflicts.size > 0 ? `${capitalized(findConflict(cells) ?? "a digit is repeated")}: the cells are marked.` : null);
  const solution = facts.count?.solution ?? null;
  const fullGrid = clues === 81 && conflicts.size === 0 ? formatPuzzle(cells) : null;

  return (
    <div class="page">
      <header class="top">
        <h1>sudokulab</h1>
        <p class="tagline">Solve, rate with Sudoku Explainer's steps, and scan grids for their 17s, in your browser.</p>
      </header>
      <main class="layout">
        <section class="left" aria-label="Puzzle">
          <Board {...scene} focus={focus} onFocus={setFocus} onDigit={setDigit} onPaste={paste} />
          {view.mode !== "puzzle" ? (
            <div class="view-bar" data-testid="view-bar">
              <span>{scene.label}</span>
              <button type="button" data-testid="back-to-puzzle" onClick={() => setView({ mode: "puzzle" })}>
                Back to the puzzle
              </button>
            </div>
          ) : null}
          <InputPanel
            editable={view.mode === "puzzle"}
            onDigit={(digit) => setDigit(focus, digit)}
            onPaste={paste}
            onClear={() => load(new Uint8Array(81))}
            showCandidates={showCandidates}
            onShowCandidates={setShowCandidates}
            puzzleText={formatPuzzle(cells)}
            status={inputStatus(clues, localProblem, pasteNote, facts)}
          />
        </section>
        <section class="right" aria-label="Tools">
          <Tabs tab={tab} onTab={setTab} />
          <div role="tabpanel" id="panel-facts" aria-labelledby="tab-facts" hidden={tab !== "facts"}>
            <FactsPanel
              facts={facts}
              clues={clues}
              onLoad={loadText}
              onShowGrid={(grid, label) => setView({ mode: "grid", grid, marked: [], label })}
              puzzle={cells}
            />
          </div>
          <div role="tabpanel" id="panel-rate" aria-labelledby="tab-rate" hidden={tab !== "rate"}>
            <RatePanel
              rating={rating}
              canRate={conflicts.size === 0 && facts.count?.count === 1}
              onRate={rate}
              onCancel={cancelRating}
              view={view}
              onView={setView}
              onStep={showStep}
            />
          </div>
          <div role="tabpanel" id="panel-tools" aria-labelledby="tab-tools" hidden={tab !== "tools"}>
            <ToolsPanel
              grid={fullGrid ?? solution}
              fromPuzzle={fullGrid === null}
              view={view}
              onMark={(grid, marked, label) => setView({ mode: "grid", grid, marked, label })}
              onLoad={loadText}
            />
          </div>
          <div role="tabpanel" id="panel-batch" aria-labelledby="tab-batch" hidden={tab !== "batch"}>
            <BatchPanel />
          </div>
        </section>
      </main>
      <footer class="bottom">
        <p>
          Everything runs in this page's Web Workers; nothing is sent anywhere. Keys on a rating step: <kbd>n</kbd> / <kbd>p</kbd> next and
          previous, <kbd>Esc</kbd> back.
        </p>
      </footer>
    </div>
  );
}

function ratedState(puzzle: string, rating: RatingView): RatingState {
  return { state: "done", puzzle, rating };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
