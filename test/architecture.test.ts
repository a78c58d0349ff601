/**
 * The layering is part of the design: imports flow one way (core -> solver ->
 * canon -> ua -> scan -> bands -> rate -> draw -> io/cli), and nothing below the CLI and IO layer touches Node, so
 * the library runs in a browser. (The build also type-checks those folders
 * without Node's types: tsconfig.browser.json.)
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../src/io/shared-data.js";

const LAYERS = ["core", "solver", "canon", "ua", "scan", "bands", "rate", "draw", "io", "cli"];
const BROWSER_SAFE = new Set(["core", "solver", "canon", "ua", "scan", "rate", "draw"]);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(folder, entry.name)) : entry.name.endsWith(".ts") ? [join(folder, entry.name)] : [],
  );
}

test("imports flow one way between layers, and the library layers use no Node API", () => {
  const src = join(REPO_ROOT, "src");
  const files = sources(src);
  assert.ok(files.length > 10);
  for (const file of files) {
    const layer = file.slice(src.length + 1).split(/[\\/]/)[0];
    if (!LAYERS.includes(layer)) continue;
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/from\s+"([^"]+)"/g)) {
      const target = match[1];
      if (target.startsWith("node:") || !target.startsWith(".")) {
        assert.ok(!BROWSER_SAFE.has(layer), `${file} imports ${target}: no Node or package imports below the CLI`);
        continue;
      }
      const resolved = join(file, "..", target).slice(src.length + 1).split(/[\\/]/)[0];
      if (!LAYERS.includes(resolved)) continue;
      const from = LAYERS.indexOf(layer);
      const to = LAYERS.indexOf(resolved);
      assert.ok(to <= from, `${file} (layer ${layer}) imports ${target} (layer ${resolved}), an upper layer`);
    }
    if (BROWSER_SAFE.has(layer)) assert.ok(!/\bprocess\.|\brequire\(|\bBuffer\b/.test(code), `${file} uses a Node global`);
  }
});
