/**
 * The admin panel in chromium against the production build (spec 02 §2): admin@example.com approves and
 * rejects listings, approves KYC, approves a featured request, sends a notification and suspends a user,
 * and each change is checked where the others see it (public pages, dashboards, the bell, sign-in).
 * The journey leaves the shared demo data as other journeys expect it: the car wash's featured request is
 * not touched, owner@example.com's notification is marked read, and the suspended visitor is restored.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../support/images";
import { DEMO_ADMIN_EMAIL, enterTwoFactorCode, useDemoSession } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

const PASSWORD = "Demo-Passw0rd!";
/** Other journeys use this request (plans.spec.ts): never approve it here. */
const RESERVED_LISTING = "Bakare Premium Car Wash";

let browser: Browser;
let admin: WatchedPage;

async function signIn(page: Page, email: string, landed: (u: URL) => boolean = (u) => !u.pathname.startsWith("/login")) {
  await page.goto(url("/login"));
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (email === DEMO_ADMIN_EMAIL) await enterTwoFactorCode(page);
  await page.waitForURL(landed);
}

/** Opens a tab by its link in the tab bar (its name may carry a count: 'KYC Approvals 4 waiting'). */
async function openTab(page: Page, tab: string, query = "") {
  if (query) {
    await page.goto(url(`/admin${query}`));
  } else {
    await page.goto(url("/admin"));
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await nav.getByRole("link", { name: new RegExp(`^${tab}\\b`) }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    await expect.poll(() => nav.locator('[aria-current="page"]').innerText()).toMatch(new RegExp(`^${tab}`));
  }
  await waitForHydration(page);
}

/** The top-level cards of a tab's list (not the image strips inside them). */
function cards(page: Page, sectionTitleId: string): Locator {
  return page.locator(`section[aria-labelledby="${sectionTitleId}"] > ul > li`);
}

async function toast(page: Page, text: string) {
  await page.getByRole("status").filter({ hasText: text }).first().waitFor();
}

async function cardName(card: Locator): Promise<string> {
  return (await card.locator("h3").first().innerText()).trim();
}

/** The public page of an approved business, found through the Featured Management search. */
async function publicHref(page: Page, name: string): Promise<string> {
  await openTab(page, "Featured Management", `?tab=featured&q=${encodeURIComponent(name)}`);
  const link = cards(page, "featured-title").getByRole("link", { name, exact: true }).first();
  await link.waitFor();
  return (await link.getAttribute("href"))!;
}

async function expectPublic(href: string, name: string) {
  const visitor = await watchedPage(browser);
  try {
    const response = await visitor.page.goto(url(href));
    expect(response?.status()).toBe(200);
    await expect.poll(() => visitor.page.locator("h1").first().innerText()).toContain(name);
  } finally {
    await visitor.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  await signIn(admin.page, "admin@example.com", (u) => u.pathname === "/admin");
  // What the sign-in page logged is the accounts journey's business; from here on, the panel's own.
  admin.errors.length = 0;
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

describe("admin panel", () => {
  it("shows the eight tabs in the spec's order then Reports, Overview, Deliveries, Claims, Suggestions and Verification, and business users only 'Access Denied'", async () => {
    const { page } = admin;
    await openTab(page, "Users");
    const tabs = await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link").allInnerTexts();
    expect(tabs.map((t) => t.replace(/\s*\d+\s*(waiting|failed)$/, "").replace(/\s+\d+$/, "").trim())).toEqual([
      "Users", "Business Approvals", "KYC Approvals", "Featured Requests", "Featured Management", "Subscriptions", "Notifications", "Feedback", "Reports", "Overview",
      "Deliveries", "Claims", "Suggestions", "Verification",
    ]);
    // The overview (issue 18): the totals and a server-drawn chart per figure for 90 days.
    await openTab(page, "Overview");
    const overview = page.locator("section[aria-labelledby=overview-title]");
    await expect.poll(() => overview.locator("svg[role=img]").count()).toBe(5);
    expect(await overview.innerText()).toMatch(/Sign-ups[\s\S]*New listings[\s\S]*Messages[\s\S]*Payments[\s\S]*Revenue/);
    expect(await overview.locator("svg[role=img]").first().locator("rect").count()).toBe(90);
    expect(admin.errors).toEqual([]);

    const owner = await watchedPage(browser);
    try {
      await signIn(owner.page, "owner@example.com", (u) => u.pathname === "/dashboard");
      const response = await owner.page.goto(url("/admin?tab=kyc"));
      expect(response?.status()).toBe(403);
      await owner.page.getByRole("heading", { name: "Access Denied" }).waitFor();
      await owner.page.getByText("You don't have admin privileges").waitFor();
      expect(await owner.page.locator("#main").innerText()).not.toMatch(/KYC submissions|Approve/);
    } finally {
      await owner.close();
    }
  });

  it("approves a pending listing, which is then public", async () => {
    const { page } = admin;
    await openTab(page, "Business Approvals");
    const card = cards(page, "approvals-title").filter({ hasText: "KYC approved" }).filter({ hasNotText: "Bakare" }).first();
    await card.waitFor();
    const name = await cardName(card);
    // Images come in position order.
    const alts = await card.locator("ol img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt") ?? ""));
    expect(alts).toEqual(alts.map((_, i) => `${name}, image ${i + 1}`));
    await card.getByRole("button", { name: "Approve" }).click();
    await toast(page, "Business approved successfully");
    await expect.poll(() => cards(page, "approvals-title").filter({ has: page.getByRole("heading", { name, exact: true }) }).count()).toBe(0);
    await expectPublic(await publicHref(page, name), name);
    expect(admin.errors).toEqual([]);
  });

  it("rejects a listing only with a reason, and the owner sees the reason on their dashboard", async () => {
    const { page } = admin;
    await openTab(page, "Business Approvals");
    const card = cards(page, "approvals-title").filter({ hasText: "KYC approved" }).filter({ hasNotText: "Bakare" }).first();
    await card.waitFor();
    const name = await cardName(card);
    const ownerEmail = /([\w.+-]+@example\.com)/.exec(await card.innerText())![1]!;
    await card.locator("summary", { hasText: "Reject" }).click();
    await card.getByRole("button", { name: "Reject business" }).click();
    await card.getByRole("alert").filter({ hasText: "Please provide a rejection reason" }).waitFor();
    const reason = `Photos do not show the shop (${randomUUID().slice(0, 6)})`;
    await card.getByLabel("Rejection reason").fill(reason);
    await card.getByRole("button", { name: "Reject business" }).click();
    await toast(page, "Business rejected successfully");
    expect(admin.errors).toEqual([]);

    const owner = await watchedPage(browser);
    try {
      await signIn(owner.page, ownerEmail, (u) => u.pathname === "/dashboard");
      const listing = owner.page.locator("li").filter({ has: owner.page.getByRole("heading", { name, exact: true }) });
      await listing.first().waitFor();
      expect(await listing.first().innerText()).toContain(`Reason: ${reason}`);
    } finally {
      await owner.close();
    }
  });

  it("approves KYC: an owner's pending listing goes public, and newowner@example.com becomes verified", async () => {
    const { page } = admin;
    // A seeded owner waiting for KYC review has a listing waiting with it.
    await openTab(page, "Business Approvals");
    const waiting = cards(page, "approvals-title").filter({ hasText: "KYC pending" }).first();
    await waiting.waitFor();
    const listingName = await cardName(waiting);
    const applicant = /([\w.+-]+@example\.com)/.exec(await waiting.innerText())![1]!;

    await openTab(page, "KYC Approvals");
    const submission = cards(page, "kyc-title").filter({ hasText: applicant }).filter({ has: page.getByRole("button", { name: "Approve" }) });
    await submission.first().waitFor();
    // The document opens through its signed link.
    await submission.first().locator("summary", { hasText: "View ID document" }).click();
    const documentImage = submission.first().getByRole("img", { name: /ID document of/ });
    await documentImage.waitFor();
    await expect.poll(() => documentImage.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await submission.first().getByRole("button", { name: "Approve" }).click();
    await toast(page, "KYC approved successfully. Associated businesses have been approved.");
    await expectPublic(await publicHref(page, listingName), listingName);

    // newowner@example.com sends their KYC in the browser; the admin approves it.
    const newOwner = await watchedPage(browser);
    try {
      await useDemoSession(newOwner.page, "newowner@example.com");
      await newOwner.page.goto(url("/kyc-verification"));
      await waitForHydration(newOwner.page);
      const resubmit = newOwner.page.getByRole("button", { name: "Submit New KYC Verification" });
      if (await resubmit.isVisible()) await resubmit.click();
      await newOwner.page.getByRole("heading", { name: "KYC Verification" }).waitFor();
      await newOwner.page.getByLabel("Full name").fill("Ibrahim Sani");
      await newOwner.page.getByLabel("Number").fill("8031234567");
      await newOwner.page.locator("#idImage").setInputFiles({ name: "id.png", mimeType: "image/png", buffer: await pngImage() });
      await newOwner.page.getByRole("button", { name: "Submit Verification" }).click();
      await newOwner.page.getByText("Verification Under Review").or(newOwner.page.getByText(/under review/i)).first().waitFor();

      await openTab(page, "KYC Approvals");
      const mine = cards(page, "kyc-title").filter({ hasText: "newowner@example.com" }).filter({ has: page.getByRole("button", { name: "Approve" }) });
      await mine.first().waitFor();
      await mine.first().getByRole("button", { name: "Approve" }).click();
      await toast(page, "KYC approved successfully. Associated businesses have been approved.");

      await newOwner.page.goto(url("/dashboard"));
      await newOwner.page.getByRole("heading", { name: "Verification Complete" }).waitFor();
    } finally {
      await newOwner.close();
    }
    expect(admin.errors).toEqual([]);
  });

  it("approves a featured request, and the business is marked Featured in search", async () => {
    const { page } = admin;
    await openTab(page, "Featured Requests");
    const card = cards(page, "requests-title")
      .filter({ has: page.getByRole("button", { name: "Approve" }) })
      .filter({ hasNot: page.getByRole("heading", { name: RESERVED_LISTING }) })
      .first();
    await card.waitFor();
    const name = await cardName(card);
    await card.getByRole("button", { name: "Approve" }).click();
    await toast(page, "Request approved successfully");
    const approved = cards(page, "requests-title").filter({ has: page.getByRole("heading", { name, exact: true }) }).first();
    await expect.poll(() => approved.innerText()).toMatch(/Approved[\s\S]*Featured/);

    const visitor = await watchedPage(browser);
    try {
      // Featured listings come first in search (the home page's section shows only the six newest of them, and
      // other journeys on this server may have made newer ones): its card in a search for its name is marked Featured.
      await visitor.page.goto(url(`/businesses?q=${encodeURIComponent(name)}`));
      const result = visitor.page.locator("article").filter({ has: visitor.page.getByRole("heading", { name, exact: true }) }).first();
      expect(await result.innerText()).toMatch(/(^|\n)Featured(\n|$)/);
    } finally {
      await visitor.close();
    }
    expect(admin.errors).toEqual([]);
  });

  it("sends a notification to businesses, and it reaches owner@example.com's bell and notifications page", async () => {
    const owner = await watchedPage(browser);
    try {
      await useDemoSession(owner.page, "owner@example.com");
      await owner.page.goto(url("/dashboard"));
      const bell = owner.page.locator('header a[href="/notifications"]');
      const bellCount = async () => Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
      const before = await bellCount();

      const { page } = admin;
      await openTab(page, "Notifications");
      await page.getByRole("button", { name: "Send Notification" }).click();
      await page.getByRole("alert").filter({ hasText: "Please fill in all required fields" }).waitFor();
      const title = `Maintenance tonight ${randomUUID().slice(0, 6)}`;
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Message").fill("The site will be unavailable from 1am to 2am.");
      await page.getByLabel("Target audience").selectOption("businesses");
      await page.getByLabel("Priority").selectOption("high");
      await page.getByRole("button", { name: "Send Notification" }).click();
      await toast(page, "Notification sent");
      const sentText = await page.getByRole("status").filter({ hasText: "Notification sent to" }).first().innerText();
      const recipients = Number(/sent to (\d+) users?/.exec(sentText)?.[1]);
      expect(recipients).toBeGreaterThan(1);
      const recent = page.locator('section[aria-labelledby="recent-title"] li').filter({ hasText: title });
      await expect.poll(() => recent.first().innerText()).toMatch(new RegExp(`Businesses[\\s\\S]*Sent to ${recipients} users`));
      expect(admin.errors).toEqual([]);

      // The owner's bell counts it (live, or on the next page load at the latest).
      await expect
        .poll(async () => {
          if ((await bellCount()) === before) await owner.page.reload();
          return bellCount();
        }, { timeout: 20_000 })
        .toBe(before + 1);
      await owner.page.goto(url("/notifications"));
      await waitForHydration(owner.page);
      const item = owner.page.locator("li[data-notification]").filter({ hasText: title });
      await item.waitFor();
      // Marked read again, as other journeys expect the owner's notifications.
      await item.getByRole("button", { name: "Mark Read" }).click();
      await item.getByText("Read", { exact: true }).waitFor();
    } finally {
      await owner.close();
    }
  });

  it("suspends a visitor: their next sign-in is refused until the suspension is lifted", async () => {
    const { page } = admin;
    await openTab(page, "Users", "?tab=users&show=visitor");
    // A seeded visitor (demo password), not visitor@example.com, whom other journeys sign in as.
    const card = cards(page, "users-title")
      .filter({ hasText: /@example\.com/ })
      .filter({ hasNotText: "visitor@example.com" })
      .filter({ hasNotText: "Suspended" })
      .first();
    await card.waitFor();
    const email = /([\w.+-]+@example\.com)/.exec(await card.innerText())![1]!;
    await card.locator("summary", { hasText: "Suspend" }).click();
    await card.getByLabel("Reason for suspension").fill("Spam messages to businesses");
    await card.getByRole("button", { name: "Suspend user" }).click();
    await toast(page, "User suspended");
    const suspendedCard = cards(page, "users-title").filter({ hasText: email });
    await expect.poll(() => suspendedCard.first().innerText()).toMatch(/Suspended[\s\S]*Spam messages to businesses/);

    const visitor = await watchedPage(browser);
    try {
      await visitor.page.goto(url("/login"));
      await waitForHydration(visitor.page);
      await visitor.page.getByLabel("Email", { exact: true }).fill(email);
      await visitor.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await visitor.page.getByRole("button", { name: "Sign In" }).click();
      await visitor.page.getByText("Your account has been suspended. Please contact support.").waitFor();
      expect(new URL(visitor.page.url()).pathname).toBe("/login");
    } finally {
      await visitor.close();
    }

    // View Activity shows the suspension; Unsuspend lifts it.
    await suspendedCard.first().getByRole("link", { name: "View Activity" }).click();
    await page.locator("#activity").getByText("Suspended").first().waitFor();
    page.once("dialog", (dialog) => void dialog.accept());
    await suspendedCard.first().getByRole("button", { name: "Unsuspend" }).click();
    await toast(page, "Suspension lifted");
    const again = await watchedPage(browser);
    try {
      await signIn(again.page, email, (u) => u.pathname === "/");
    } finally {
      await again.close();
    }
    expect(admin.errors).toEqual([]);
  });
});
