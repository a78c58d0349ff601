/**
 * Rating on Sudoku Explainer 1.2.1's scale (ER/EP/ED) and the path behind
 * it: every step with its technique and rating. Choosing a step shows it on
 * the grid as it was before the step; a link that a nested chain implies
 * (9.5+) opens that chain's own view, and so on down.
 */
import { useEffect, useRef } from "preact/hooks";
import { chainText, describeStep, formatRating, linkText, type Chain, type Step } from "../../index.js";
import { nestedPlace, type NestedStop, type View } from "../board/scene.js";
import type { RatingView } from "../work/protocol.js";

export type RatingState =
  | { readonly state: "idle" }
  | { readonly state: "running"; readonly puzzle: string }
  | { readonly state: "done"; readonly puzzle: string; readonly rating: RatingView }
  | { readonly state: "error"; readonly message: string };

export interface RatePanelProps {
  readonly rating: RatingState;
  readonly canRate: boolean;
  readonly onRate: () => void;
  readonly onCancel: () => void;
  readonly view: View;
  readonly onView: (view: View) => void;
  readonly onStep: (index: number) => void;
}

export function RatePanel(props: RatePanelProps) {
  const { rating, view } = props;
  const running = rating.state === "running";
  return (
    <div class="rate">
      <div class="row-controls">
        <button type="button" class="primary" data-testid="rate-button" disabled={!props.canRate || running} onClick={props.onRate}>
          Rate
        </button>
        {running ? (
          <>
            <button type="button" data-testid="rate-cancel" onClick={props.onCancel}>
              Cancel
            </button>
            <span class="muted" role="status">
              Rating…
            </span>
          </>
        ) : null}
        {!props.canRate && !running ? <span class="muted">A puzzle with one solution can be rated.</span> : null}
      </div>
      {rating.state === "error" ? <p class="status error">{rating.message}</p> : null}
      {rating.state === "done" ? <Rated puzzle={rating.puzzle} rating={rating.rating} view={view} onView={props.onView} onStep={props.onStep} /> : null}
    </div>
  );
}

interface RatedProps {
  readonly puzzle: string;
  readonly rating: RatingView;
  readonly view: View;
  readonly onView: (view: View) => void;
  readonly onStep: (index: number) => void;
}

function Rated({ puzzle, rating, view, onView, onStep }: RatedProps) {
  if (rating.status === "invalid") return <p class="status error" data-testid="rating" data-puzzle={puzzle}>Not rated: {rating.reason}.</p>;
  const current = view.mode === "step" ? view.index : -1;
  return (
    <>
      <p class="rating" data-testid="rating" data-puzzle={puzzle} data-er={formatRating(rating.er)} data-ep={formatRating(rating.ep)} data-ed={formatRating(rating.ed)}>
        <strong>
          ER {formatRating(rating.er)} / EP {formatRating(rating.ep)} / ED {formatRating(rating.ed)}
        </strong>{" "}
        <span class="muted">
          {rating.status === "unsolvable" ? "(no technique finishes it: SE's 20.0) " : ""}
          {rating.steps.length} steps, {rating.ms < 10 ? rating.ms.toFixed(1) : Math.round(rating.ms)} ms
        </span>
      </p>
      <div class="row-controls">
        <button type="button" data-testid="step-prev" disabled={current <= 0} onClick={() => onStep(current - 1)} aria-keyshortcuts="p">
          ◀ Previous
        </button>
        <button type="button" data-testid="step-next" disabled={current >= rating.steps.length - 1} onClick={() => onStep(current + 1)} aria-keyshortcuts="n">
          Next ▶
        </button>
        <span class="muted">{current >= 0 ? `Step ${current + 1} of ${rating.steps.length}` : "Choose a step to see it on the grid."}</span>
      </div>
      {view.mode === "step" && current < rating.steps.length ? (
        <StepDetail step={rating.steps[current]} index={current} path={view.nested} onPath={(nested) => onView({ mode: "step", index: current, nested })} />
      ) : null}
      <StepList steps={rating.steps} current={current} onStep={onStep} />
    </>
  );
}

function StepList({ steps, current, onStep }: { steps: readonly Step[]; current: number; onStep: (index: number) => void }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: "nearest" });
  }, [current]);
  return (
    <ol class="steps" data-testid="steps" ref={list}>
      {steps.map((step, i) => (
        <li key={i}>
          <button type="button" data-testid="step" data-index={i} aria-current={i === current ? "step" : undefined} class={i === current ? "current" : ""} onClick={() => onStep(i)}>
            <span class="step-number">{i + 1}.</span> <span class="rating-chip">{formatRating(step.rating)}</span> {step.technique}
            {step.chains !== undefined ? <span class="muted"> (chains)</span> : null}
          </button>
        </li>
      ))}
    </ol>
  );
}

function StepDetail({ step, index, path, onPath }: { step: Step; index: number; path: readonly NestedStop[]; onPath: (path: readonly NestedStop[]) => void }) {
  const place = path.length === 0 ? null : nestedPlace(step, path);
  const chains: readonly Chain[] = place === null ? step.chains ?? [] : place.chains;
  return (
    <div class="step-detail" data-testid="step-detail">
      <p>
        <strong>
          {index + 1}. {step.technique} ({formatRating(step.rating)})
        </strong>
      </p>
      <p class="mono small">{describeStep(step)}</p>
      {path.length > 0 ? (
        <nav class="crumbs" aria-label="Nested chains">
          <button type="button" data-testid="nested-back" onClick={() => onPath(path.slice(0, -1))}>
            ◀ Up one level
          </button>{" "}
          <span class="muted">
            nested level {path.length}: the chains that remove {place === null ? "?" : linkText({ ...place.target, on: false, parents: [] })}
          </span>
        </nav>
      ) : null}
      {chains.length > 0 ? (
        <ol class="chains-text">
          {chains.map((chain, c) => (
            <li key={c} class="mono small">
              {chain.cycle === true ? "cycle" : "chain"}: {chainText(chain)}
              <NestedLinks chain={chain} onOpen={(link) => onPath([...path, { chain: c, link }])} />
            </li>
          ))}
        </ol>
      ) : null}
      <p class="legend small">
        <span class="key pattern">cells</span> <span class="key place">placed</span> <span class="key elim">removed</span> <span class="key on">on</span>{" "}
        <span class="key off">off</span> arrows: solid to "on", dashed to "off"
      </p>
    </div>
  );
}

function NestedLinks({ chain, onOpen }: { chain: Chain; onOpen: (link: number) => void }) {
  const nested = chain.links.flatMap((link, k) => (link.nested === undefined ? [] : [k]));
  if (nested.length === 0) return null;
  return (
    <div class="nested-links">
      {nested.map((k) => (
        <button key={k} type="button" data-testid="nested-open" onClick={() => onOpen(k)}>
          Open the chains behind [{k + 1}] {linkText(chain.links[k])}
        </button>
      ))}
    </div>
  );
}
