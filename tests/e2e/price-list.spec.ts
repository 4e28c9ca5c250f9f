import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetCachedPages, launchBrowser, url, waitForHydration, watchedPage } from "./harness";
import { adminApproves, APPROVED, DEMO_ADMIN_EMAIL, useDemoSession } from "./account-steps";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LISTING = "Bakare Fresh Bakery";

/** Fills one item's form on the price list screen and saves it; waits for the notice. */
async function priceItem(page: Page, name: string, values: { group: string; kind: "exact" | "from"; price: string; description?: string }, notice: "saved" | "review", text: string) {
  const item = page.locator(`li[data-price-item="${name}"]`);
  await item.getByLabel("Group (optional)", { exact: true }).fill(values.group);
  await item.getByLabel("Price", { exact: true }).selectOption(values.kind);
  await item.getByLabel("Price in naira", { exact: true }).fill(values.price);
  if (values.description !== undefined) await item.getByLabel("Short description (optional)", { exact: true }).fill(values.description);
  await item.getByRole("button", { name: "Save item" }).click();
  await page.waitForURL((u) => u.searchParams.get("notice") === notice);
  await page.getByText(text, { exact: true }).waitFor();
  // Back to the list: the next item's save is told apart by its own notice.
  await page.goto(url(new URL(page.url()).pathname));
  await waitForHydration(page);
}

/** The business page's JSON-LD entries (every script of type application/ld+json, parsed; a list's entries each). */
async function jsonLd(page: Page): Promise<unknown[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => [JSON.parse(text) as unknown].flat());
}

describe("price list", () => {
  it("the demo owner prices two items (one exact, one 'from', in a group), an admin approves the description, and a visitor sees the list and its JSON-LD in NGN", async () => {
    const owner = await watchedPage(browser);
    const admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    const visitor = await watchedPage(browser);
    try {
      await useDemoSession(owner.page, "owner@example.com");
      await owner.page.goto(url("/dashboard"));
      await waitForHydration(owner.page);
      const card = owner.page.locator('section[aria-labelledby="listings-title"] li').filter({ hasText: LISTING }).first();
      await card.getByRole("link", { name: "Price list" }).click();
      await owner.page.waitForURL((u) => u.pathname.startsWith("/business/prices/"));
      await waitForHydration(owner.page);
      const businessId = new URL(owner.page.url()).pathname.split("/").pop()!;

      // An exact price with a new description (which waits for an admin), and a 'from' price; both in the group 'Bakery'.
      await priceItem(owner.page, "Agege bread", { group: "Bakery", kind: "exact", price: "1,500", description: "Hot from the oven at 6am" }, "review", "Item saved. Its new description shows after an admin checks it.");
      await priceItem(owner.page, "Meat pies", { group: "Bakery", kind: "from", price: "700" }, "saved", "Item saved.");
      // Meat pies comes right after Agege bread (the owner's order, with a button: no dragging).
      const order = async () => owner.page.locator("li[data-price-item]").evaluateAll((items) => items.map((li) => li.getAttribute("data-price-item")));
      while ((await order()).indexOf("Meat pies") > 1) {
        const before = (await order()).indexOf("Meat pies");
        await owner.page.getByRole("button", { name: "Move up: Meat pies" }).click();
        await expect.poll(async () => (await order()).indexOf("Meat pies")).toBe(before - 1);
      }

      // A visitor sees the prices at once; the description waits.
      const page = visitor.page;
      await page.goto(url(`/businesses/${businessId}`));
      const list = page.locator("[data-price-list]");
      await list.waitFor();
      const bakery = list.locator("div").filter({ has: page.getByRole("heading", { name: "Bakery", exact: true }) }).first();
      await expect.poll(async () => (await bakery.textContent()) ?? "").toContain("Agege bread₦1,500");
      expect(await bakery.textContent()).toContain("Meat piesfrom ₦700");
      expect(await list.textContent()).not.toContain("Hot from the oven");

      // The admin approves the change (the description) in Business Approvals.
      await useDemoSession(admin.page, DEMO_ADMIN_EMAIL);
      await adminApproves(admin.page, "businesses", "changes-title", LISTING, APPROVED.changes);

      // The visitor coming back: the page was forgotten by the server's cache, and shows the description now.
      await forgetCachedPages(page);
      await page.goto(url(`/businesses/${businessId}`));
      await expect.poll(async () => (await page.locator("[data-price-list]").textContent()) ?? "").toContain("Hot from the oven at 6am");
      const ld = (await jsonLd(page)).find((entry) => (entry as { "@type"?: string })["@type"] === "LocalBusiness") as {
        hasOfferCatalog: { itemListElement: { "@type": string; name: string; itemListElement: Record<string, unknown>[] }[] };
      };
      const group = ld.hasOfferCatalog.itemListElement.find((entry) => entry.name === "Bakery")!;
      expect(group["@type"]).toBe("OfferCatalog");
      expect(group.itemListElement).toContainEqual({
        "@type": "Offer",
        itemOffered: { "@type": "Product", name: "Agege bread", description: "Hot from the oven at 6am" },
        price: "1500",
        priceCurrency: "NGN",
      });
      expect(group.itemListElement).toContainEqual({
        "@type": "Offer",
        itemOffered: { "@type": "Product", name: "Meat pies" },
        priceCurrency: "NGN",
        priceSpecification: { "@type": "PriceSpecification", minPrice: "700", priceCurrency: "NGN" },
      });
      expect(owner.errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
    } finally {
      await owner.close();
      await admin.close();
      await visitor.close();
    }
  });
});
