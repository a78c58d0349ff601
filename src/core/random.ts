/**
 * A small deterministic PRNG (mulberry32), so that a seed reproduces a run:
 * random UA probes, and the tests' random transformations.
 */

/** Returns a generator of numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 0..n-1 in an order drawn from `random` (numbers in [0, 1)), every order equally likely (Fisher-Yates). */
export function randomOrder(n: number, random: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    // min: a generator returning exactly 1 must not index past the end.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    const kept = order[i];
    order[i] = order[j];
    order[j] = kept;
  }
  return order;
}
