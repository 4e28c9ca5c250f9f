import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, notifications, profiles, reports, reviews, user } from "../../../db/schema";
import { createAdmin, createBusiness, createMessage, createOwner, createReview, createUser, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { suspendUser } from "../admin/suspend-user.server";
import { createReport } from "./create-report.server";
import { getReportTarget } from "./get-report-target.server";
import { listReports } from "./list-reports.server";
import { REPORT_TEXTS } from "./report.schemas";
import { resolveReports } from "./resolve-reports.server";

const db = () => getDb();
const powers = { suspendAuthor: suspendUser };

async function listingWithOwner(input: { name?: string } = {}) {
  const owner = await createOwner(db());
  const listing = await createBusiness(db(), { userId: owner.id, ...input });
  return { owner, listing };
}

async function visitor() {
  return actorFor(await createVisitor(db()));
}

const openReportsOf = (itemId: string) => db().select().from(reports).where(and(eq(reports.itemId, itemId), eq(reports.status, "open")));
const noticesOf = (userId: string) => db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "account")));
const auditFor = (itemId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, itemId));

describe("reporting a listing", () => {
  it("a signed-in visitor reports a listing once while the report is open", async () => {
    const { listing } = await listingWithOwner();
    const me = await visitor();
    await createReport(me, { kind: "listing", id: listing.id, reason: "scam", details: "  Asked me to pay first  " });
    const [row] = await openReportsOf(listing.id);
    expect(row).toMatchObject({ reporterId: me.id, itemKind: "listing", reason: "scam", details: "Asked me to pay first", status: "open" });
    const again = await refusal(createReport(me, { kind: "listing", id: listing.id, reason: "fake" }));
    expect(again.code).toBe("conflict");
    expect(again.message).toBe(REPORT_TEXTS.alreadyReported);
    expect(await openReportsOf(listing.id)).toHaveLength(1);
  });

  it("validates the reason and the details' length, and refuses anonymous reporters", async () => {
    const { listing } = await listingWithOwner();
    const me = await visitor();
    const noReason = await refusal(createReport(me, { kind: "listing", id: listing.id, reason: "because" }));
    expect(noReason.code).toBe("invalid");
    expect(noReason.message).toBe(REPORT_TEXTS.reasonRequired);
    const tooLong = await refusal(createReport(me, { kind: "listing", id: listing.id, reason: "other", details: "x".repeat(1001) }));
    expect(tooLong.message).toBe(REPORT_TEXTS.detailsTooLong);
    expect((await refusal(createReport(null, { kind: "listing", id: listing.id, reason: "other" }))).code).toBe("unauthenticated");
    expect((await refusal(createReport(me, { kind: "shop", id: listing.id, reason: "other" }))).code).toBe("not-found");
    expect(await openReportsOf(listing.id)).toHaveLength(0);
  });

  it("an owner cannot report their own listing; a pending listing cannot be reported", async () => {
    const { owner, listing } = await listingWithOwner();
    const own = await refusal(createReport(await actorFor(owner), { kind: "listing", id: listing.id, reason: "fake" }));
    expect(own.code).toBe("forbidden");
    expect(own.message).toBe(REPORT_TEXTS.ownListing);
    const pending = await createBusiness(db(), { userId: owner.id, status: "pending" });
    expect((await refusal(getReportTarget(await visitor(), { kind: "listing", id: pending.id }))).code).toBe("not-found");
  });

  it("limits how many reports a user sends an hour", async () => {
    const me = await visitor();
    for (let i = 0; i < 10; i++) {
      const { listing } = await listingWithOwner();
      await createReport(me, { kind: "listing", id: listing.id, reason: "other" });
    }
    const { listing } = await listingWithOwner();
    const limited = await refusal(createReport(me, { kind: "listing", id: listing.id, reason: "other" }));
    expect(limited.code).toBe("rate-limited");
  });
});

describe("reporting a message", () => {
  it("only a participant of the conversation may report a message, and not their own", async () => {
    const { owner, listing } = await listingWithOwner();
    const writer = await createVisitor(db());
    const message = await createMessage(db(), { businessId: listing.id, senderId: writer.id, message: "Pay into my account first" });
    const stranger = await refusal(createReport(await visitor(), { kind: "message", id: message.id, reason: "scam" }));
    expect(stranger.code).toBe("not-found");
    const own = await refusal(createReport(await actorFor(writer), { kind: "message", id: message.id, reason: "scam" }));
    expect(own.message).toBe(REPORT_TEXTS.ownMessage);
    await createReport(await actorFor(owner), { kind: "message", id: message.id, reason: "offensive" });
    expect(await openReportsOf(message.id)).toHaveLength(1);
  });
});

