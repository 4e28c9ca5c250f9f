import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, notifications, reports, reviews } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createReview, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { createReport } from "../../features/reports/create-report.server";
import { REPORT_TEXTS } from "../../features/reports/report.schemas";
import { getDb } from "../../lib/db.server";
import * as adminRoute from "./admin";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function reportedListing(name: string, reasons: ("scam" | "fake" | "offensive")[]) {
  const owner = await createOwner(getDb());
  const listing = await createBusiness(getDb(), { userId: owner.id, name });
  const reporters = [];
  for (const reason of reasons) {
    const reporter = await createVisitor(getDb());
    reporters.push(reporter);
    await createReport(await actorFor(reporter), { kind: "listing", id: listing.id, reason, details: reason === "fake" ? "<script>alert(1)</script>" : "" });
  }
  return { owner, listing, reporters };
}

describe("/admin?tab=reports", () => {
  it("is the ninth tab, shows each reported item once with its count and reasons, newest first, text never as HTML", async () => {
    const admin = await createAdmin(getDb());
    const older = await reportedListing("Older Dodgy Stores", ["scam", "fake"]);
    await getDb().update(reports).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(reports.itemId, older.listing.id));
    await reportedListing("Newer Dodgy Stores", ["offensive"]);
    const shown = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie: await sessionCookie(admin.email) }));
    const tabs = [...shown.html.matchAll(/href="\/admin(?:\?tab=([a-z-]+))?"/g)].map((m) => m[1] ?? "users");
    expect(tabs.indexOf("reports")).toBe(8);
    // Its badge counts the items waiting (not the reports), and the reviews held for approval.
    const items = (await getDb().selectDistinct({ kind: reports.itemKind, id: reports.itemId }).from(reports).where(eq(reports.status, "open"))).length;
    const open = items + (await getDb().select({ id: reviews.id }).from(reviews).where(eq(reviews.status, "held"))).length;
    expect(shown.text).toContain(`Reports ${open} waiting`);
    expect(shown.text.indexOf("Newer Dodgy Stores")).toBeLessThan(shown.text.indexOf("Older Dodgy Stores"));
    expect(shown.text.match(/Older Dodgy Stores/g)).toHaveLength(1);
    expect(shown.text).toContain("2 reports");
    expect(shown.text).toContain("Fake or misleading (1) · Scam or fraud (1)");
    expect(shown.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(shown.html).not.toContain("<script>alert(1)");
    expect(shown.text).toContain("Unpublish listing");
    expect(shown.text).toContain("Suspend author");
  });

  it("lists reviews held for approval below the reports; 'Publish review' makes one public and counted", async () => {
    const admin = await createAdmin(getDb());
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, name: "Held Review Kitchen" });
    const author = await createVisitor(getDb(), { firstName: "Quick", lastName: "Newcomer" });
    const held = await createReview(getDb(), { businessId: listing.id, authorId: author.id, stars: 4, status: "held", body: "Nice <b>food</b>, see www.deals.ng" });
    const cookie = await sessionCookie(admin.email);
    const shown = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie }));
    expect(shown.text).toContain("Reviews waiting for approval");
    expect(shown.text).toContain("A review of Held Review Kitchen");
    expect(shown.text).toContain("By Quick Newcomer · 4 of 5 stars");
    expect(shown.text).toContain("Holds a link or a phone number");
    expect(shown.html).toContain("Nice &lt;b&gt;food&lt;/b&gt;");
    expect(shown.text.indexOf("Reviews waiting for approval")).toBeGreaterThan(shown.text.indexOf("Reports"));

    const done = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie, form: { intent: "held-review-publish", targetId: held.id } }));
    expect(done.status).toBe(200);
    expect(done.text).toContain("The review is published.");
    expect(done.text).not.toContain("A review of Held Review Kitchen");
    const [row] = await getDb().select({ count: businesses.reviewCount, sum: businesses.reviewStarSum }).from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toEqual({ count: 1, sum: 4 });
    const again = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie, form: { intent: "held-review-hide", targetId: held.id } }));
    expect(again.status).toBe(409);
    expect(again.text).toContain("This review is no longer waiting for approval.");
  });

  it("unpublishes from the tab: the owner sees the reason, the audit has it, and the reporters are told", async () => {
    const admin = await createAdmin(getDb());
    const { listing, reporters } = await reportedListing("Fake Phones Ltd", ["scam", "scam"]);
    const cookie = await sessionCookie(admin.email);
    const blank = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie, form: { intent: "report-remove", targetId: listing.id, kind: "listing", reason: " " } }));
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(REPORT_TEXTS.removeReasonRequired);
    const done = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie, form: { intent: "report-remove", targetId: listing.id, kind: "listing", reason: "Buyers paid and got nothing" } }));
    expect(done.status).toBe(200);
    expect(done.text).toContain(REPORT_TEXTS.removed);
    expect(done.text).not.toContain("Fake Phones Ltd");
    const [row] = await getDb().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toMatchObject({ approvalStatus: "rejected", rejectionReason: "Buyers paid and got nothing" });
    const audit = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, listing.id), eq(auditLog.action, "reports.unpublished")));
    expect(audit[0]?.actorId).toBe(admin.id);
    for (const r of reporters) {
      const told = await getDb().select().from(notifications).where(eq(notifications.userId, r.id));
      expect(told.map((n) => n.body).join()).toContain("unpublished the listing");
    }
  });

  it("refuses business users and admins without two-factor, and changes nothing", async () => {
    const { listing } = await reportedListing("Untouched Stores", ["scam"]);
    const owner = await createOwner(getDb());
    const refused = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie: await sessionCookie(owner.email), form: { intent: "report-dismiss", targetId: listing.id, kind: "listing" } }));
    expect(refused.status).toBe(403);
    const list = page(await renderRoute(adminRoute, "/admin?tab=reports", { cookie: await sessionCookie(owner.email) }));
    expect(list.text).not.toContain("Untouched Stores");
    const noTwoFactor = await createAdmin(getDb(), { twoFactor: false });
    const redirected = await renderRoute(adminRoute, "/admin?tab=reports", { cookie: await sessionCookie(noTwoFactor.email), form: { intent: "report-dismiss", targetId: listing.id, kind: "listing" } });
    expect(redirected).toMatchObject({ kind: "redirect", location: "/admin/security" });
    const open = await getDb().select().from(reports).where(and(eq(reports.itemId, listing.id), eq(reports.status, "open")));
    expect(open).toHaveLength(1);
  });

  it("Business Approvals marks a pending listing with the same phone number as another, linked", async () => {
    const admin = await createAdmin(getDb());
    const owner = await createOwner(getDb());
    const phone = `+23490${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const original = await createBusiness(getDb(), { userId: owner.id, name: "Original Suya Spot", phoneNumber: phone });
    const pending = await createBusiness(getDb(), { userId: owner.id, status: "pending", name: "Another Name Entirely", phoneNumber: phone, createdAt: new Date(Date.now() + 3_600_000) });
    const shown = page(await renderRoute(adminRoute, "/admin?tab=businesses", { cookie: await sessionCookie(admin.email) }));
    expect(shown.html).toContain(`data-possible-duplicate="${original.id}"`);
    expect(shown.text).toContain("Possible duplicate of Original Suya Spot (same phone number; approved)");
    expect(shown.html).toContain(`href="/businesses/${original.id}"`);
    expect(shown.text).toContain(pending.name);
  });
});

