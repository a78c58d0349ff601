/**
 * `npm run bench:web`: the web page's figures, measured in headless
 * Chromium on localhost (not a test: timings depend on the machine's load).
 *
 * - time to interactive: from navigation start to a digit typed into the
 *   grid showing in the page (median of 5 fresh pages);
 * - the page's bundle, gzipped, without the worker (what loads before the
 *   page can be used; the worker loads with the first job);
 * - rating a random 17 of sudoku17.txt once the worker is warm (its tables
 *   built by a first rating): the worker's own time, and the round trip
 *   from the click to the rating on screen (median and max of 20);
 * - the 20x17 grid's scan for 17s in the page's worker against the CLI's
 *   single-thread CPU time (best of 3 each).
 *
 * Prints a Markdown table for docs/BENCHMARKS.md.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { dataFile, readPuzzleFile, REPO_ROOT } from "../src/io/shared-data.js";
import { formatPuzzle } from "../src/core/puzzle.js";
import { mulberry32 } from "../src/core/random.js";
import { CLI, freshDir } from "../test/cli-helpers.js";
import { launchBrowser, openPage, startServer, webSkipReason } from "../test/web-helpers.js";

const GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";
const RATINGS = 20;
const byTest = (id: string): string => `[data-testid="${id}"]`;

interface Row {
  readonly figure: string;
  readonly measured: string;
  readonly target: string;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The page's own files (index.html and what it loads), gzipped one by one, the worker left out. */
function bundleSizes(): { js: number; all: number; worker: number } {
  const web = join(REPO_ROOT, "dist", "web");
  const html = readFileSync(join(web, "index.html"));
  const gz = (data: Buffer): number => gzipSync(data, { level: 9 }).length;
  let js = 0;
  let all = gz(html);
  let worker = 0;
  for (const name of readdirSync(join(web, "assets"))) {
    const size = gz(readFileSync(join(web, "assets", name)));
    if (name.startsWith("compute-worker")) worker += size;
    else {
      all += size;
      if (name.endsWith(".js")) js += size;
    }
  }
  return { js, all, worker };
}

async function timeToInteractive(page: Page, url: string): Promise<number> {
  await page.goto(`${url}#fresh=${Math.random()}`);
  await page.goto("about:blank");
  await page.goto(url);
  await page.click(byTest("cell-0"));
  await page.keyboard.press("5");
  await page.locator(byTest("puzzle-text"), { hasText: /^5/ }).waitFor();
  return Number(await page.evaluate("performance.now()"));
}

/** Rates a puzzle in the page: the worker's time (shown) and the click-to-screen time, measured inside the page. */
async function rateOnce(page: Page, puzzle: string): Promise<{ worker: number; roundTrip: number }> {
  await page.fill(byTest("puzzle-input"), puzzle);
  await page.click(byTest("load-button"));
  await page.locator(`${byTest("rate-button")}:not([disabled])`).waitFor();
  const roundTrip = Number(
    await page.evaluate(`new Promise((resolve) => {
      const start = performance.now();
      const done = () => document.querySelector('[data-testid="rating"][data-puzzle="${puzzle}"]');
      const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(performance.now() - start); } });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      document.querySelector('[data-testid="rate-button"]').click();
    })`),
  );
  const text = (await page.textContent(`${byTest("rating")}[data-puzzle="${puzzle}"]`)) ?? "";
  const worker = Number(/([\d.]+) ms/.exec(text)?.[1] ?? NaN);
  return { worker, roundTrip };
}

/**
 * CPU seconds of Chromium's renderers (Linux /proc): their worker threads,
 * and the whole processes (the workers' compiler and garbage collector
 * threads too, as the CLI's figure counts its process). Null elsewhere.
 */
function rendererCpu(): { workers: number; processes: number } | null {
  if (!existsSync("/proc/self/stat")) return null;
  const ticks = (stat: string): number => {
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  let workers = 0;
  let processes = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer")) continue;
      processes += ticks(readFileSync(`/proc/${pid}/stat`, "utf8"));
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        if (stat.includes("(DedicatedWorker")) workers += ticks(stat);
      }
    } catch {
      // A process or thread that ended while being read.
    }
  }
  return { workers, processes };
}

interface PageScan {
  readonly wall: number;
  readonly workerCpu: number | null;
  readonly rendererCpu: number | null;
}

async function scanInPage(page: Page, url: string): Promise<PageScan> {
  // A fresh page: a fresh worker, which builds its tables as the CLI's process does.
  await page.goto("about:blank");
  await page.goto(`${url}#p=${GRID}`);
  // The facts of the grid are computed in another worker as it loads; let them finish so the scan has the cores it would have.
  await page.locator(`${byTest("catalog-entry")} li`).nth(2).waitFor({ timeout: 60_000 });
  await page.click(byTest("tab-tools"));
  await page.selectOption(byTest("scan-clues"), "17");
  const before = rendererCpu();
  await page.click(byTest("scan-button"));
  const done = page.locator(`${byTest("scan-status")}[data-state="done"]`);
  await done.waitFor({ timeout: 120_000 });
  const after = rendererCpu();
  const found = await page.locator(byTest("scan-result")).count();
  if (found !== 20) throw new Error(`the page found ${found} 17s, not 20`);
  return {
    wall: Number(await done.getAttribute("data-ms")) / 1000,
    workerCpu: before === null || after === null ? null : after.workers - before.workers,
    rendererCpu: before === null || after === null ? null : after.processes - before.processes,
  };
}

