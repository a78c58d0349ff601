/**
 * The checkpoint of `sudokulab entries --all-ranks --count`: the counts of
 * every rank finished so far, for one catalog, rewritten atomically after
 * each rank. --resume takes the ranks it holds instead of counting them
 * again; a rank is recorded whole or not at all, so an interrupted run loses
 * at most the ranks that were running and never counts one twice. Ranks are
 * independent of the range asked for, so one file serves any --ranks.
 */
import { existsSync } from "node:fs";
import type { CatalogName } from "../catalog/index.js";
import { readCheckpointRecord, writeFileAtomically } from "./atomic-file.js";
import type { RankCount } from "./entries-job.js";

const KIND = "sudokulab entries";
const VERSION = 1;

/** `entries-<catalog>.checkpoint.json` in the current directory. */
export function defaultEntriesCheckpoint(catalog: CatalogName): string {
  return `entries-${catalog}.checkpoint.json`;
}

export function entriesCheckpointExists(path: string): boolean {
  return existsSync(path);
}

export function writeEntriesCheckpoint(path: string, catalog: CatalogName, counts: ReadonlyMap<number, RankCount>): void {
  const ranks = [...counts.values()].sort((a, b) => a.rank - b.rank);
  // One rank per line: the file stays readable and diffable.
  const lines = ranks.map((count) => "  " + JSON.stringify(count)).join(",\n");
  writeFileAtomically(path, `{"kind": ${JSON.stringify(KIND)}, "version": ${VERSION}, "catalog": ${JSON.stringify(catalog)}, "ranks": [\n${lines}\n]}\n`);
}

/** Reads the counts recorded in a checkpoint; throws a clear error when it is unreadable or for another catalog. */
export function readEntriesCheckpoint(path: string, catalog: CatalogName): Map<number, RankCount> {
  const bad = (why: string): Error => new Error(`checkpoint ${path} is not a valid entries checkpoint: ${why}`);
  const record = readCheckpointRecord(path, KIND, VERSION, "entries");
  if (record.catalog !== catalog) {
    throw new Error(`checkpoint ${path} holds the ${String(record.catalog)} catalog, not ${catalog}; pass --catalog ${String(record.catalog)} or another --checkpoint`);
  }
  if (!Array.isArray(record.ranks)) throw bad("no 'ranks' list");
  const counts = new Map<number, RankCount>();
  for (const item of record.ranks as unknown[]) {
    const count = rankCountOf(item);
    if (count === null) throw bad(`bad rank record ${JSON.stringify(item)}`);
    if (counts.has(count.rank)) throw bad(`rank ${count.rank} recorded twice`);
    counts.set(count.rank, count);
  }
  return counts;
}

function rankCountOf(item: unknown): RankCount | null {
  if (typeof item !== "object" || item === null) return null;
  const { rank, bands2, entries, bands3, cpuSeconds } = item as Record<string, unknown>;
  if (!isCount(rank) || rank > 415 || !isCount(bands2) || !isCount(entries) || !isCount(bands3)) return null;
  if (typeof cpuSeconds !== "number" || !(cpuSeconds >= 0)) return null;
  return { rank, bands2, entries, bands3, cpuSeconds };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
