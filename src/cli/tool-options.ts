/**
 * The option parsers of the tool commands (minimize, transform, isomorphic,
 * draw), kept apart from their declarations so that declaring them loads
 * nothing heavy.
 */
import { InvalidArgumentError } from "commander";
import { parseTransform } from "../canon/transform-text.js";
import type { GridTransform } from "../canon/index.js";

/** Parses --spec: a transform in its text form (src/canon/transform-text.ts). */
export function transformSpec(value: string): GridTransform {
  try {
    return parseTransform(value);
  } catch (error) {
    throw new InvalidArgumentError(`${(error as Error).message.replace(/^transform: /, "")}.`);
  }
}

/** Parses --highlight: cells named r1c2, separated by commas or spaces; returns their indexes 0-80, each once. */
export function cellList(value: string): number[] {
  const names = value.split(/[\s,]+/).filter((name) => name !== "");
  if (names.length === 0) throw new InvalidArgumentError("expected cells such as r1c2,r3c4.");
  const cells = new Set<number>();
  for (const name of names) {
    const match = /^r([1-9])c([1-9])$/i.exec(name);
    if (match === null) throw new InvalidArgumentError(`'${name}' is not a cell: expected r1c1 to r9c9 (e.g. r1c2,r3c4).`);
    cells.add(9 * (Number(match[1]) - 1) + Number(match[2]) - 1);
  }
  return [...cells];
}

/** Parses --size: the picture's side in pixels. */
export function pictureSize(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 20 || n > 20_000) throw new InvalidArgumentError("expected a size in pixels, 20 to 20000.");
  return n;
}
