/**
 * Offers (issue 37) in chromium against the production build: the demo owner posts an offer on their listing from the
 * dashboard's 'Offers', the admin approves it at /admin/offers, and an anonymous visitor then sees it on the business
 * page, as the line on the listing's card in search results, and in the home page's 'Special Offers' carousel (the
 * page caches forgot the pages when it was approved).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, useDemoSession } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

let browser: Browser;
let owner: WatchedPage;
let admin: WatchedPage;
let visitor: WatchedPage;

/** A WAT calendar date `days` from today ('YYYY-MM-DD'). */
const watDay = (days: number) => new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await watchedPage(browser);
  admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  visitor = await watchedPage(browser);
  await useDemoSession(owner.page, "owner@example.com");
  await useDemoSession(admin.page, DEMO_ADMIN_EMAIL);
});
afterAll(async () => {
  await owner?.close();
  await admin?.close();
  await visitor?.close();
  await browser?.close();
});

describe("an owner's offer", () => {
  it("is posted by the owner, approved by an admin, then seen by anyone on the business page, a card and the home carousel", async () => {
    const title = `Free tyre check ${Date.now() % 100_000}`;
    const o = owner.page;
    await o.goto(url("/dashboard"));
    await waitForHydration(o);
    await o.getByRole("link", { name: "Offers", exact: true }).first().click();
    await o.waitForURL((u) => u.pathname.startsWith("/business/offers/"));
    // The address changes a moment before the offers page replaces the dashboard (a navigation inside the app).
    await o.getByRole("heading", { level: 1, name: "Special offers", exact: true }).waitFor();
    const listingId = new URL(o.url()).pathname.split("/").pop()!;
    const listingName = (await o.locator("h1 + p").innerText()).trim();
    await waitForHydration(o);
    // Required fields' labels end in an aria-hidden '*': found by their accessible names, the dates by their fields.
    await o.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await o.getByRole("textbox", { name: "Details", exact: true }).fill("With every full wash this week: we check all four tyres for free.");
    await o.locator('input[name="startsOn"]').fill(watDay(0));
    await o.locator('input[name="endsOn"]').fill(watDay(6));
    await o.getByLabel("Code (optional)", { exact: true }).fill("tyre");
    await o.getByRole("button", { name: "Send for review" }).click();
    await o.getByText("Your offer was sent for review.").waitFor();
    const mine = o.locator("li").filter({ hasText: title });
    // textContent: the state is shown in capitals by CSS.
    expect(await mine.textContent()).toContain("Waiting for review");
    expect(await mine.textContent()).toContain("Code: TYRE");

    const a = admin.page;
    await a.goto(url("/admin/offers"));
    await waitForHydration(a);
    const waiting = a.locator('section[aria-labelledby="pending-offers"] li').filter({ hasText: title });
    await waiting.getByRole("button", { name: "Approve" }).click();
    await a.getByText("Offer approved.").waitFor();
    expect(await a.locator('section[aria-labelledby="running-offers"]').innerText()).toContain(title);

    const v = visitor.page;
    await v.goto(url(`/businesses/${listingId}`));
    const offers = v.locator('section[aria-labelledby="offers-title"]');
    await offers.waitFor();
    const shown = await offers.innerText();
    expect(shown).toContain(title);
    expect(shown).toContain("Code: TYRE");
    expect(shown).toMatch(/Until \d{1,2} \w{3} \d{4}/);

    await v.goto(url(`/businesses?q=${encodeURIComponent(listingName)}`));
    const card = v.locator("article").filter({ hasText: listingName }).first();
    await card.waitFor();
    expect(await card.innerText()).toContain(`Offer: ${title}`);

    await v.goto(url("/"));
    const carousel = v.locator('section[aria-labelledby="offers"]');
    await carousel.waitFor();
    // Slides other than the current one are hidden: read the markup's text, and follow the offer's own link.
    expect(await carousel.textContent()).toContain(title);
    expect(await carousel.textContent()).not.toContain("List your business for free");
    const link = carousel.locator(`a[href*="/businesses/${listingId}#offer-"]`);
    expect(await link.count()).toBe(1);
    expect(owner.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
