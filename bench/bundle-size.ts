/**
 * What a browser bundle of the library holds (`npm run bench:bundle`):
 * small programs that import a few entry points from the public entry
 * (src/index.ts) are bundled by Vite (Rolldown, minified, tree-shaken with
 * the package's sideEffects: false), and each bundle is measured (bytes,
 * gzipped) and searched for a text only the band scan holds, which a
 * bundle of the solver alone must not contain.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const ROOT = resolve(fileURLToPath(new URL("../../", import.meta.url)));
const ENTRY = join(ROOT, "src", "index.ts");
/** An error message of the band scan (src/bandscan/joint-search.ts): present exactly when the band scan is bundled. */
const BAND_SCAN_MARK = "failed its final uniqueness check";

const CASES: [string, string][] = [
  ["solve + countSolutions", "solve, countSolutions"],
  ["solve + ratePuzzle", "solve, ratePuzzle"],
  ["canonicalGrid + canonicalPuzzle", "canonicalGrid, canonicalPuzzle"],
  ["scanGridByBands (the band engine)", "scanGridByBands"],
];

async function bundle(names: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "sudokulab-bundle-"));
  try {
    const entry = join(dir, "entry.ts");
    writeFileSync(entry, `import { ${names} } from ${JSON.stringify(ENTRY)};\n(globalThis as Record<string, unknown>).used = [${names}];\n`);
    const result = await build({
      configFile: false,
      logLevel: "silent",
      root: dir,
      build: { write: false, minify: true, lib: { entry, formats: ["es"], fileName: "bundle" } },
    });
    const outputs = Array.isArray(result) ? result : [result];
    let code = "";
    for (const output of outputs) if ("output" in output) for (const chunk of output.output) if (chunk.type === "chunk") code += chunk.code;
    return code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  process.stdout.write("| imports | minified | gzipped | band scan inside |\n|---|---|---|---|\n");
  let failed = false;
  for (const [label, names] of CASES) {
    const code = await bundle(names);
    const hasBandScan = code.includes(BAND_SCAN_MARK);
    if (label.startsWith("solve + countSolutions") && hasBandScan) failed = true;
    process.stdout.write(`| ${label} | ${(code.length / 1024).toFixed(1)} KB | ${(gzipSync(code).length / 1024).toFixed(1)} KB | ${hasBandScan ? "yes" : "no"} |\n`);
  }
  if (failed) {
    process.stderr.write("sudokulab: a bundle of solve and countSolutions holds the band scan\n");
    process.exitCode = 1;
  }
}

await main();
