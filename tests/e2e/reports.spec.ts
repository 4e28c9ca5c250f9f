/**
 * Reporting (issue 16) in chromium against the production build: the demo visitor reports a listing from its
 * page (a server-rendered form), the admin unpublishes it from the Reports tab with a reason, and the
 * visitor's notification says so. The listing is taken from deep in /businesses so other journeys keep theirs.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, useDemoSession } from "./account-steps";
import { businessLinks, launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

/** Listings other journeys use by name: never reported here. */
const RESERVED = /Car Wash|Bakery|Cater|Kitchen/i;

let browser: Browser;
let visitor: WatchedPage;
let admin: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await watchedPage(browser);
  admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  await useDemoSession(visitor.page, "visitor@example.com");
  await useDemoSession(admin.page, DEMO_ADMIN_EMAIL);
});
afterAll(async () => {
  await visitor?.close();
  await admin?.close();
  await browser?.close();
});

describe("reporting a listing", () => {
  it("a visitor reports a listing, the admin unpublishes it from the Reports tab, and the visitor is told", async () => {
    const { page } = visitor;
    await page.goto(url("/businesses?page=2"));
    const links = (await businessLinks(page, "main")).filter((l) => !RESERVED.test(l.text));
    const target = links[links.length - 1]!;
    await page.goto(url(target.href));
    const name = (await page.locator("h1").first().innerText()).trim();
    await page.getByRole("link", { name: "Report this listing" }).click();
    await page.waitForURL((u) => u.pathname === "/report");
    await page.getByRole("heading", { name: "Report listing" }).waitFor();
    await page.getByLabel("Scam or fraud").check();
    await page.getByLabel("Details (optional)").fill("They asked me to pay before they would show the goods.");
    await page.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Report received").waitFor();

    const a = admin.page;
    await a.goto(url("/admin?tab=reports"));
    await waitForHydration(a);
    const card = a.locator("li[data-report-item]").filter({ hasText: name }).first();
    await card.waitFor();
    expect(await card.innerText()).toContain("Scam or fraud (1)");
    await card.locator("summary", { hasText: "Unpublish listing" }).click();
    await card.getByLabel(/Reason the owner sees/).fill("Several buyers report paying for goods that never came.");
    await card.getByRole("button", { name: "Unpublish listing" }).click();
    await a.getByRole("status").filter({ hasText: "Listing unpublished" }).first().waitFor();
    expect(admin.errors).toEqual([]);
    // The listing has left the directory (the browser logs the expected 404).
    expect((await a.goto(url(target.href)))?.status()).toBe(404);

    await page.goto(url("/notifications"));
    await expect.poll(() => page.locator("main").innerText()).toContain(`We looked at “${name}” and unpublished the listing.`);
    expect(visitor.errors).toEqual([]);
  });
});
