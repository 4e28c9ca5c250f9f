import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { addBusinessImage, createAdmin, createBusiness, createKycSubmission, createMessage, createOwner, createReview, createVisitor, uniqueSuffix } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getPublicBusiness } from "../../features/directory/get-public-business.server";
import { reviewListingChange } from "../../features/listings/review-listing-change.server";
import { LISTING_TEXTS } from "../../features/listings/listing.schemas";
import { getDb } from "../../lib/db.server";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as businessCreateRoute from "./business-create";
import * as businessEditRoute from "./business-edit";
import * as dashboardRoute from "./dashboard";
import * as kycRoute from "./kyc-verification";
import { saveBusiness } from "../../features/directory/save-business.server";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

const EMPTY_LISTING = { name: "", description: "", address: "", plotNumber: "", state: "", country: "Nigeria", phoneNumber: "", websiteUrl: "", category: "", products: "" };

describe("the listing form without JavaScript", () => {
  it("reports every missing field at once, the images and the business name included, and keeps what was typed", async () => {
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const shown = page(
      await renderRoute(businessCreateRoute, "/business/create", { cookie, form: { ...EMPTY_LISTING, address: "12 Bode Thomas Street" } }),
    );
    expect(shown.status).toBe(400);
    for (const text of [
      LISTING_TEXTS.nameRequired,
      LISTING_TEXTS.descriptionRequired,
      LISTING_TEXTS.stateRequired,
      LISTING_TEXTS.categoryRequired,
      LISTING_TEXTS.phoneRequired,
      LISTING_TEXTS.productsRequired,
      LISTING_TEXTS.imageRequired,
    ]) {
      expect(shown.text, text).toContain(text);
    }
    expect(shown.text).toContain(LISTING_TEXTS.correctFields);
    expect(shown.text).not.toContain(LISTING_TEXTS.addressRequired);
    expect(shown.html).toContain('value="12 Bode Thomas Street"');
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, owner.id))).toHaveLength(0);
  });

  it("reports a badly written phone number beside the other problems", async () => {
    const owner = await createOwner(getDb());
    const shown = page(
      await renderRoute(businessCreateRoute, "/business/create", {
        cookie: await sessionCookie(owner.email),
        form: { ...EMPTY_LISTING, phoneNumber: "0803-CALL-NOW" },
      }),
    );
    expect(shown.text).toContain(LISTING_TEXTS.phoneInvalid);
    expect(shown.text).toContain(LISTING_TEXTS.nameRequired);
  });

  it("sends an owner editing someone else's listing back to the dashboard with 'Business not found'", async () => {
    const owner = await createOwner(getDb());
    const other = await createOwner(getDb());
    const theirs = await createBusiness(getDb(), { userId: other.id });
    const cookie = await sessionCookie(owner.email);
    const opened = await renderRoute(businessEditRoute, `/business/edit/${theirs.id}`, { cookie });
    expect(opened).toMatchObject({ kind: "redirect", location: "/dashboard?notice=not-found" });
    const notAnId = await renderRoute(businessEditRoute, "/business/edit/------------------------------------", { cookie });
    expect(notAnId).toMatchObject({ kind: "redirect", location: "/dashboard?notice=not-found" });
    const dashboard = page(await renderRoute(dashboardRoute, "/dashboard?notice=not-found", { cookie }));
    expect(dashboard.text).toContain(LISTING_TEXTS.notFound.title);
    expect(dashboard.text).toContain("Create your first business listing");
  });
});

const EDIT = "business/edit/:id";

