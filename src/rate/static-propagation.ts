/**
 * The propagations of SE's static multiple forcing chains nested at level 3
 * (nested.ts): doChaining without dynamic removals, on the graph that the
 * static chains built for the same working grid (static-graph.ts). Each
 * key is added once, so the queues hold every key at most once and never
 * grow.
 */
import { PEER_WORDS } from "./grid.js";
import { adjacency, candidateWords, ensureOn, graphCandidates, graphVersion, linkCause, linkEnd, linkedOffWords, linkStart, reachQueue } from "./static-graph.js";
import { CAUSE_NONE, POT_BIT, POT_WORD, type Propagation } from "./propagation.js";

const NONE = CAUSE_NONE;

export class StaticPropagator {
  private readonly pendingOn = new Int32Array(1458);
  private readonly pendingOff = new Int32Array(1458);
  private readonly single = new Int32Array(1);

  /**
   * doChaining without dynamic removals (the static multiple forcing chains
   * nested at level 3), on the graph staticHints built for the same grid:
   * its links are SE's implications in SE's order, and a node's only parent
   * is the node that implied it (nothing is removed, so no hidden parents).
   */
  propagate(start: number, prop: Propagation): void {
    const { pendingOn, pendingOff, single } = this;
    prop.reset();
    const root = prop.add(start, NONE, single, 0);
    let onLength = 0;
    let offLength = 0;
    let headOn = 0;
    let headOff = 0;
    if (start & 1) pendingOn[onLength++] = root;
    else pendingOff[offLength++] = root;
    const index = prop.index;
    while (headOn < onLength || headOff < offLength) {
      const on = headOn < onLength;
      const p = on ? pendingOn[headOn++] : pendingOff[headOff++];
      const key = prop.keys[p];
      single[0] = p;
      if (on) ensureOn(key);
      for (let i = linkStart[key], end = linkEnd[key]; i < end; i++) {
        const next = adjacency[i];
        if (index[next ^ 1] >= 0) {
          if (on) {
            prop.absurdOn = index[next ^ 1];
            prop.absurdOff = prop.node(next, linkCause[i], single, 1);
          } else {
            prop.absurdOn = prop.node(next, linkCause[i], single, 1);
            prop.absurdOff = index[next ^ 1];
          }
          return;
        }
        if (index[next] >= 0) continue;
        const n = prop.add(next, linkCause[i], single, 1);
        if (on) pendingOff[offLength++] = n;
        else pendingOn[onLength++] = n;
      }
    }
  }

  /** The graph version `linked` belongs to. */
  private preparedVersion = -1;
  /** The "off" keys with links, by digit, as band words (see POT_WORD): only these lead on. */
  private readonly linked = new Int32Array(27);
  /**
   * The light propagations reached in the current run (beginRun) on this
   * graph, by start key, where knownRun holds the run's stamp: without a
   * contradiction their sets are all their start leads to, so a later reach
   * that meets such a start takes its sets instead of going on from it.
   */
  private readonly known: (Propagation | null)[] = new Array<Propagation | null>(1458).fill(null);
  private readonly knownRun = new Int32Array(1458);
  private run = 1;

  /** Starts a run: the propagations of earlier runs are no longer known (their pools may reuse them). */
  beginRun(): void {
    this.run++;
  }

  /**
   * The static propagation from `start` as a light one: only its "on" and
   * "off" sets (onBits, offBits), which is all the producer needs unless
   * the cell's or region's branches share a target (rarely: 0.3% of
   * checks at level 3). Without a contradiction `propagate` adds every
   * key the start reaches, so the sets are those of the reached keys, in any
   * order; a contradiction (the reached keys hold a key and its negation)
   * stops `propagate` early, and then it runs at once. The sets are also
   * the search's marks, so each key is queued once, and an "off" key
   * without links goes in the set but not in the queue.
   */
  reach(start: number, prop: Propagation): void {
    prop.reset();
    if (this.preparedVersion !== graphVersion) {
      this.preparedVersion = graphVersion;
      linkedOffWords(this.linked);
      this.run++;
    }
    const { known, knownRun, run } = this;
    const linked = this.linked;
    const cellCandidates = graphCandidates();
    const onBits = prop.onBits;
    const offBits = prop.offBits;
    const startWord = POT_WORD[start >> 1];
    onBits[startWord] |= POT_BIT[start >> 1];
    // Most reaches hold a few keys: the words they touch are kept as they go, not found by a scan of the sets.
    let onWords = 1 << startWord;
    let offWords = 0;
    reachQueue[0] = start;
    let length = 1;
    for (let head = 0; head < length; head++) {
      const key = reachQueue[head];
      if (key & 1) {
        if (knownRun[key] === run) {
          const other = known[key]!;
          for (let m = other.onWords; m !== 0; m &= m - 1) {
            const w = 31 - Math.clz32(m & -m);
            onBits[w] |= other.onBits[w];
          }
          for (let m = other.offWords; m !== 0; m &= m - 1) {
            const w = 31 - Math.clz32(m & -m);
            offBits[w] |= other.offBits[w];
          }
          onWords |= other.onWords;
          offWords |= other.offWords;
          continue;
        }
        // An "on" key: "off" the cell's other digits, then the digit's peers (three masked words).
        const pot = key >> 1;
        const cell = (pot / 9) | 0;
        const d = pot - 9 * cell;
        const band = (cell / 27) | 0;
        const bit = 1 << (cell - 27 * band);
        for (let m = cellCandidates[cell] & ~(1 << d); m !== 0; m &= m - 1) {
          const e = 31 - Math.clz32(m & -m);
          const w = 3 * e + band;
          if ((offBits[w] & bit) !== 0) continue;
          offBits[w] |= bit;
          offWords |= 1 << w;
          if ((linked[w] & bit) !== 0) reachQueue[length++] = (cell * 9 + e) << 1;
        }
        for (let b = 0; b < 3; b++) {
          const w = 3 * d + b;
          const fresh = PEER_WORDS[3 * cell + b] & candidateWords[w] & ~offBits[w];
          if (fresh === 0) continue;
          offBits[w] |= fresh;
          offWords |= 1 << w;
          for (let m = fresh & linked[w]; m !== 0; m &= m - 1) reachQueue[length++] = ((27 * b + 31 - Math.clz32(m & -m)) * 9 + d) << 1;
        }
      } else {
        for (let i = linkStart[key], end = linkEnd[key]; i < end; i++) {
          const on = adjacency[i];
          const pot = on >> 1;
          const w = POT_WORD[pot];
          const bit = POT_BIT[pot];
          if ((onBits[w] & bit) !== 0) continue;
          onBits[w] |= bit;
          onWords |= 1 << w;
          reachQueue[length++] = on;
        }
      }
    }
    prop.onWords = onWords;
    prop.offWords = offWords;
    prop.light = true;
    prop.start = start;
    for (let both = onWords & offWords; both !== 0; both &= both - 1) {
      const w = 31 - Math.clz32(both & -both);
      if ((onBits[w] & offBits[w]) !== 0) {
        // A contradiction: the full propagation, from clear sets.
        prop.reset();
        this.propagate(start, prop);
        return;
      }
    }
    known[start] = prop;
    knownRun[start] = run;
  }
}
