import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDemoSession } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

const RATE_LIMITED = "Too many messages sent. Please wait a moment before sending another.";
const SENT = "Message sent successfully!";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** The number the header bell shows (0 without a badge). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.locator('header a[href="/notifications"]').getAttribute("aria-label")) ?? "";
  const match = /(\d+) unread/.exec(label);
  return match ? Number(match[1]) : 0;
}

/** Resolves once the page's live stream (GET /events) has answered 200. Call before the navigation that opens it. */
function liveStreamOpened(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === "/events" && response.status() === 200, { timeout: 30_000 });
}

/** Types a message and sends it; resolves once the server answered (the box empties, or an alert says why not). */
async function send(page: Page, text: string, how: "enter" | "button" = "enter"): Promise<void> {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  if (how === "enter") await box.press("Enter");
  else await page.getByRole("button", { name: "Send", exact: true }).click();
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

/**
 * Console errors on the messaging pages (after `from`, i.e. after signing in), except the browser's own line for
 * the refused (429) request, which the test causes on purpose.
 */
function unexpectedErrors(watched: WatchedPage, from: number): string[] {
  return watched.errors.slice(from).filter((e) => !/status of 429/.test(e));
}

describe("messaging between a visitor and a business owner, live", () => {
  it("delivers both ways without a reload, moves the bell, refuses the sixth message in a minute, and shows tags as plain text", async () => {
    const owner = await watchedPage(browser);
    const visitor = await watchedPage(browser);
    const dialogs: string[] = [];
    for (const w of [owner, visitor]) w.page.on("dialog", (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    try {
      await useDemoSession(owner.page, "owner@example.com");
      await useDemoSession(visitor.page, "visitor@example.com");
      const [ownerErrorsFrom, visitorErrorsFrom] = [owner.errors.length, visitor.errors.length];

      // One of owner@example.com's approved listings, from their dashboard.
      await owner.page.goto(url("/dashboard"));
      const listing = owner.page.locator('main section[aria-labelledby="listings-title"] h3 a[href^="/businesses/"]').first();
      await listing.waitFor();
      const businessPath = (await listing.getAttribute("href"))!;
      const businessName = (await listing.innerText()).trim();

      // The owner keeps their conversation list open.
      const ownerStream = liveStreamOpened(owner.page);
      await owner.page.goto(url("/messages"));
      await owner.page.getByRole("heading", { name: "Messages" }).waitFor();
      await waitForHydration(owner.page);
      await ownerStream;
      const bellBefore = await bellCount(owner.page);

      // The visitor opens the business and contacts it.
      const visitorStream = liveStreamOpened(visitor.page);
      await visitor.page.goto(url(businessPath));
      await waitForHydration(visitor.page);
      await visitor.page.getByRole("link", { name: /Contact Business/ }).click();
      await visitor.page.waitForURL((target) => target.pathname === "/messages" && target.searchParams.has("businessId"));
      await visitor.page.getByRole("heading", { name: businessName }).waitFor();
      await waitForHydration(visitor.page);
      await visitorStream;
      const sendButton = visitor.page.getByRole("button", { name: "Send", exact: true });
      expect(await sendButton.isDisabled()).toBe(true);

      const first = `Hello from e2e ${Date.now()}`;
      await send(visitor.page, first);
      await visitor.page.getByRole("status").filter({ hasText: SENT }).waitFor();
      expect(await visitor.page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("");

      // Live in the owner's open list, with the bell one higher, without a reload.
      const row = owner.page.locator("li[data-conversation]").filter({ hasText: first });
      await row.waitFor({ timeout: 10_000 });
      await expect.poll(() => bellCount(owner.page), { timeout: 10_000 }).toBe(bellBefore + 1);
      expect(await row.innerText()).toContain(businessName);

      // The owner opens it (the message becomes read) and replies; the visitor's open chat shows the reply.
      await row.getByRole("link").click();
      await owner.page.waitForURL((target) => target.searchParams.has("visitorId"));
      await owner.page.getByText(first).waitFor();
      await waitForHydration(owner.page);
      await expect.poll(() => bellCount(owner.page), { timeout: 10_000 }).toBe(bellBefore);
      const reply = `Thanks for writing ${Date.now()}`;
      await send(owner.page, reply, "button");
      await owner.page.getByRole("status").filter({ hasText: SENT }).waitFor();
      await visitor.page.locator('[data-testid="message-text"]').filter({ hasText: reply }).waitFor({ timeout: 10_000 });

      // Tags arrive as plain text: the script never runs, <b> is not bold.
      await send(visitor.page, '<script>alert("pwned")</script><b>Bold</b> and plain');
      const tagged = owner.page.locator('[data-testid="message-text"]').filter({ hasText: "Bold and plain" });
      await tagged.waitFor({ timeout: 10_000 });
      expect(await tagged.evaluate((el) => el.innerHTML)).toBe("Bold and plain");
      expect(await owner.page.locator('[data-testid="message-text"] b, [data-testid="message-text"] script').count()).toBe(0);

      // Three more make five in this minute; the sixth is refused and stays in the box.
      for (let i = 3; i <= 5; i++) {
        await send(visitor.page, `Message number ${i}`);
        await visitor.page.locator('[data-testid="message-text"]').filter({ hasText: `Message number ${i}` }).waitFor();
      }
      await send(visitor.page, "Message number 6");
      await visitor.page.getByRole("alert").filter({ hasText: RATE_LIMITED }).waitFor();
      expect(await visitor.page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("Message number 6");
      await owner.page.locator('[data-testid="message-text"]').filter({ hasText: "Message number 5" }).waitFor({ timeout: 10_000 });
      await owner.page.waitForTimeout(500);
      expect(await owner.page.locator('[data-testid="message-text"]').filter({ hasText: "Message number 6" }).count()).toBe(0);

      expect(dialogs).toEqual([]);
      expect(unexpectedErrors(owner, ownerErrorsFrom)).toEqual([]);
      expect(unexpectedErrors(visitor, visitorErrorsFrom)).toEqual([]);
    } finally {
      await owner.close();
      await visitor.close();
    }
  });

  it("a signed-in visitor's open /businesses list refreshes when an admin approves a business", async () => {
    const admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    const visitor = await watchedPage(browser);
    try {
      await useDemoSession(admin.page, "admin@example.com");
      await useDemoSession(visitor.page, "visitor@example.com");
      const errorsFrom = visitor.errors.length;
      await admin.page.goto(url("/admin?tab=businesses"));
      await waitForHydration(admin.page);
      const name = (await admin.page.locator("main h3").first().innerText()).trim();
      expect(name.length).toBeGreaterThan(1);

      const stream = liveStreamOpened(visitor.page);
      await visitor.page.goto(url(`/businesses?q=${encodeURIComponent(name)}`));
      await waitForHydration(visitor.page);
      await stream;
      expect(await visitor.page.getByRole("heading", { name, exact: true }).count()).toBe(0);

      await admin.page.getByRole("button", { name: "Approve", exact: true }).first().click();
      // No reload on the visitor's side: the live event makes the page fetch its list again.
      await visitor.page.getByRole("heading", { name, exact: true }).first().waitFor({ timeout: 15_000 });
      expect(unexpectedErrors(visitor, errorsFrom)).toEqual([]);
    } finally {
      await admin.close();
      await visitor.close();
    }
  });

  it("on a touch screen Enter starts a new line and the keyboard hint is not shown (issue 32)", async () => {
    const visitor = await watchedPage(browser, { touch: true });
    try {
      await useDemoSession(visitor.page, "visitor@example.com");
      await visitor.page.goto(url("/businesses"));
      const href = (await visitor.page.locator("#results article a[href^='/businesses/']").first().getAttribute("href"))!;
      await visitor.page.goto(url(`/messages?businessId=${href.split("/").pop()}`));
      await waitForHydration(visitor.page);
      expect(await visitor.page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
      const box = visitor.page.getByRole("textbox", { name: "Message" });
      await box.fill("Good morning");
      await box.press("Enter");
      await box.pressSequentially("Do you deliver?");
      expect(await box.inputValue()).toBe("Good morning\nDo you deliver?");
      expect(await visitor.page.getByText("Enter to send, Shift+Enter for a new line").isVisible()).toBe(false);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it("/notifications lists the owner's message notifications with Mark Read", async () => {
    const owner = await watchedPage(browser);
    try {
      await useDemoSession(owner.page, "owner@example.com");
      const errorsFrom = owner.errors.length;
      await owner.page.goto(url("/notifications"));
      await owner.page.getByRole("heading", { name: "Notifications" }).waitFor();
      await waitForHydration(owner.page);
      // The seeded car-wash enquiry is unread (3 hours old).
      const unread = owner.page.locator("li[data-notification]").filter({ has: owner.page.getByRole("button", { name: "Mark Read" }) }).first();
      await unread.waitFor();
      const card = owner.page.locator(`li[data-notification="${await unread.getAttribute("data-notification")}"]`);
      const before = await bellCount(owner.page);
      await card.getByRole("button", { name: "Mark Read" }).click();
      await card.getByRole("status").filter({ hasText: "Message marked as read" }).waitFor();
      await expect.poll(() => bellCount(owner.page)).toBe(before - 1);
      await card.getByText("Read", { exact: true }).waitFor();
      expect(unexpectedErrors(owner, errorsFrom)).toEqual([]);
    } finally {
      await owner.close();
    }
  });
});
