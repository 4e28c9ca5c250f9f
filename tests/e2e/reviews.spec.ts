import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";
import { DEMO_ADMIN_EMAIL, useDemoSession } from "./account-steps";


let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** A message through the chat's own endpoint, with the page's session. */
async function message(page: Page, body: Record<string, string>): Promise<void> {
  const response = await page.request.post(url("/api/messages"), {
    data: { idempotencyKey: randomUUID(), ...body },
    headers: { origin: new URL(url("/")).origin },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The business page's rating line: '4.3 ★ 7 reviews' → 7. */
async function reviewCount(page: Page): Promise<number> {
  const summary = (await page.locator("#reviews").textContent()) ?? "";
  const found = /\d\.\d ★ (\d+) reviews?/.exec(summary);
  expect(found, summary).not.toBeNull();
  return Number(found![1]);
}

describe("reviews", () => {
  it("a visitor the business answered reviews it (verified contact), the owner replies, the rating shows on the page and the card; another visitor reports it and the admin hides it", async () => {
    const owner = await watchedPage(browser);
    const visitor = await watchedPage(browser);
    const reporter = await watchedPage(browser);
    const admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await useDemoSession(owner.page, "owner@example.com");
      // A customer of their own (a demo owner writing to another business): messaging.spec.ts uses up
      // visitor@example.com's five messages a minute, and the journeys may run within the same minute.
      await useDemoSession(visitor.page, "cassandra.okon@example.com");

      // One of owner@example.com's approved listings, from their dashboard.
      await owner.page.goto(url("/dashboard"));
      const listing = owner.page.locator('main section[aria-labelledby="listings-title"] h3 a[href^="/businesses/"]').first();
      await listing.waitFor();
      const businessPath = (await listing.getAttribute("href"))!;
      const businessId = businessPath.split("/").pop()!;

      // The conversation: the visitor asks, the business answers.
      await message(visitor.page, { businessId, message: "Hello, do you deliver to Yaba?" });
      const visitorId = await visitor.page.evaluate(async () => {
        const response = await fetch("/profile/export");
        const data = (await response.json()) as { account?: { id?: string } };
        return data.account?.id ?? "";
      });
      expect(visitorId).not.toBe("");
      await message(owner.page, { businessId, visitorId, message: "Yes, we deliver across Lagos." });

      // The visitor reviews (or updates a review from the demo data) with plain forms.
      await visitor.page.goto(url(businessPath));
      await waitForHydration(visitor.page);
      const body = `Fast delivery to Yaba and polite staff ${randomUUID().slice(0, 6)}.`;
      // Sent empty: our own message beside the text (no browser bubble: the form is noValidate), issue 32.
      const errorsBefore = visitor.errors.length;
      await visitor.page.locator('textarea[name="body"]').fill("");
      await visitor.page.getByRole("button", { name: /^(Post|Update) review$/ }).click();
      await visitor.page.locator("#review-body-error").filter({ hasText: "Review must be between" }).waitFor();
      // The refusal is a 400, which the browser logs; nothing else went wrong.
      expect(visitor.errors.splice(errorsBefore)).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
      // Four of the five stars, tapped (radio buttons, so the keyboard's arrows move between them too).
      await visitor.page.getByRole("radio", { name: "4 stars" }).check();
      await visitor.page.locator('textarea[name="body"]').fill(body);
      await visitor.page.getByRole("button", { name: /^(Post|Update) review$/ }).click();
      await visitor.page.waitForURL((target) => target.hash === "#reviews");
      const mine = visitor.page.locator("li", { hasText: body });
      await mine.waitFor();
      expect(await mine.textContent()).toContain("Verified contact");
      expect(await mine.textContent()).toContain("Cassandra O.");

      // The owner replies publicly under it.
      await owner.page.goto(url(businessPath));
      const reply = `Thank you, Cassandra! ${randomUUID().slice(0, 6)}`;
      const theirs = owner.page.locator("li", { hasText: body });
      await theirs.locator('textarea[name="reply"]').fill(reply);
      await theirs.getByRole("button", { name: /^(Post|Update) reply$/ }).click();
      await owner.page.waitForURL((target) => target.hash === "#reviews");

      // Everyone sees the reply, the average and the count; the card shows them too.
      await visitor.page.goto(url(businessPath));
      expect(await visitor.page.locator("li", { hasText: body }).textContent()).toContain(reply);
      const summary = await visitor.page.locator("#reviews").textContent();
      expect(summary).toMatch(/\d\.\d ★ \d+ reviews?/);
      const name = (await visitor.page.locator("h1").textContent())!.trim();
      await visitor.page.goto(url(`/businesses?q=${encodeURIComponent(name)}`));
      const card = visitor.page.locator("article", { hasText: name }).first();
      await card.waitFor();
      expect(await card.textContent()).toMatch(/★ \d\.\d \(\d+\)/);

      // Another visitor reports the review as fake, from the 'Report' link beside it.
      await visitor.page.goto(url(businessPath));
      const countBefore = await reviewCount(visitor.page);
      await useDemoSession(reporter.page, "tayo.adewale@example.com");
      await reporter.page.goto(url(businessPath));
      await reporter.page.locator("li", { hasText: body }).getByRole("link", { name: "Report" }).click();
      await reporter.page.waitForURL((target) => target.pathname === "/report");
      await reporter.page.getByLabel("Fake or misleading").check();
      await reporter.page.getByLabel("Details (optional)").fill("The same words appear under other listings.");
      await reporter.page.getByRole("button", { name: "Send report" }).click();
      await reporter.page.getByText("Report received").waitFor();

      // The admin hides it from the Reports tab: it leaves the page, and the count and average follow.
      await useDemoSession(admin.page, DEMO_ADMIN_EMAIL);
      await admin.page.goto(url("/admin?tab=reports"));
      await waitForHydration(admin.page);
      const reported = admin.page.locator("li[data-report-item]").filter({ hasText: body }).first();
      await reported.waitFor();
      expect(await reported.innerText()).toContain("Fake or misleading (1)");
      await reported.locator("summary", { hasText: "Hide review" }).click();
      await reported.getByLabel(/Reason \(kept in the audit log\)/).fill("Copied text: not a real customer's experience.");
      await reported.getByRole("button", { name: "Hide review" }).click();
      await admin.page.getByRole("status").filter({ hasText: "Review hidden" }).first().waitFor();

      await visitor.page.goto(url(businessPath));
      expect(await visitor.page.locator("li", { hasText: body }).count()).toBe(0);
      if (countBefore > 1) expect(await reviewCount(visitor.page)).toBe(countBefore - 1);
      else expect(await visitor.page.locator("#reviews").textContent()).not.toMatch(/★ \d+ reviews?/);
      for (const w of [owner, visitor, reporter, admin]) expect(w.errors).toEqual([]);
    } finally {
      await owner.page.close();
      await visitor.page.close();
      await reporter.page.close();
      await admin.page.close();
    }
  });
});