describe("editing an approved listing", () => {
  it("tells the owner edits are reviewed, sends the change for review, and shows it waiting on the dashboard and the edit page", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, name: `Ada Tailoring ${Date.now()}`, products: ["Kaftans"] });
    const image = await addBusinessImage(getDb(), { businessId: listing.id, imageUrl: `${listing.id}/front.webp` });
    const cookie = await sessionCookie(owner.email);
    const edit = page(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, pattern: EDIT }));
    expect(edit.text).toContain(LISTING_TEXTS.reviewedEditHint);

    const form = {
      name: `${listing.name} & Sons`, description: listing.description ?? "", address: listing.address ?? "", plotNumber: "", state: listing.state ?? "",
      country: listing.country, phoneNumber: listing.phoneNumber ?? "", websiteUrl: "", category: listing.category ?? "", products: "Kaftans", keepImage: image.id,
    };
    const saved = await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form, pattern: EDIT });
    expect(saved).toMatchObject({ kind: "redirect", location: "/dashboard?notice=sent-for-review" });
    expect((await getPublicBusiness(listing.id)).name).toBe(listing.name);

    const dashboard = page(await renderRoute(dashboardRoute, "/dashboard?notice=sent-for-review", { cookie }));
    expect(dashboard.text).toContain(LISTING_TEXTS.sentForReview.title);
    expect(dashboard.text).toContain(LISTING_TEXTS.changeWaiting);
    expect(dashboard.text).toContain(listing.name);
    const waiting = page(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, pattern: EDIT }));
    expect(waiting.text).toContain(LISTING_TEXTS.changeWaitingHint);
    expect(waiting.html).toContain(`value="${listing.name} &amp; Sons"`);

    const admin = await actorFor(await createAdmin(getDb()));
    await reviewListingChange(admin, { decision: "reject", businessId: listing.id, reason: "Keep the registered name" });
    const told = page(await renderRoute(dashboardRoute, "/dashboard", { cookie }));
    expect(told.text).toContain(`${LISTING_TEXTS.changeRejected} Reason: Keep the registered name`);
    const again = page(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, pattern: EDIT }));
    expect(again.text).toContain("Reason: Keep the registered name");
    expect(again.html).toContain(`value="${listing.name}"`);
  });
});

describe("the KYC form (issue 32)", () => {
  it("says which IDs are accepted, why we ask, who sees it and how long it is kept, and offers the camera on a phone", async () => {
    const owner = await createOwner(getDb(), { kycStatus: "none" });
    const shown = page(await renderRoute(kycRoute, "/kyc-verification", { cookie: await sessionCookie(owner.email) }));
    expect(shown.text).toContain("Accepted IDs: NIN slip, voter's card, driver's licence or international passport.");
    expect(shown.text).toContain("Why we ask: so visitors can trust that a real person stands behind every listing.");
    expect(shown.text).toContain("Who sees it: only our verification team. Your ID is never shown on your listing or to visitors.");
    expect(shown.text).toContain("How long we keep it: the photo is deleted 90 days after we approve or reject it.");
    expect(shown.html).toContain('href="/privacy"');
    // 'Take a photo' opens the back camera; on a phone there is nothing to drag, so it is the pointer that decides.
    expect(shown.html).toMatch(/<label class="[^"]*pointer-coarse:inline-flex[^"]*">.*Take a photo<input type="file" accept="image\/\*" capture="environment"/);
    expect(shown.html).toMatch(/<span class="[^"]*pointer-coarse:hidden[^"]*">.*drag and drop<\/span>/);
  });

  it("shows the phone on the status panel the way people read it", async () => {
    const owner = await createOwner(getDb(), { kycStatus: "none" });
    await createKycSubmission(getDb(), { userId: owner.id, fullName: "Ada Obi", idNumber: "+2348031234567", status: "pending" });
    const shown = page(await renderRoute(kycRoute, "/kyc-verification", { cookie: await sessionCookie(owner.email) }));
    expect(shown.text).toContain("0803 123 4567");
  });
});

describe("a visitor's Panel (/dashboard, issue 32)", () => {
  it("shows their saved businesses and conversations, with the way to all of each, instead of sending them home", async () => {
    const db = getDb();
    const visitor = await createVisitor(db);
    const empty = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(visitor.email) }));
    expect(empty.text).toContain("Nothing saved yet.");
    expect(empty.text).toContain("No conversations yet.");

    const owner = await createOwner(db, { kycStatus: "approved" });
    const saved = await createBusiness(db, { userId: owner.id, name: `Mama Put ${uniqueSuffix()}` });
    const talked = await createBusiness(db, { userId: owner.id, name: `Suya Spot ${uniqueSuffix()}` });
    await saveBusiness(await actorFor(visitor), { businessId: saved.id });
    await createMessage(db, { businessId: talked.id, senderId: visitor.id, message: "Do you open on Sunday?" });
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(visitor.email) }));
    expect(shown.text).toContain(saved.name);
    expect(shown.html).toContain(`href="/businesses/${saved.id}"`);
    expect(shown.text).toContain("All saved businesses (1)");
    expect(shown.html).toContain('href="/saved"');
    expect(shown.text).toContain(talked.name);
    expect(shown.text).toContain("Do you open on Sunday?");
    expect(shown.html).toContain('href="/messages"');
  });
});

