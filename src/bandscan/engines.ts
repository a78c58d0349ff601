/**
 * How bands 1+2 are searched (design notes band-scan.md §1.6-1.7); both
 * engines feed the same band-3 stage and output the same 17s:
 *   expand  the direct UA expansion of sk_s17 VB (entry-scan.ts, expansion.ts), the default;
 *   chunks  blue's valid X × valid Y in chunks of 256 (seeds 000-002; xy-chunks.ts).
 */
import type { EntryData } from "./entry-data.js";
import { EntryScanner17 } from "./entry-scan.js";
import type { Scan17Hit } from "./hit.js";
import type { Scan17Pass } from "./pass-limits.js";
import type { Scan17Stats } from "./scan17-stats.js";
import { ChunkScanner17 } from "./xy-chunks.js";

export type Scan17Engine = "expand" | "chunks";
export const SCAN17_ENGINES: readonly Scan17Engine[] = ["expand", "chunks"];

export function parseEngine(text: string): Scan17Engine {
  if (text === "expand" || text === "chunks") return text;
  throw new RangeError(`engine must be expand or chunks, got '${text}'`);
}

/** What the drivers ask of either engine. */
export interface EntryScanner {
  scanEntry(entry: EntryData, onHit: (hit: Scan17Hit) => void, allowed0?: number, allowed1?: number): void;
}

/** An engine's scanner; `bitMasks` is the expansion engine's (EntryScanner17), for cross-checks. */
export function entryScanner(pass: Scan17Pass, stats: Scan17Stats, engine: Scan17Engine = "expand", bitMasks = true): EntryScanner {
  return engine === "chunks" ? new ChunkScanner17(pass, stats) : new EntryScanner17(pass, stats, bitMasks);
}
