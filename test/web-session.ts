/**
 * One server, browser and page for all the tests of a web test file:
 * started before the first test (unless the file is skipped), stopped after
 * the last, whatever happened in between.
 */
import { after, before } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openPage, startServer, type WebServer } from "./web-helpers.js";

export interface WebSession {
  readonly server: WebServer;
  readonly browser: Browser;
  /** The page the file's tests share. */
  readonly page: Page;
}

/** Serves the page and opens it in Chromium before the file's tests (unless skipped); stops both after them. */
export function webSession(skip: string | false): WebSession {
  const session = {} as { server?: WebServer; browser?: Browser; page?: Page };
  before(async () => {
    if (skip !== false) return;
    session.server = await startServer();
    session.browser = await launchBrowser();
    session.page = await openPage(session.browser, session.server.url);
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session as WebSession;
}

