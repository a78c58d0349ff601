/** The grid scan: every N-clue puzzle with a unique solution in one grid (seed 003). */
export { HittingSearch, type SearchStats, type FoundCallback } from "./hitting-search.js";
export { ChunkSearch, DEFAULT_KERNEL_LEFT, prepareScan, runChunks, scanGrid, scanUAs, parseMask, StopScan, type ScanSetup, type ScanRunOptions } from "./scan.js";
