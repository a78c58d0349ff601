/**
 * The breadth-first search tree of SE's static chain searches, shared by
 * the top-level producer (chaining.ts) and the nested one
 * (static-chains.ts): each node's key, parent (-1 for the start) and depth
 * (links from the start), in creation order, which is the order of SE's
 * level-by-level search. Each key is met at most once per search.
 *
 * One tree at a time, in module-level typed arrays: a search builds it and
 * reads its paths before the next search starts. No Node APIs.
 */

export const nodeKey = new Int32Array(1458);
export const nodeParent = new Int32Array(1458);
export const nodeDepth = new Int32Array(1458);
/** Keys met by the search with this stamp, and the "off" keys that imply its start (a search's own use). */
export const visited = new Int32Array(1458);
export const returning = new Int32Array(1458);
let stamp = 0;

/** Starts a search from `start`, alone in the tree; returns the search's stamp for visited and returning. */
export function startTree(start: number): number {
  if (stamp === 0x7fffffff) {
    // Stamps are never reused: an old mark must not pass for a new search's.
    visited.fill(0);
    returning.fill(0);
    stamp = 0;
  }
  const current = ++stamp;
  nodeKey[0] = start;
  nodeParent[0] = -1;
  nodeDepth[0] = 0;
  visited[start] = current;
  return current;
}

/** Adds `key` as a child of node `head` (count nodes so far) unless this search has met it; returns the new count. */
export function enqueue(key: number, head: number, current: number, count: number): number {
  if (visited[key] === current) return count;
  visited[key] = current;
  nodeKey[count] = key;
  nodeParent[count] = head;
  nodeDepth[count] = nodeDepth[head] + 1;
  return count + 1;
}

/** Whether `key` is on the path from node `node` to the start, `node` included. */
export function onPath(node: number, key: number): boolean {
  for (let n = node; n >= 0; n = nodeParent[n]) if (nodeKey[n] === key) return true;
  return false;
}

/** The keys from the start to tree node `node`, then `last`. */
export function pathTo(node: number, last: number): number[] {
  const keys = [last];
  for (let n = node; n >= 0; n = nodeParent[n]) keys.push(nodeKey[n]);
  return keys.reverse();
}
