/**
 * The fixture of a web test file: one server, browser and page for all its tests,
 * started before the first test (unless the file is skipped), stopped after
 * the last, whatever happened in between.
 */
import { after, before } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openPage, startServer, type WebServer } from "./web-helpers.js";

export interface WebFixture {
  readonly server: WebServer;
  readonly browser: Browser;
  /** The page the file's tests share. */
  readonly page: Page;
}

/** Serves the page and opens it in Chromium before the file's tests (unless skipped); stops both after them. */
export function webFixture(skip: string | false): WebFixture {
  const fixture = {} as { server?: WebServer; browser?: Browser; page?: Page };
  before(async () => {
    if (skip !== false) return;
    fixture.server = await startServer();
    fixture.browser = await launchBrowser();
    fixture.page = await openPage(fixture.browser, fixture.server.url);
  });
  after(async () => {
    await fixture.browser?.close();
    await fixture.server?.close();
  });
  return fixture as WebFixture;
}

