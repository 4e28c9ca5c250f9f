import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allCspViolations, launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function scriptSrc(csp: string): string[] {
  const directive = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src "));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

describe("Content Security Policy", () => {
  it.each(["/", "/businesses", "/this-does-not-exist"])("%s: a fresh nonce on every render, carried by every script, no 'unsafe-inline'", async (path) => {
    // A query no one asked for before: rendered, never a copy of the page cache (ADR 28).
    const address = (n: number) => url(`${path}?render=${Date.now()}-${n}`);
    const first = await fetch(address(1));
    const second = await fetch(address(2));
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `nonce in ${csp}`).toBeDefined();
    expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
    expect(scriptSrc(csp)).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes, "every <script> carries the nonce").toContain(`nonce="${nonce}"`);
  });

  it.each(["/", "/businesses"])("%s asked for again: the copy's CSP allows its one script by 'self' and any inline script by its hash, no nonce", async (path) => {
    // The second ask stores the page (and is answered with the render); the third is served the copy.
    for (let i = 0; i < 2; i++) await (await fetch(url(path))).arrayBuffer();
    const third = await fetch(url(path));
    const copy = third.headers.get("etag") ? third : undefined;
    expect(copy, "the page cache serves a copy of a page asked for twice").toBeDefined();
    const csp = copy!.headers.get("content-security-policy") ?? "";
    const sources = scriptSrc(csp);
    expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).toContain("'self'");
    expect(copy!.headers.get("x-frame-options")).toBe("DENY");
    const html = await copy!.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, body]) => !/src=|ld\+json/.test(attributes!) && body);
    // A reader page (ADR 29) has no inline script, only the enhancement bundle from our own origin.
    expect([...html.matchAll(/<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"/g)].length).toBe(1);
    const { createHash } = await import("node:crypto");
    for (const [, , body] of inline) expect(sources).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
    expect(sources.filter((s) => s.startsWith("'sha256-")).length).toBe(new Set(inline.map(([, , body]) => body)).size);
  });

  it("a reader page's copy runs its enhancement script, with no CSP violation and no React app", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      // Asked for twice already: the browser gets the page cache's copy, whose CSP has no nonce (ADR 28).
      for (let i = 0; i < 2; i++) await (await fetch(url("/"))).arrayBuffer();
      const response = await page.goto(url("/"));
      expect(await response?.headerValue("etag")).toBeTruthy();
      await waitForHydration(page);
      const state = await page.evaluate(() => ({
        enhanced: document.documentElement.dataset.enhanced,
        router: "__reactRouterContext" in window || "__reactRouterDataRouter" in window,
      }));
      expect(state).toEqual({ enhanced: "true", router: false });
      expect(await allCspViolations(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("the app's scripts run: React Router hydrates, with no CSP violation", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await page.goto(url("/login"));
      await waitForHydration(page);
      const state = await page.evaluate(() => {
        const w = window as unknown as { __reactRouterContext?: { ssr?: boolean }; __reactRouterRouteModules?: Record<string, unknown> };
        return { ssr: w.__reactRouterContext?.ssr, routeModules: Object.keys(w.__reactRouterRouteModules ?? {}) };
      });
      expect(state.ssr).toBe(true);
      expect(state.routeModules).toContain("root");
      expect(await allCspViolations(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("client-side navigation works (no full reload) and stays within the CSP", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      // The app (sign-in and sign-up pages, signed-in screens) navigates inside the page.
      await page.goto(url("/login"));
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as { __e2eMarker: number }).__e2eMarker = 42));
      const link = page.locator('a[href="/register"]').first();
      await link.waitFor({ state: "attached" });
      // It may sit in a menu that is closed on a phone-sized screen: click it through the DOM.
      await link.evaluate((a) => (a as HTMLAnchorElement).click());
      await page.waitForURL((target) => target.pathname === "/register");
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker)).toBe(42);
      expect(await allCspViolations(watched)).toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
