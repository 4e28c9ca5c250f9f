/**
 * Works offline (issue 20, ADR 30): the manifest, the service worker, saved businesses on the device and in the
 * account, reading saved and recently visited pages with the browser taken offline.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsDemo } from "./account-steps";
import { checkPage } from "./axe";
import { allCspViolations, businessLinks, launchBrowser, url, watchedPage } from "./harness";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const DEMO_VISITOR = "visitor@example.com";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the service worker controls the page (registered after load, claims its clients on activation). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
}

/** Waits until the worker keeps this page in its saved pages. */
async function keptOffline(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    async (href) => Boolean(await (await caches.open("nd-saved")).match(new URL(href, location.origin).href)),
    path,
    { timeout: 20_000, polling: 250 },
  );
}

async function headingOf(page: Page): Promise<string> {
  return (await page.getByRole("heading", { level: 1 }).first().innerText()).trim();
}

describe("installable", () => {
  it("every page links the manifest, which parses and names its icons", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE, serviceWorkers: "allow" });
    try {
      const { page } = watched;
      for (const path of ["/", "/businesses", "/saved", "/offline", "/login"]) {
        await page.goto(url(path));
        expect(await page.locator('link[rel="manifest"]').getAttribute("href"), path).toBe("/manifest.webmanifest");
      }
      const manifest = await page.evaluate(async () => (await fetch("/manifest.webmanifest")).json());
      expect(manifest).toMatchObject({ name: "Naija Directory", display: "standalone", start_url: "/", scope: "/" });
      for (const icon of manifest.icons as { src: string }[]) {
        const response = await page.request.get(url(icon.src));
        expect(response.headers()["content-type"]).toBe("image/png");
      }
      await controlled(page);
      // Registered under the pages' CSP (worker-src 'self').
      expect((await allCspViolations(watched)).filter((violation) => /worker|sw\.js|manifest/.test(violation))).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});

describe("offline reading", () => {
  it("an anonymous visitor saves on a business page and on a card, then reads them, /saved and a recent results page offline; the rest shows the offline page", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE, serviceWorkers: "allow" });
    try {
      const { page, context } = watched;
      await page.goto(url("/"));
      await controlled(page);
      // Navigation preload is on: the next navigations leave while the worker starts, and it answers with them.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState())).toMatchObject({ enabled: true });

      // A results page read while online: kept as recently visited.
      const results = "/businesses?category=Bakery";
      await page.goto(url(results));
      const cardNames = await page.getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts();
      expect(cardNames.length).toBeGreaterThan(1);
      // Save on a card (the second), without leaving the page.
      const card = page.getByRole("article").nth(1);
      const cardName = cardNames[1]!.trim();
      const cardLink = (await card.getByRole("link", { name: "View Details" }).getAttribute("href"))!;
      await card.getByRole("button", { name: "Save", exact: true }).click();
      await expect.poll(() => card.getByRole("button", { name: "Saved" }).count()).toBe(1);
      await keptOffline(page, new URL(cardLink, "http://x").pathname);

      // Save on a business page.
      const first = (await businessLinks(page, "article"))[0]!.href;
      await page.goto(url(first));
      const pageName = await headingOf(page);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved on this device").waitFor();
      await keptOffline(page, first);
      // WCAG 2.2 AA (axe): the business page with its status, the device's list, the offline page.
      const problems = [...(await checkPage(page, "business page, saved on the device"))];
      await page.goto(url("/saved"));
      await page.getByRole("link", { name: pageName }).waitFor();
      problems.push(...(await checkPage(page, "/saved, the device's list")));
      await page.goto(url("/offline"));
      problems.push(...(await checkPage(page, "/offline")));
      expect(problems).toEqual([]);

      await context.setOffline(true);
      await page.goto(url(first));
      expect(await headingOf(page)).toBe(pageName);
      await page.goto(url(new URL(cardLink, "http://x").pathname));
      expect(await headingOf(page)).toBe(cardName);
      await page.goto(url("/saved"));
      await page.getByRole("link", { name: pageName }).waitFor();
      await page.getByRole("link", { name: cardName }).waitFor();
      await page.goto(url(results));
      expect(await page.getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(cardNames);
      // A page never read: the offline page.
      await page.goto(url("/categories"));
      expect(new URL(page.url()).pathname).toBe("/offline");
      expect(await headingOf(page)).toBe("You are offline");
      await page.getByRole("link", { name: "Businesses you saved" }).click();
      await page.getByRole("link", { name: pageName }).waitFor();
      await context.setOffline(false);
    } finally {
      await watched.close();
    }
  });
});

