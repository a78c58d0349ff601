/**
 * The rig of the web tests and of the web benchmark: the built page served
 * by `sudokulab web` on a free port, and headless Chromium from the system
 * (Debian's package) driven by playwright-core. Whoever starts a server or
 * a browser here closes it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { REPO_ROOT } from "../src/io/shared-data.js";
import { CLI } from "./cli-helpers.js";

export const CHROMIUM = process.env.SUDOKULAB_CHROMIUM ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Why the web tests cannot run here, or null. */
export function webSkipReason(): string | null {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium, or set SUDOKULAB_CHROMIUM)`;
  if (!existsSync(join(REPO_ROOT, "dist", "web", "index.html"))) return "the page is not built (npm run build)";
  return null;
}

export interface WebServer {
  readonly url: string;
  readonly process: ChildProcess;
  close(): Promise<void>;
}

/** Starts `sudokulab web --port 0` and waits for the line that names its address. */
export async function startServer(): Promise<WebServer> {
  const child = spawn(process.execPath, [CLI, "web", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`sudokulab web did not start: ${out}${err}`)), 15_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/[^ ]+\//.exec(out);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`sudokulab web exited with ${code}: ${err}`));
    });
  });
  return {
    url,
    process: child,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A fresh page (its own context: no shared storage or downloads between tests). */
export async function openPage(browser: Browser, url: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  // Generous: the machines that run the suite may be shared and busy; a wait that times out is a failure anyway.
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(url);
  return page;
}

/**
 * Saves the page's top as docs/web-NAME.png, for the docs (scrolled up, no
 * focus ring), when SUDOKULAB_SCREENSHOTS is set (`npm run screenshots`):
 * a plain test run leaves the repository as it found it.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SUDOKULAB_SCREENSHOTS) return;
  const docs = join(REPO_ROOT, "docs");
  mkdirSync(docs, { recursive: true });
  await page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)");
  await page.screenshot({ path: join(docs, `web-${name}.png`) });
}

/** Polls `check` until it holds (the page updates after a render); fails with `what` after `ms`. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The errors the page threw (none expected). */
export function pageErrors(page: Page): readonly string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}
