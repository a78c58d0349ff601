/**
 * The page in Chromium: entering a puzzle by keys and by paste (each text
 * form the reader takes, in the box and on the grid), the messages for bad
 * input, the candidates switch, and the link that carries the puzzle.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatPuzzle, parseGrid } from "../src/core/puzzle.js";
import { collectSmallUAs, UASet } from "../src/ua/index.js";
import { cellSetToList } from "../src/core/cellset.js";
import { eventually, openPage, pageErrors, saveScreenshot, webSkipReason } from "./web-helpers.js";
import { webFixture } from "./web-fixture.js";

const skip = webSkipReason() ?? false;
const PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";

const web = webFixture(skip);

const byTest = (id: string): string => `[data-testid="${id}"]`;

async function puzzleText(): Promise<string> {
  return (await web.page.textContent(byTest("puzzle-text"))) ?? "";
}

async function pasteInBox(text: string): Promise<void> {
  await web.page.fill(byTest("puzzle-input"), text);
  await web.page.click(byTest("load-button"));
}

async function message(): Promise<string> {
  return (await web.page.textContent(byTest("input-message"))) ?? "";
}

/** Waits until the message beside the input matches. */
async function expectMessage(pattern: RegExp): Promise<void> {
  await web.page.locator(byTest("input-message"), { hasText: pattern }).waitFor({ timeout: 20_000 });
  assert.match(await message(), pattern);
}

function rows(cells: string, separator: string): string[] {
  return Array.from({ length: 9 }, (_, r) => [...cells.slice(9 * r, 9 * r + 9)].join(separator));
}

test("keys: click a cell, type digits, move with the arrows, clear with Backspace", { skip }, async () => {
  await web.page.click(byTest("clear-grid"));
  await web.page.click(byTest("cell-0"));
  await web.page.keyboard.press("5");
  await web.page.keyboard.press("ArrowRight");
  await web.page.keyboard.press("3");
  await web.page.keyboard.press("ArrowDown");
  await web.page.keyboard.press("7");
  await web.page.keyboard.press("ArrowLeft");
  await web.page.keyboard.press("ArrowUp");
  await web.page.keyboard.press("Backspace");
  const text = await puzzleText();
  assert.equal(text.slice(0, 2), ".3", "cell r1c1 cleared, r1c2 holds 3");
  assert.equal(text[10], "7", "r2c2 holds 7");
  assert.equal(await web.page.getAttribute(byTest("cell-1"), "aria-label"), "r1c2, 3 (clue)");
  // The digit pad types into the focused cell too.
  await web.page.click(byTest("cell-80"));
  await web.page.click(byTest("pad-9"));
  assert.equal((await puzzleText())[80], "9");
});

test("paste: 81 characters with each empty-cell character, a 9-line grid, the forum's framed grid", { skip }, async () => {
  const forms: [string, string][] = [
    ["dots", PUZZLE],
    ["zeros", PUZZLE.replaceAll(".", "0")],
    ["dashes", PUZZLE.replaceAll(".", "-")],
    ["x and *", PUZZLE.replace(/\./g, (_, i: number) => (i % 2 === 0 ? "x" : "*"))],
    ["9 lines", rows(PUZZLE, "").join("\n")],
    ["9 lines with spaces", rows(PUZZLE, " ").join("\n")],
    [
      "framed",
      (() => {
        const frame = "+-------+-------+-------+";
        const lines = [frame];
        for (let r = 0; r < 9; r++) {
          const row = PUZZLE.slice(9 * r, 9 * r + 9);
          lines.push(`| ${[...row.slice(0, 3)].join(" ")} | ${[...row.slice(3, 6)].join(" ")} | ${[...row.slice(6)].join(" ")} |`);
          if (r % 3 === 2) lines.push(frame);
        }
        return lines.join("\n");
      })(),
    ],
  ];
  for (const [name, text] of forms) {
    await web.page.click(byTest("clear-grid"));
    await pasteInBox(text);
    assert.equal(await puzzleText(), PUZZLE, name);
  }
  await expectMessage(/Unique solution, 18 clues/);
  // Pasting on the grid itself loads at once.
  await web.page.click(byTest("clear-grid"));
  await web.page.focus(byTest("cell-40"));
  // A paste event as the browser sends one (the test has no clipboard); the page runs this, so it is text here.
  const pasted = JSON.stringify(rows(PUZZLE.replaceAll(".", "0"), "").join("\r\n"));
  await web.page.evaluate(`{
    const data = new DataTransfer();
    data.setData("text/plain", ${pasted});
    document.querySelector('[data-testid="cell-40"]').dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }`);
  assert.equal(await puzzleText(), PUZZLE, "pasted on the grid");
});

