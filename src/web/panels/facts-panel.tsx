/**
 * What the library says about the puzzle: its solutions, whether it is
 * minimal (the redundant clues are marked on the grid), its canonical forms
 * with buttons to load them, the n6 ranks of its solution's bands and where
 * the band catalogs list that grid.
 */
import { cellName, readPuzzles } from "../../index.js";
import type { Facts } from "../use-facts.js";

export interface FactsPanelProps {
  readonly facts: Facts;
  readonly clues: number;
  readonly puzzle: Uint8Array;
  readonly onLoad: (text: string) => void;
  readonly onShowGrid: (grid: Uint8Array, label: string) => void;
}

const CATALOG_TEXT: Readonly<Record<string, string>> = {
  main: "main (band 3 the highest rank)",
  inverted: "inverted (band 3 the middle rank)",
  pass1: "pass1 (band 3 the lowest rank)",
};

export function FactsPanel({ facts, clues, onLoad, onShowGrid }: FactsPanelProps) {
  const count = facts.count;
  if (clues === 0) return <p class="muted">Enter a puzzle to see its facts.</p>;
  if (count === null) return <p class="muted" data-testid="facts-pending">{facts.error ?? (facts.running ? "Working…" : "Waiting for a valid puzzle.")}</p>;
  const solution = count.solution;
  return (
    <div class="facts" data-testid="facts">
      <dl>
        <dt>Solutions</dt>
        <dd data-testid="solution-count">
          {count.count === 0 ? "none" : count.count === 1 ? "1 (unique)" : count.count >= count.limit ? `at least ${count.limit}` : String(count.count)}
        </dd>
        <dt>Clues</dt>
        <dd>{clues}</dd>
        {solution !== null ? (
          <>
            <dt>Minimal</dt>
            <dd data-testid="minimal">
              {facts.redundant === null
                ? "…"
                : facts.redundant.length === 0
                  ? "yes: every clue is needed"
                  : `no: ${facts.redundant.length} redundant clue${facts.redundant.length === 1 ? "" : "s"} (dashed on the grid): ${facts.redundant.map(cellName).join(" ")}`}
            </dd>
            <dt>Solution</dt>
            <dd>
              <code class="wrap" data-testid="solution">{solution}</code>{" "}
              <button type="button" onClick={() => onShowGrid(cellsOf(solution), "The solution")}>
                Show
              </button>
            </dd>
            <dt>Canonical puzzle</dt>
            <dd>{facts.canon === null ? "…" : <Loadable text={facts.canon.puzzle} id="canonical-puzzle" onLoad={onLoad} />}</dd>
            <dt>Canonical grid</dt>
            <dd>
              {facts.canon === null ? "…" : <Loadable text={facts.canon.grid} id="canonical-grid" onLoad={onLoad} />}
              {facts.canon === null ? null : <span class="muted"> {facts.canon.automorphisms === 1 ? "no automorphism" : `${facts.canon.automorphisms} automorphisms`}</span>}
            </dd>
            <dt>Band ranks (n6)</dt>
            <dd data-testid="band-ranks">{facts.bands === null ? "…" : `rows 1-3: ${facts.bands[0]}, rows 4-6: ${facts.bands[1]}, rows 7-9: ${facts.bands[2]}`}</dd>
            <dt>Catalog entries</dt>
            <dd data-testid="catalog-entry">
              {facts.catalog.length === 0 ? "…" : null}
              <ul class="plain">
                {facts.catalog.map((entry) => (
                  <li key={entry.catalog}>
                    {CATALOG_TEXT[entry.catalog]}: ranks {entry.ranks.join(", ")}, slice {entry.slice}
                  </li>
                ))}
              </ul>
              {facts.running && facts.catalog.length < 3 && facts.catalog.length > 0 ? <span class="muted">finding the other slices…</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** A puzzle or grid as text, with a button that loads it into the grid. */
function Loadable({ text, id, onLoad }: { text: string; id: string; onLoad: (text: string) => void }) {
  return (
    <>
      <code class="wrap" data-testid={id}>
        {text}
      </code>{" "}
      <button type="button" data-testid={`load-${id}`} onClick={() => onLoad(text)}>
        Load
      </button>
    </>
  );
}

function cellsOf(text: string): Uint8Array {
  const [item] = readPuzzles(text);
  return item?.ok ? item.cells : new Uint8Array(81);
}
