/**
 * WCAG 2.2 AA, measured (ADR 31): axe-core (tests/e2e/axe.ts) on every page and state of the production build,
 * signed out and signed in per role, with dialogs and overlays open and form errors shown. A serious or
 * critical violation fails the test (each printed with its rule, targets and help page); the counts of all
 * impacts per page state are printed as a table at the end (the README's). Also WCAG 1.4.10 reflow, on every
 * one of those page states: at 320, 360 and 412 CSS px wide (phones; 320 is also a 1280 px screen at 400%)
 * nothing scrolls sideways, no text is clipped and no label runs past its button (issue 30).
 *
 * One browser; one context per role, signed in once and reused.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, useDemoSession } from "./account-steps";
import { checkPage as axeCheck, countsTable, phoneWidthProblems } from "./axe";
import { clippedFieldProblems } from "./field-fit";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

/** A phone's user agent: headless chromium's own reads as a bot (whole-document rendering, no counting). */
const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

let browser: Browser;
const opened: WatchedPage[] = [];

async function newPage(): Promise<Page> {
  const watched = await watchedPage(browser, { userAgent: PHONE });
  opened.push(watched);
  return watched.page;
}

/** Opens a path and waits until it is ready to be read (hydrated when the page hydrates). */
async function open(page: Page, path: string, hydrated = false): Promise<void> {
  await page.goto(url(path));
  if (hydrated) await waitForHydration(page);
}

/**
 * A page state checked: axe's serious and critical violations, then the state at each phone width (issue 30: every
 * page was 364 px wide at 360). Both kinds of problem fail the test.
 */
async function checkPage(page: Page, label: string, more: Parameters<typeof phoneWidthProblems>[2] = []): Promise<string[]> {
  return [...(await axeCheck(page, label)), ...(await phoneWidthProblems(page, label, more))];
}

/** A listing form's state (issue 32): also no time, date or chosen option cut off at a phone's width. */
async function checkFormPage(page: Page, label: string): Promise<string[]> {
  return checkPage(page, label, [clippedFieldProblems]);
}

function expectNoSerious(problems: string[]): void {
  if (problems.length) console.error(`axe: serious or critical violations, or a page wider than a phone\n${problems.join("\n")}`);
  expect(problems, problems.join("\n")).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const watched of opened) await watched.close();
  await browser?.close();
  console.log(`axe counts per page state (nodes per impact; tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa)\n${countsTable()}`);
});

let businessPath = "";

