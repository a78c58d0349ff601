/**
 * The 9 x 9 grid: HTML cells in a CSS grid (they take focus, keys and
 * clicks, and screen readers read them as a grid), with an SVG layer on top
 * for the box lines and the chains. Cells have no borders of their own, so
 * each is exactly a ninth of the board and the SVG's coordinates
 * (geometry.ts) fall on the HTML candidates.
 *
 * Keys: arrows move, 1-9 enter a digit, 0 / . / Space / Backspace / Delete
 * clear (when editable). Pasting text on the board hands it to onPaste.
 */
import { cellName } from "../../index.js";
import { ArrowMarkers, ChainArrows } from "./chain-arrows.js";
import { BOARD, CELL, candidateKey } from "./geometry.js";
import type { Scene } from "./scene.js";

export interface BoardProps extends Scene {
  readonly focus: number;
  readonly onFocus: (cell: number) => void;
  readonly onDigit: (cell: number, digit: number) => void;
  readonly onPaste: (text: string) => void;
}

const CLEAR_KEYS = new Set(["0", ".", " ", "Backspace", "Delete"]);
const MOVES: Readonly<Record<string, number>> = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };

export function Board(props: BoardProps) {
  const { values, givens, candidates, focus, editable } = props;

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const move = MOVES[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const row = Math.floor(focus / 9);
      const col = focus % 9;
      // Wrap within the row or column, as a spreadsheet's arrows would not leave the grid.
      const next = Math.abs(move) === 1 ? 9 * row + ((col + move + 9) % 9) : 9 * ((row + Math.sign(move) + 9) % 9) + col;
      props.onFocus(next);
      focusCell(event.currentTarget as HTMLElement, next);
      return;
    }
    if (!editable) return;
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      props.onDigit(focus, Number(event.key));
    } else if (CLEAR_KEYS.has(event.key)) {
      event.preventDefault();
      props.onDigit(focus, 0);
    }
  };

  const onPaste = (event: ClipboardEvent): void => {
    const text = event.clipboardData?.getData("text") ?? "";
    if (text.trim() === "") return;
    event.preventDefault();
    props.onPaste(text);
  };

  const cells = [];
  for (let row = 0; row < 9; row++) {
    const rowCells = [];
    for (let col = 0; col < 9; col++) {
      const cell = 9 * row + col;
      const digit = values[cell];
      const given = givens[cell] !== 0;
      const classes = ["cell", given ? "given" : digit !== 0 ? "entered" : "empty", props.cellClasses.get(cell) ?? ""];
      rowCells.push(
        <div
          key={cell}
          role="gridcell"
          class={classes.join(" ").trim()}
          data-cell={cell}
          data-testid={`cell-${cell}`}
          tabIndex={cell === focus ? 0 : -1}
          aria-label={`${cellName(cell)}, ${digit === 0 ? "empty" : digit}${given ? " (clue)" : ""}`}
          aria-readonly={!editable}
          onFocus={() => props.onFocus(cell)}
          onClick={(event) => (event.currentTarget as HTMLElement).focus()}
        >
          {digit !== 0 ? <span class="digit">{digit}</span> : candidates !== null ? <Candidates cell={cell} set={candidates[cell]} classes={props.candidateClasses} /> : null}
        </div>,
      );
    }
    cells.push(
      <div role="row" class="board-row" key={row}>
        {rowCells}
      </div>,
    );
  }

  return (
    <div class="board" role="grid" aria-label={props.label} data-testid="grid" onKeyDown={onKeyDown} onPaste={onPaste}>
      {cells}
      <svg class="board-lines" viewBox={`0 0 ${BOARD} ${BOARD}`} aria-hidden="true" data-testid="board-svg">
        <ArrowMarkers />
        <BoxLines />
        <ChainArrows chains={props.chains} nested={false} />
        <ChainArrows chains={props.nestedChains} nested={true} />
      </svg>
    </div>
  );
}

function Candidates({ cell, set, classes }: { cell: number; set: number; classes: ReadonlyMap<number, string> }) {
  const marks = [];
  for (let digit = 1; digit <= 9; digit++) {
    const present = ((set >> (digit - 1)) & 1) === 1;
    const extra = classes.get(candidateKey(cell, digit));
    marks.push(
      <span key={digit} class={`cand${extra === undefined ? "" : ` ${extra}`}`} data-digit={digit}>
        {present ? digit : ""}
      </span>,
    );
  }
  return <div class="cands">{marks}</div>;
}

function BoxLines() {
  const lines = [];
  for (let i = 1; i < 9; i++) {
    const at = i * CELL;
    const cls = i % 3 === 0 ? "box-line" : "cell-line";
    lines.push(<line key={`h${i}`} class={cls} x1={0} y1={at} x2={BOARD} y2={at} />, <line key={`v${i}`} class={cls} x1={at} y1={0} x2={at} y2={BOARD} />);
  }
  return (
    <g>
      {lines}
      <rect class="box-line" x={0} y={0} width={BOARD} height={BOARD} fill="none" />
    </g>
  );
}

function focusCell(board: HTMLElement, cell: number): void {
  board.querySelector<HTMLElement>(`[data-cell="${cell}"]`)?.focus();
}
