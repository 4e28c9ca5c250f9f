import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, notifications, reports } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
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
    // Its badge counts the items waiting (not the reports).
    const open = (await getDb().selectDistinct({ kind: reports.itemKind, id: reports.itemId }).from(reports).where(eq(reports.status, "open"))).length;
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

