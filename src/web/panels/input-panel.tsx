/**
 * Under the grid: a digit pad (for touch screens), the candidates switch,
 * the paste box, and the message about the puzzle as it stands (a bad
 * paste, a repeated digit, no or several solutions).
 */
import { useState } from "preact/hooks";
import type { Facts } from "../use-facts.js";

export interface InputStatus {
  readonly tone: "error" | "ok" | "info";
  readonly text: string;
}

/** The message beside the input, most urgent first. */
export function inputStatus(clues: number, problem: string | null, note: string, facts: Facts): InputStatus {
  if (problem !== null) return { tone: "error", text: problem };
  if (clues === 0) return { tone: "info", text: "Click a cell and type a digit, or paste a puzzle (81 characters or a 9-line grid)." };
  const count = facts.count;
  if (count === null) return { tone: "info", text: facts.error ?? "Checking…" };
  const prefix = note === "" ? "" : `${note} `;
  if (count.count === 0) return { tone: "error", text: `${prefix}No solution: this puzzle cannot be completed.` };
  if (count.count > 1) {
    const many = count.count >= count.limit ? `at least ${count.limit}` : String(count.count);
    return { tone: "error", text: `${prefix}Several solutions: ${many}. A sudoku has exactly one.` };
  }
  return { tone: "ok", text: `${prefix}${clues === 81 ? "A valid full grid." : `Unique solution, ${clues} clues.`}` };
}

export interface InputPanelProps {
  readonly editable: boolean;
  readonly onDigit: (digit: number) => void;
  readonly onPaste: (text: string) => void;
  readonly onClear: () => void;
  readonly showCandidates: boolean;
  readonly onShowCandidates: (show: boolean) => void;
  readonly puzzleText: string;
  readonly status: InputStatus;
}

export function InputPanel(props: InputPanelProps) {
  const [text, setText] = useState("");
  const submit = (): void => {
    if (text.trim() !== "") props.onPaste(text);
  };
  return (
    <div class="input-panel">
      <div class="pad" role="group" aria-label="Digit pad">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit) => (
          <button key={digit} type="button" data-testid={`pad-${digit}`} disabled={!props.editable} onClick={() => props.onDigit(digit)}>
            {digit}
          </button>
        ))}
        <button type="button" data-testid="pad-clear" disabled={!props.editable} onClick={() => props.onDigit(0)} aria-label="Clear the cell">
          ⌫
        </button>
      </div>
      <p class={`status ${props.status.tone}`} role="status" aria-live="polite" data-testid="input-message">
        {props.status.text}
      </p>
      <div class="row-controls">
        <label class="check">
          <input type="checkbox" data-testid="show-candidates" checked={props.showCandidates} onChange={(e) => props.onShowCandidates((e.currentTarget as HTMLInputElement).checked)} />
          Show candidates
        </label>
        <button type="button" data-testid="clear-grid" onClick={props.onClear}>
          Clear the grid
        </button>
      </div>
      <label class="field" for="puzzle-text">
        Paste a puzzle: 81 characters (<code>.</code> <code>0</code> <code>-</code> <code>x</code> <code>*</code> for empty cells), or a 9-line grid, framed or not
      </label>
      <textarea
        id="puzzle-text"
        data-testid="puzzle-input"
        rows={4}
        spellcheck={false}
        value={text}
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit();
        }}
      />
      <div class="row-controls">
        <button type="button" class="primary" data-testid="load-button" onClick={submit}>
          Load
        </button>
        <span class="hint">or Ctrl+Enter; pasting on the grid loads at once</span>
      </div>
      <p class="puzzle-line">
        <span>This puzzle:</span> <code data-testid="puzzle-text">{props.puzzleText}</code>
      </p>
    </div>
  );
}