function scanInCli(): { cpu: number; wall: number } {
  const start = performance.now();
  const run = spawnSync(process.execPath, [CLI, "scan", GRID, "--clues", "17", "--threads", "1", "--stats"], { cwd: freshDir(), encoding: "utf8" });
  const wall = (performance.now() - start) / 1000;
  const cpu = Number(/([\d.]+) s CPU/.exec(run.stderr)?.[1] ?? NaN);
  return { cpu, wall };
}

async function main(): Promise<void> {
  const skip = webSkipReason();
  if (skip !== null) throw new Error(skip);
  const rows: Row[] = [];
  const sizes = bundleSizes();
  rows.push({ figure: "page bundle, gzipped, without the worker: JavaScript (all files)", measured: `${(sizes.js / 1024).toFixed(1)} KB (${(sizes.all / 1024).toFixed(1)} KB)`, target: "≤ 300 KB" });
  rows.push({ figure: "the worker (the library), gzipped, loaded with the first job", measured: `${(sizes.worker / 1024).toFixed(1)} KB`, target: "—" });

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await openPage(browser, server.url);
    page.on("crash", () => console.error("the page crashed"));
    page.on("close", () => console.error("the page closed"));
    const tti: number[] = [];
    for (let i = 0; i < 5; i++) tti.push(await timeToInteractive(page, server.url));
    rows.push({ figure: "time to interactive on localhost (navigation to a typed digit shown; median of 5)", measured: `${Math.round(median(tti))} ms (${tti.map(Math.round).join(", ")})`, target: "< 1 s" });

    const path = dataFile("sudoku17.txt");
    if (path === null) console.error("skipped the rating: sudoku17.txt not found");
    else {
      const all = readPuzzleFile(path);
      const random = mulberry32(Date.now() >>> 0);
      const puzzles = Array.from({ length: RATINGS }, () => formatPuzzle(all[Math.floor(random() * all.length)]));
      await page.click(byTest("tab-rate"));
      await rateOnce(page, formatPuzzle(all[0]));
      const times = [];
      for (const puzzle of puzzles) times.push(await rateOnce(page, puzzle));
      const workers = times.map((t) => t.worker);
      const trips = times.map((t) => t.roundTrip);
      rows.push({
        figure: `rating a random 17 of sudoku17.txt, warm worker (${RATINGS} puzzles): worker time; click to rating shown`,
        measured: `median ${median(workers)} ms, max ${Math.max(...workers)} ms; median ${Math.round(median(trips))} ms, max ${Math.round(Math.max(...trips))} ms`,
        target: "< 50 ms",
      });
    }

    const page2 = await openPage(browser, server.url);
    const browserScan: PageScan[] = [];
    const cliScan: { cpu: number; wall: number }[] = [];
    for (let i = 0; i < 3; i++) {
      browserScan.push(await scanInPage(page2, server.url));
      cliScan.push(scanInCli());
    }
    const best = (values: readonly (number | null)[]): number => Math.min(...values.map((v) => v ?? NaN));
    const cliCpu = best(cliScan.map((c) => c.cpu));
    const cliWall = best(cliScan.map((c) => c.wall));
    const pageWall = best(browserScan.map((b) => b.wall));
    const workerCpu = best(browserScan.map((b) => b.workerCpu));
    const pageCpu = best(browserScan.map((b) => b.rendererCpu));
    const ratio = (x: number, y: number): string => `${(x / y).toFixed(2)}x`;
    rows.push({
      figure: "20x17 grid, scan for 17s (20 found), best of 3: the page's worker thread CPU (its renderer's CPU; the scan's wall time) against `scan --threads 1` CPU (its wall time)",
      measured: `${workerCpu.toFixed(2)} s (${pageCpu.toFixed(2)} s; ${pageWall.toFixed(2)} s) against ${cliCpu.toFixed(2)} s (${cliWall.toFixed(2)} s): ${ratio(workerCpu, cliCpu)} (${ratio(pageCpu, cliCpu)}; wall ${ratio(pageWall, cliWall)})`,
      target: "≤ 1.5x",
    });
  } finally {
    await browser.close();
    await server.close();
  }

  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  const chromium = execFileSync(process.env.SUDOKULAB_CHROMIUM ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  console.log(`commit ${commit}, ${new Date().toISOString().slice(0, 10)}, ${chromium}, Node ${process.version}\n`);
  console.log("| figure | measured | target |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.figure} | ${row.measured} | ${row.target} |`);
}

await main();
