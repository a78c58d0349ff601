/**
 * The layering is part of the design (docs/ARCHITECTURE.md): imports flow
 * one way, down the list of LAYERS; the browser-safe layers touch no Node
 * API and no package, so the library runs in a browser (the build also
 * type-checks them without Node's types: tsconfig.browser.json); the web
 * page reads the library only through its public entry; and no module
 * imports itself through others, so each file can be read, tested and
 * moved on its own. Folders of the list that do not exist (yet) are
 * simply not checked.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { REPO_ROOT } from "../src/io/shared-data.js";

/** From the bottom up: a layer imports only from itself and the layers before it. */
const LAYERS = ["core", "solver", "canon", "ua", "scan", "catalog", "bandscan", "rate", "draw", "jobs", "io", "runner", "cluster", "cli"];
const BROWSER_SAFE = new Set(["core", "solver", "canon", "ua", "scan", "catalog", "bandscan", "rate", "draw", "jobs"]);
/** The browser page: its own files and the public entry only. */
const WEB = "web";
const PUBLIC_ENTRY = "index.ts";

const SRC = join(REPO_ROOT, "src");
const SOURCE = /\.(ts|tsx|mts)$/;

function sources(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(join(folder, entry.name));
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [join(folder, entry.name)] : [];
  });
}

/** Every module specifier of a file: static imports and re-exports (type-only ones too), side-effect and dynamic imports. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const pattern of [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ]) {
    for (const match of code.matchAll(pattern)) found.push(match[1]);
  }
  return found;
}

/** The source file a relative specifier names (NodeNext: "./x.js" is x.ts), or null outside the sources. */
function resolveRelative(file: string, specifier: string, known: Set<string>): string | null {
  const base = join(file, "..", specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, "index.ts")]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Layer (first folder below src) of a source file; "" for the files at the top of src. */
function layerOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : "";
}

interface Module {
  readonly file: string;
  readonly code: string;
  /** Relative imports, resolved to source files. */
  readonly imports: string[];
  /** Package and node: imports. */
  readonly external: string[];
}

function moduleGraph(): Module[] {
  const files = sources(SRC);
  const known = new Set(files);
  return files.map((file) => {
    const code = readFileSync(file, "utf8");
    const imports: string[] = [];
    const external: string[] = [];
    for (const specifier of specifiers(code)) {
      if (!specifier.startsWith(".")) {
        external.push(specifier);
        continue;
      }
      // The page's stylesheet is an asset Vite bundles, not a module.
      if (specifier.endsWith(".css")) continue;
      const target = resolveRelative(file, specifier, known);
      assert.ok(target !== null, `${relative(SRC, file)} imports ${specifier}, which is no source file`);
      imports.push(target);
    }
    return { file, code, imports: [...new Set(imports)], external };
  });
}

test("imports flow one way between layers, and the browser-safe layers use no Node API and no package", () => {
  const modules = moduleGraph();
  assert.ok(modules.length > 10);
  for (const { file, code, imports, external } of modules) {
    const layer = layerOf(file);
    if (!LAYERS.includes(layer)) continue;
    const name = relative(SRC, file);
    if (BROWSER_SAFE.has(layer)) {
      for (const target of external) assert.fail(`${name} imports ${target}: no Node API or package in a browser-safe layer`);
      assert.ok(!/\bprocess\.|\brequire\(|\bBuffer\b/.test(code), `${name} uses a Node global`);
    }
    for (const target of imports) {
      const to = layerOf(target);
      if (to === WEB) assert.fail(`${name} imports ${relative(SRC, target)}: nothing imports the web page`);
      if (!LAYERS.includes(to)) continue;
      assert.ok(LAYERS.indexOf(to) <= LAYERS.indexOf(layer), `${name} (layer ${layer}) imports ${relative(SRC, target)} (layer ${to}), an upper layer`);
    }
  }
});

test("the web page imports the library only through its public entry", () => {
  const entry = join(SRC, PUBLIC_ENTRY);
  for (const { file, imports, external } of moduleGraph()) {
    if (layerOf(file) !== WEB) continue;
    const name = relative(SRC, file);
    for (const target of imports) {
      assert.ok(target === entry || layerOf(target) === WEB, `${name} imports ${relative(SRC, target)}: the web page may import only src/${PUBLIC_ENTRY} and its own files`);
    }
    for (const target of external) assert.ok(!target.startsWith("node:"), `${name} imports ${target}: the web page runs in a browser`);
  }
});

test("no import cycle between modules", () => {
  const modules = moduleGraph();
  const importsOf = new Map(modules.map((m) => [m.file, m.imports]));
  // Depth-first search; a module met again while still on the path closes a cycle.
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    path.push(file);
    for (const target of importsOf.get(file) ?? []) {
      const seen = state.get(target);
      if (seen === "open") {
        cycles.push([...path.slice(path.indexOf(target)), target].map((f) => relative(SRC, f)).join(" -> "));
      } else if (seen === undefined) {
        visit(target);
      }
    }
    path.pop();
    state.set(file, "done");
  };
  for (const { file } of modules) if (!state.has(file)) visit(file);
  assert.deepEqual(cycles, [], `import cycles:\n${cycles.join("\n")}`);
});

test("what the repository must carry is not ignored by git: the published journals of unfinished cost jobs", { skip: !existsSync(join(REPO_ROOT, ".git")) && "not a git checkout" }, () => {
  // A later run on another machine resumes the cost jobs from these journals; an ignored one is lost with its machine.
  const check = spawnSync("git", ["check-ignore", "--no-index", "docs/cost/partial/rank-1-1.out.checkpoint", "docs/cost/partial/rank-1-1.out"], { cwd: REPO_ROOT, encoding: "utf8" });
  assert.equal(check.error, undefined, "git runs");
  assert.equal(check.stdout, "", `ignored: ${check.stdout}`);
  assert.equal(check.status, 1, check.stderr);
});
