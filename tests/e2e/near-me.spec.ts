/**
 * 'Near me' (issue 17, ADR 23) when the browser shares no location: the visitor is told why and types
 * coordinates instead; coordinates the page cannot read are ignored, and it says so. The owner setting a
 * location with 'Use my current location' and a visitor nearby pressing 'Near me' are part of the local
 * discovery journey (local-discovery.spec.ts).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATE_CENTRES } from "../../app/lib/geo";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("near me", () => {
  it("a visitor whose browser shares no location is told why, and can type coordinates", async () => {
    // No geolocation permission: the browser refuses the position.
    const { page, errors, close } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(url("/businesses"));
      await waitForHydration(page);
      await page.getByRole("link", { name: "Near me" }).click();
      const explanation = page.getByText("Your browser did not share a location");
      await explanation.waitFor();
      expect(await explanation.isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.has("near")).toBe(false);

      // Typed: Ikeja, where the demo listings of Lagos lie (within 12 km of it, db/seed).
      const ikeja = STATE_CENTRES.Lagos;
      await page.getByLabel("Coordinates (latitude, longitude)").fill(`${ikeja.latitude}, ${ikeja.longitude}`);
      await page.getByRole("button", { name: "Search near here" }).click();
      await page.waitForURL((u) => u.searchParams.has("near"));
      await expect.poll(() => page.getByRole("status").first().innerText()).toMatch(/within 25 km/);
      // Nearest first, each with its distance, none beyond 25 km.
      const distances = await page.locator("#results article").evaluateAll((cards) =>
        cards.map((card) => card.textContent?.match(/([\d.]+) (m|km) away/)).map((m) => (m ? Number(m[1]) * (m[2] === "km" ? 1000 : 1) : NaN)),
      );
      expect(distances.length).toBeGreaterThan(1);
      expect(distances.every((d) => !Number.isNaN(d) && d <= 25_000)).toBe(true);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));

      // Coordinates it cannot read are ignored, and the page says so.
      await page.goto(url("/businesses?near=51.5,-0.12"));
      await page.getByText("We could not read that location").waitFor();
      expect(await page.getByText(/within 25 km/).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
