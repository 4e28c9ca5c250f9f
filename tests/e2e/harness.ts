/**
 * End-to-end harness: the product exactly as the README gives it to a newcomer (one server per test worker for the
 * whole run, started by this file's default export as vitest's globalSetup): a fresh clone without build/
 * (tests/support/fresh-clone.mjs) where `npm start` builds and serves; fresh-clone.spec.ts checks that build
 * is the one `npm run build` makes. Debian's chromium driven by playwright-core; no browser is ever downloaded:
 * CHROMIUM_PATH, else Debian's headless shell, else /usr/bin/chromium (see CHROMIUM_PATH below).
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserServer, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { makeFreshClone } from "../support/fresh-clone.mjs";
import { E2E_WORKERS } from "./workers";
import { startProductionServer, type ProductionServer } from "../support/server-process.mjs";
import { fakeVerifyMe } from "../support/fake-verifyme";

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per test worker: a worker's journeys use servers[VITEST_POOL_ID - 1]. */
    e2eBaseUrls: string[];
    /** The fresh clone the servers run in (its build/ is what `npm start` made). */
    e2eCloneDir: string;
    /** The one chromium of the run (launched by the globalSetup); journeys connect to it. */
    e2eBrowserEndpoint: string;
  }
}

/**
 * Debian's `chromium-headless-shell` (the same chromium source, built without the desktop browser's UI; what
 * playwright itself runs for headless chromium) when installed — .ci/run installs it: on two cores it spends about
 * a third of the CPU of the full `chromium --headless` for the same pages (ADR 33) — else Debian's chromium.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
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
/**
 * The journeys' browser only (the benches keep one process per site, for figures comparable with earlier ones): one
 * renderer process for every page and context, each context still with its own cookies, storage and cache, as Chrome
 * shares renderers on a low-memory Android phone. A new process per context cost 10–15 % of chromium's CPU (ADR 33).
 */
const JOURNEY_ARGS = [...CHROMIUM_ARGS, "--renderer-process-limit=1"];
/**
 * Who the journeys' stand-in for VerifyMe (ADR 39) knows: VerifyMe's documented test persona and company
 * (https://docs.verifyme.ng: John Doe, JZ426633988976CH; 'Test Company', 11000011), and the demo owner
 * owner@example.com (Tunde Bakare, the name on their KYC) by a virtual NIN of their own.
 */
export const E2E_IDENTITIES = {
  johnDoe: "JZ426633988976CH",
  demoOwner: "TB426633988976NG",
  testCompany: "11000011",
} as const;

/** How long SIGTERM may take to stop the server (README: exits within 10 s). */
export const SHUTDOWN_LIMIT_MS = 10_000;


/**
 * vitest globalSetup: `npm start` in a fresh clone (it builds, migrates, seeds, serves), then `npm start` there once
 * more per further worker as soon as that build is done (the build is there: each migrates, seeds and serves on its
 * own port and DATA_DIR, beside the first one's migrating and seeding). Each is stopped by SIGTERM at the end and must
 * exit 0 within SHUTDOWN_LIMIT_MS.
 */
