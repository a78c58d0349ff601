/** `node dist/src/io/write-band-lookup.js`: the build's last step, the band lookup table's file (band-lookup-file.ts). */
import { writeBandLookupFile } from "./band-lookup-file.js";

writeBandLookupFile();
