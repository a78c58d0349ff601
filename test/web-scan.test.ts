/**
 * Grid tools in the page (Chromium): the unavoidable sets of the 20x17 grid
 * (seed 003) and one of them shown, its 20 17-clue puzzles found by the band
 * engine in a worker, one loaded from the list, and a scan cancelled (then a
 * new one runs in a fresh worker).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { clueCount, parsePuzzle } from "../src/core/puzzle.js";
import { solveUnique } from "../src/solver/solve.js";
import { pageErrors, saveScreenshot, webSkipReason } from "./web-helpers.js";
import { webFixture } from "./web-fixture.js";

const skip = webSkipReason() ?? false;
const GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";

const web = webFixture(skip);

function byTest(id: string): string {
  return `[data-testid="${id}"]`;
}

/** Opens the page anew on the grid (a fresh document reads the address as it starts). */
async function openGrid(): Promise<void> {
  await web.page.goto("about:blank");
  await web.page.goto(`${web.server.url}#p=${GRID}`);
  await web.page.click(byTest("tab-tools"));
  assert.equal(await web.page.textContent(byTest("tools-grid")), GRID);
}

async function scanState(): Promise<string> {
  return (await web.page.getAttribute(byTest("scan-status"), "data-state")) ?? "";
}

test("the grid's 289 unavoidable sets of up to 12 cells; choosing one marks its cells", { skip }, async () => {
  await openGrid();
  await web.page.click(byTest("ua-button"));
  await web.page.locator(byTest("ua-summary")).waitFor({ timeout: 20_000 });
  assert.match((await web.page.textContent(byTest("ua-summary"))) ?? "", /^289 minimal unavoidable sets .*\(7 of 4, 18 of 6, 23 of 8, 8 of 9, 70 of 10, 24 of 11, 139 of 12\)/);
  await web.page.locator(byTest("ua")).nth(0).click();
  assert.equal(await web.page.locator(".cell.picked").count(), 4);
});

test("scan for 17 clues: the grid's 20 puzzles, each listed as found and loaded on a click", { skip }, async () => {
  await web.page.selectOption(byTest("scan-clues"), "17");
  await web.page.click(byTest("scan-button"));
  await web.page.locator(`${byTest("scan-status")}[data-state="done"]`).waitFor({ timeout: 60_000 });
  const found = await web.page.locator(byTest("scan-result")).allTextContents();
  assert.equal(found.length, 20);
  assert.equal(new Set(found).size, 20);
  for (const text of found) {
    const puzzle = parsePuzzle(text);
    assert.equal(clueCount(puzzle), 17);
    for (let cell = 0; cell < 81; cell++) if (puzzle[cell] !== 0) assert.equal(String(puzzle[cell]), GRID[cell]);
    const solved = solveUnique(puzzle);
    assert.equal(solved.status, "unique");
  }
  assert.equal(await web.page.getAttribute(byTest("scan-progress"), "value"), "3");
  await saveScreenshot(web.page, "scan");
  await web.page.locator(byTest("scan-result")).nth(4).click();
  assert.equal(await web.page.textContent(byTest("puzzle-text")), found[4]);
});

test("a scan is cancelled at once, and the next scan starts afresh", { skip }, async () => {
  await openGrid();
  await web.page.selectOption(byTest("scan-clues"), "20");
  await web.page.click(byTest("scan-button"));
  await web.page.locator(`${byTest("scan-status")}[data-state="running"]`).waitFor();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const asked = Date.now();
  await web.page.click(byTest("scan-cancel"));
  await web.page.locator(`${byTest("scan-status")}[data-state="cancelled"]`).waitFor({ timeout: 2_000 });
  assert.ok(Date.now() - asked < 2_000);
  assert.match((await web.page.textContent(byTest("scan-status"))) ?? "", /^Cancelled after/);
  // 16 clues: none exist; the new worker runs the whole scan.
  await web.page.selectOption(byTest("scan-clues"), "16");
  await web.page.click(byTest("scan-button"));
  await web.page.locator(`${byTest("scan-status")}[data-state="done"]`).waitFor({ timeout: 60_000 });
  assert.equal(await scanState(), "done");
  assert.equal(await web.page.locator(byTest("scan-result")).count(), 0);
  assert.deepEqual(pageErrors(web.page), []);
});
