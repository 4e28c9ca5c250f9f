import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { addBusinessImage, createAdmin, createBusiness, createOwner } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { acceptMarkedMail, failedEmail, jobState } from "../../../tests/support/failed-deliveries";
import { executableProblems, parseHtml } from "../../../tests/support/html-safety";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS, DELIVERY_TEXTS } from "../../features/admin/admin.schemas";
import { getPublicBusiness } from "../../features/directory/get-public-business.server";
import { getOwnListing } from "../../features/listings/get-own-listing.server";
import { ListingSchema } from "../../features/listings/listing.schemas";
import { updateListing } from "../../features/listings/update-listing.server";
import { getDb, queryRows } from "../../lib/db.server";
import * as adminRoute from "./admin";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function adminCookie() {
  return sessionCookie((await createAdmin(getDb())).email);
}

/** A moment far in the future, so rows made with it sort first in newest-first lists. */
const future = () => new Date(Date.now() + 400 * 86_400_000);

describe("Business Approvals: changes to approved listings", () => {
  it("shows a waiting change as now → new, and approving it puts it on the public page", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, name: `Chidi Spare Parts ${Date.now()}`, websiteUrl: "https://chidi.example.ng", createdAt: future() });
    await addBusinessImage(getDb(), { businessId: listing.id, imageUrl: `${listing.id}/kept.webp` });
    const ownerActor = await actorFor(owner);
    const own = await getOwnListing(ownerActor, listing.id);
    const input = ListingSchema.parse({
      name: own.name, description: own.description ?? "", address: own.address ?? "", plotNumber: "", state: own.state, country: own.country,
      category: own.category, phoneNumber: own.phoneNumber ?? "", websiteUrl: "https://chidi-deals.example.com", products: ["Brake pads"],
    });
    await updateListing(ownerActor, listing.id, input, { keep: own.images.map((i) => i.id), added: [] });

    const cookie = await adminCookie();
    const shown = page(await renderRoute(adminRoute, "/admin?tab=businesses", { cookie }));
    expect(shown.text).toContain("Changes to approved businesses");
    expect(shown.text).toContain(listing.name);
    expect(shown.text).toMatch(/Website Now https:\/\/chidi\.example\.ng New https:\/\/chidi-deals\.example\.com/);
    expect(shown.text).toContain("Approve changes");
    expect(shown.html).toContain('name="intent" value="reject-change"');

    // The form carries the version of the change it shows.
    const version = new RegExp(`name="targetId" value="${listing.id}"/><input type="hidden" name="version" value="(\\d+)"`).exec(shown.html)?.[1];
    expect(version).toBeDefined();
    const approved = page(await renderRoute(adminRoute, "/admin?tab=businesses", { cookie, form: { intent: "approve-change", targetId: listing.id, version: version! } }));
    expect(approved.status).toBe(200);
    expect(approved.text).toContain(ADMIN_EXTRA_TEXTS.changesApproved);
    expect(approved.text).not.toContain("https://chidi-deals.example.com");
    expect((await getPublicBusiness(listing.id)).websiteUrl).toBe("https://chidi-deals.example.com");
  });
});

describe("Business Approvals: a new listing's opening hours", () => {
  it("shows the week set with the listing beside its other details, and nothing for a listing without hours", async () => {
    const owner = await createOwner(getDb());
    const late = { mode: "hours" as const, ranges: [{ opens: "18:00", closes: "02:00" }] };
    const withHours = await createBusiness(getDb(), {
      userId: owner.id, name: `Suya Spot ${Date.now()}`, status: "pending", createdAt: future(),
      openingHours: [...Array.from({ length: 5 }, () => late), { mode: "24h" }, { mode: "closed" }],
    });
    const without = await createBusiness(getDb(), { userId: owner.id, name: `No Hours Shop ${Date.now()}`, status: "pending", createdAt: future() });
    const shown = page(await renderRoute(adminRoute, "/admin?tab=businesses", { cookie: await adminCookie() }));
    expect(shown.text).toContain(withHours.name);
    expect(shown.text).toContain(without.name);
    expect(shown.html).toContain(`aria-label="Opening hours of ${withHours.name}"`);
    expect(shown.text).toContain("Monday: 6:00 pm – 2:00 am");
    expect(shown.text).toContain("Saturday: Open 24 hours Sunday: Closed");
    expect(shown.html).not.toContain(`aria-label="Opening hours of ${without.name}"`);
  });
});