export default async function setup(project: TestProject) {
  // Checks of identities and CAC numbers go to a local VerifyMe (every server has IDENTITY_PROVIDER=verifyme).
  const verifyMe = await fakeVerifyMe();
  verifyMe.people.set(E2E_IDENTITIES.johnDoe, { firstName: "John", lastName: "Doe" });
  verifyMe.people.set(E2E_IDENTITIES.demoOwner, { firstName: "Tunde", middleName: "Adewale", lastName: "Bakare" });
  verifyMe.companies.set(E2E_IDENTITIES.testCompany, { companyName: "Test Company" });
  const identityEnv = { IDENTITY_PROVIDER: "verifyme", VERIFYME_SECRET_KEY: verifyMe.secretKey, VERIFYME_BASE_URL: verifyMe.baseUrl };
  const clone = makeFreshClone();
  const logDir = mkdtempSync(path.join(tmpdir(), "nd-e2e-log-"));
  const logFile = (i: number) => path.join(logDir, `server-${i}.log`);
  const starting: Promise<ProductionServer>[] = [startProductionServer({ logFile: logFile(1), root: clone.dir, npmStart: true, env: identityEnv })];
  // The build's last step prints its summary (scripts/precompress.mjs); a first server that fails ends the wait too.
  let firstFailed = false;
  await Promise.race([starting[0]!.catch(() => (firstFailed = true)), untilLogged(logFile(1), /^precompressed \d+ files/m)]);
  for (let i = 2; i <= E2E_WORKERS && !firstFailed; i++) starting.push(startProductionServer({ logFile: logFile(i), root: clone.dir, npmStart: true, env: identityEnv }));
  const outcomes = await Promise.allSettled(starting);
  const servers = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const failed = outcomes.find((o) => o.status === "rejected");
  if (failed) {
    for (const server of servers) await server.stop({ timeoutMs: SHUTDOWN_LIMIT_MS });
    await clone.remove();
    await verifyMe.close();
    throw failed.reason;
  }
  servers.forEach((server, i) =>
    console.log(
      `e2e: \`npm start\` in a fresh clone (${clone.files} files, ${clone.dir})${i === 0 ? " built and" : ""} served ${server.baseUrl} (pid ${server.pid}) in ${server.startupMs} ms; log ${logFile(i + 1)}`,
    ),
  );
  // One chromium for the whole run: launching one costs about 4 s of CPU, and every journey file did.
  let browserServer: BrowserServer;
  try {
    browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: JOURNEY_ARGS, timeout: 60_000 });
  } catch (error) {
    for (const server of servers) await server.stop({ timeoutMs: SHUTDOWN_LIMIT_MS });
    await clone.remove();
    await verifyMe.close();
    throw error;
  }
  project.provide("e2eBaseUrls", servers.map((s) => s.baseUrl));
  project.provide("e2eCloneDir", clone.dir);
  project.provide("e2eBrowserEndpoint", browserServer.wsEndpoint());

  return async () => {
    await browserServer.close();
    const problems: string[] = [];
    // All at once: each drains for a few seconds after SIGTERM (ADR 12).
    const stops = await Promise.all(servers.map((server) => server.stop({ timeoutMs: SHUTDOWN_LIMIT_MS })));
    servers.forEach((server, i) => {
      const stopped = stops[i]!;
      console.log(`e2e: server ${server.baseUrl} stopped by SIGTERM in ${stopped.ms} ms (exit code ${stopped.code}, signal ${stopped.signal})`);
      const problem = !stopped.exitedInTime
        ? `did not exit within ${SHUTDOWN_LIMIT_MS} ms of SIGTERM (killed)`
        : stopped.code !== 0
          ? `exited with code ${stopped.code} (signal ${stopped.signal}) after SIGTERM`
          : undefined;
      if (problem) problems.push(`the server ${server.baseUrl} ${problem}. Output:\n${stopped.output}`);
    });
    await clone.remove();
    await verifyMe.close();
    if (problems.length > 0) {
      // vitest ignores errors thrown by a global teardown (exit code 0): fail the run explicitly.
      console.error(`e2e FAILED: ${problems.join("\n")}`);
      process.exitCode = 1;
    }
  };
}

/** Resolves once `file` (written as a server's output arrives) has a line matching `pattern`. */
async function untilLogged(file: string, pattern: RegExp): Promise<void> {
  for (;;) {
    if (existsSync(file) && pattern.test(readFileSync(file, "utf8"))) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The base URL of this worker's server (started by the globalSetup). */
export function baseUrl(): string {
  const urls = inject("e2eBaseUrls");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length]!;
}

/** The fresh clone the servers were started in by `npm start`. */
export function cloneDir(): string {
  return inject("e2eCloneDir");
}

export function url(pathname: string): string {
  return new URL(pathname, baseUrl()).toString();
}

/**
 * A connection to the run's chromium (launched once by the globalSetup). Closing it closes the contexts this
 * journey opened, not the browser; each journey still works in contexts of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("e2eBrowserEndpoint"), { timeout: 60_000 });
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
  options: { viewport?: { width: number; height: number }; userAgent?: string; serviceWorkers?: "allow" | "block"; touch?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    // The phone issue 32 was tried on (a mid-range Android, 360 × 780 CSS px); the accessibility journey also checks
    // 320 and 412, and desktop journeys pass their own.
    viewport: options.viewport ?? { width: 360, height: 780 },
    // A phone's touch screen: `(pointer: coarse)` matches and taps are touches.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
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
