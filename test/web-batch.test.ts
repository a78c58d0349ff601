/**
 * The batch in the page (Chromium): a file with good and bad lines rated in
 * the workers, the bad lines listed by number while the rest goes on, the
 * ER histogram, and the download equal to `sudokulab rate` on the same file.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freshDir, runCli } from "./cli-helpers.js";
import { pageErrors, saveScreenshot, webSkipReason } from "./web-helpers.js";
import { webFixture } from "./web-fixture.js";

const skip = webSkipReason() ?? false;

/** 17s of the 20x17 grid (seed 003) and two harder puzzles, each line with or without an annotation. */
const GOOD = [
  "5.42.........4..3.1.........6..732........5.1..........3.....7....5..4..8........ first",
  "5.42.........4..3.1.........6..73..8......5.1..........3.....7....5..4..8........",
  "5.42.........4..3.1.........6..73.........5.12.........3.....7....5..4..8........\t#tab",
  "5.42.........4..3.1.........6..73.........5.1.....6....3.....7....5..4..8........",
  "5.42.........4..3.1.........6..73.........5.1..........3....87....5..4..8........;semicolon",
  "5.42.........4..3.1........96..73.........5.1..........3.....7....5..4..8........",
  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ a 9.0",
  "..............1..2..3.4..5........6......5.3.12...7.......6.....8.93....4.......8",
];

/** Each bad line and the page's words for it. */
const BAD: readonly (readonly [string, RegExp])[] = [
  ["12345", /line has 5 characters/],
  ["5.42.....q...4..3.1.........6..73.........5.1.......9..3.....7....5..4..8........", /bad character 'q'/],
  ["5542.........4..3.1.........6..73.........5.1.......9..3.....7....5..4..8........", /digit 5 appears twice/],
  ["12345678.........9" + ".".repeat(63), /no solution/],
  ["5.42.........4..3.1.........6..73.........5.1..........3.....7....5..4..8........", /several solutions/],
];

const web = webFixture(skip);

function byTest(id: string): string {
  return `[data-testid="${id}"]`;
}

test("a batch with bad lines: listed by number, the rest rated, histogram, download equal to the CLI's output", { skip }, async () => {
  const dir = freshDir("sudokulab-web-batch-");
  try {
    const lines = ["# a comment line", GOOD[0], GOOD[1], BAD[0][0], GOOD[2], BAD[1][0], GOOD[3], BAD[2][0], GOOD[4], "", BAD[3][0], GOOD[5], BAD[4][0], GOOD[6], GOOD[7]];
    const badLines = [4, 6, 8, 11, 13];
    const file = join(dir, "batch.txt");
    writeFileSync(file, lines.join("\n") + "\n");

    await web.page.click(byTest("tab-batch"));
    await web.page.setInputFiles(byTest("batch-file"), file);
    await web.page.locator(`${byTest("batch-status")}[data-state="done"]`).waitFor({ timeout: 60_000 });
    assert.match((await web.page.textContent(byTest("batch-status"))) ?? "", /batch\.txt: 10 of 10 puzzles rated in [\d.]+ s\. 5 bad lines\./);

    const listed = await web.page.locator(`${byTest("batch-bad")} li`).allTextContents();
    assert.deepEqual(listed.map((text) => Number(/^line (\d+):/.exec(text)?.[1])), badLines);
    BAD.forEach(([, reason], i) => assert.match(listed[i], reason));

    const bars = await web.page.locator(byTest("histogram-bar")).evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute("data-count"))));
    assert.equal(bars.reduce((a, b) => a + b, 0), 8);
    await saveScreenshot(web.page, "batch");

    const [download] = await Promise.all([web.page.waitForEvent("download"), web.page.click(byTest("batch-download"))]);
    assert.equal(download.suggestedFilename(), "batch-rated.txt");
    const saved = join(dir, "downloaded.txt");
    await download.saveAs(saved);
    const cli = runCli(["rate", "--threads", "1", file]);
    assert.equal(cli.code, 1, "the CLI reports the bad lines too");
    assert.equal(readFileSync(saved, "utf8"), cli.stdout);
    assert.deepEqual([...cli.stderr.matchAll(/batch\.txt:(\d+):/g)].map((m) => Number(m[1])), badLines);
    assert.deepEqual(pageErrors(web.page), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
