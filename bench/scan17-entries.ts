/**
 * `node dist/bench/scan17-entries.js PASS RANK SLICE FIRST..LAST [--engine chunks] [--repeat N]`:
 * the band scan of some entries of one slice (numbered from 0 in the
 * generator's order), with the scan's counters and the CPU time of the
 * scans alone (entry generation excluded). The slice's entries differ a
 * lot in cost; a few of them make a short, repeatable measurement of the
 * band-3 stage, e.g. entries 29-34 of pass 2a, rank 190, slice 43593 (22
 * bands 3). With --repeat N the same entries are scanned N times in the
 * process, each time with fresh counters: the first run includes the
 * JIT's warm-up, the later ones show the spread. The scan runs with the
 * V8 flags the CLI gives its pass (bandScanEngineFlags); --v8-defaults leaves
 * V8's own.
 */
import { EntryGenerator } from "../src/catalog/entry-generator.js";
import { CATALOG_OF_PASS, parsePass } from "../src/bandscan/pass-limits.js";
import { entryScanner, parseEngine, type Scan17Engine } from "../src/bandscan/engines.js";
import { Scan17Stats } from "../src/bandscan/scan17-stats.js";
import { bandScanEngineFlags } from "../src/bandscan/engine-flags.js";
import { setEngineFlags } from "../src/io/engine-flags.js";
import { cpuSeconds } from "./report.js";

function main(args: string[]): void {
  let engine: Scan17Engine = "expand";
  let repeat = 1;
  let v8Defaults = false;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--engine") engine = parseEngine(args[++i]);
    else if (args[i] === "--v8-defaults") v8Defaults = true;
    else if (args[i] === "--repeat") repeat = Number(args[++i]);
    else rest.push(args[i]);
  }
  if (rest.length !== 4 || !Number.isInteger(repeat) || repeat < 1) {
    throw new Error("usage: scan17-entries PASS RANK SLICE FIRST..LAST [--engine expand|chunks] [--repeat N] [--v8-defaults]");
  }
  const pass = parsePass(rest[0]);
  if (!v8Defaults) setEngineFlags(bandScanEngineFlags(pass));
  const rank = Number(rest[1]);
  const slice = Number(rest[2]);
  const [first, last] = rest[3].split("..").map(Number);
  for (let run = 0; run < repeat; run++) {
    const stats = new Scan17Stats();
    const scanner = entryScanner(pass, stats, engine);
    const puzzles: string[] = [];
    let index = 0;
    let seconds = 0;
    new EntryGenerator(CATALOG_OF_PASS[pass], rank).run({ firstSlice: slice, lastSlice: slice }, (entry) => {
      const at = index++;
      if (at < first || at > (last ?? first)) return;
      const started = process.cpuUsage();
      scanner.scanEntry(entry, (hit) => puzzles.push(hit.puzzle));
      seconds += cpuSeconds(started);
    });
    console.log(`pass ${pass} rank ${rank} slice ${slice} entries ${first}..${last ?? first} (${engine}), run ${run + 1}: ${seconds.toFixed(2)} s CPU`);
    for (const [label, value] of stats.lines()) console.log(`  ${label}: ${value}`);
    for (const puzzle of puzzles) console.log(`  ${puzzle}`);
  }
}

main(process.argv.slice(2));
