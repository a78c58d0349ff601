/**
 * Chains for `explain` (Step.chains): the producers' implication nodes, keyed
 * ((cell * 9 + digit - 1) << 1) | on as in chaining.ts, turned into lists of
 * links in SE's order (a node's parents' chains first, depth first, then the
 * node; the assumption first, the conclusion last).
 */
import type { Chain, ChainLink } from "./step.js";

function link(key: number, parents: readonly number[], nested?: readonly Chain[]): ChainLink {
  const pot = key >> 1;
  const cell = (pot / 9) | 0;
  const made = { cell, digit: pot - 9 * cell + 1, on: (key & 1) === 1, parents };
  return nested === undefined ? made : { ...made, nested };
}

/** A chain given as its keys in order, each implied by the one before (a cycle repeats its first key at the end). */
export function linearChain(keys: readonly number[], cycle = false): Chain {
  const links = keys.map((key, i) => link(key, i === 0 ? [] : [i - 1]));
  return cycle ? { links, cycle: true } : { links };
}

/**
 * The chain that ends at node `target` of an implication graph: `keyOf(n)`
 * is node n's key, `parentsOf(n)` its parents (nodes), the first being the
 * link followed; `nestedOf(n)`, when given, the nested chains that imply
 * node n (ChainLink.nested), if any. Nodes are numbered 0..size-1 (size
 * bounds the numbers).
 */
export function chainTo(
  target: number,
  size: number,
  keyOf: (node: number) => number,
  parentsOf: (node: number) => ArrayLike<number>,
  nestedOf?: (node: number) => readonly Chain[] | undefined,
): Chain {
  const position = new Map<number, number>();
  const links: ChainLink[] = [];
  // Iterative depth-first post-order: a node is listed after all its parents.
  const stack: [number, number][] = [[target, 0]];
  const entered = new Set<number>([target]);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const [node, next] = top;
    const parents = parentsOf(node);
    if (next < parents.length) {
      top[1]++;
      const parent = parents[next];
      if (parent < 0 || parent >= size) throw new Error(`chain: node ${node} has a bad parent ${parent}`);
      if (!entered.has(parent)) {
        entered.add(parent);
        stack.push([parent, 0]);
      }
      continue;
    }
    stack.pop();
    const mapped: number[] = [];
    for (let i = 0; i < parents.length; i++) {
      const at = position.get(parents[i]);
      // A parent still on the stack would be a cycle in the graph; the producers' graphs have none.
      if (at === undefined) throw new Error(`chain: node ${node}'s parent ${parents[i]} is not listed before it`);
      if (!mapped.includes(at)) mapped.push(at);
    }
    position.set(node, links.length);
    links.push(link(keyOf(node), mapped, nestedOf === undefined ? undefined : nestedOf(node)));
  }
  return { links };
}
