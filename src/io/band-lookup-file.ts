/**
 * The band lookup table (src/canon/band-lookup.ts) kept in a file beside
 * the build (Node only): `npm run build` writes it once
 * (write-band-lookup.ts), and each process that needs the table reads it
 * in about 10 ms instead of building it in 0.1-0.2 s of CPU. A missing,
 * older or unreadable file is not an error: the table is built as before.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BandLookup, setBandLookupSource } from "../canon/band-lookup.js";
import { writeFileAtomically } from "./atomic-file.js";

/** dist/band-lookup.bin (this file compiles to dist/src/io/). */
export const BAND_LOOKUP_FILE = fileURLToPath(new URL("../../band-lookup.bin", import.meta.url));

/** Makes this thread's bandLookup() read the file before it builds a table. */
export function useBandLookupFile(path = BAND_LOOKUP_FILE): void {
  setBandLookupSource(() => {
    try {
      return readFileSync(path);
    } catch {
      return null;
    }
  });
}

/** Builds the table and writes it to `path` (through a temporary file, so a reader never sees half of it). */
export function writeBandLookupFile(path = BAND_LOOKUP_FILE): void {
  writeFileAtomically(path, new BandLookup().toBytes());
}
