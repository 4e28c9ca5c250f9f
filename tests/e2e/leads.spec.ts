/**
 * Leads (issue 18) as one journey in chromium: a new owner's listing (Premium, so every figure shows) is found by a
 * visitor through search, viewed, called, opened in WhatsApp and messaged; the owner's dashboard then shows each
 * of them, on today's date in Africa/Lagos time (the CSV's day column), and the owner's own visit and a crawler's
 * page views and taps change nothing. WhatsApp's site is out of reach (no internet here), so the test checks the
 * new tab's request to it; a tel: link leaves the browser, so the test waits for our server's 302 to it.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watDay } from "../../app/features/analytics/analytics.schemas";
import { pngImage } from "../support/images";
import { adminApproves, APPROVED, DEMO_ADMIN_EMAIL, linkIn, mailTo, PASSWORD, register, signIn, useDemoSession, signUpOwner, submitKyc } from "./account-steps";
import { allCspViolations, launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/**
 * Headless chromium says 'HeadlessChrome' in its user agent, which counts as a bot (isbot): the visitor and the
 * owner browse as the phone they stand for.
 */
const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

let browser: Browser;
let admin: WatchedPage;
let owner: WatchedPage;
let visitor: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  owner = await watchedPage(browser, { userAgent: PHONE });
  visitor = await watchedPage(browser, { userAgent: PHONE });
  await useDemoSession(admin.page, DEMO_ADMIN_EMAIL);
});
afterAll(async () => {
  for (const watched of [admin, owner, visitor]) await watched?.close();
  await browser?.close();
});

/** The figure of a card titled `label` on the analytics page (Totals, or Contacts by channel). */
async function figure(page: Page, label: string): Promise<number> {
  const card = page.locator("li.card").filter({ has: page.getByText(label, { exact: true }) }).first();
  return Number((await card.locator("strong").innerText()).replace(/,/g, ""));
}