describe("reporting a review", () => {
  it("anyone signed in but its author reports a published review; hiding it takes it out of the listing's rating, audited, and the reporter is told", async () => {
    const admin = await actorFor(await createAdmin(db()));
    const { owner, listing } = await listingWithOwner({ name: "Mama Put Kitchen" });
    const fair = await createVisitor(db());
    const liar = await createVisitor(db());
    await createReview(db(), { businessId: listing.id, authorId: fair.id, stars: 4, body: "Good jollof, fair prices, quick service." });
    const fake = await createReview(db(), { businessId: listing.id, authorId: liar.id, stars: 1, body: "Worst place ever, they stole my money!!" });
    const rating = async () => (await db().select({ n: businesses.reviewCount, sum: businesses.reviewStarSum }).from(businesses).where(eq(businesses.id, listing.id)))[0];
    expect(await rating()).toEqual({ n: 2, sum: 5 });

    const own = await refusal(createReport(await actorFor(liar), { kind: "review", id: fake.id, reason: "fake" }));
    expect(own.message).toBe(REPORT_TEXTS.ownReview);
    // The listing's owner may report a review of their business, like anyone who read it.
    await createReport(await actorFor(owner), { kind: "review", id: fake.id, reason: "fake", details: "Never a customer" });
    const target = await getReportTarget(await actorFor(owner), { kind: "review", id: fake.id });
    expect(target).toMatchObject({ kind: "review", href: `/businesses/${listing.id}#review-${fake.id}` });
    expect(target.title).toContain("Mama Put Kitchen");

    const { rows } = await listReports(admin, { page: 1 });
    expect(rows.find((g) => g.itemId === fake.id)).toMatchObject({ kind: "review", count: 1 });
    const outsider = await refusal(resolveReports(await visitor(), { kind: "review", id: fake.id, action: "remove" }, powers));
    expect(outsider.code).toBe("forbidden");
    expect((await db().select({ status: reviews.status }).from(reviews).where(eq(reviews.id, fake.id)))[0]?.status).toBe("published");

    const { outcome } = await resolveReports(admin, { kind: "review", id: fake.id, action: "remove", reason: "Not a customer" }, powers);
    expect(outcome).toBe("hidden");
    expect((await db().select({ status: reviews.status }).from(reviews).where(eq(reviews.id, fake.id)))[0]?.status).toBe("hidden");
    expect(await rating()).toEqual({ n: 1, sum: 4 });
    expect((await auditFor(fake.id)).map((a) => a.action)).toEqual(expect.arrayContaining(["review.hide", "reports.hidden"]));
    const [notice] = await noticesOf(owner.id);
    expect(notice?.title).toBe("Your report was reviewed");
    // A hidden review can no longer be reported.
    expect((await refusal(createReport(await visitor(), { kind: "review", id: fake.id, reason: "offensive" }))).code).toBe("not-found");
  });
});

describe("a reporter's notice in their language (issue 36)", () => {
  it("quotes the reported review in the reporter's language, not the admin's", async () => {
    const admin = await actorFor(await createAdmin(db()));
    const { listing } = await listingWithOwner({ name: "Iya Basira Buka" });
    const author = await createVisitor(db());
    const review = await createReview(db(), { businessId: listing.id, authorId: author.id, stars: 1, body: "They never opened when the sign said." });
    const reporter = await createVisitor(db());
    await db().update(profiles).set({ language: "ha" }).where(eq(profiles.id, reporter.id));
    await createReport(await actorFor(reporter), { kind: "review", id: review.id, reason: "fake" });
    await resolveReports(admin, { kind: "review", id: review.id, action: "remove", reason: "Not a customer" }, powers);
    const [notice] = await noticesOf(reporter.id);
    expect(`${notice?.title} ${notice?.body}`).toContain("Sharhi kan Iya Basira Buka");
    expect(`${notice?.title} ${notice?.body}`).not.toContain("A review of");
  });
});

