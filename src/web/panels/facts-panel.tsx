/**
 * What the library says about the puzzle: its solutions, whether it is
 * minimal (the redundant clues are marked on the grid), its canonical forms
 * with buttons to load them, the n6 ranks of its solution's bands and where
 * the band catalogs list that grid.
 */
import { useEffect, useState } from "preact/hooks";
import { cellName, readPuzzles } from "../../index.js";
import type { Facts } from "../use-facts.js";
import { lanes } from "../work/lanes.js";
import type { CatalogEntryView } from "../work/protocol.js";

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
              {clues === 81
                ? "— (a full grid)"
                : facts.redundant === null
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
              {facts.catalog.length === 0 ? "…" : <CatalogEntries entries={facts.catalog} />}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * Where the catalogs list the solution grid; the slices on demand, as each
 * takes seconds (its rank's bands 2 are enumerated up to the entry's).
 */
function CatalogEntries({ entries }: { entries: readonly CatalogEntryView[] }) {
  const [slices, setSlices] = useState<ReadonlyMap<string, number>>(new Map());
  const [busy, setBusy] = useState(false);
  const key = (entry: CatalogEntryView): string => `${entry.catalog} ${entry.grid}`;
  const grids = entries.map(key).join();
  // Another grid: slices still being found for the old one are of no use.
  useEffect(() => () => lanes.slices.cancel(), [grids]);
  const find = async (): Promise<void> => {
    setBusy(true);
    for (const entry of entries) {
      if (slices.has(key(entry))) continue;
      const ended = await lanes.slices.run({ kind: "slice", entry }, (event) => {
        if (event.type === "slice") setSlices((old) => new Map(old).set(key(entry), event.slice));
      });
      if (!ended) return;
    }
    setBusy(false);
  };
  const missing = entries.some((entry) => !slices.has(key(entry)));
  return (
    <>
      <ul class="plain">
        {entries.map((entry) => (
          <li key={entry.catalog}>
            {CATALOG_TEXT[entry.catalog]}: ranks {entry.ranks.join(", ")}
            {slices.has(key(entry)) ? `, slice ${slices.get(key(entry))}` : ""}
          </li>
        ))}
      </ul>
      {missing ? (
        <button type="button" data-testid="find-slices" disabled={busy} onClick={() => void find()}>
          {busy ? "Finding the slices…" : "Find the slices (seconds each)"}
        </button>
      ) : null}
    </>
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
