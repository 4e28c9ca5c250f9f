import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";
import { useDemoSession } from "./account-steps";

// Issue 16, safer conversations. The customer side is tayo.adewale@example.com (a demo owner writing to another
// business as a customer), so this journey shares no message limit with messaging.spec.ts's visitor.
const SENT = "Message sent successfully!";
const BLOCKED_VISITOR = "You can't message this business.";
const BLOCKED = "Blocked. They can't message you here until you unblock.";
const UNBLOCKED = "Unblocked. You can message each other again.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** Types a message and sends it with Enter; resolves once the server answered. */
async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
  await page.waitForFunction(
    (sent) => {
      const textarea = document.querySelector<HTMLTextAreaElement>("textarea[name=message]");
      const busy = [...document.querySelectorAll("button")].some((b) => b.textContent === "Sending…");
      return !busy && (textarea?.value !== sent || document.querySelector("form [role=alert]") !== null);
    },
    text,
    { timeout: 20_000 },
  );
}

describe("safer conversations", () => {
  it("shows the owner a safety tip the customer does not see, and a blocked customer cannot message until unblocked", async () => {
    const owner = await watchedPage(browser);
    const customer = await watchedPage(browser);
    try {
      await useDemoSession(owner.page, "owner@example.com");
      await useDemoSession(customer.page, "tayo.adewale@example.com");

      await owner.page.goto(url("/dashboard"));
      const listing = owner.page.locator('main section[aria-labelledby="listings-title"] h3 a[href^="/businesses/"]').first();
      await listing.waitFor();
      const businessPath = (await listing.getAttribute("href"))!;

      // The customer writes a message a careful recipient should think twice about.
      await customer.page.goto(url(businessPath));
      await waitForHydration(customer.page);
      await customer.page.getByRole("link", { name: /Contact Business/ }).click();
      await customer.page.waitForURL((target) => target.pathname === "/messages" && target.searchParams.has("businessId"));
      await waitForHydration(customer.page);
      const risky = `Pay upfront into GTB 0123456789 ${Date.now()}`;
      await send(customer.page, risky);
      await customer.page.getByRole("status").filter({ hasText: SENT }).waitFor();
      expect(await customer.page.locator('[data-testid="safety-note"]').count()).toBe(0);

      // The owner opens it: the tip is beside it; dismissed, it stays dismissed after a reload.
      await owner.page.goto(url("/messages"));
      await owner.page.locator("li[data-conversation]").filter({ hasText: risky }).getByRole("link").click();
      await owner.page.waitForURL((target) => target.searchParams.has("visitorId"));
      await waitForHydration(owner.page);
      const note = owner.page.locator('[data-testid="safety-note"]');
      await note.first().waitFor();
      expect(await note.first().innerText()).toContain("Safety tip");
      await note.first().getByRole("button", { name: "Dismiss" }).click();
      await expect.poll(() => note.count()).toBe(0);
      await owner.page.reload();
      await waitForHydration(owner.page);
      await owner.page.getByText(risky).waitFor();
      // The server's copy shows the tip (it cannot read this browser's storage); the script hides it once the page
      // has hydrated, which can be a moment after the router exists.
      await expect.poll(() => note.count()).toBe(0);

      // The owner blocks the customer; the customer's next message is refused and stays in the box.
      // Block is in the conversation's menu ('More for …'), not beside the name (issue 32).
      expect(await owner.page.getByRole("button", { name: /^Block / }).isVisible()).toBe(false);
      await owner.page.getByLabel(/^More for /).click();
      await owner.page.getByRole("button", { name: /^Block / }).click();
      await owner.page.getByRole("status").filter({ hasText: BLOCKED }).waitFor();
      const refused = `Hello? ${Date.now()}`;
      await send(customer.page, refused);
      await customer.page.getByRole("alert").filter({ hasText: BLOCKED_VISITOR }).waitFor();
      expect(await customer.page.getByRole("textbox", { name: "Message" }).inputValue()).toBe(refused);
      // History stays.
      await customer.page.reload();
      await customer.page.getByText(risky).waitFor();

      // Unblocked from the conversation list, the same message goes through.
      await owner.page.goto(url("/messages"));
      await waitForHydration(owner.page);
      const row = owner.page.locator("li[data-conversation]").filter({ hasText: risky });
      await row.getByRole("button", { name: /^Unblock / }).click();
      await owner.page.getByRole("status").filter({ hasText: UNBLOCKED }).waitFor();
      await waitForHydration(customer.page);
      await send(customer.page, refused);
      await customer.page.getByRole("status").filter({ hasText: SENT }).waitFor();
    } finally {
      await owner.page.close();
      await customer.page.close();
    }
  });
});
