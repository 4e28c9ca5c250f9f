import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, feedback, notificationBroadcasts, notifications, profiles, realtimeEvents } from "../../../db/schema";
import { createAdmin, createFeedback, createOwner, createUser, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getDb, queryRows } from "../../lib/db.server";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS } from "./admin.schemas";
import { runAdminAction } from "./admin-actions.server";
import { listBroadcasts } from "./list-broadcasts.server";
import { listFeedback } from "../feedback/list-feedback.server";
import { sendBroadcast } from "./send-broadcast.server";
import { countUnread } from "../notifications/count-unread.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

async function countByRole(): Promise<Record<string, number>> {
  const rows = await queryRows<{ role: string; n: number }>(getDb(), sql`select role, count(*)::int as n from profiles group by role`);
  return Object.fromEntries(rows.map((r) => [r.role, Number(r.n)]));
}

async function deliveredTo(broadcastId: string) {
  return getDb()
    .select({ userId: notifications.userId, kind: notifications.kind, title: notifications.title, body: notifications.body, priority: notifications.priority, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.broadcastId, broadcastId));
}

describe("Notifications tab", () => {
  it("delivers one unread in-app notification per profile in the audience and reports the count", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const visitor = await createVisitor(getDb());
    const legacy = await createUser(getDb(), { role: "user" });
    const owner = await createOwner(getDb());
    const counts = await countByRole();

    const bellBefore = await countUnread(getDb(), owner.id);
    const toBusinesses = await sendBroadcast(admin, { title: "Maintenance", message: "We update tonight.", targetAudience: "businesses", priority: "high" });
    // It shows in the owner's bell at once, and not in the visitor's.
    expect(await countUnread(getDb(), owner.id)).toBe(bellBefore + 1);
    expect(await countUnread(getDb(), visitor.id)).toBe(0);
    expect(toBusinesses.recipients).toBe(counts.business);
    const businessRows = await deliveredTo(toBusinesses.broadcastId);
    expect(businessRows).toHaveLength(counts.business!);
    expect(businessRows.find((r) => r.userId === owner.id)).toEqual({
      userId: owner.id, kind: "broadcast", title: "Maintenance", body: "We update tonight.", priority: "high", readAt: null,
    });
    expect(businessRows.some((r) => r.userId === visitor.id)).toBe(false);

    const toVisitors = await sendBroadcast(admin, { title: "Hello", message: "New features", targetAudience: "visitors", priority: "low" });
    expect(toVisitors.recipients).toBe((counts.visitor ?? 0) + (counts.user ?? 0));
    const visitorIds = (await deliveredTo(toVisitors.broadcastId)).map((r) => r.userId);
    expect(visitorIds).toEqual(expect.arrayContaining([visitor.id, legacy.id]));
    expect(visitorIds).not.toContain(owner.id);

    const toAll = await sendBroadcast(admin, { title: "All", message: "Everyone", targetAudience: "all", priority: "medium" });
    const [{ total }] = await queryRows<{ total: number }>(getDb(), sql`select count(*)::int as total from profiles`);
    expect(toAll.recipients).toBe(Number(total));

    const [stored] = await getDb().select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, toBusinesses.broadcastId));
    expect(stored).toMatchObject({ title: "Maintenance", targetAudience: "businesses", priority: "high", sentBy: admin.id, recipientCount: counts.business });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, toBusinesses.broadcastId));
    expect(audit).toMatchObject({ action: "notification.broadcast", actorId: admin.id, after: { recipientCount: counts.business, targetAudience: "businesses" } });

    // The bells of open pages in the audience refresh: one public event per send, no content in it.
    const events = await getDb().select().from(realtimeEvents).where(eq(realtimeEvents.type, "notifications.changed"));
    expect(events.map((e) => [e.userId, e.payload])).toEqual([
      [null, { audience: "businesses" }],
      [null, { audience: "visitors" }],
      [null, { audience: "all" }],
    ]);

    const recent = await listBroadcasts(admin, { page: 1 });
    expect(recent.rows.slice(0, 3).map((r) => r.id)).toEqual([toAll.broadcastId, toVisitors.broadcastId, toBusinesses.broadcastId]);
    expect(recent.rows[2]).toMatchObject({ recipientCount: counts.business, sentByEmail: admin.email, targetAudience: "businesses" });
  });

  it("requires a title and a message ('Please fill in all required fields') and keeps what was typed", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const before = await getDb().select({ id: notificationBroadcasts.id }).from(notificationBroadcasts);
    const blank = await runAdminAction(admin, form({ intent: "notify", title: "  ", message: "Body kept", targetAudience: "all", priority: "high" }));
    expect(blank).toMatchObject({
      status: 400,
      result: { ok: false, title: ADMIN_TEXTS.fillRequired, values: { title: "  ", message: "Body kept", targetAudience: "all", priority: "high" } },
    });
    await expect(sendBroadcast(admin, { title: "Title", message: " ", targetAudience: "all", priority: "low" })).rejects.toMatchObject({
      code: "invalid",
      message: ADMIN_TEXTS.fillRequired,
    });
    const badAudience = await runAdminAction(admin, form({ intent: "notify", title: "T", message: "M", targetAudience: "admins", priority: "low" }));
    expect(badAudience.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.notificationFailed, values: { title: "T", message: "M" } });
    const after = await getDb().select({ id: notificationBroadcasts.id }).from(notificationBroadcasts);
    expect(after).toHaveLength(before.length);

    const sent = await runAdminAction(admin, form({ intent: "notify", title: "Hi", message: "There", targetAudience: "businesses", priority: "medium" }));
    const [{ n }] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from ${profiles} where role = 'business'`);
    expect(sent.result).toMatchObject({ ok: true, title: ADMIN_EXTRA_TEXTS.notificationSentTitle, text: ADMIN_EXTRA_TEXTS.notificationSent(Number(n)) });
  });
});

describe("Feedback tab", () => {
  it("lists entries newest first with who sent them ('Unknown User' when nobody)", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const visitor = await createVisitor(getDb());
    const far = Date.now() + 400 * 86_400_000;
    const older = await createFeedback(getDb(), { userId: visitor.id, message: "Older", createdAt: new Date(far) });
    const anonymous = await createFeedback(getDb(), { userId: null, message: "Newer", createdAt: new Date(far + 1000) });
    const page = await listFeedback(admin, { page: 1 });
    expect(page.rows.slice(0, 2).map((r) => r.id)).toEqual([anonymous.id, older.id]);
    expect(page.rows[0]).toMatchObject({ userId: null, email: null });
    expect(page.rows[1]).toMatchObject({ email: visitor.email, firstName: visitor.firstName, status: "new" });
  });

  it("sets the status freely among new, reviewed and resolved, and deletes, with the spec's texts", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const entry = await createFeedback(getDb(), { message: "Please add dark mode" });
    for (const status of ["resolved", "new", "reviewed"]) {
      const outcome = await runAdminAction(admin, form({ intent: "feedback-status", targetId: entry.id, status }));
      expect(outcome.result).toMatchObject({ ok: true, title: ADMIN_TEXTS.feedbackUpdated });
      const [row] = await getDb().select({ status: feedback.status }).from(feedback).where(eq(feedback.id, entry.id));
      expect(row!.status).toBe(status);
    }
    const invalid = await runAdminAction(admin, form({ intent: "feedback-status", targetId: entry.id, status: "closed" }));
    expect(invalid.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.feedbackUpdateFailed });
    const deleted = await runAdminAction(admin, form({ intent: "delete-feedback", targetId: entry.id }));
    expect(deleted.result).toMatchObject({ ok: true, title: ADMIN_TEXTS.feedbackDeleted });
    expect(await getDb().select().from(feedback).where(eq(feedback.id, entry.id))).toEqual([]);
    const again = await runAdminAction(admin, form({ intent: "delete-feedback", targetId: entry.id }));
    expect(again.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.feedbackDeleteFailed });
    const audit = await getDb().select().from(auditLog).where(and(eq(auditLog.targetType, "feedback"), eq(auditLog.targetId, entry.id))).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ["feedback.status", { status: "new" }, { status: "resolved" }],
      ["feedback.status", { status: "resolved" }, { status: "new" }],
      ["feedback.status", { status: "new" }, { status: "reviewed" }],
      ["feedback.delete", expect.objectContaining({ message: "Please add dark mode", status: "reviewed" }), null],
    ]);
  });
});

describe("the audit log", () => {
  it("is append-only: no update or delete gets through", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const entry = await createFeedback(getDb());
    await runAdminAction(admin, form({ intent: "feedback-status", targetId: entry.id, status: "resolved" }));
    await expect(getDb().execute(sql`update audit_log set action = 'x' where target_id = ${entry.id}`)).rejects.toThrow();
    await expect(getDb().execute(sql`delete from audit_log where target_id = ${entry.id}`)).rejects.toThrow();
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.targetId, entry.id));
    expect(rows.map((r) => r.action)).toEqual(["feedback.status"]);
  });
});
