import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minuteOfWeek, openingStatus, timeOf, watDate, WEEKDAYS, type WeeklyHours } from "../../app/lib/opening-hours";
import { signInAsDemo } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

// Issue 17, opening hours and 'Open now' (ADR 21). The owner is owner@example.com, the listing their car wash
// (approved, public); hours are set around the real current WAT time, so the journey works at any hour.
const LISTING = "Bakare Premium Car Wash";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every day open from an hour ago to two hours from now (WAT), past midnight when it comes to that. */
function hoursAroundNow(): { opens: string; closes: string; hours: WeeklyHours } {
  const minuteOfDay = minuteOfWeek(new Date()) % 1440;
  const opens = timeOf((minuteOfDay + 1440 - 60) % 1440);
  const closes = timeOf((minuteOfDay + 120) % 1440);
  return { opens, closes, hours: WEEKDAYS.map(() => ({ mode: "hours" as const, ranges: [{ opens, closes }] })) };
}

async function editHours(page: Page, businessId: string, set: (page: Page) => Promise<void>, button: string, notice: string) {
  await page.goto(url(`/business/edit/${businessId}`));
  await waitForHydration(page);
  await set(page);
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((target) => target.searchParams.get("hours") === notice);
}

describe("opening hours", () => {
  it("an owner sets hours so the business is open now; a visitor finds it with 'Open now'; a closed day today closes it", async () => {
    const owner = await watchedPage(browser);
    const visitor = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    let businessId = "";
    try {
      await signInAsDemo(owner.page, "owner@example.com");
      await owner.page.goto(url("/dashboard"));
      const link = owner.page.locator('main a[href^="/businesses/"]', { hasText: LISTING }).first();
      await link.waitFor();
      businessId = (await link.getAttribute("href"))!.split("/").pop()!;

      // The owner's hours: every day, an hour ago to two hours from now.
      const { opens, closes, hours } = hoursAroundNow();
      await editHours(
        owner.page,
        businessId,
        async (page) => {
          await page.getByLabel("Show opening hours on my listing").check();
          for (const day of WEEKDAYS) {
            await page.locator(`select[name="hours-${day}"]`).selectOption("hours");
            await page.locator(`input[name="hours-${day}-opens-1"]`).fill(opens);
            await page.locator(`input[name="hours-${day}-closes-1"]`).fill(closes);
            await page.locator(`input[name="hours-${day}-opens-2"]`).fill("");
            await page.locator(`input[name="hours-${day}-closes-2"]`).fill("");
          }
        },
        "Save opening hours",
        "saved",
      );
      await owner.page.locator("#opening-hours", { hasText: "Your opening hours show on your listing now." }).waitFor();

      // A visitor searches for it and chooses 'Open now' in the sidebar (a plain link).
      await visitor.page.goto(url(`/businesses?q=${encodeURIComponent(LISTING)}`));
      await waitForHydration(visitor.page);
      await visitor.page.getByRole("link", { name: "Open now" }).click();
      await visitor.page.waitForURL((target) => target.searchParams.get("open") === "now");
      const card = visitor.page.locator("article", { hasText: LISTING });
      await card.waitFor();
      expect(await card.textContent()).toContain("Open now");
      expect(await visitor.page.locator('[role="status"]').textContent()).toContain("Open now");

      // Its page says until when.
      const open = openingStatus(hours, [], new Date());
      expect(open.open).toBe(true);
      await visitor.page.goto(url(`/businesses/${businessId}`));
      await waitForHydration(visitor.page);
      const status = visitor.page.locator("[data-open-status]");
      expect(await status.textContent()).toBe(open.text);
      expect(open.text).toMatch(/^Open now · closes /);
      expect(await visitor.page.locator("table", { hasText: "Monday" }).textContent()).toContain("Sunday");

      // The owner closes today (a closed day): the page says when it opens next, and 'Open now' no longer lists it.
      const today = watDate(new Date());
      await editHours(
        owner.page,
        businessId,
        async (page) => {
          await page.getByLabel("Date").fill(today);
          await page.getByLabel("Note (optional)").fill("Staff training");
        },
        "Add closed day",
        "closure-added",
      );
      const closed = openingStatus(hours, [{ date: today }], new Date());
      expect(closed.open).toBe(false);
      await visitor.page.goto(url(`/businesses/${businessId}`));
      await waitForHydration(visitor.page);
      expect(await visitor.page.locator("[data-open-status]").textContent()).toBe(closed.text);
      expect(closed.text).toMatch(/^Closed · opens /);
      expect(await visitor.page.locator("main").textContent()).toContain("Today: Closed (Staff training)");

      await visitor.page.goto(url(`/businesses?q=${encodeURIComponent(LISTING)}&open=now`));
      await visitor.page.getByText("No businesses found").waitFor();
      // Without the filter it is still there, shown as closed.
      await visitor.page.getByRole("link", { name: "Open now" }).click();
      await visitor.page.waitForURL((target) => !target.searchParams.has("open"));
      expect(await visitor.page.locator("article", { hasText: LISTING }).textContent()).toContain("Closed now");
      expect([...owner.errors, ...visitor.errors]).toEqual([]);
    } finally {
      // Leave the demo listing as it was: no closed day, no hours (a failure here must not hide the test's own).
      if (businessId) {
        try {
          for (let i = 0; i < 5; i++) {
            await owner.page.goto(url(`/business/edit/${businessId}`));
            await waitForHydration(owner.page);
            const remove = owner.page.getByRole("button", { name: /^Remove the closure/ });
            if ((await remove.count()) === 0) break;
            await remove.first().click();
            await owner.page.waitForURL((target) => target.searchParams.get("hours") === "closure-removed");
          }
          await editHours(owner.page, businessId, (page) => page.getByLabel("Show opening hours on my listing").uncheck(), "Save opening hours", "saved");
        } catch (error) {
          console.error("could not restore the demo listing's hours", error);
        }
      }
      await owner.close();
      await visitor.close();
    }
  });
});
