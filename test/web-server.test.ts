/**
 * `sudokulab web`, the page's static server: bad options and a port in use
 * exit 2 with one line (no stack trace); files come with their types, and
 * nothing outside the page's folder is served; SIGTERM stops it cleanly.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { request } from "node:http";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "./cli-helpers.js";
import { startServer } from "./web-helpers.js";
import { REPO_ROOT } from "../src/io/shared-data.js";

const built = existsSync(join(REPO_ROOT, "dist", "web", "index.html"));

function get(url: string, path: string, method = "GET"): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // A raw path: fetch would resolve the dots before sending.
    const req = request({ host: hostname, port, path, method }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"] ?? ""), body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("bad options exit 2 with one line", () => {
  for (const args of [["--port", "70000"], ["--port", "abc"], ["--bogus"]]) {
    const run = runCli(["web", ...args]);
    assert.equal(run.code, 2, args.join(" "));
    assert.equal(run.stdout, "");
    assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
  }
  assert.equal(runCli(["web", "--port", "70000"]).stderr, "sudokulab: --port must be 0 to 65535 (0: any free port), not '70000'\n");
});

test("a port in use: one clear line and exit 2", async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  try {
    const port = (blocker.address() as { port: number }).port;
    const run = runCli(["web", "--port", String(port)]);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `sudokulab: port ${port} is in use on 127.0.0.1; choose another with --port (0 picks a free one)\n`);
  } finally {
    blocker.close();
  }
});

test("serves the page with its types, nothing outside it, and stops on SIGTERM", { skip: !built && "the page is not built" }, async () => {
  const server = await startServer();
  try {
    const index = await get(server.url, "/");
    assert.equal(index.status, 200);
    assert.match(index.type, /^text\/html/);
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    assert.ok(script !== undefined, "index.html loads its script by a relative path");
    const js = await get(server.url, `/${script}`);
    assert.equal(js.status, 200);
    assert.match(js.type, /^text\/javascript/);
    assert.equal((await get(server.url, `/${script}`, "HEAD")).body, "");
    for (const path of ["/../package.json", "/%2e%2e/%2e%2e/package.json", "/assets/..%2f..%2f..%2fpackage.json", "/missing.js"]) {
      assert.equal((await get(server.url, path)).status, 404, path);
    }
    assert.equal((await get(server.url, "/", "POST")).status, 405);
  } finally {
    await server.close();
  }
  assert.equal(server.process.exitCode, 0);
});