describe("the Reports tab and its actions", () => {
  it("groups open reports by item with the count and reasons, the most recently reported item first", async () => {
    const admin = await actorFor(await createAdmin(db()));
    const a = await listingWithOwner({ name: "Older Reported Shop" });
    const b = await listingWithOwner({ name: "Newer Reported Shop" });
    await createReport(await visitor(), { kind: "listing", id: a.listing.id, reason: "scam" });
    await createReport(await visitor(), { kind: "listing", id: a.listing.id, reason: "scam" });
    await createReport(await visitor(), { kind: "listing", id: a.listing.id, reason: "fake", details: "Photos are stolen" });
    await db().update(reports).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(reports.itemId, a.listing.id));
    await createReport(await visitor(), { kind: "listing", id: b.listing.id, reason: "offensive" });
    const page = await listReports(admin, { page: 1 });
    const ours = page.rows.filter((g) => g.itemId === a.listing.id || g.itemId === b.listing.id);
    expect(ours.map((g) => g.item?.title)).toEqual(["Newer Reported Shop", "Older Reported Shop"]);
    const older = ours[1]!;
    expect(older.count).toBe(3);
    expect(older.reasons).toEqual([{ reason: "scam", count: 2 }, { reason: "fake", count: 1 }]);
    expect(older.reports.map((r) => r.details)).toContain("Photos are stolen");
    expect(older.item?.href).toBe(`/businesses/${a.listing.id}`);
  });

  it("dismiss closes every open report of the item, audits it and tells every reporter", async () => {
    const admin = await actorFor(await createAdmin(db()));
    const { listing } = await listingWithOwner({ name: "Dismissed Shop" });
    const r1 = await visitor();
    const r2 = await visitor();
    await createReport(r1, { kind: "listing", id: listing.id, reason: "fake" });
    await createReport(r2, { kind: "listing", id: listing.id, reason: "other" });
    const result = await resolveReports(admin, { kind: "listing", id: listing.id, action: "dismiss" }, powers);
    expect(result).toEqual({ outcome: "dismissed", closed: 2 });
    expect(await openReportsOf(listing.id)).toHaveLength(0);
    const closed = await db().select().from(reports).where(eq(reports.itemId, listing.id));
    expect(closed.every((r) => r.status === "dismissed" && r.decidedBy === admin.id && r.decidedAt)).toBe(true);
    expect((await auditFor(listing.id)).map((a) => a.action)).toContain("reports.dismissed");
    for (const r of [r1, r2]) {
      const [notice] = await noticesOf(r.id);
      expect(notice?.body).toContain("“Dismissed Shop”");
      expect(notice?.body).toContain("stays up");
    }
    const [still] = await db().select({ status: businesses.approvalStatus }).from(businesses).where(eq(businesses.id, listing.id));
    expect(still?.status).toBe("approved");
    expect((await refusal(resolveReports(admin, { kind: "listing", id: listing.id, action: "dismiss" }, powers))).message).toBe(REPORT_TEXTS.nothingOpen);
  });

  it("unpublish takes the listing down with the reason its owner sees, audited, and the reporter is told", async () => {
    const admin = await actorFor(await createAdmin(db()));
    const { listing } = await listingWithOwner({ name: "Scam Shop" });
    const reporter = await visitor();
    await createReport(reporter, { kind: "listing", id: listing.id, reason: "scam" });
    const noReason = await refusal(resolveReports(admin, { kind: "listing", id: listing.id, action: "remove" }, powers));
    expect(noReason.message).toBe(REPORT_TEXTS.removeReasonRequired);
    await resolveReports(admin, { kind: "listing", id: listing.id, action: "remove", reason: "Several buyers paid and got nothing" }, powers);
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toMatchObject({ approvalStatus: "rejected", approved: false, rejectionReason: "Several buyers paid and got nothing" });
    const actions = (await auditFor(listing.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["business.unpublish", "reports.unpublished"]));
    const [notice] = await noticesOf(reporter.id);
    expect(notice?.body).toContain("unpublished the listing");
    const [closed] = await db().select().from(reports).where(eq(reports.itemId, listing.id));
    expect(closed).toMatchObject({ status: "actioned", outcome: "unpublished" });
  });

  it("suspend suspends the author of a reported message, audited, and the reporter is told", async () => {
    const admin = await actorFor(await createAdmin(db()));
    const { owner, listing } = await listingWithOwner();
    const writer = await createVisitor(db());
    const message = await createMessage(db(), { businessId: listing.id, senderId: writer.id, message: "Send the money now" });
    await createReport(await actorFor(owner), { kind: "message", id: message.id, reason: "scam" });
    const removeMessage = await refusal(resolveReports(admin, { kind: "message", id: message.id, action: "remove", reason: "x" }, powers));
    expect(removeMessage.message).toBe(REPORT_TEXTS.noRemoveAction);
    await resolveReports(admin, { kind: "message", id: message.id, action: "suspend", reason: "Scam messages" }, powers);
    const [author] = await db().select({ banned: user.banned }).from(user).where(eq(user.id, writer.id));
    expect(author?.banned).toBe(true);
    expect((await db().select().from(auditLog).where(eq(auditLog.targetId, writer.id))).map((a) => a.action)).toContain("user.suspend");
    expect((await auditFor(message.id)).map((a) => a.action)).toContain("reports.suspended");
    const [notice] = await noticesOf(owner.id);
    expect(notice?.body).toContain("suspended the account");
  });

  it("refuses non-admins and admins without two-factor, for the list and every action", async () => {
    const { listing } = await listingWithOwner();
    await createReport(await visitor(), { kind: "listing", id: listing.id, reason: "scam" });
    const noTwoFactor = await actorFor(await createAdmin(db(), { twoFactor: false }));
    const owner = await actorFor(await createOwner(db()));
    for (const actor of [null, await visitor(), owner, noTwoFactor]) {
      expect((await refusal(listReports(actor, { page: 1 }))).code).toMatch(/unauthenticated|forbidden/);
      for (const action of ["dismiss", "remove", "suspend"] as const) {
        const error = await refusal(resolveReports(actor, { kind: "listing", id: listing.id, action, reason: "r" }, powers));
        expect(error.code).toMatch(/unauthenticated|forbidden/);
      }
    }
    expect(await openReportsOf(listing.id)).toHaveLength(1);
    const [row] = await db().select({ status: businesses.approvalStatus }).from(businesses).where(eq(businesses.id, listing.id));
    expect(row?.status).toBe("approved");
  });

  it("the database allows one open report per reporter and item, and another after the first is closed", async () => {
    const u = await createUser(db());
    const { listing } = await listingWithOwner();
    await db().insert(reports).values({ reporterId: u.id, itemKind: "listing", itemId: listing.id, reason: "other" });
    await expect(db().insert(reports).values({ reporterId: u.id, itemKind: "listing", itemId: listing.id, reason: "fake" })).rejects.toThrow();
    await db().update(reports).set({ status: "dismissed", decidedAt: new Date() }).where(eq(reports.reporterId, u.id));
    await db().insert(reports).values({ reporterId: u.id, itemKind: "listing", itemId: listing.id, reason: "fake" });
    await expect(db().insert(reports).values({ reporterId: u.id, itemKind: "post", itemId: listing.id, reason: "fake" })).rejects.toThrow();
  });
});