describe("the owner's dashboard cards (issue 32)", () => {
  it("show the whole listing name, and keep Delete at the far end, away from Edit", async () => {
    const db = getDb();
    const owner = await createOwner(db, { kycStatus: "approved" });
    const long = `Bakare Family Provisions and Cold Room Supplies ${uniqueSuffix()}`;
    await createBusiness(db, { userId: owner.id, name: long });
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(owner.email) }));
    const heading = /<h3 class="([^"]*)">(?:<a[^>]*>)?([^<]*)/.exec(shown.html.slice(shown.html.indexOf(long) - 200));
    expect(heading?.[2]).toBe(long);
    expect(heading?.[1]).not.toContain("truncate");
    const card = shown.html.slice(shown.html.indexOf(long));
    const [edit, featured, remove] = [">Edit<", ">Request Featured<", ">Delete<"].map((label) => card.indexOf(label));
    expect(edit).toBeGreaterThan(0);
    expect(featured).toBeGreaterThan(edit);
    expect(remove).toBeGreaterThan(featured);
    expect(card.slice(0, remove)).toMatch(/<form class="ml-auto"[^>]*>(?:(?!<form).)*$/s);
  });
});

describe("the owner's 'Needs you now' (issue 32)", () => {
  it("says when nothing needs them", async () => {
    const owner = await createOwner(getDb(), { kycStatus: "approved" });
    await createBusiness(getDb(), { userId: owner.id });
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(owner.email) }));
    expect(shown.text).toContain("Needs you now");
    expect(shown.text).toContain("Nothing needs you right now.");
    expect(shown.text).not.toContain("Waiting for us");
  });

  it("lists unread messages, unanswered recent reviews per listing, a listing not approved, and what waits on the admin", async () => {
    const db = getDb();
    const owner = await createOwner(db, { kycStatus: "approved" });
    const shop = await createBusiness(db, { userId: owner.id, name: `Bakare Foods ${uniqueSuffix()}` });
    const other = await createBusiness(db, { userId: owner.id, name: `Bakare Cold Room ${uniqueSuffix()}` });
    const refused = await createBusiness(db, { userId: owner.id, name: `Bakare Drinks ${uniqueSuffix()}`, status: "rejected", rejectionReason: "Blurry photos" });
    const waiting = await createBusiness(db, { userId: owner.id, name: `Bakare Bakery ${uniqueSuffix()}`, status: "pending" });
    const [a, b, c] = [await createVisitor(db), await createVisitor(db), await createVisitor(db)];
    await createMessage(db, { businessId: shop.id, senderId: a.id, message: "Do you deliver to Yaba?" });
    await createMessage(db, { businessId: other.id, senderId: b.id, message: "How much is a crate?" });
    // Two unanswered reviews of the shop, one answered and one too old; one of the other listing.
    await createReview(db, { businessId: shop.id, authorId: a.id, stars: 4 });
    await createReview(db, { businessId: shop.id, authorId: b.id, stars: 5 });
    await createReview(db, { businessId: shop.id, authorId: c.id, stars: 3, reply: "Thank you, come again." });
    await createReview(db, { businessId: other.id, authorId: c.id, stars: 2, createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(owner.email) }));
    const section = shown.html.slice(shown.html.indexOf('id="attention-title"'), shown.html.indexOf("</section>", shown.html.indexOf('id="attention-title"')));
    const text = section.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
    expect(text).toContain("2 unread messages");
    expect(text).toContain('href="/messages"');
    expect(text).toContain(`2 new reviews of ${shop.name} without your reply`);
    expect(text).toContain(`href="/businesses/${shop.id}#reviews"`);
    expect(text).not.toContain(`reviews of ${other.name}`);
    // Rejected stays rejected (spec 02): no promise that an edit sends it again.
    expect(text).toContain(`${refused.name} was not approved: the reason is on its card below`);
    expect(text).not.toContain(`href="/business/edit/${refused.id}"`);
    expect(text).toContain("Waiting for us");
    expect(text).toContain(`${waiting.name} is waiting for approval before it is shown`);
    expect(text).not.toContain("Nothing needs you right now.");
  });

  it("counts only the owner's own: another owner's messages and reviews are not theirs", async () => {
    const db = getDb();
    const owner = await createOwner(db, { kycStatus: "approved" });
    await createBusiness(db, { userId: owner.id });
    const rival = await createOwner(db, { kycStatus: "approved" });
    const theirs = await createBusiness(db, { userId: rival.id, name: `Rival Shop ${uniqueSuffix()}` });
    const visitor = await createVisitor(db);
    await createMessage(db, { businessId: theirs.id, senderId: visitor.id, message: "Hello there" });
    await createReview(db, { businessId: theirs.id, authorId: visitor.id });
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(owner.email) }));
    expect(shown.text).toContain("Nothing needs you right now.");
    expect(shown.text).not.toContain(theirs.name);
  });
});
