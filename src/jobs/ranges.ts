/**
 * Inclusive ranges of slices or ranks, and the pure arithmetic that cuts
 * them: --shard's parts (every machine computes the same split) and the
 * units of a job (a function of the range only, never of the thread count,
 * so a checkpoint made with 2 threads resumes with 8).
 */

/** first..last, inclusive. */
export interface NumberRange {
  readonly first: number;
  readonly last: number;
}

/** Items in a range. */
export function rangeSize(range: NumberRange): number {
  return range.last - range.first + 1;
}

/** "A..B", or "A" for a range of one. */
export function rangeText(range: NumberRange): string {
  return range.first === range.last ? String(range.first) : `${range.first}..${range.last}`;
}

/**
 * --shard i/N: part i (1 <= i <= N) of `range` cut into N contiguous parts
 * whose sizes differ by at most one (the larger ones last); null when the
 * part is empty (fewer items than shards). The N parts cover the range
 * exactly once.
 */
export function shardRange(range: NumberRange, index: number, count: number): NumberRange | null {
  if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(index) || index < 1 || index > count) {
    throw new RangeError(`bad shard ${index}/${count}`);
  }
  const size = rangeSize(range);
  const first = range.first + partStart(size, index - 1, count);
  const last = range.first + partStart(size, index, count) - 1;
  return first <= last ? { first, last } : null;
}

/** Offset of part k of n in a run of `size` items: floor(k * size / n), without overflow for large sizes. */
function partStart(size: number, k: number, n: number): number {
  return Math.floor(size / n) * k + Math.floor(((size % n) * k) / n);
}

/** `range` cut into consecutive pieces of `size` items (the last may be shorter). */
export function cutRange(range: NumberRange, size: number): NumberRange[] {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`bad piece size ${size}`);
  const pieces: NumberRange[] = [];
  for (let first = range.first; first <= range.last; first += size) pieces.push({ first, last: Math.min(range.last, first + size - 1) });
  return pieces;
}