describe("possible duplicates in Business Approvals", () => {
  it("marks a pending listing with the same phone, or a very similar name in the same state, and not in another state", async () => {
    const { findPossibleDuplicates } = await import("./find-possible-duplicates.server");
    const admin = await actorFor(await createAdmin(db()));
    const owner = await createOwner(db());
    const tag = Math.random().toString(36).slice(2, 8);
    const phone = `+23480${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const original = await createBusiness(db(), { userId: owner.id, name: `Zobo Palace ${tag} Ikeja`, state: "Lagos", phoneNumber: phone });
    const elsewhere = await createBusiness(db(), { userId: owner.id, name: `Zobo Palace ${tag} Ikeja`, state: "Kano", phoneNumber: null });
    const samePhone = await createBusiness(db(), { userId: owner.id, status: "pending", name: `Totally Different ${tag}`, state: "Oyo", phoneNumber: phone });
    const sameName = await createBusiness(db(), { userId: owner.id, status: "pending", name: `Zobo Palace ${tag} Ikeja.`, state: "Lagos", phoneNumber: null });
    const otherState = await createBusiness(db(), { userId: owner.id, status: "pending", name: `Zobo Palace ${tag} Ikeja`, state: "Enugu", phoneNumber: null });
    const marks = await findPossibleDuplicates(admin, [samePhone, sameName, otherState]);
    expect(marks[samePhone.id]?.map((d) => [d.id, d.why])).toEqual([[original.id, "phone"]]);
    expect(marks[sameName.id]?.map((d) => [d.id, d.why])).toEqual([[original.id, "name"]]);
    expect(marks[sameName.id]?.map((d) => d.id)).not.toContain(elsewhere.id);
    expect(marks[otherState.id] ?? []).toEqual([]);
    expect((await refusal(findPossibleDuplicates(await visitor(), [samePhone]))).code).toBe("forbidden");
  });
});
