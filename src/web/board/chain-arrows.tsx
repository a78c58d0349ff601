/**
 * The links of chains as Sudoku Explainer's window draws them: an arrow
 * from each candidate to every candidate it implies. An arrow to a
 * candidate switched on (a strong inference: it is the last place left) is
 * solid; an arrow to a candidate switched off (a weak one: it sees the
 * digit placed) is dashed. Nested chains are drawn in a second colour.
 */
import type { Chain } from "../../index.js";
import { candidateCentre } from "./geometry.js";

/** Gap left at each end so an arrow stops at the edge of the candidate, not on its digit. */
const START_GAP = 11;
const END_GAP = 14;

export interface ChainArrowsProps {
  readonly chains: readonly Chain[];
  readonly nested: boolean;
}

export function ChainArrows({ chains, nested }: ChainArrowsProps) {
  const arrows = [];
  for (const [c, chain] of chains.entries()) {
    for (const [i, link] of chain.links.entries()) {
      for (const p of link.parents) {
        const from = chain.links[p];
        const [x1, y1] = candidateCentre(from.cell, from.digit);
        const [x2, y2] = candidateCentre(link.cell, link.digit);
        const length = Math.hypot(x2 - x1, y2 - y1);
        if (length < START_GAP + END_GAP) continue;
        const ux = (x2 - x1) / length;
        const uy = (y2 - y1) / length;
        arrows.push(
          <line
            key={`${c}-${i}-${p}`}
            data-testid="chain-link"
            class={`link ${link.on ? "strong" : "weak"}`}
            x1={x1 + ux * START_GAP}
            y1={y1 + uy * START_GAP}
            x2={x2 - ux * END_GAP}
            y2={y2 - uy * END_GAP}
            marker-end={`url(#${nested ? "arrow-nested" : "arrow"})`}
          />,
        );
      }
    }
  }
  return <g class={nested ? "chains nested" : "chains"}>{arrows}</g>;
}

/** The arrowheads (one per colour), defined once per board. */
export function ArrowMarkers() {
  return (
    <defs>
      {["arrow", "arrow-nested"].map((id) => (
        <marker key={id} id={id} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
          <path class={id} d="M0,0 L10,5 L0,10 z" />
        </marker>
      ))}
    </defs>
  );
}