describe("the device list", () => {
  it("shows names as text and follows only paths on this site", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE, serviceWorkers: "allow" });
    try {
      const { page } = watched;
      await page.goto(url("/saved"));
      const hostile = `<img src=x onerror="window.__pwned=1">Mama "Put" & Sons</script>`;
      await page.evaluate(
        (name) =>
          localStorage.setItem(
            "nd-saved-v1",
            JSON.stringify([
              { id: "a", name, category: "<b>Eatery</b>", place: "Lagos", link: "javascript:window.__pwned=2", image: "javascript:1", when: new Date().toISOString() },
            ]),
          ),
        hostile,
      );
      await page.reload();
      const link = page.getByRole("link", { name: hostile });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe("/saved");
      expect(await page.getByText("<b>Eatery</b>", { exact: false }).count()).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator("main img").count()).toBe(0);
    } finally {
      await watched.close();
    }
  });
});

describe("saved to the account", () => {
  it("device saves join the account at sign-in, a signed-in save persists, and another browser sees both", async () => {
    const device = await watchedPage(browser, { userAgent: PHONE, serviceWorkers: "allow" });
    const other = await watchedPage(browser, { userAgent: PHONE, serviceWorkers: "allow" });
    try {
      const { page } = device;
      await page.goto(url("/businesses?category=Salon"));
      await controlled(page);
      const links = await businessLinks(page, "article");
      expect(links.length).toBeGreaterThan(1);
      await page.goto(url(links[0]!.href));
      const anonymousSave = await headingOf(page);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved on this device").waitFor();

      await signInAsDemo(page, DEMO_VISITOR);
      // The device's list joined the account (posted once) and is emptied.
      await expect.poll(() => page.evaluate(() => localStorage.getItem("nd-saved-v1")), { timeout: 20_000 }).toBeNull();

      await page.goto(url(links[1]!.href));
      const signedInSave = await headingOf(page);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved to your account").waitFor();

      // Both pages are kept on this device for the account, and go at sign-out.
      const keptForAccount = () =>
        page.evaluate(async () => {
          const cache = await caches.open("nd-saved");
          const marked = await Promise.all((await cache.keys()).map(async (request) => (await cache.match(request))?.headers.get("x-nd-kept-for")));
          return marked.filter((kind) => kind === "account").length;
        });
      await expect.poll(keptForAccount, { timeout: 20_000 }).toBe(2);

      await signInAsDemo(other.page, DEMO_VISITOR);
      await other.page.goto(url("/saved"));
      await other.page.getByRole("link", { name: anonymousSave }).waitFor();
      await other.page.getByRole("link", { name: signedInSave }).waitFor();
      expect(await checkPage(other.page, "/saved, the account's list")).toEqual([]);

      // A session that ends without this device signing out (expired, revoked, the account deleted elsewhere): the
      // first page the server answers as public tells the worker nobody is signed in here any more.
      await device.context.clearCookies();
      await page.goto(url("/businesses"));
      await expect.poll(keptForAccount, { timeout: 20_000 }).toBe(0);

      // Signed in again: the business page says it is saved (the account's list), and opening it keeps it offline again.
      await signInAsDemo(page, DEMO_VISITOR);
      await page.goto(url(links[1]!.href));
      await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
      await expect.poll(keptForAccount, { timeout: 20_000 }).toBe(1);
      await page.goto(url("/menu"));
      await page.getByRole("button", { name: "Sign Out" }).click();
      await page.waitForURL((target) => target.searchParams.get("signedOut") === "true");
      await expect.poll(keptForAccount, { timeout: 20_000 }).toBe(0);
    } finally {
      await device.close();
      await other.close();
    }
  });
});
