import { gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, listingPriceItems } from "../../../db/schema";
import { addBusinessImage, createAdmin, createBusiness, createOwner, uniqueSuffix } from "../../../db/seed/factories";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { businessJsonLd } from "../../features/directory/business-json-ld";
import { getPublicBusiness } from "../../features/directory/get-public-business.server";
import { PRICE_LIST_TEXTS } from "../../features/listings/price-list.schemas";
import { getDb } from "../../lib/db.server";
import * as adminRoute from "../admin/admin";
import * as detailRoute from "../public/business-detail";
import * as dashboardRoute from "./dashboard";
import * as pricesRoute from "./business-prices";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function ownListing(products: string[]) {
  const owner = await createOwner(getDb());
  const listing = await createBusiness(getDb(), { userId: owner.id, products, name: `Kemi Salon ${uniqueSuffix()}`, category: "Beauty salon" });
  await addBusinessImage(getDb(), { businessId: listing.id });
  return { owner, listing, cookie: await sessionCookie(owner.email) };
}

const PATTERN = "business/prices/:id";

describe("the price list screen", () => {
  it("is linked from the dashboard's listing card and lists the items in order, each with its form and Move buttons", async () => {
    const { listing, cookie } = await ownListing(["Low cut", "Braids"]);
    const dashboard = page(await renderRoute(dashboardRoute, "/dashboard", { cookie }));
    expect(hrefs(dashboard.html)).toContain(`/business/prices/${listing.id}`);

    const shown = page(await renderRoute(pricesRoute, `/business/prices/${listing.id}`, { cookie, pattern: PATTERN }));
    expect(shown.text).toContain(PRICE_LIST_TEXTS.title);
    expect(shown.text.indexOf("Low cut")).toBeLessThan(shown.text.indexOf("Braids"));
    expect(shown.html).toContain('aria-label="Move down: Low cut"');
    expect(shown.html).toContain('aria-label="Move up: Braids"');
    expect(shown.html).not.toContain('aria-label="Move up: Low cut"');
    expect(hrefs(shown.html)).toContain(`/business/edit/${listing.id}`);
  });

  it("without JavaScript: saves one item and returns to the list with its notice; a bad price keeps everything typed", async () => {
    const { listing, cookie } = await ownListing(["Low cut", "Braids"]);
    const path = `/business/prices/${listing.id}`;
    const saved = await renderRoute(pricesRoute, path, {
      cookie,
      pattern: PATTERN,
      form: { intent: "save", item: "Low cut", group: "Haircuts", kind: "from", price: "₦3,500", description: "" },
    });
    expect(saved).toEqual({ kind: "redirect", status: 302, location: `${path}?notice=saved#price-list` });
    const after = page(await renderRoute(pricesRoute, `${path}?notice=saved`, { cookie, pattern: PATTERN }));
    expect(after.text).toContain(PRICE_LIST_TEXTS.saved);
    expect(after.text).toContain("from ₦3,500");
    expect(after.html).toContain('value="3500"');

    const refused = page(
      await renderRoute(pricesRoute, path, {
        cookie,
        pattern: PATTERN,
        form: { intent: "save", item: "Braids", group: "Styles typed", kind: "exact", price: "plenty", description: "Typed text" },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(PRICE_LIST_TEXTS.priceInvalid);
    expect(refused.html).toContain('value="Styles typed"');
    expect(refused.html).toContain('value="plenty"');
    expect(refused.html).toContain("Typed text");
    const rows = await getDb().select().from(listingPriceItems).where(eq(listingPriceItems.businessId, listing.id));
    expect(rows.map((r) => r.name)).toEqual(["Low cut"]);

    const moved = await renderRoute(pricesRoute, path, { cookie, pattern: PATTERN, form: { intent: "move", item: "Braids", direction: "up" } });
    expect(moved).toEqual({ kind: "redirect", status: 302, location: `${path}?notice=moved#price-list` });
    expect((await getDb().select({ products: businesses.products }).from(businesses).where(eq(businesses.id, listing.id)))[0]!.products).toEqual(["Braids", "Low cut"]);
  });

  it("adds an item without JavaScript, and keeps the typed name when it is refused", async () => {
    const { listing, cookie } = await ownListing(["Low cut"]);
    const path = `/business/prices/${listing.id}`;
    const refused = page(await renderRoute(pricesRoute, path, { cookie, pattern: PATTERN, form: { intent: "add", newItem: "low CUT" } }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(PRICE_LIST_TEXTS.nameTaken);
    expect(refused.html).toContain('value="low CUT"');
    const added = await renderRoute(pricesRoute, path, { cookie, pattern: PATTERN, form: { intent: "add", newItem: "Beard trim" } });
    expect(added).toEqual({ kind: "redirect", status: 302, location: `${path}?notice=added-review#price-list` });
    const after = page(await renderRoute(pricesRoute, `${path}?notice=added-review`, { cookie, pattern: PATTERN }));
    expect(after.text).toContain(PRICE_LIST_TEXTS.addedForReview);
    expect(after.text).toContain(PRICE_LIST_TEXTS.waitingName);
    expect(after.html).toContain('aria-label="Remove: Beard trim"');
  });

  it("sends another owner's listing back to the dashboard", async () => {
    const { listing } = await ownListing(["Low cut"]);
    const other = await sessionCookie((await createOwner(getDb())).email);
    expect(await renderRoute(pricesRoute, `/business/prices/${listing.id}`, { cookie: other, pattern: PATTERN })).toMatchObject({
      kind: "redirect",
      location: "/dashboard?notice=not-found",
    });
  });
});

describe("the business page's price list", () => {
  it("shows the items grouped, in order, with naira prices, 'from' and 'Ask for price', and JSON-LD offers in NGN", async () => {
    const { listing } = await ownListing(["Low cut", "Braids", "Hair colouring"]);
    await getDb().insert(listingPriceItems).values([
      {
        businessId: listing.id, name: "Low cut", groupName: "Haircuts", priceKobo: 500_000, priceKind: "exact", description: "With hot towel",
        imageKey: `${listing.id}/item-photo.webp`, imageWidth: 320, imageHeight: 320, imageAt: new Date(),
      },
      { businessId: listing.id, name: "Hair colouring", groupName: "Colouring", priceKobo: 1_200_000, priceKind: "from" },
      { businessId: listing.id, name: "Braids", groupName: "Haircuts", pendingDescription: "Waiting text" },
    ]);
    const shown = page(await renderRoute(detailRoute, `/businesses/${listing.id}`, { pattern: "businesses/:id" }));
    const text = shown.text;
    expect(text).toMatch(/Haircuts Low cut With hot towel ₦5,000 Braids Ask for price Colouring Hair colouring from ₦12,000/);
    expect(text).not.toContain("Waiting text");
    // The item's photo: small and lazy, in the placeholder frame of every listing image.
    expect(shown.html).toMatch(new RegExp(`<img alt="Low cut" width="64" height="64" loading="lazy" src="/media/business-images/${listing.id}/item-photo.webp\\?w=320`));
    // Its JSON-LD (in the document's head, which this harness leaves out): from the same data.
    const ld = businessJsonLd(await getPublicBusiness(listing.id), "https://example.ng/x", []);
    expect(ld).toContain('"hasOfferCatalog"');
    expect(ld).toContain('"price":"5000","priceCurrency":"NGN"');
    expect(ld).toContain('"minPrice":"12000"');
    expect(ld).not.toContain("Waiting text");
  });

  it("keeps a full list (30 items, each with a group, a 200-character description, a price and a photo) within the reader page's HTML budget", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `Service number ${i + 1} ${uniqueSuffix()}`);
    const { listing } = await ownListing(names);
    await getDb().insert(listingPriceItems).values(
      names.map((name, i) => ({
        businessId: listing.id, name, groupName: `Group ${i % 5}`, priceKobo: 100_000 * (i + 1), priceKind: i % 2 ? "from" : "exact",
        description: `${uniqueSuffix()} ${"Washed, cut, styled and finished with care by our trained staff; ".repeat(4)}`.slice(0, 200),
        imageKey: `${listing.id}/photo-${i}.webp`, imageWidth: 320, imageHeight: 320, imageAt: new Date(),
      })),
    );
    const shown = page(await renderRoute(detailRoute, `/businesses/${listing.id}`, { pattern: "businesses/:id" }));
    const section = /<section class="mt-8"><h2 class="title">Products and Services<\/h2>[\s\S]*?<\/section>/.exec(shown.html)![0];
    // Measured: 1.4 KB gzipped (22.8 KB raw) with this text; 30 distinct 200-character descriptions compress less (about
    // 4 KB). The reader page is about 4.6 KB without it and its budget 20 KB (scripts/check-bundle.mjs).
    expect(gzipSync(section).length).toBeLessThan(5 * 1024);
    expect(gzipSync(shown.html).length).toBeLessThan(20 * 1024);
  });

  it("shows the products as words when no item has details, as before", async () => {
    const { listing } = await ownListing(["Suya", "Kilishi"]);
    const shown = page(await renderRoute(detailRoute, `/businesses/${listing.id}`, { pattern: "businesses/:id" }));
    expect(shown.html).toContain('class="chip py-1">Suya</li>');
    expect(shown.html).not.toContain("data-price-list");
    expect(shown.html).not.toContain("hasOfferCatalog");
  });
});

describe("Business Approvals: an item's new description", () => {
  it("shows it in the listing's change, now → new, and approving the change puts it on the business page", async () => {
    const { listing, cookie } = await ownListing(["Low cut"]);
    const saved = await renderRoute(pricesRoute, `/business/prices/${listing.id}`, {
      cookie,
      pattern: PATTERN,
      form: { intent: "save", item: "Low cut", group: "", kind: "exact", price: "3000", description: "Neat low cut with hot towel" },
    });
    expect(saved).toMatchObject({ kind: "redirect", location: `/business/prices/${listing.id}?notice=review#price-list` });
    const own = page(await renderRoute(pricesRoute, `/business/prices/${listing.id}`, { cookie, pattern: PATTERN }));
    expect(own.text).toContain(PRICE_LIST_TEXTS.waitingDescription);

    const admin = await sessionCookie((await createAdmin(getDb())).email);
    const shown = page(await renderRoute(adminRoute, "/admin?tab=businesses", { cookie: admin }));
    const card = new RegExp(`${PRICE_LIST_TEXTS.adminDescriptions}: Low cut Now Not specified New Neat low cut with hot towel`);
    expect(shown.text).toMatch(card);
    const version = new RegExp(`name="targetId" value="${listing.id}"/><input type="hidden" name="version" value="(\\d+)"`).exec(shown.html)?.[1];
    expect(version).toBeDefined();
    const approved = page(await renderRoute(adminRoute, "/admin?tab=businesses", { cookie: admin, form: { intent: "approve-change", targetId: listing.id, version: version! } }));
    expect(approved.status).toBe(200);
    const business = page(await renderRoute(detailRoute, `/businesses/${listing.id}`, { pattern: "businesses/:id" }));
    expect(business.text).toContain("Low cut Neat low cut with hot towel ₦3,000");
  });
});
