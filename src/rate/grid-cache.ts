/**
 * Values kept by a grid's candidates, for the nested chains' caches of
 * working grids (nested-engine.ts): a 32-bit hash of the 81 candidate
 * masks picks a bucket, and a hit compares the candidates in full. A
 * working grid's placed digits are its source grid's, so its candidates
 * determine it. Cheaper than a string key, which copies the 81 masks into
 * a string and hashes that on every lookup.
 */

interface Entry<T> {
  readonly candidates: Uint16Array;
  value: T;
  next: Entry<T> | null;
}

/** FNV-1a over the 81 masks: the key of get and set, computed once per grid. */
export function candidatesHash(candidates: Uint16Array): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < 81; i++) hash = Math.imul(hash ^ candidates[i], 0x01000193);
  return hash;
}

function sameCandidates(a: Uint16Array, b: Uint16Array): boolean {
  for (let i = 0; i < 81; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class GridCache<T> {
  private readonly buckets = new Map<number, Entry<T>>();

  /** The value kept for `candidates` (whose candidatesHash is `hash`), or undefined. */
  get(candidates: Uint16Array, hash: number): T | undefined {
    for (let entry = this.buckets.get(hash) ?? null; entry !== null; entry = entry.next) {
      if (sameCandidates(entry.candidates, candidates)) return entry.value;
    }
    return undefined;
  }

  /** Keeps `value` for a copy of `candidates`, in place of any value kept for them. */
  set(candidates: Uint16Array, hash: number, value: T): void {
    const first = this.buckets.get(hash) ?? null;
    for (let entry = first; entry !== null; entry = entry.next) {
      if (!sameCandidates(entry.candidates, candidates)) continue;
      entry.value = value;
      return;
    }
    this.buckets.set(hash, { candidates: candidates.slice(0, 81), value, next: first });
  }

  clear(): void {
    this.buckets.clear();
  }
}
