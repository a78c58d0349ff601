/**
 * `sudokulab web`: serves the built page (dist/web, shipped in the package)
 * on localhost with node:http. The page needs no server-side code, so this
 * is a plain static server: files under the page's folder only, with their
 * types, and `/` as index.html. Runs until interrupted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "./errors.js";

export interface WebFlags {
  readonly port: string;
  readonly host: string;
}

/** The built page: dist/web, beside dist/src where this file runs from. */
export const WEB_ROOT = fileURLToPath(new URL("../../web/", import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".wasm": "application/wasm",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves until SIGINT or SIGTERM, then resolves 0. A bad option or a port
 * that cannot be had is a UsageError (one line, exit code 2).
 */
export async function runWebCommand(flags: WebFlags): Promise<number> {
  const port = Number(flags.port);
  if (!/^\d+$/.test(flags.port) || port > 65535) throw new UsageError(`--port must be 0 to 65535 (0: any free port), not '${flags.port}'`);
  if (!existsSync(join(WEB_ROOT, "index.html"))) throw new Error(`the web page is not built (no ${join(WEB_ROOT, "index.html")}); run 'npm run build'`);
  const server = createServer((request, response) => {
    serve(request, response).catch(() => send(response, 500, "internal error"));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, flags.host, () => resolve());
    });
  } catch (error) {
    throw new UsageError(listenProblem(error, flags.host, port));
  }
  const address = server.address();
  const actual = typeof address === "object" && address !== null ? address.port : port;
  const shownHost = flags.host.includes(":") ? `[${flags.host}]` : flags.host;
  process.stdout.write(`sudokulab web: serving ${WEB_ROOT} at http://${shownHost}:${actual}/ (Ctrl-C to stop)\n`);
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await new Promise<void>((resolve) => server.once("close", resolve));
  return 0;
}

function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") return `port ${port} is in use on ${host}; choose another with --port (0 picks a free one)`;
  if (code === "EACCES") return `no permission to listen on port ${port} of ${host}; choose a port above 1023`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return `cannot listen on host ${host}: not an address of this machine`;
  return `cannot listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`;
}

async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") return send(response, 405, "only GET and HEAD");
  const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
  const relative = normalize(path === "/" ? "index.html" : path.slice(1));
  // Nothing outside the page's folder, whatever the request's dots and slashes say.
  if (relative.startsWith("..") || relative.includes(`${sep}..${sep}`) || relative.includes("\0")) return send(response, 404, "not found");
  const file = join(WEB_ROOT, relative);
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) return send(response, 404, "not found");
  const body = await readFile(file);
  response.writeHead(200, {
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "content-length": body.length,
    // Built file names carry a content hash; index.html does not, so it is always revalidated.
    "cache-control": relative.startsWith(`assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
    "x-content-type-options": "nosniff",
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

function send(response: ServerResponse, status: number, text: string): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  response.end(text + "\n");
}
