/**
 * Rating in the page (Chromium): ER/EP/ED of ten puzzles of se-ratings.tsv
 * against Sudoku Explainer's, the steps walked with the keys, a chaining
 * step's links drawn on the grid (one arrow per link and parent, as the
 * library's chain has them), and a nested chain opened.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { dataDirectory, dataFile, readTsv } from "../src/io/shared-data.js";
import { ratePuzzle, type Chain, type Step } from "../src/rate/index.js";
import { pageErrors, saveScreenshot, webSkipReason } from "./web-helpers.js";
import { webFixture } from "./web-fixture.js";

const ratingsFile = dataFile("se-ratings.tsv");
const skip = webSkipReason() ?? false;
const skipData = skip !== false ? skip : ratingsFile === null ? `se-ratings.tsv not found in ${dataDirectory()} (set SUDOKULAB_DATA)` : false;

/** SE 1.2.1 rates it 10.9/1.2/1.2, with nested chains (dynamic forcing chains calling forcing chains) on its path. */
const NESTED = "1.....7....71.9...68..7......1.6.8...6.....42.....2.....6.9.1..54......3...3...5.";

/** Rated below 9.0 (the web suite stays quick): the whole range of SE's techniques up to dynamic forcing chains. */
const SAMPLE_BELOW = 90;
const SAMPLES = 10;

const web = webFixture(skip);

function byTest(id: string): string {
  return `[data-testid="${id}"]`;
}

interface Rated {
  readonly er: string;
  readonly ep: string;
  readonly ed: string;
}

/** Loads a puzzle, rates it in the page and reads the rating shown. */
async function rateInPage(puzzle: string): Promise<Rated> {
  await web.page.fill(byTest("puzzle-input"), puzzle);
  await web.page.click(byTest("load-button"));
  await web.page.click(byTest("tab-rate"));
  await web.page.click(byTest("rate-button"), { timeout: 20_000 });
  const shown = web.page.locator(`${byTest("rating")}[data-puzzle="${puzzle}"]`);
  await shown.waitFor({ timeout: 60_000 });
  const attribute = async (name: string): Promise<string> => (await shown.getAttribute(name)) ?? "";
  return { er: await attribute("data-er"), ep: await attribute("data-ep"), ed: await attribute("data-ed") };
}

/** The arrows the page draws for these chains: one from each parent to its link. */
function arrowCount(chains: readonly Chain[]): number {
  return chains.reduce((sum, chain) => sum + chain.links.reduce((n, link) => n + link.parents.length, 0), 0);
}

function stepsOf(puzzle: string): readonly Step[] {
  const result = ratePuzzle(puzzle, { steps: true });
  assert.ok(result.status === "rated");
  return result.steps;
}

async function currentStep(): Promise<number> {
  return Number(await web.page.getAttribute(`${byTest("step")}[aria-current="step"]`, "data-index"));
}

test(`ER/EP/ED of ${SAMPLES} puzzles of se-ratings.tsv rated below ${SAMPLE_BELOW / 10} match Sudoku Explainer's`, { skip: skipData }, async () => {
  const rows = readTsv(ratingsFile!)
    .filter((row) => Number(row.ER) * 10 < SAMPLE_BELOW)
    .sort((a, b) => Number(a.ER) - Number(b.ER));
  // Evenly spread over the ratings, so every level of the ladder is met.
  const picked = Array.from({ length: SAMPLES }, (_, i) => rows[Math.floor(((i + 0.5) * rows.length) / SAMPLES)]);
  for (const row of picked) {
    assert.deepEqual(await rateInPage(row.puzzle), { er: row.ER, ep: row.EP, ed: row.ED }, row.puzzle);
  }
});

test("a chaining step drawn on the grid: one arrow per link and parent; n and p walk the steps", { skip }, async () => {
  const puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
  const steps = stepsOf(puzzle);
  const index = steps.findIndex((step) => step.technique === "Region Forcing Chains");
  assert.ok(index >= 0);
  await rateInPage(puzzle);
  await web.page.click(`${byTest("step")}[data-index="${index}"]`);
  const expected = arrowCount(steps[index].chains!);
  assert.ok(expected > 4);
  assert.equal(await web.page.locator(`${byTest("board-svg")} ${byTest("chain-link")}`).count(), expected);
  // The step's eliminations are struck out on the grid before it.
  assert.equal(await web.page.locator(".cand.elim").count(), steps[index].eliminations.length);
  await saveScreenshot(web.page, "rating");
  await web.page.keyboard.press("n");
  assert.equal(await currentStep(), index + 1);
  await web.page.keyboard.press("p");
  await web.page.keyboard.press("p");
  assert.equal(await currentStep(), index - 1);
  await web.page.click(byTest("step-next"));
  assert.equal(await currentStep(), index);
  await web.page.keyboard.press("Escape");
  assert.equal(await web.page.locator(byTest("chain-link")).count(), 0, "back to the puzzle: no chain drawn");
});

test("a nested chain (10.9) can be opened, drawn, and closed", { skip }, async () => {
  const steps = stepsOf(NESTED);
  const index = steps.findIndex((step) => step.chains?.some((chain) => chain.links.some((link) => link.nested !== undefined)));
  assert.ok(index >= 0);
  const rated = await rateInPage(NESTED);
  assert.deepEqual(rated, { er: "10.9", ep: "1.2", ed: "1.2" });
  await web.page.click(`${byTest("step")}[data-index="${index}"]`);
  // The first button opens the first nested link of the first chain that has one.
  const chain = steps[index].chains!.find((c) => c.links.some((link) => link.nested !== undefined))!;
  const nested = chain.links.find((link) => link.nested !== undefined)!.nested!;
  await web.page.locator(byTest("nested-open")).first().click();
  assert.equal(await web.page.locator(`.chains.nested ${byTest("chain-link")}`).count(), arrowCount(nested));
  assert.equal(await web.page.locator(`.chains:not(.nested) ${byTest("chain-link")}`).count(), 0);
  await web.page.click(byTest("nested-back"));
  assert.equal(await web.page.locator(`.chains.nested ${byTest("chain-link")}`).count(), 0);
  assert.equal(await web.page.locator(`.chains:not(.nested) ${byTest("chain-link")}`).count(), arrowCount(steps[index].chains!));
  assert.deepEqual(pageErrors(web.page), []);
});
