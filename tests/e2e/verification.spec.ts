/**
 * Verification levels (issue 35, ADR 39) in chromium on a 360-px phone: the demo owner climbs each step for their car
 * wash — its phone by a code to its number, their identity by a virtual NIN checked through VerifyMe (the harness's
 * local stand-in; a record with another name refused first), its CAC registration — and a visitor sees the dated
 * badges on the page and the card, reads what they mean, and keeps a search to verified businesses.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFromSms, useDemoSession } from "./account-steps";
import { E2E_IDENTITIES, launchBrowser, url, waitForHydration, watchedPage } from "./harness";

const CAR_WASH = "Bakare Premium Car Wash";
const MONTH = new Intl.DateTimeFormat("en-NG", { month: "short", year: "numeric", timeZone: "Africa/Lagos" }).format(new Date());

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("verification levels", () => {
  it("an owner reaches each level in turn; a visitor sees the dated badges, reads what they mean and filters by them", async () => {
    const owner = await watchedPage(browser);
    try {
      const { page } = owner;
      await useDemoSession(page, "owner@example.com");
      await page.goto(url("/dashboard/verification"));
      await waitForHydration(page);
      // The photo ID an admin approved already stands for their identity.
      const identity = page.locator("section[aria-labelledby='identity-title']");
      expect(await identity.locator(".badge-verified").innerText()).toMatch(/^Identity verified · [A-Z][a-z]{2,3} \d{4}$/);
      expect(await identity.innerText()).toContain("Photo ID checked by an admin");

      // 1. The car wash's phone: a code to its number, typed back.
      const carWash = page.locator("section").filter({ has: page.getByRole("heading", { name: CAR_WASH, level: 2 }) });
      const send = carWash.getByRole("button", { name: /^Text a code to / });
      const number = (await send.innerText()).replace("Text a code to ", "");
      await send.click();
      await carWash.getByText(`We sent a code to ${number}.`).waitFor();
      const e164 = `+234${number.replace(/\s/g, "").slice(1)}`;
      await carWash.getByLabel("Code from the SMS").fill(await codeFromSms(e164));
      await carWash.getByRole("button", { name: "Verify the phone" }).click();
      await page.getByText("The listing's phone is verified.").waitFor();
      expect(await carWash.locator(".badge-verified").first().innerText()).toBe(`Phone verified · ${MONTH}`);

      // 2. Identity by virtual NIN: someone else's record is refused with its name; their own matches their KYC name.
      await identity.getByText("Check again with a new virtual NIN").click();
      await identity.getByLabel("Virtual NIN", { exact: true }).fill(E2E_IDENTITIES.johnDoe);
      await identity.getByRole("checkbox").check();
      await identity.getByRole("button", { name: "Check my virtual NIN" }).click();
      await identity.getByText("The name on the identity record does not match the name on your KYC.", { exact: false }).waitFor();
      expect(await identity.innerText()).not.toContain("John");
      await identity.getByLabel("Virtual NIN", { exact: true }).fill(E2E_IDENTITIES.demoOwner.toLowerCase());
      await identity.getByRole("checkbox").check();
      await identity.getByRole("button", { name: "Check my virtual NIN" }).click();
      await page.getByText("Your identity is verified. The badge shows on all your listings.").waitFor();
      await expect.poll(() => identity.innerText(), { timeout: 10_000 }).toContain(`Virtual NIN ending ${E2E_IDENTITIES.demoOwner.slice(-4)}`);

      // 3. The CAC registration: without consent nothing is looked up (the number stays typed); with it, registered.
      await carWash.getByText("Verify the CAC registration").click();
      await carWash.getByLabel("CAC registration number").fill(`RC ${E2E_IDENTITIES.testCompany}`);
      await carWash.getByRole("button", { name: "Check the registration" }).click();
      await carWash.getByText("Tick the box to agree to the check").waitFor();
      expect(await carWash.getByLabel("CAC registration number").inputValue()).toBe(`RC ${E2E_IDENTITIES.testCompany}`);
      await carWash.getByRole("checkbox").check();
      await carWash.getByRole("button", { name: "Check the registration" }).click();
      await page.getByText("The business registration is verified.").waitFor();
      expect(await carWash.innerText()).toContain(`Test Company (CAC ${E2E_IDENTITIES.testCompany})`);
      // The two refusals above answered 400 (the browser logs each); nothing else went wrong.
      expect(owner.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    } finally {
      await owner.close();
    }

    // A visitor (no account, data saver off): the page's dated badges, each explained; the search kept to verified listings.
    const visitor = await watchedPage(browser);
    try {
      const { page } = visitor;
      await page.goto(url(`/businesses?q=${encodeURIComponent(CAR_WASH)}`));
      const card = page.locator("#results article").filter({ hasText: CAR_WASH });
      expect(await card.locator(".badge-verified").innerText()).toBe(`Registered business · ${MONTH}`);
      await page.goto(url(`/businesses?q=${encodeURIComponent(CAR_WASH)}&verified=1`));
      expect(await page.locator("#results article h3").allInnerTexts()).toContain(CAR_WASH);

      // From the filters (an overlay on a phone): 'Verified businesses only'; every card then carries a badge.
      await page.goto(url("/businesses?region=Lagos"));
      await waitForHydration(page);
      await page.getByRole("link", { name: /^Filters/ }).click();
      await page.locator("#filters").getByRole("link", { name: "Verified businesses only" }).click();
      await page.waitForURL((u) => u.searchParams.get("verified") === "1" && u.searchParams.get("region") === "Lagos");
      const cards = page.locator("#results article");
      await expect.poll(() => cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBe(await cards.filter({ has: page.locator(".badge-verified") }).count());

      await page.goto(url(`/businesses?q=${encodeURIComponent(CAR_WASH)}`));
      await page.locator("#results article").filter({ hasText: CAR_WASH }).getByRole("link", { name: "View Details" }).click();
      await page.waitForURL((u) => /^\/businesses\/[^/]+$/.test(u.pathname));
      const badges = page.getByRole("list", { name: "Verification" });
      expect(await badges.locator(".badge-verified").allInnerTexts()).toEqual([`Phone verified · ${MONTH}`, `Identity verified · ${MONTH}`, `Registered business · ${MONTH}`]);
      expect(await badges.innerText()).toContain("Registered as Test Company");
      await badges.getByRole("link", { name: `Phone verified · ${MONTH}` }).click();
      await page.waitForURL((u) => u.pathname === "/verification" && u.hash === "#phone");
      await page.getByRole("heading", { name: /^3\.\s*Registered business$/ }).waitFor();
      expect(await page.locator("#identity").innerText()).toContain("What it does not mean");
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
