/**
 * The band scan for 17s over the catalog's entries (design notes
 * band-scan.md §1.5-1.10): the passes and their clue limits, the two
 * bands-1+2 engines and the shared band-3 stage, the drivers over slices
 * and grids, the k-file replay, and the band engine of the grid scan.
 */
export { type Band12Options, collectBand12UAs } from "./band12-uas.js";
export {
  type Scan17Pass, SCAN17_PASSES, CATALOG_OF_PASS, parsePass, PASS_LIMITS, type PassLimits, inPass,
  type ClueLimits, clueLimits, passClueLimits,
} from "./pass-limits.js";
export { Scan17Stats } from "./scan17-stats.js";
export type { EntryData } from "./entry-data.js";
export { type Scan17Hit, formatScan17Hit } from "./hit.js";
export { EntryScanner17 } from "./entry-scan.js";
export { ChunkScanner17 } from "./xy-chunks.js";
export { type Scan17Engine, SCAN17_ENGINES, parseEngine, type EntryScanner, entryScanner } from "./engines.js";
export { type SliceScanOptions, scanSlices17, type GridHit17, scanGrid17, singleBand3Entry, bandRanksOf } from "./scan17.js";
export { bandClueCounts, type KLine, parseKLine, type ReplayOutcome, type ReplayOptions, type ReplayWindow, replayGroup, groupByEntry } from "./replay.js";
export { GRID_BAND_CHUNKS, MAX_BAND_ENGINE_CLUES, scanGridBandChunk, scanGridByBands, topBandLimits } from "./grid-scan.js";
export { bandScanEngineFlags } from "./engine-flags.js";
