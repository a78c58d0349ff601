/**
 * Which starts of the static chains' cycle searches (static-chains.ts) can
 * find a cycle that removes something, from the strongly connected parts
 * of the pass's search graph (static-graph.ts: an "on" key to the "off"
 * keys with links, an "off" key to its "on" keys).
 *
 * Every key of a cycle from a start reaches the start and is reached from
 * it, so the cycle lies in the start's part. SE's cycle removes a
 * candidate outside it that sees an "on" and an "off" node of its digit in
 * the cycle; where no candidate sees an "on" and an "off" key of its digit
 * in the whole part, no cycle of the part removes anything, and the
 * part's starts need no cycle search. On hard puzzles about three cycle
 * searches in four are of such starts. The parts come from one depth-first
 * walk (Tarjan's) over the keys the starts reach, which meets each key
 * once where the searches meet it once per start.
 */
import { addCycleKey, beginCycle, cycleRemovesAny } from "./chaining.js";
import {
  adjacency,
  ensureStrong,
  low,
  offHigh,
  passVersion,
  strongAdjacency,
  strongBuilt,
  strongEnd,
  strongStart,
} from "./static-graph.js";

/** capable[on] === the stamp markCapableStarts returned: the start's part may hold a cycle that removes something. */
export const capable = new Int32Array(1458);
let capableStamp = 0;
/** How many starts markCapableStarts marked last. */
export let capableCount = 0;
/**
 * The parts of its last walk, as it closed them: part i is
 * partKeys[partEnds[i - 1]..partEnds[i]) (from 0 for the first). A part is
 * closed after every part it reaches, so the last closed come first in the
 * graph's order (markChainStartsOnParts reads them so).
 */
export const partKeys = new Int32Array(1458);
export const partEnds = new Int32Array(1458);
export let partCount = 0;

// The walk: each key's visit number and the lowest visit number it reaches, by
// stamp; the keys on Tarjan's stack; the walk's own stack of keys and
// their next link.
const visitStamp = new Int32Array(1458);
let walkStamp = 0;
const order = new Int32Array(1458);
const lowLink = new Int32Array(1458);
const onStack = new Uint8Array(1458);
const stack = new Int32Array(1458);
const frameKey = new Int32Array(1458);
const frameNext = new Int32Array(1458);
const frameEnd = new Int32Array(1458);

/**
 * Marks the starts `starts[0..count)` ("on" keys) whose part may hold a
 * cycle that removes something, in the selected pass of the graph built
 * last; returns the stamp of the marks.
 */
export function markCapableStarts(starts: Int32Array, count: number): number {
  const stamp = ++capableStamp;
  const walk = ++walkStamp;
  capableCount = 0;
  partCount = 0;
  let listed = 0;
  let visits = 0;
  let top = 0;
  for (let s = 0; s < count; s++) {
    const start = starts[s];
    if (visitStamp[start] === walk) continue;
    // Visit the start.
    visitStamp[start] = walk;
    order[start] = lowLink[start] = visits++;
    stack[top++] = start;
    onStack[start] = 1;
    let depth = 0;
    pushFrame(0, start);
    while (depth >= 0) {
      const key = frameKey[depth];
      const next = frameNext[depth];
      if (next < frameEnd[depth]) {
        frameNext[depth] = next + 1;
        const to = key & 1 ? strongAdjacency[next] : adjacency[next];
        if (visitStamp[to] !== walk) {
          visitStamp[to] = walk;
          order[to] = lowLink[to] = visits++;
          stack[top++] = to;
          onStack[to] = 1;
          pushFrame(++depth, to);
        } else if (onStack[to] === 1 && order[to] < lowLink[key]) {
          lowLink[key] = order[to];
        }
        continue;
      }
      // The key's links are done: it closes its part when nothing it reaches is older.
      depth--;
      if (depth >= 0 && lowLink[key] < lowLink[frameKey[depth]]) lowLink[frameKey[depth]] = lowLink[key];
      if (lowLink[key] !== order[key]) continue;
      let first = top - 1;
      while (stack[first] !== key) first--;
      // A cycle from a start comes back through an "on" key other than the start, so its part holds two at least.
      let ons = 0;
      for (let i = first; i < top; i++) ons += stack[i] & 1;
      if (ons > 1 && partMayRemove(first, top)) {
        for (let i = first; i < top; i++) {
          if ((stack[i] & 1) === 0) continue;
          capable[stack[i]] = stamp;
          capableCount++;
        }
      }
      for (let i = first; i < top; i++) {
        onStack[stack[i]] = 0;
        partKeys[listed++] = stack[i];
      }
      partEnds[partCount++] = listed;
      top = first;
    }
  }
  return stamp;
}

/** Puts `key` at `depth` of the walk's stack, with its links in the pass. */
function pushFrame(depth: number, key: number): void {
  frameKey[depth] = key;
  if (key & 1) {
    if (strongBuilt[key] !== passVersion) ensureStrong(key);
    frameNext[depth] = strongStart[key];
    frameEnd[depth] = strongEnd[key];
  } else {
    frameNext[depth] = low[key];
    frameEnd[depth] = offHigh[key];
  }
}

/** Whether a candidate of the graph's grid sees an "on" and an "off" key of its digit among stack[first..end). */
function partMayRemove(first: number, end: number): boolean {
  beginCycle();
  for (let i = first; i < end; i++) addCycleKey(stack[i]);
  return cycleRemovesAny(false);
}
