/**
 * The propagations of SE's static multiple forcing chains nested at level 3
 * (nested.ts): doChaining without dynamic removals, on the graph that the
 * static chains built for the same working grid (static-graph.ts). Each
 * key is added once, so the queues hold every key at most once and never
 * grow.
 */
import { adjacency, ensureOn, graphVersion, linkCause, linkEnd, linkStart, onBuilt, reachQueue } from "./static-graph.js";
import { CAUSE_NONE, type Propagation } from "./propagation.js";

const NONE = CAUSE_NONE;

export class StaticPropagator {
  private readonly pendingOn = new Int32Array(1458);
  private readonly pendingOff = new Int32Array(1458);
  private readonly single = new Int32Array(1);
  /** reachSeen[key] === reachSeenStamp: reached by the current `reach`. */
  private readonly reachSeen = new Int32Array(1458);
  private reachSeenStamp = 0;

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

  /**
   * The static propagation from `start` as a light one: only its "on" and
   * "off" sets (onBits, offBits), which is all the producer needs unless
   * the cell's or region's branches share a target (rarely: 0.3% of
   * checks at level 3). Without a contradiction `propagate` adds every
   * key the start reaches, so the sets are those of the reached keys, in any
   * order; a contradiction (the reached keys hold a key and its negation)
   * stops `propagate` early, and then it runs at once. An "off" key
   * without links goes in the set but is not searched from.
   */
  reach(start: number, prop: Propagation): void {
    prop.reset();
    const reachSeen = this.reachSeen;
    const stamp = ++this.reachSeenStamp;
    const onBits = prop.onBits;
    const offBits = prop.offBits;
    reachSeen[start] = stamp;
    onBits[start >> 6] |= 1 << ((start >> 1) & 31);
    // Most reaches hold a few keys: the words they touch are kept as they go, not found by a scan of the sets.
    let onWords = 1 << (start >> 6);
    let offWords = 0;
    reachQueue[0] = start;
    let length = 1;
    for (let head = 0; head < length; head++) {
      const key = reachQueue[head];
      if (key & 1) {
        if (onBuilt[key] !== graphVersion) ensureOn(key);
        for (let i = linkStart[key], end = linkEnd[key]; i < end; i++) {
          const off = adjacency[i];
          const pot = off >> 1;
          offBits[pot >> 5] |= 1 << (pot & 31);
          offWords |= 1 << (pot >> 5);
          // An "off" key without links adds nothing more.
          if (reachSeen[off] === stamp || linkEnd[off] === linkStart[off]) continue;
          reachSeen[off] = stamp;
          reachQueue[length++] = off;
        }
      } else {
        for (let i = linkStart[key], end = linkEnd[key]; i < end; i++) {
          const on = adjacency[i];
          if (reachSeen[on] === stamp) continue;
          reachSeen[on] = stamp;
          reachQueue[length++] = on;
          const pot = on >> 1;
          onBits[pot >> 5] |= 1 << (pot & 31);
          onWords |= 1 << (pot >> 5);
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
  }
}
