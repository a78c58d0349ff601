/**
 * The band catalog: entries of band 1 + band 2 with the bands 3 that
 * complete them, in three catalogs that each list every essentially
 * different grid once (design notes band-scan.md §1.2-1.3), and the
 * per-band tables the band scan reads (n6 ranks, profiles, gangster UAs).
 */
export { type CatalogName, CATALOG_NAMES, ENTRY_ORDER, parseCatalog, ranksInOrder } from "./catalog.js";
export { EntryCanonizer, type GridEntry, locateGrid } from "./canonical-entry.js";
export { EntryGenerator, type EntryVisitor, type GeneratorRange, MAX_BANDS3 } from "./entry-generator.js";
export { indexOfRank, rankOfIndex } from "./ranks.js";
export { type BandProfile, bandProfile, forEachValidBandSet, VALID_SIZES } from "./band-profile.js";
export { bandGangsterUAs } from "./band-uas.js";
