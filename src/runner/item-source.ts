/**
 * Units made of input items, read as a stream (io/input.ts): blocks of
 * items for the commands that answer puzzles (rate, the batch commands), or
 * one item per unit for those that spend seconds on each grid (scan
 * --grids, scan17 --grid). A unit weighs the input bytes it spans, so
 * progress and its ETA follow the input, whose size is known for files.
 */
import type { InputItem, ItemBlock } from "../jobs/items.js";
import { ItemReader, totalSize, type BlockSizes, type InputSource } from "../io/input.js";
import type { UnitSource } from "./run.js";

/**
 * Block sizes 1, 1, 1, 1, 2, 2, 2, 2, 4, ... up to `max`, and never more
 * than a 32nd of the items left: for work whose cost per item is unknown
 * and may be minutes (a rating), the first items go one per unit and spread
 * over the threads, a long input pays the runner's cost per unit once per
 * `max` items, and its last items go in small units again, so that no
 * thread is left with a large one at the end. The sizes depend on the
 * input alone, so a resumed run cuts it as the first did.
 */
export function growingBlocks(max: number): (block: number, itemsLeft: number | null) => number {
  return (block, itemsLeft) => Math.min(max, 2 ** Math.floor(block / 4), itemsLeft === null ? max : Math.max(1, Math.floor(itemsLeft / 32)));
}

/** Units of `perUnit` items each, or of perUnit(k) for the k-th (`single`: the item itself, not a block of one). */
export function itemSource(sources: readonly InputSource[], perUnit: BlockSizes, single = false): UnitSource {
  const bytes = new WeakMap<object, number>();
  return {
    total: null,
    totalWeight: totalSize(sources),
    weight: (unit) => bytes.get(unit as object) ?? 0,
    async *units() {
      let before = 0;
      for await (const batch of new ItemReader(sources).batches(perUnit)) {
        const span = batch.bytesThrough - before;
        before = batch.bytesThrough;
        if (!single) {
          const block: ItemBlock = { items: batch.items };
          bytes.set(block, span);
          yield block;
          continue;
        }
        batch.items.forEach((item: InputItem, i) => {
          // The block's bytes are charged to its last item: what counts is that they add up.
          bytes.set(item, i === batch.items.length - 1 ? span : 0);
        });
        yield* batch.items;
      }
    },
  };
}
