/**
 * The nested chains met during one top-level call of a nested forcing
 * chains producer (nested.ts): each distinct chain gets an id, by SE's
 * FullChain identity (nested-hint.ts, signature), with its complexity,
 * which SE adds once per hint that uses it (nested-engine.ts,
 * complexityOf), and, for explain, its chains.
 */
import { type Propagation, propagationChain, reserveNestedId } from "./propagation.js";
import type { Chain } from "./step.js";
import { type NestedHint, Signature } from "./nested-hint.js";

/**
 * Nested chains met during one top-level producer call: id by signature
 * (the first id of each signature hash, the others with the same hash
 * linked from it; each id's signature kept in `signatures`), complexity,
 * and the chains (for explain).
 */
const firstWithHash = new Map<number, number>();
const nextWithHash: number[] = [];
const signatureStart: number[] = [0];
let signatures = new Int32Array(1 << 14);
const scratch = new Signature();
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

/** Whether the nested hints' chains are made (recordNestedChains). */
export function recordingNestedChains(): boolean {
  return recordChains;
}

/**
 * The id of a nested hint's chain, registered on first sight with its
 * complexity and its chains. The chains are made then because a multiple or
 * dynamic hint's propagations belong to a pooled engine that its next run
 * overwrites.
 */
function internChain(hint: NestedHint): number {
  scratch.length = 0;
  hint.writeSignature(scratch);
  const values = scratch.values;
  const length = scratch.length;
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ values[i], 0x01000193);
  const first = firstWithHash.get(hash);
  for (let id = first ?? -1; id >= 0; id = nextWithHash[id]) {
    if (sameSignature(id, values, length)) return id;
  }
  const id = chainComplexity.length;
  nextWithHash.push(first ?? -1);
  firstWithHash.set(hash, id);
  const start = signatureStart[id];
  if (start + length > signatures.length) {
    const grown = new Int32Array(Math.max(2 * signatures.length, start + length));
    grown.set(signatures.subarray(0, start));
    signatures = grown;
  }
  signatures.set(values.subarray(0, length), start);
  signatureStart.push(start + length);
  chainComplexity.push(hint.complexity);
  chainLinks.push(recordChains ? hint.chains() : NO_CHAINS);
  reserveNestedId(id);
  return id;
}

function sameSignature(id: number, values: Int32Array, length: number): boolean {
  const start = signatureStart[id];
  if (signatureStart[id + 1] - start !== length) return false;
  for (let i = 0; i < length; i++) if (signatures[start + i] !== values[i]) return false;
  return true;
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
  firstWithHash.clear();
  nextWithHash.length = 0;
  signatureStart.length = 1;
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