describe("Featured Management: unpublishing an approved listing", () => {
  it("asks for a reason, then takes the listing down and says so", async () => {
    const owner = await createOwner(getDb());
    const name = `Unpublish Screen ${Date.now()}`;
    const listing = await createBusiness(getDb(), { userId: owner.id, name });
    const cookie = await adminCookie();
    const path = `/admin?tab=featured&q=${encodeURIComponent(name)}`;
    const list = page(await renderRoute(adminRoute, path, { cookie }));
    expect(list.text).toContain(name);
    expect(list.text).toContain("Unpublish business");
    expect(list.html).toContain('name="intent" value="unpublish-business"');

    const blank = page(await renderRoute(adminRoute, path, { cookie, form: { intent: "unpublish-business", targetId: listing.id, reason: "  " } }));
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(ADMIN_TEXTS.rejectionReasonRequired);
    expect((await getPublicBusiness(listing.id)).id).toBe(listing.id);

    const done = page(await renderRoute(adminRoute, path, { cookie, form: { intent: "unpublish-business", targetId: listing.id, reason: "Fake business" } }));
    expect(done.status).toBe(200);
    expect(done.text).toContain("Business unpublished successfully");
    expect(done.text).toContain(`No approved businesses match “${name}”.`);
    const [row] = await getDb().select({ status: businesses.approvalStatus, reason: businesses.rejectionReason }).from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toEqual({ status: "rejected", reason: "Fake business" });
  });

  it("refuses a business owner with 'Access Denied'", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const refused = page(
      await renderRoute(adminRoute, "/admin?tab=featured", { cookie: await sessionCookie(owner.email), form: { intent: "unpublish-business", targetId: listing.id, reason: "x" } }),
    );
    expect(refused.status).toBe(403);
    expect((await getPublicBusiness(listing.id)).id).toBe(listing.id);
  });
});

describe("Deliveries: e-mails that failed for good", () => {
  const failedCount = async () =>
    (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from pgboss.job where state = 'failed'`))[0]!.n;

  it("says so plainly when nothing has failed, with the counts of what waits", async () => {
    // Nothing in this file's database has failed yet (the failures are made below).
    expect(await failedCount()).toBe(0);
    const shown = page(await renderRoute(adminRoute, "/admin?tab=deliveries", { cookie: await adminCookie() }));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(DELIVERY_TEXTS.title);
    expect(shown.text).toContain(DELIVERY_TEXTS.empty);
    expect(shown.html).toContain(`<caption class="sr-only">${DELIVERY_TEXTS.countsCaption}</caption>`);
    expect(shown.html).toMatch(/<th scope="row"[^>]*>Payment receipt<\/th>/);
    expect(shown.html).toMatch(/<th scope="col"[^>]*>To be tried again<\/th>/);
    expect(shown.html).not.toContain('value="retry-delivery"');
    // The tab comes last, after Overview, and counts nothing.
    expect(shown.html).toMatch(/href="\/admin\?tab=overview"[^]*href="\/admin\?tab=deliveries"/);
    expect(shown.text).not.toMatch(/Deliveries \d+ failed/);
  });

  it("lists a failed e-mail with its recipient, subject, tries and error as text, hostile text included, and Retry sends it again", async () => {
    const hostile = `<img src=x onerror="alert(1)"><script>alert("subject")</script> & "quotes"`;
    const email = await failedEmail({ to: "ngozi.eze@example.com", subject: hostile });
    const cookie = await adminCookie();
    const shown = page(await renderRoute(adminRoute, "/admin?tab=deliveries", { cookie }));
    expect(shown.status).toBe(200);
    const reader = parseHtml(shown.html).text;
    expect(reader).toContain("E-mail");
    expect(reader).toContain("To ngozi.eze@example.com");
    expect(reader).toContain(email.subject);
    expect(reader).toMatch(/Tries\s*1(?!\d)/);
    expect(reader).toMatch(/Error\s*new row for relation "email_outbox" violates check constraint "deliveries_test_refuse"/);
    expect(reader).toMatch(/Enqueued\s*\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    // Shown as text, never as markup.
    expect(shown.html).not.toContain("<img src=x");
    expect(shown.html).not.toContain('<script>alert("subject")');
    expect(executableProblems(shown.html)).toEqual([]);
    // The badge counts it, read out as failed.
    expect(reader).toMatch(/Deliveries\s*1\s*failed/);
    expect(shown.html).toContain(`name="targetId" value="${email.id}"/><input type="hidden" name="queue" value="email"/>`);
    expect(shown.html).toContain('name="intent" value="retry-delivery"');

    await acceptMarkedMail();
    const retried = page(await renderRoute(adminRoute, "/admin?tab=deliveries", { cookie, form: { intent: "retry-delivery", targetId: email.id, queue: "email" } }));
    expect(retried.status).toBe(200);
    expect(retried.text).toContain(DELIVERY_TEXTS.retried);
    expect(retried.text).toContain(DELIVERY_TEXTS.retriedText);
    expect(retried.text).toContain(DELIVERY_TEXTS.empty);
    expect(await jobState(email.id)).toMatchObject({ state: "retry" });

    const again = page(await renderRoute(adminRoute, "/admin?tab=deliveries", { cookie, form: { intent: "retry-delivery", targetId: email.id, queue: "email" } }));
    expect(again.status).toBe(409);
    expect(again.text).toContain(DELIVERY_TEXTS.retryFailed);
    expect(again.text).toContain(DELIVERY_TEXTS.notFailed);
  });
});