describe("accessibility: axe-core on every page and state", () => {
  it("signed out: public pages, results with filters and the filter overlay, forms with their errors", async () => {
    const page = await newPage();
    const problems: string[] = [];

    await open(page, "/");
    problems.push(...(await checkPage(page, "/ (signed out)")));

    await open(page, "/businesses?q=kitchen");
    problems.push(...(await checkPage(page, "/businesses?q=kitchen")));
    businessPath = (await page.locator("#results article a[href^='/businesses/']").first().getAttribute("href"))!;
    expect(businessPath).toMatch(/^\/businesses\/[0-9a-f-]{36}$/);

    await open(page, "/businesses?q=kitchen&region=Lagos&category=Eatery&rating=4");
    problems.push(...(await checkPage(page, "/businesses with filters")));

    // Below 768px the filters are an overlay (#filters is its target before any script runs).
    await open(page, "/businesses?q=kitchen#filters");
    await page.getByRole("link", { name: "Close filters" }).waitFor();
    problems.push(...(await checkPage(page, "/businesses filter overlay open (phone)")));

    await open(page, "/businesses?q=zqxjvwkpfh");
    await page.getByText(/No businesses|no results|nothing/i).first().waitFor();
    problems.push(...(await checkPage(page, "/businesses empty results")));

    await open(page, businessPath);
    problems.push(...(await checkPage(page, "business page (signed out)")));

    await open(page, "/categories");
    problems.push(...(await checkPage(page, "/categories")));
    const category = (await page.locator("main a[href^='/categories/']").first().getAttribute("href"))!;
    await open(page, category);
    problems.push(...(await checkPage(page, "category landing page")));
    await open(page, "/states/lagos");
    problems.push(...(await checkPage(page, "state landing page")));

    await open(page, "/privacy");
    problems.push(...(await checkPage(page, "/privacy")));
    await open(page, "/no-such-page-here");
    problems.push(...(await checkPage(page, "404 page")));

    await open(page, "/login", true);
    await page.getByLabel("Email", { exact: true }).fill("visitor@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.getByRole("alert").first().waitFor();
    problems.push(...(await checkPage(page, "/login wrong password shown")));

    await page.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Reset your password" });
    await forgot.waitFor();
    await forgot.getByRole("button", { name: /send/i }).click();
    await forgot.getByRole("alert").waitFor();
    problems.push(...(await checkPage(page, "/login forgotten password dialog with error")));

    await open(page, "/register", true);
    problems.push(...(await checkPage(page, "/register")));
    await open(page, "/register/visitor", true);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("alert").first().waitFor();
    problems.push(...(await checkPage(page, "/register/visitor form errors")));

    // The home page's featured cards ask anonymous visitors to sign in, in a dialog.
    await open(page, "/", true);
    const featured = page.locator("section", { has: page.getByRole("heading", { name: "Featured Businesses" }) });
    await featured.getByRole("link", { name: "View Details" }).first().click();
    await page.getByRole("dialog", { name: "Login Required" }).waitFor();
    problems.push(...(await checkPage(page, "/ Login Required dialog open")));

    // From 768px up the filters are a sidebar and the header has the sidebar toggle.
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/");
    problems.push(...(await checkPage(page, "/ (signed out, desktop)")));
    await open(page, "/businesses?q=kitchen&region=Lagos");
    problems.push(...(await checkPage(page, "/businesses with filters (desktop sidebar)")));
    await open(page, businessPath);
    problems.push(...(await checkPage(page, "business page (signed out, desktop)")));

    expectNoSerious(problems);
  });

  it("signed in as a visitor: home, business page with the review form, messages, notifications, their Panel, account screens", async () => {
    const page = await newPage();
    const problems: string[] = [];
    await useDemoSession(page, "visitor@example.com");
    const id = businessPath.split("/").pop()!;

    await open(page, "/", true);
    problems.push(...(await checkPage(page, "/ (visitor)")));
    await open(page, businessPath, true);
    problems.push(...(await checkPage(page, "business page with review form (visitor)")));
    await open(page, `/messages?businessId=${id}`, true);
    problems.push(...(await checkPage(page, "/messages conversation open (visitor)")));
    for (const path of ["/messages", "/notifications", "/dashboard", "/profile", "/menu", "/help", "/feedback", `/report?kind=listing&id=${id}`, "/suggest", `/suggest/${id}`]) {
      await open(page, path, true);
      problems.push(...(await checkPage(page, `${path.replace(id, "{id}")} (visitor)`)));
    }
    expectNoSerious(problems);
  });

  it("signed in as an owner: dashboard, the listing form with its errors, KYC, payments, analytics, plans", async () => {
    const page = await newPage();
    const problems: string[] = [];
    await useDemoSession(page, "owner@example.com");

    await open(page, "/dashboard", true);
    problems.push(...(await checkPage(page, "/dashboard (owner)")));
    const edit = (await page.getByRole("link", { name: "Edit", exact: true }).first().getAttribute("href"))!;
    // A listing's offers (issue 37).
    const offers = (await page.getByRole("link", { name: "Offers", exact: true }).first().getAttribute("href"))!;
    const prices = (await page.getByRole("link", { name: "Price list", exact: true }).first().getAttribute("href"))!;
    await open(page, offers, true);
    problems.push(...(await checkFormPage(page, "/business/offers/{id}")));
    // A listing's price list (issue 37).
    await open(page, prices, true);
    problems.push(...(await checkFormPage(page, "/business/prices/{id}")));

    await open(page, "/business/create", true);
    await page.getByRole("button", { name: "Create Business" }).click();
    await page.getByRole("alert").first().waitFor();
    problems.push(...(await checkFormPage(page, "/business/create errors shown")));
    await open(page, edit, true);
    problems.push(...(await checkFormPage(page, "/business/edit/{id}")));
    // The hours editor (issue 32): a day copied to Monday–Friday (its message shown), then a save refused in the
    // browser with a detail's and a day's error together. Nothing is saved.
    await page.getByLabel("Show opening hours on my listing").check();
    await page.locator('select[name="hours-sat"]').selectOption("hours");
    await page.locator('input[name="hours-sat-opens-1"]').fill("09:00");
    await page.locator('input[name="hours-sat-closes-1"]').fill("17:00");
    await page.getByRole("button", { name: "Copy to Mon–Fri from Saturday" }).click();
    await page.getByRole("status").filter({ hasText: "Copied Saturday's hours to Monday–Friday." }).waitFor();
    problems.push(...(await checkFormPage(page, "/business/edit/{id} a day copied to Mon–Fri")));
    await page.getByLabel("Business name").fill("");
    await page.locator('input[name="hours-mon-closes-1"]').fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Monday: enter an opening and a closing time").waitFor();
    problems.push(...(await checkFormPage(page, "/business/edit/{id} errors shown")));
    for (const path of ["/kyc-verification", "/dashboard/payments", "/dashboard/analytics", "/pricing", "/featured-plans", "/payment?type=subscription&plan=premium"]) {
      await open(page, path, true);
      problems.push(...(await checkPage(page, `${path} (owner)`)));
    }
    expectNoSerious(problems);
  });

  it("signed in as the admin: every tab of /admin, its reason forms open, /admin/security", async () => {
    const page = await newPage();
    const problems: string[] = [];
    await useDemoSession(page, DEMO_ADMIN_EMAIL);
    for (const tab of ["users", "businesses", "kyc", "featured-requests", "featured", "subscriptions", "notifications", "feedback", "reports", "overview", "deliveries", "claims", "suggestions"]) {
      await open(page, `/admin?tab=${tab}`, true);
      problems.push(...(await checkPage(page, `/admin?tab=${tab}`)));
    }
    // The approvals' Reject opens a reason form in place; sending it empty shows its error.
    await open(page, "/admin?tab=businesses", true);
    const reject = page.locator("details summary", { hasText: /^Reject/ }).first();
    await reject.click();
    const form = page.locator("details[open] form").first();
    await form.getByRole("button", { name: /reject/i }).click();
    await form.getByRole("alert").waitFor();
    problems.push(...(await checkPage(page, "/admin?tab=businesses reject form with error")));
    await open(page, "/admin?tab=kyc", true);
    const documents = page.locator("details summary").first();
    if (await documents.count()) {
      await documents.click();
      problems.push(...(await checkPage(page, "/admin?tab=kyc details open")));
    }
    await open(page, "/admin/security", true);
    problems.push(...(await checkPage(page, "/admin/security")));
    // Offers' review (issue 37).
    await open(page, "/admin/offers", true);
    problems.push(...(await checkPage(page, "/admin/offers")));
    expectNoSerious(problems);
  });
});
