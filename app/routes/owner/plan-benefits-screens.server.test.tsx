import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "../../../db/schema";
import { createAdmin, createBusiness, createFeaturedRequest, createOwner, createPayment, createSubscription } from "../../../db/seed/factories";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { getDb } from "../../lib/db.server";
import { formatDate } from "../../lib/format";
import * as adminRoute from "../admin/admin";
import * as dashboardRoute from "./dashboard";

const DAY = 86_400_000;

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

describe("the dashboard and a plan's benefits", () => {
  it("says until when Premium features the listings, offers 'Keep featured' when it ends within 7 days, and lists refunds", async () => {
    const owner = await createOwner(getDb());
    const endsAt = new Date(Date.now() + 3 * DAY);
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", startsAt: new Date(Date.now() - 27 * DAY), endsAt });
    const listing = await createBusiness(getDb(), { userId: owner.id, name: "Chop Life Kitchen" });
    const payment = await createPayment(getDb(), { userId: owner.id, purpose: "featured", planId: "basic", businessId: listing.id });
    await getDb()
      .update(payments)
      .set({ refundStatus: "due", refundReason: "Photos of another shop", refundRequestedAt: new Date() })
      .where(eq(payments.id, payment.id));

    const html = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(owner.email) }));
    expect(html.text).toContain(`Your Premium plan ends on ${formatDate(endsAt, "long")}`);
    expect(html.text).toContain(`Premium plan until ${formatDate(endsAt)}`);
    expect(html.text).toContain(`Stops being featured on ${formatDate(endsAt, "long")}`);
    expect(html.html).toContain(`href="/featured-plans?businessId=${listing.id}"`);
    expect(html.text).toContain("Keep featured");
    expect(html.text).toMatch(/Refund due\s*: ₦9,999 for Basic featured placement \(Chop Life Kitchen\)\s*, reference demo_/);
    expect(html.text).toContain("Reason: Photos of another shop");
  });

  it("after a paid plan ends, says the listings beyond the Free limit stay but no new one can be added, and offers nothing featured", async () => {
    const owner = await createOwner(getDb());
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", startsAt: new Date(Date.now() - 40 * DAY) });
    await createBusiness(getDb(), { userId: owner.id });
    await createBusiness(getDb(), { userId: owner.id });
    const html = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(owner.email) }));
    expect(html.text).toContain("Your plan: Free");
    expect(html.text).toContain("they all stay online and you can keep editing them, but you cannot add another");
    expect(html.text).not.toContain("Premium plan");
    expect(html.text).not.toContain("Keep featured");
  });
});

describe("the admin's Subscriptions tab and refunds", () => {
  it("asks a reason to reject a paid request, and shows a refund due with its buttons", async () => {
    const admin = await createAdmin(getDb());
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, name: `Refund Shop ${Date.now()}` });
    const paid = await createPayment(getDb(), { userId: owner.id, purpose: "featured", planId: "premium", businessId: listing.id });
    await createFeaturedRequest(getDb(), { businessId: listing.id, pricingTier: "premium", paymentReference: paid.reference });
    const other = await createBusiness(getDb(), { userId: owner.id, name: `Refunded Shop ${Date.now()}` });
    const owed = await createPayment(getDb(), { userId: owner.id, purpose: "featured", planId: "basic", businessId: other.id });
    await createFeaturedRequest(getDb(), { businessId: other.id, status: "rejected", paymentReference: owed.reference });
    await getDb().update(payments).set({ refundStatus: "due", refundReason: "Closed down", refundRequestedAt: new Date() }).where(eq(payments.id, owed.id));

    const html = page(await renderRoute(adminRoute, "/admin?tab=subscriptions", { cookie: await sessionCookie(admin.email) }));
    expect(html.text).toContain("Reject and refund");
    expect(html.text).toContain("The owner paid for this request: they are told this reason and their payment is refunded.");
    expect(html.text).toContain("Refund due");
    expect(html.text).toContain("Reason given: Closed down");
    expect(html.text).toContain("Refund through the provider");
    expect(html.text).toContain("Mark refunded");
    expect(html.html).toContain(`value="${owed.reference}"`);
  });
});