test("bad input: wrong length, bad character, repeated digit (cells marked), no solution, several solutions", { skip }, async () => {
  await pasteInBox(PUZZLE);
  await pasteInBox("12345");
  await expectMessage(/5 characters \(expected 81\)/);
  assert.equal(await puzzleText(), PUZZLE, "a bad paste leaves the grid alone");
  await pasteInBox(PUZZLE.slice(0, 9) + "q" + PUZZLE.slice(10));
  await expectMessage(/bad character 'q' at position 10/i);
  await pasteInBox("44" + PUZZLE.slice(2));
  await expectMessage(/digit 4 appears twice in row 1/i);
  const pastedClash = await web.page.$$eval(".cell.conflict", (cells) => cells.map((cell) => Number(cell.getAttribute("data-cell"))));
  assert.ok(pastedClash.includes(0) && pastedClash.includes(1), `pasted: the clashing cells are marked (${pastedClash.join(",")})`);

  // Typed: the two cells are marked, and the message names them.
  await web.page.click(byTest("clear-grid"));
  await web.page.click(byTest("cell-0"));
  await web.page.keyboard.press("6");
  await web.page.click(byTest("cell-80"));
  await web.page.keyboard.press("6");
  await web.page.click(byTest("cell-8"));
  await web.page.keyboard.press("6");
  await expectMessage(/digit 6 appears twice in row 1 \(r1c1 and r1c9\)/i);
  const marked = await web.page.$$eval(".cell.conflict", (cells) => cells.map((cell) => Number(cell.getAttribute("data-cell"))).sort((a, b) => a - b));
  assert.deepEqual(marked, [0, 8, 80]);

  // r1c9 can hold nothing: row 1 holds 1-8 and column 9 a 9 (no digit repeats).
  await pasteInBox("12345678." + "........9" + ".".repeat(63));
  await expectMessage(/No solution/);
  await pasteInBox("5" + ".".repeat(80));
  await expectMessage(/Several solutions: at least 1000/);
  // A grid less one of its unavoidable sets of 4 cells has exactly 2 solutions.
  const grid = parseGrid(GRID);
  const set = new UASet();
  collectSmallUAs(grid, set, 4);
  const blanked = grid.slice();
  for (const cell of cellSetToList(set.sorted().subarray(0, 3))) blanked[cell] = 0;
  await pasteInBox(formatPuzzle(blanked));
  await expectMessage(/Several solutions: 2\b/);
});

test("candidates can be shown and hidden", { skip }, async () => {
  await pasteInBox(PUZZLE);
  const shown = async (): Promise<number> => web.page.$$eval(".cand", (marks) => marks.filter((mark) => mark.textContent !== "").length);
  assert.equal(await shown(), 0);
  await web.page.check(byTest("show-candidates"));
  // r1c2 sees 4 and 3 in its row, 8 and 7 in its column, 4 in its box: candidates 1 2 5 6 9.
  assert.equal(await web.page.$$eval('[data-testid="cell-1"] .cand', (marks) => marks.map((mark) => mark.textContent).join("")), "12569");
  assert.ok((await shown()) > 200);
  await web.page.locator(`${byTest("catalog-entry")} li`).nth(2).waitFor({ timeout: 20_000 });
  await saveScreenshot(web.page, "grid");
  await web.page.uncheck(byTest("show-candidates"));
  assert.equal(await shown(), 0);
});

test("the address holds the puzzle: a shared link and a reload bring the same puzzle back", { skip }, async () => {
  await pasteInBox(PUZZLE.replaceAll(".", "0"));
  await eventually("the address to hold the puzzle", () => web.page.url().endsWith(`#p=${PUZZLE}`));
  const other = await openPage(web.browser, web.page.url());
  assert.equal(await other.textContent(byTest("puzzle-text")), PUZZLE);
  await other.context().close();
  await web.page.click(byTest("cell-1"));
  await web.page.keyboard.press("2");
  const edited = "42" + PUZZLE.slice(2);
  await eventually("the address to follow the edit", () => web.page.url().endsWith(`#p=${edited}`));
  await web.page.reload();
  assert.equal(await puzzleText(), edited);
  assert.deepEqual(pageErrors(web.page), []);
});
