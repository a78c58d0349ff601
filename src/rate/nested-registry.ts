/**
 * The nested chains met during one top-level call of a nested forcing
 * chains producer (nested.ts): each distinct chain gets an id, by SE's
 * FullChain identity (nested-hint.ts, signature), with its complexity,
 * which SE adds once per hint that uses it (nested-engine.ts,
 * complexityOf), and, for explain, its chains.
 */
import { type Propagation, propagationChain, reserveNestedId } from "./propagation.js";
import type { Chain } from "./step.js";
import type { NestedHint } from "./nested-hint.js";

/** Nested chains met during one top-level producer call: id by signature, complexity, and the chains (for explain). */
const chainIds = new Map<string, number>();
export const chainComplexity: number[] = [];
const chainLinks: (readonly Chain[])[] = [];
/** Incremented when the registry is cleared. */
let registryGeneration = 0;
/** Whether to make the nested hints' chains (for explain); they cost a quarter of the time at level 4. */
let recordChains = false;
const NO_CHAINS: readonly Chain[] = [];

/** Makes the nested steps carry the chains of their nested hints (ChainLink.nested), or not (the default). */
export function recordNestedChains(on: boolean): void {
  recordChains = on;
}

/**
 * The id of a nested hint's chain, registered on first sight with its
 * complexity and its chains. The chains are made then because a multiple or
 * dynamic hint's propagations belong to a pooled engine that its next run
 * overwrites.
 */
function internChain(hint: NestedHint): number {
  const signature = hint.signature();
  let id = chainIds.get(signature);
  if (id === undefined) {
    id = chainComplexity.length;
    chainIds.set(signature, id);
    chainComplexity.push(hint.complexity);
    chainLinks.push(recordChains ? hint.chains() : NO_CHAINS);
    reserveNestedId(id);
  }
  return id;
}

/** The hint's chain id in the current producer call: one hint gives several removals, and its chain is registered once. */
export function intern(hint: NestedHint): number {
  if (hint.chainGeneration !== registryGeneration) {
    hint.chainId = internChain(hint);
    hint.chainGeneration = registryGeneration;
  }
  return hint.chainId;
}

/** Forgets every chain: a new producer call starts. */
export function clearRegistry(): void {
  chainIds.clear();
  chainComplexity.length = 0;
  chainLinks.length = 0;
}

/** Starts a producer call: chain ids given before are no longer valid. */
export function newRegistry(): void {
  clearRegistry();
  registryGeneration++;
}

/** The chain ending at node `node` of `prop`, with the nested chains of its nested links (when recorded). */
export function chainWithNested(prop: Propagation, node: number): Chain {
  return propagationChain(prop, node, recordChains ? (id) => chainLinks[id] : undefined);
}
