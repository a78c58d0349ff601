/**
 * `sudokulab transform PUZZLE|FILE... --random [--seed N] | --spec SPEC`:
 * an isomorph of each puzzle or grid, by one given transform or a random one
 * per puzzle (from a seeded generator, so a seed replays a run). --show and
 * --json print each transform in its text form (src/canon/transform-text.ts),
 * which --spec takes back.
 */
import { formatPuzzle } from "../core/puzzle.js";
import { mulberry32 } from "../core/random.js";
import { applyTransform, formatTransform, randomTransform, type GridTransform } from "../canon/index.js";
import { answerEachItem } from "./each-item.js";

export interface TransformFlags {
  readonly random?: boolean;
  readonly seed?: number;
  readonly spec?: GridTransform;
  readonly show?: boolean;
  readonly json?: boolean;
}

/** Returns the exit code: 1 when any puzzle was bad. */
export async function runTransformCommand(args: readonly string[], flags: TransformFlags): Promise<number> {
  const next = transformSource(flags);
  return answerEachItem(args, (item) => {
    const t = next();
    const image = formatPuzzle(applyTransform(item.cells, t));
    if (flags.json === true) {
      return JSON.stringify({ puzzle: image, input: formatPuzzle(item.cells), transform: formatTransform(t), annotation: item.annotation }) + "\n";
    }
    return image + (flags.show === true ? "\t" + formatTransform(t) : "") + item.annotation + "\n";
  });
}

/** The transform for each puzzle in turn: the --spec, or else a random one. */
function transformSource(flags: TransformFlags): () => GridTransform {
  const spec = flags.spec;
  if (spec !== undefined) return () => spec;
  let seed = flags.seed;
  if (seed === undefined) {
    seed = crypto.getRandomValues(new Uint32Array(1))[0];
    process.stderr.write(`sudokulab: transform: random seed ${seed} (--seed ${seed} repeats this run)\n`);
  }
  const random = mulberry32(seed);
  return () => randomTransform(random);
}
