/**
 * Units made of input items, read as a stream (io/input.ts): blocks of
 * items for the commands that answer puzzles (rate, the batch commands), or
 * one item per unit for those that spend seconds on each grid (scan
 * --grids, scan17 --grid). A unit weighs the input bytes it spans, so
 * progress and its ETA follow the input, whose size is known for files.
 */
import type { InputItem, ItemBlock } from "../jobs/items.js";
import { ItemReader, totalSize, type InputSource } from "../io/input.js";
import type { UnitSource } from "./run.js";

/** Units of `perUnit` items each (`single`: the item itself, not a block of one). */
export function itemSource(sources: readonly InputSource[], perUnit: number, single = false): UnitSource {
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
