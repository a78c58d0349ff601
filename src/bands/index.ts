/**
 * The band catalog (issue 3) and, on top of it, the band scan for 17s:
 * entries of band 1 + band 2 with the bands 3 that complete them, in three
 * catalogs that each list every essentially different grid once.
 */
export { type CatalogName, CATALOG_NAMES, ENTRY_ORDER, parseCatalog, ranksInOrder } from "./catalog.js";
export { EntryCanonizer, type GridEntry, locateGrid } from "./canonical-entry.js";
export { EntryGenerator, type EntryVisitor, type GeneratorRange, MAX_BANDS3 } from "./entry-generator.js";
export { indexOfRank, rankOfIndex } from "./ranks.js";
export { type BandProfile, bandProfile, forEachValidBandSet, VALID_SIZES } from "./band-profile.js";
export { type Band12Options, collectBand12UAs } from "./band12-uas.js";
export {
  type Scan17Pass, SCAN17_PASSES, CATALOG_OF_PASS, parsePass, Scan17Stats, EntryScanner17, type EntryData,
  ChunkScanner17, type Scan17Engine, SCAN17_ENGINES, parseEngine, type EntryScanner, entryScanner,
  type Scan17Hit, formatScan17Hit, type SliceScanOptions, scanSlices17, type GridHit17, scanGrid17, singleBand3Entry, bandRanksOf,
} from "./scan17.js";
export { PASS_LIMITS, type PassLimits, inPass } from "./pass-limits.js";
export { bandGangsterUAs } from "./band-uas.js";
export { type KLine, parseKLine, type ReplayOutcome, type ReplayOptions, type ReplayWindow, replayGroup, groupByEntry } from "./replay.js";
export { type ClueLimits, clueLimits, passClueLimits } from "./pass-limits.js";
export { GRID_BAND_CHUNKS, MAX_BAND_ENGINE_CLUES, scanGridBandChunk, scanGridByBands, topBandLimits } from "./grid-scan.js";
