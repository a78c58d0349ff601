/**
 * What the page and its workers say to each other. Everything is plain data
 * (structured clone): cells as arrays of 81 digits (0 = empty), ratings ×10
 * as the library gives them. A job gets any number of events and ends with
 * "done" or "error"; the page tells jobs apart by their id.
 */
import type { CatalogName, Step } from "../../index.js";

export type Job =
  | { readonly kind: "facts"; readonly puzzle: readonly number[] }
  | { readonly kind: "slice"; readonly entry: CatalogEntryView }
  | { readonly kind: "rate"; readonly puzzle: readonly number[] }
  | { readonly kind: "uas"; readonly grid: readonly number[]; readonly maxSize: number }
  | { readonly kind: "scan"; readonly grid: readonly number[]; readonly clues: number }
  | { readonly kind: "rate-lines"; readonly items: readonly BatchItem[] };

export interface BatchItem {
  /** The item's place in the batch (results come back by it). */
  readonly index: number;
  readonly cells: readonly number[];
}

/** A candidate grid as the rater holds it: placed digits and a 9-bit candidate set per cell. */
export interface GridState {
  readonly values: Uint8Array;
  readonly candidates: Uint16Array;
}

export interface CatalogEntryView {
  readonly catalog: CatalogName;
  readonly ranks: readonly [number, number, number];
  /** The grid in entry form, 81 digits. */
  readonly grid: string;
}

export type RatingView =
  | {
      readonly status: "rated" | "unsolvable";
      readonly er: number;
      readonly ep: number;
      readonly ed: number;
      readonly steps: readonly Step[];
      /** grids[i]: the candidates step i was found on. */
      readonly grids: readonly GridState[];
      readonly ms: number;
    }
  | { readonly status: "invalid"; readonly reason: string };

export interface BatchResult {
  readonly index: number;
  readonly er: number;
  readonly ep: number;
  readonly ed: number;
  /** Why the puzzle could not be rated (no solution, several), or null. */
  readonly problem: string | null;
  readonly ms: number;
}

export type JobEvent =
  | { readonly type: "count"; readonly count: number; readonly limit: number; readonly solution: string | null }
  | { readonly type: "minimal"; readonly redundant: readonly number[] }
  | { readonly type: "canon"; readonly puzzle: string; readonly grid: string; readonly automorphisms: number }
  | { readonly type: "bands"; readonly ranks: readonly [number, number, number] }
  | { readonly type: "catalog"; readonly entry: CatalogEntryView }
  | { readonly type: "slice"; readonly catalog: CatalogName; readonly slice: number }
  | { readonly type: "rating"; readonly rating: RatingView }
  | { readonly type: "uas"; readonly uas: readonly (readonly number[])[]; readonly ms: number }
  | { readonly type: "scan-progress"; readonly chunksDone: number; readonly chunks: number; readonly ms: number }
  | { readonly type: "found"; readonly puzzle: string }
  | { readonly type: "rated"; readonly result: BatchResult }
  | { readonly type: "done"; readonly ms: number }
  | { readonly type: "error"; readonly message: string };

export interface JobMessage {
  readonly id: number;
  readonly job: Job;
}

export interface EventMessage {
  readonly id: number;
  readonly event: JobEvent;
}

/** Solutions counted at most, for "several solutions (N)". */
export const COUNT_LIMIT = 1000;