describe("leads journey", () => {
  const word = `Kpomo${randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
  const name = `${word} Grill House`;
  let businessId = "";
  let analytics = "";

  it("a new owner's approved listing with a phone and a website, on the Premium plan", async () => {
    const page = owner.page;
    const email = `e2e-leads-${randomUUID().slice(0, 8)}@example.ng`;
    await signUpOwner(page, email);
    await submitKyc(page);
    await adminApproves(admin.page, "kyc", "kyc-title", email, APPROVED.kyc);
    await page.goto(url("/dashboard"));
    await waitForHydration(page);
    await page.getByLabel("Business name").fill(name);
    await page.getByLabel("Description").fill("Grilled fish, kpomo and peppered snail every evening.");
    await page.getByLabel("Category").selectOption("Eatery");
    await page.getByLabel("Address").fill("4 Allen Avenue, Ikeja");
    await page.getByLabel("State").selectOption("Lagos");
    await page.getByLabel("Phone number").fill("0809 555 2345");
    await page.getByLabel("Website").fill("https://grill.example.ng");
    await page.getByLabel("Products and services").fill("Grilled fish\nPeppered snail");
    await page.locator("#listing-images").setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: await pngImage(900, 600) }]);
    await page.getByRole("button", { name: "Create Business" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "created").catch(async (error: unknown) => {
      throw new Error(`not created: ${(await page.locator("[role=alert]").allInnerTexts()).join(" | ")}`, { cause: error });
    });
    await adminApproves(admin.page, "businesses", "approvals-title", name, APPROVED.business);

    await page.goto(url("/payment?type=subscription&plan=premium"));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay ₦9,999" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("payment") === "subscription", { timeout: 30_000 });
    await page.getByText("Your Premium plan is now active.").waitFor();

    // The listing's analytics, from its card's 'See analytics': Premium reads 7 days with every part, all zero.
    await page.locator("li").filter({ has: page.getByRole("heading", { name }) }).getByRole("link", { name: "See analytics" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/analytics" && u.searchParams.has("listing"));
    businessId = new URL(page.url()).searchParams.get("listing")!;
    analytics = `/dashboard/analytics?listing=${businessId}&days=7`;
    await page.goto(url(analytics));
    for (const label of ["Page views", "Search appearances", "Contact actions", "Conversations started"]) expect(await figure(page, label), label).toBe(0);
    expect(await page.getByRole("link", { name: "Download CSV" }).count()).toBe(1);
  });

  it("a crawler's page view, search and taps and the owner's own visit count nothing", async () => {
    const crawler = await browser.newContext({ userAgent: CRAWLER });
    try {
      const request = crawler.request;
      expect((await request.get(url(`/businesses?q=${word}`))).status()).toBe(200);
      expect((await request.get(url(`/businesses/${businessId}`))).status()).toBe(200);
      // Where each tap leads: the listing's own number and site (a crawler's taps are followed, never counted).
      const targets: Record<string, string> = { call: "tel:+2348095552345", whatsapp: "https://wa.me/2348095552345", website: "https://grill.example.ng/" };
      for (const [channel, target] of Object.entries(targets)) {
        const tap = await request.get(url(`/go/${businessId}/${channel}`), { maxRedirects: 0 });
        expect(tap.status()).toBe(302);
        expect(tap.headers().location).toBe(target);
      }
    } finally {
      await crawler.close();
    }
    // The owner looks at their own page and taps their own number.
    await owner.page.goto(url(`/businesses/${businessId}`));
    await owner.page.request.get(url(`/go/${businessId}/call`), { maxRedirects: 0 });
  });

  it("a visitor finds it by search, views it, starts a conversation, calls and opens WhatsApp", async () => {
    const page = visitor.page;
    // A visitor of its own (the demo visitor's messages would count against its limit of 5 a minute in the next journey).
    const email = `e2e-leads-visitor-${randomUUID().slice(0, 8)}@example.ng`;
    await register(page, "visitor", email);
    await page.goto(linkIn(await mailTo(email, /verify/i)));
    await waitForHydration(page);
    await signIn(page, email, PASSWORD);
    await page.waitForURL((u) => u.pathname !== "/login");

    await page.goto(url(`/businesses?q=${encodeURIComponent(word.toLowerCase())}`));
    await waitForHydration(page);
    // One result: the listing, Featured by its Premium plan.
    expect(await page.locator("#main").innerText()).toMatch(new RegExp(`1 business for “${word.toLowerCase()}”[\\s\\S]*Featured[\\s\\S]*${name}`));
    await page.locator(`#main a[href="/businesses/${businessId}"]`).first().click();
    await page.waitForURL((u) => u.pathname === `/businesses/${businessId}`);
    await waitForHydration(page);
    // The address changes a moment before the business page replaces the results (a navigation inside the app).
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const text = await page.locator("#main").innerText();
    expect(text, text.slice(0, 600)).toMatch(/\b1 view\b/);

    // Contact Business: the conversation starts with the first message.
    await page.getByRole("link", { name: /Contact Business/ }).click();
    await page.waitForURL((u) => u.pathname === "/messages" && u.searchParams.get("businessId") === businessId);
    await page.getByRole("heading", { name }).waitFor();
    await waitForHydration(page);
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Good evening, do you deliver to Ogba tonight?");
    await box.press("Enter");
    await expect.poll(() => box.inputValue()).toBe("");

    // Back on the business page for the taps: the same visitor within 30 minutes, so the same view (issue 38).
    await page.goto(url(`/businesses/${businessId}`));
    await waitForHydration(page);
    // The number reads the way people here read it (issue 32), and is dialled in full (+234…, the 302 above).
    const number = page.getByRole("link", { name: "0809 555 2345", exact: true });
    expect(await number.getAttribute("href")).toBe(`/go/${businessId}/call`);
    // Call: our server counts it and answers 302 to tel: (the phone's dialler; nothing opens in a test browser).
    const called = page.waitForRequest((r) => new URL(r.url()).pathname === `/go/${businessId}/call`);
    await page.getByRole("link", { name: "Call", exact: true }).click();
    await called;

    // WhatsApp opens in a new tab, through /go/ to wa.me with the international number.
    // wa.me is out of reach here (the tab ends on the browser's error page; a route cannot answer for a new tab's
    // first navigation), so the check is the tab's request: our /go/ link's redirect to wa.me.
    const toWhatsApp = page.context().waitForEvent("request", (r) => new URL(r.url()).hostname === "wa.me");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: "WhatsApp" }).click()]);
    const request = await toWhatsApp;
    expect(request.url()).toBe("https://wa.me/2348095552345");
    expect(request.redirectedFrom()?.url()).toBe(url(`/go/${businessId}/whatsapp`));
    expect(request.frame().page()).toBe(tab);
    await tab.close();
    expect(visitor.errors).toEqual([]);
    expect(await allCspViolations(visitor)).toEqual([]);
  });

  it("the owner's dashboard shows each, on today's date in Lagos, and the CSV says so", async () => {
    const page = owner.page;
    // Events are written in batches every 2 s: the figures appear within a few seconds.
    await expect
      .poll(async () => {
        await page.goto(url(analytics));
        return figure(page, "Contact actions");
      }, { timeout: 15_000, interval: 1000 })
      .toBe(2);
    const totals = Object.fromEntries(
      await Promise.all(["Page views", "Search appearances", "Contact actions", "Conversations started", "Messages received"].map(async (l) => [l, await figure(page, l)] as const)),
    );
    // One view: the visitor opened the page twice in the same half hour (ADR 41).
    expect(totals).toEqual({ "Page views": 1, "Search appearances": 1, "Contact actions": 2, "Conversations started": 1, "Messages received": 1 });
    expect(await figure(page, "Calls")).toBe(1);
    expect(await figure(page, "WhatsApp")).toBe(1);
    expect(await figure(page, "Website visits")).toBe(0);
    const words = page.locator("section[aria-labelledby=words-title] li");
    expect(await words.allInnerTexts()).toEqual([`${word.toLowerCase()} (1)`]);

    // The day: today in Africa/Lagos (UTC+1), whatever the machine's zone.
    const csv = await page.request.get(url(`/dashboard/analytics.csv?listing=${businessId}&days=7`));
    expect(csv.status()).toBe(200);
    const [header, ...rows] = (await csv.text()).trim().split("\n");
    const columns = header!.split(",");
    const today = rows.map((r) => r.split(",")).find((cells) => cells[0] === watDay(new Date()));
    expect(today, `a row for ${watDay(new Date())}`).toBeDefined();
    const at = (column: string) => Number(today![columns.indexOf(column)]);
    expect([at("views"), at("impressions"), at("calls"), at("whatsapp"), at("website"), at("conversations"), at("messages")]).toEqual([1, 1, 1, 1, 0, 1, 1]);
    const otherDays = rows.filter((r) => !r.startsWith(watDay(new Date()))).map((r) => r.split(",").slice(2).map(Number));
    expect(otherDays.flat().every((n) => n === 0)).toBe(true);
    expect(owner.errors).toEqual([]);
  });
});
