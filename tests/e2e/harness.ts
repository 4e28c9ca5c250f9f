/**
 * End-to-end harness: the product exactly as the README gives it to a newcomer (one server for the whole run,
 * started by this file's default export as vitest's globalSetup): a fresh clone without build/
 * (tests/support/fresh-clone.mjs) where `npm start` builds and serves; fresh-clone.spec.ts checks that build
 * is the one `npm run build` makes. Debian's chromium driven by playwright-core; no browser is ever downloaded:
 * CHROMIUM_PATH or /usr/bin/chromium.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { makeFreshClone } from "../support/fresh-clone.mjs";
import { startProductionServer } from "../support/server-process.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    /** The fresh clone the server runs in (its build/ is what `npm start` made). */
    e2eCloneDir: string;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** How long SIGTERM may take to stop the server (README: exits within 10 s). */
export const SHUTDOWN_LIMIT_MS = 10_000;

/** vitest globalSetup: `npm start` in a fresh clone (it builds, migrates, seeds, serves), stopped by SIGTERM at the end. */
export default async function setup(project: TestProject) {
  const clone = makeFreshClone();
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), "nd-e2e-log-")), "server.log");
  const server = await startProductionServer({ logFile, root: clone.dir, npmStart: true }).catch(async (error: unknown) => {
    await clone.remove();
    throw error;
  });
  console.log(`e2e: \`npm start\` in a fresh clone (${clone.files} files, ${clone.dir}) built and served ${server.baseUrl} (pid ${server.pid}) in ${server.startupMs} ms; log ${logFile}`);
  project.provide("e2eBaseUrl", server.baseUrl);
  project.provide("e2eCloneDir", clone.dir);

  return async () => {
    const stopped = await server.stop({ timeoutMs: SHUTDOWN_LIMIT_MS });
    await clone.remove();
    console.log(`e2e: server stopped by SIGTERM in ${stopped.ms} ms (exit code ${stopped.code}, signal ${stopped.signal})`);
    const problem = !stopped.exitedInTime
      ? `did not exit within ${SHUTDOWN_LIMIT_MS} ms of SIGTERM (killed)`
      : stopped.code !== 0
        ? `exited with code ${stopped.code} (signal ${stopped.signal}) after SIGTERM`
        : undefined;
    if (problem) {
      // vitest ignores errors thrown by a global teardown (exit code 0): fail the run explicitly.
      console.error(`e2e FAILED: the server ${problem}. Output:\n${stopped.output}`);
      process.exitCode = 1;
    }
  };
}

/** The base URL of the server the globalSetup started. */
export function baseUrl(): string {
  return inject("e2eBaseUrl");
}

/** The fresh clone the server was started in by `npm start`. */
export function cloneDir(): string {
  return inject("e2eCloneDir");
}

export function url(pathname: string): string {
  return new URL(pathname, baseUrl()).toString();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

export type WatchedPage = {
  page: Page;
  context: BrowserContext;
  /** console.error messages and uncaught page errors, in order. */
  errors: string[];
  /** CSP violations reported by the page (securitypolicyviolation events and console reports). */
  cspViolations: string[];
  close(): Promise<void>;
};

const CSP_CONSOLE = /Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect|frame)/i;

/**
 * A fresh context and page that records console errors, page errors and CSP violations. The service worker
 * (ADR 30) is blocked unless asked for (`serviceWorkers: "allow"`, the offline journeys and a reader-pages check):
 * it answers a slow page from its kept copy after 4 s, which on a busy test machine would make other journeys
 * read pages older than the change they just made.
 */
export async function watchedPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; userAgent?: string; serviceWorkers?: "allow" | "block" } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 844 },
    locale: "en-NG",
    userAgent: options.userAgent,
    serviceWorkers: options.serviceWorkers ?? "block",
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  // Injected by the browser itself (not subject to the page's CSP): records every violation.
  await context.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
    document.addEventListener("securitypolicyviolation", (event) => {
      store.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const cspViolations: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    const text = message.text();
    if (CSP_CONSOLE.test(text)) cspViolations.push(text);
    if (message.type() === "error") errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return {
    page,
    context,
    errors,
    cspViolations,
    async close() {
      await context.close();
    },
  };
}

/** CSP violations recorded inside the page plus those reported on the console. */
export async function allCspViolations(watched: WatchedPage): Promise<string[]> {
  const inPage = await watched.page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  return [...inPage, ...watched.cspViolations];
}

/**
 * Waits until the page's scripts have run: React Router hydrated the app (signed-in screens, forms), or, on a reader
 * page for an anonymous visitor (ADR 29), the enhancement bundle bound its behaviours.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter) || document.documentElement.dataset.enhanced === "true",
    null,
    { timeout: 20_000 },
  );
}

/**
 * Empties the browser's HTTP cache: anonymous reader pages may be kept by the browser for a minute
 * (`Cache-Control: public, max-age=60`, ADR 28) and are opened by page loads (ADR 29), so a test that changes a
 * listing and then reads it as the same anonymous visitor plays one coming back later.
 */
export async function forgetCachedPages(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}

/** Links to business detail pages (/businesses/{id}, /business/{id}), not create/edit. */
export const BUSINESS_LINK = /^\/businesses?\/(?!create$|edit(\/|$))[^/?#]+\/?$/;

export async function businessLinks(page: Page, within = "body"): Promise<{ href: string; text: string }[]> {
  const links = await page.locator(`${within} a[href]`).evaluateAll((anchors) =>
    anchors.map((a) => ({ href: a.getAttribute("href") ?? "", text: (a as HTMLElement).innerText.trim() })),
  );
  return links.filter((link) => BUSINESS_LINK.test(new URL(link.href, "http://x").pathname));
}
