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
  it.each(["/", "/businesses", "/this-does-not-exist"])("%s: a fresh nonce, carried by every script, no 'unsafe-inline'", async (path) => {
    const first = await fetch(url(path));
    const second = await fetch(url(path));
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

  it("the page's scripts run: React Router hydrates, with no CSP violation", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await page.goto(url("/"));
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
      await page.goto(url("/"));
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as { __e2eMarker: number }).__e2eMarker = 42));
      const link = page.locator('a[href="/businesses"]').first();
      await link.waitFor({ state: "attached" });
      // It may sit in a menu that is closed on a phone-sized screen: click it through the DOM.
      await link.evaluate((a) => (a as HTMLAnchorElement).click());
      await page.waitForURL((target) => target.pathname === "/businesses");
      await page.getByRole("heading", { name: "Find Local Businesses" }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker)).toBe(42);
      expect(await allCspViolations(watched)).toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
