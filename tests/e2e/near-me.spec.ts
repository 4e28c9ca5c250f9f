/**
 * 'Near me' (issue 17, ADR 23) when the browser shares no location: the visitor is told why and picks a place
 * instead, with one tap or by name (issue 32: nobody types latitude), and the page names the place; a name several
 * states share asks which; a place the page does not know is ignored, and it says so. The owner setting a
 * location with 'Use my current location' and a visitor nearby pressing 'Near me' are part of the local
 * discovery journey (local-discovery.spec.ts).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("near me", () => {
  it("a visitor whose browser shares no location is told why, and picks a place instead of typing coordinates", async () => {
    // No geolocation permission: the browser refuses the position. A phone's screen.
    const { page, errors, close } = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
    try {
      await page.goto(url("/businesses"));
      await waitForHydration(page);
      await page.getByRole("link", { name: "Near me" }).click();
      const explanation = page.getByText("Your browser did not share a location");
      await explanation.waitFor();
      expect(await explanation.isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.has("near")).toBe(false);

      // One tap: Ikeja, where the demo listings of Lagos lie (within 12 km of it, db/seed).
      await page.getByRole("list", { name: "Places" }).getByRole("link", { name: "Near Ikeja" }).click();
      await page.waitForURL((u) => u.searchParams.get("near") === "Ikeja, Lagos");
      const status = () => page.locator("#results").getByRole("status").first().innerText();
      await expect.poll(status).toMatch(/within 25 km of Ikeja, Lagos$/);
      // Nearest first, each with its distance, none beyond 25 km.
      const distances = await page.locator("#results article").evaluateAll((cards) =>
        cards.map((card) => card.textContent?.match(/([\d.]+) (m|km) away/)).map((m) => (m ? Number(m[1]) * (m[2] === "km" ? 1000 : 1) : NaN)),
      );
      expect(distances.length).toBeGreaterThan(1);
      expect(distances.every((d) => !Number.isNaN(d) && d <= 25_000)).toBe(true);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(await page.getByRole("link", { name: "Search everywhere, not near Ikeja, Lagos" }).count()).toBe(1);

      // By name: a name two states share asks which.
      await page.getByRole("link", { name: "Near me" }).click();
      await page.getByLabel("A town, area, street or LGA").fill("Surulere");
      await page.getByRole("button", { name: "Search near here" }).click();
      await page.getByText("Several places have that name. Which one?").waitFor();
      await page.getByRole("link", { name: "Surulere, Lagos", exact: true }).click();
      await expect.poll(status).toMatch(/within 25 km of Surulere, Lagos$/);

      // A place it does not know (or a point outside Nigeria) is ignored, and the page says so.
      await page.goto(url("/businesses?near=51.5,-0.12"));
      await page.getByText("We do not know that place").waitFor();
      expect(await page.getByText(/within 25 km/).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
