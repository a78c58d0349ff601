/**
 * The puzzle's facts, computed in the facts worker whenever the puzzle
 * changes (after a short pause, so typing a puzzle does not start a job per
 * digit), and filled in as they arrive.
 */
import { useEffect, useState } from "preact/hooks";
import { formatPuzzle } from "../index.js";
import { lanes } from "./work/lanes.js";
import type { CatalogEntryView, JobEvent } from "./work/protocol.js";

export interface Facts {
  readonly running: boolean;
  readonly count: { readonly count: number; readonly limit: number; readonly solution: string | null } | null;
  readonly redundant: readonly number[] | null;
  readonly canon: { readonly puzzle: string; readonly grid: string; readonly automorphisms: number } | null;
  readonly bands: readonly [number, number, number] | null;
  readonly catalog: readonly CatalogEntryView[];
  readonly error: string | null;
}

export const NO_FACTS: Facts = { running: false, count: null, redundant: null, canon: null, bands: null, catalog: [], error: null };

const PAUSE_MS = 60;

export function useFacts(cells: Uint8Array, wanted: boolean): Facts {
  const [facts, setFacts] = useState<Facts>(NO_FACTS);
  const key = formatPuzzle(cells);
  useEffect(() => {
    setFacts(NO_FACTS);
    if (!wanted) {
      lanes.facts.cancel();
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      setFacts({ ...NO_FACTS, running: true });
      void lanes.facts
        .run({ kind: "facts", puzzle: Array.from(cells) }, (event) => {
          if (live) setFacts((old) => withEvent(old, event));
        })
        .then((ended) => {
          if (live && ended) setFacts((old) => ({ ...old, running: false }));
        });
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, wanted]);
  return facts;
}

function withEvent(facts: Facts, event: JobEvent): Facts {
  switch (event.type) {
    case "count": return { ...facts, count: { count: event.count, limit: event.limit, solution: event.solution } };
    case "minimal": return { ...facts, redundant: event.redundant };
    case "canon": return { ...facts, canon: { puzzle: event.puzzle, grid: event.grid, automorphisms: event.automorphisms } };
    case "bands": return { ...facts, bands: event.ranks };
    case "catalog": return { ...facts, catalog: [...facts.catalog, event.entry] };
    case "error": return { ...facts, error: event.message };
    default: return facts;
  }
}
