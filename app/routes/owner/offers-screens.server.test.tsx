/**
 * Offers' screens (issue 37), rendered through their routes without JavaScript: the owner's /business/offers/{id}
 * (the plan's limits, the form keeping what was typed on a refusal, the states, editing), the admins' /admin/offers,
 * and what the public reads: 'Special offers' on the business page and the home page's carousel slide.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessOffers } from "../../../db/schema";
import { createAdmin, createBusiness, createOffer, createOwner } from "../../../db/seed/factories";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { addDays, OFFER_TEXTS } from "../../features/offers/offer.schemas";
import { getDb } from "../../lib/db.server";
import { watDate } from "../../lib/opening-hours";
import * as adminOffersRoute from "../admin/offers";
import * as businessDetailRoute from "../public/business-detail";
import * as homeRoute from "../public/home";
import * as offersRoute from "./business-offers";

const PATTERN = "business/offers/:id";
const today = () => watDate(new Date());

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function ownerWithListing() {
  const owner = await createOwner(getDb());
  const listing = await createBusiness(getDb(), { userId: owner.id });
  return { owner, listing, cookie: await sessionCookie(owner.email) };
}

describe("the owner's offers screen", () => {
  it("shows the plan's limits and the form; a refusal keeps what was typed beside the field's message", async () => {
    const { listing, cookie } = await ownerWithListing();
    const empty = page(await renderRoute(offersRoute, `/business/offers/${listing.id}`, { cookie, pattern: PATTERN }));
    expect(empty.text).toContain(listing.name);
    expect(empty.text).toContain("Your Free plan: 1 current offer on a listing at a time, up to 14 days long.");
    expect(empty.text).toContain(OFFER_TEXTS.noOffers);
    expect(empty.html).toMatch(/enctype="multipart\/form-data"/i);
    const refused = page(
      await renderRoute(offersRoute, `/business/offers/${listing.id}`, {
        cookie,
        pattern: PATTERN,
        form: { intent: "save", title: "Half price on Fridays", text: "Every Friday, half price.", code: "half price", startsOn: today(), endsOn: addDays(today(), 3) },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(OFFER_TEXTS.badCode);
    expect(refused.html).toContain('value="Half price on Fridays"');
    expect(refused.html).toContain('value="half price"');
    expect(refused.text).toContain("Every Friday, half price.");
    expect(await getDb().select().from(businessOffers).where(eq(businessOffers.businessId, listing.id))).toEqual([]);
  });

  it("sends an offer for review, lists it as waiting, opens it for editing; an ended one says 'Ended' without Edit", async () => {
    const { listing, cookie } = await ownerWithListing();
    const sent = await renderRoute(offersRoute, `/business/offers/${listing.id}`, {
      cookie,
      pattern: PATTERN,
      form: { intent: "save", title: "Free tyre check", text: "With every wash.", code: "tyre", startsOn: today(), endsOn: addDays(today(), 6) },
    });
    expect(sent).toMatchObject({ kind: "redirect", location: `/business/offers/${listing.id}?sent=1` });
    const ended = await createOffer(getDb(), { businessId: listing.id, title: "Last month's deal", startsOn: addDays(today(), -20), endsOn: addDays(today(), -10) });
    const listed = page(await renderRoute(offersRoute, `/business/offers/${listing.id}?sent=1`, { cookie, pattern: PATTERN }));
    expect(listed.text).toContain(OFFER_TEXTS.sent);
    expect(listed.text).toContain("Waiting for review Free tyre check");
    expect(listed.text).toContain("Ended Last month's deal");
    expect(listed.text).toContain("Code: TYRE");
    const [offer] = await getDb().select().from(businessOffers).where(eq(businessOffers.title, "Free tyre check"));
    const links = hrefs(listed.html);
    expect(links).toContain(`/business/offers/${listing.id}?offer=${offer!.id}`);
    expect(links).not.toContain(`/business/offers/${listing.id}?offer=${ended.id}`);
    // The one Free offer is taken: no new form, the plan's refusal and the way to more.
    expect(listed.text).toContain("The Free plan allows 1 current offer on a listing at a time.");
    expect(listed.text).not.toContain(OFFER_TEXTS.newOffer);
    const editing = page(await renderRoute(offersRoute, `/business/offers/${listing.id}?offer=${offer!.id}`, { cookie, pattern: PATTERN }));
    expect(editing.text).toContain(OFFER_TEXTS.editOffer);
    expect(editing.html).toContain('value="Free tyre check"');
    expect(editing.html).toContain(`name="offerId" value="${offer!.id}"`);
  });

  it("a running offer opens for editing with its passed first day allowed by the date field, so the browser submits it", async () => {
    const { listing, cookie } = await ownerWithListing();
    const running = await createOffer(getDb(), { businessId: listing.id, title: "Running deal", startsOn: addDays(today(), -3), endsOn: addDays(today(), 3) });
    const editing = page(await renderRoute(offersRoute, `/business/offers/${listing.id}?offer=${running.id}`, { cookie, pattern: PATTERN }));
    const startField = editing.html.match(/<input[^>]*name="startsOn"[^>]*>/)?.[0] ?? "";
    expect(startField).toContain(`value="${addDays(today(), -3)}"`);
    expect(startField).toContain(`min="${addDays(today(), -3)}"`);
    // A new offer still starts from today.
    const { listing: other, cookie: otherCookie } = await ownerWithListing();
    const blank = page(await renderRoute(offersRoute, `/business/offers/${other.id}`, { cookie: otherCookie, pattern: PATTERN }));
    expect(blank.html.match(/<input[^>]*name="startsOn"[^>]*>/)?.[0]).toContain(`min="${today()}"`);
  });

  it("another owner's listing is 'not found'", async () => {
    const { listing } = await ownerWithListing();
    const other = await ownerWithListing();
    await expect(renderRoute(offersRoute, `/business/offers/${listing.id}`, { cookie: other.cookie, pattern: PATTERN })).rejects.toThrow();
  });
});

describe("the admins' offers screen", () => {
  it("lists offers waiting, and approving one returns to the list with its outcome", async () => {
    const { listing } = await ownerWithListing();
    const offer = await createOffer(getDb(), { businessId: listing.id, title: "Waiting offer", status: "pending" });
    const admin = await createAdmin(getDb());
    const cookie = await sessionCookie(admin.email);
    const list = page(await renderRoute(adminOffersRoute, "/admin/offers", { cookie }));
    expect(list.text).toContain("Waiting offer");
    expect(list.text).toContain(listing.name);
    // Each decision's form carries the version the admin sees; without it (or with an older one) nothing is decided.
    const version = String(offer.updatedAt.getTime());
    expect(list.html).toContain(`name="version" value="${version}"`);
    const stale = page(await renderRoute(adminOffersRoute, "/admin/offers", { cookie, form: { intent: "approve", offerId: offer.id, version: String(offer.updatedAt.getTime() - 1) } }));
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(OFFER_TEXTS.changedSinceOpened);
    const approved = await renderRoute(adminOffersRoute, "/admin/offers", { cookie, form: { intent: "approve", offerId: offer.id, version } });
    expect(approved).toMatchObject({ kind: "redirect", location: "/admin/offers?done=approved" });
    const after = page(await renderRoute(adminOffersRoute, "/admin/offers?done=approved", { cookie }));
    expect(after.text).toContain(OFFER_TEXTS.approved);
    expect(after.text).toContain(`${OFFER_TEXTS.liveTitle} `);
    const refused = page(await renderRoute(adminOffersRoute, "/admin/offers", { cookie, form: { intent: "take-down", offerId: offer.id, reason: "" } }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(OFFER_TEXTS.reasonRequired);
  });
});

describe("what the public sees", () => {
  it("the business page's 'Special offers': title, text, last day, code, photo lazily, a report link; not an ended one", async () => {
    const { listing } = await ownerWithListing();
    await createOffer(getDb(), { businessId: listing.id, title: "Weekend wash", body: "Two cars for the price of one.", code: "WASH2", imageKey: `${listing.id}/offer-1.webp`, endsOn: "2099-12-12", startsOn: today() });
    await createOffer(getDb(), { businessId: listing.id, title: "Old wash deal", startsOn: addDays(today(), -9), endsOn: addDays(today(), -2) });
    const shown = page(await renderRoute(businessDetailRoute, `/businesses/${listing.id}`, { pattern: "businesses/:id" }));
    expect(shown.text).toContain("Special offers Weekend wash Two cars for the price of one. Until 12 Dec 2099 Code: WASH2 Report this offer");
    expect(shown.text).not.toContain("Old wash deal");
    expect(shown.html).toMatch(/<img[^>]+srcSet="[^"]*offer-1\.webp\?w=320 320w[^"]*"[^>]*loading="lazy"|<img[^>]+loading="lazy"[^>]+offer-1\.webp/);
    expect(hrefs(shown.html).some((href) => href.startsWith("/report?kind=offer&id="))).toBe(true);
  });

  it("the home page's carousel shows current offers, each linking to its business, and no fixed slide", async () => {
    const { listing } = await ownerWithListing();
    const offer = await createOffer(getDb(), { businessId: listing.id, title: "Carousel deal", code: "SLIDE1" });
    const home = page(await renderRoute(homeRoute, "/"));
    expect(home.text).toContain("Carousel deal");
    expect(home.text).toContain("Code: SLIDE1");
    expect(hrefs(home.html)).toContain(`/businesses/${listing.id}#offer-${offer.id}`);
    // No fixed slide while real offers run.
    expect(home.text).not.toContain("List your business for free");
  });
});
