/**
 * The admin's Deliveries tab (issue 33, ADR 34): the deliveries that failed for good, listed newest failure first with
 * whom and what they were for, and Retry, which makes one due again and sends it once. Failed jobs are made the real
 * way: enqueued by the real code in a transaction, run by the real handlers against an outbox that refuses them
 * (tests/support/failed-deliveries.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditLog, businessMessages, user } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createPayment, createVisitor } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { actorFor } from "../../../tests/support/actors";
import {
  acceptMarkedMail, failedEmail, failForGood, jobState, REFUSED_MARK, REFUSING_CONSTRAINT,
} from "../../../tests/support/failed-deliveries";
import { deliveredMail } from "../../../tests/support/outbox";
import { refusal } from "../../../tests/support/refusals";
import { getDb, queryRows } from "../../lib/db.server";
import { EMAIL_QUEUE, enqueueEmail } from "../../lib/email.server";
import { enqueue, runDueJobs } from "../../lib/jobs.server";
import { getEnv, setEnv } from "../../lib/env.server";
import { enqueueSms, SMS_QUEUE } from "../../lib/sms.server";
import { WHATSAPP_QUEUE } from "../../lib/whatsapp.server";
import { ADMIN_PAGE_SIZE } from "../../lib/pagination";
import { ADMIN_TWO_FACTOR_REQUIRED, TWO_FACTOR_REQUIRED_REASON } from "../accounts/access";
import { MESSAGE_NOTICE_QUEUE } from "../messaging/send-message-notice.server";
import { NOTICE_QUEUE } from "../notifications/person-notices.server";
import { LEDGER_TEXTS } from "../payments/payment-ledger";
import { enqueuePaymentReceipt, RECEIPT_QUEUE } from "../payments/send-payment-receipt.server";
import { ADMIN_TEXTS, DELIVERY_QUEUES, DELIVERY_TEXTS } from "./admin.schemas";
import { runAdminAction } from "./admin-actions.server";
import { countPendingWork } from "./count-pending-work.server";
import { listFailedDeliveries, type FailedDelivery } from "./list-failed-deliveries.server";
import { retryDelivery } from "./retry-delivery.server";

// Every test leaves the outbox taking mail again, whatever it asserted.
afterEach(() => acceptMarkedMail());

const admin = async () => actorFor(await createAdmin(getDb()));

/** Every failed delivery, page after page (the file's own database holds only what its tests made). */
async function allFailed(actor: Awaited<ReturnType<typeof admin>>): Promise<FailedDelivery[]> {
  const rows: FailedDelivery[] = [];
  for (let page = 1; ; page++) {
    const listed = await listFailedDeliveries(actor, { page });
    rows.push(...listed.list.rows);
    if (!listed.list.hasNext) return rows;
  }
}

/** A payment receipt that failed for good: a succeeded payment whose receipt e-mail (subject: its reference) is refused. */
async function failedReceipt() {
  const payer = await createOwner(getDb());
  const payment = await createPayment(getDb(), {
    userId: payer.id, purpose: "subscription", planId: "standard", reference: `demo_${REFUSED_MARK}${Date.now()}`,
  });
  await getDb().transaction((tx) => enqueuePaymentReceipt(tx, payment));
  const [job] = await queryRows<{ id: string }>(getDb(), sql`select id from pgboss.job where name = ${RECEIPT_QUEUE} and data->>'reference' = ${payment.reference}`);
  await failForGood([job!.id]);
  return { id: job!.id, payer, payment };
}

/** An owner's new-message notice that failed for good: its subject names the business, whose name is marked. */
async function failedNotice() {
  const owner = await createOwner(getDb());
  const listing = await createBusiness(getDb(), { userId: owner.id, name: `Mama Nkechi Kitchen ${REFUSED_MARK}${Date.now()}` });
  const visitor = await createVisitor(getDb());
  const [message] = await getDb()
    .insert(businessMessages)
    .values({ businessId: listing.id, senderId: visitor.id, visitorId: visitor.id, recipientId: owner.id, message: "Are you open on Sunday?", senderType: "visitor" })
    .returning({ id: businessMessages.id });
  const id = await getDb().transaction((tx) => enqueue(tx, MESSAGE_NOTICE_QUEUE, { messageId: message!.id }));
  await failForGood([id!]);
  return { id: id!, owner, listing, messageId: message!.id };
}

const retryAudits = (jobId: string) =>
  getDb().select().from(auditLog).where(and(eq(auditLog.action, "delivery.retry"), eq(auditLog.targetId, jobId)));

describe("the delivery queues", () => {
  it("are every queue the server runs: the receipt, the new-message notice, e-mails and texts (SMS, WhatsApp)", () => {
    expect([...DELIVERY_QUEUES].sort()).toEqual([RECEIPT_QUEUE, MESSAGE_NOTICE_QUEUE, NOTICE_QUEUE, EMAIL_QUEUE, SMS_QUEUE, WHATSAPP_QUEUE].sort());
    expect(Object.keys(JOB_HANDLERS).sort()).toEqual([...DELIVERY_QUEUES].sort());
  });

  it("shows a failed text by its number and kind, never its words (a sign-in code may be among them)", async () => {
    const actor = await admin();
    const original = getEnv();
    // Production without an SMS provider: the text fails for good at once, naming why.
    setEnv({ ...original, isProduction: true });
    try {
      await getDb().transaction((tx) => enqueueSms(tx, { to: "+2348030000111", text: "Naija Directory: your code is 424242." }));
      await runDueJobs(JOB_HANDLERS);
    } finally {
      setEnv(original);
    }
    const row = (await allFailed(actor)).find((r) => r.queue === "sms" && r.to === "+2348030000111");
    expect(row).toMatchObject({ about: "Text message", tries: 1, error: "no SMS provider is configured (SMS_PROVIDER)" });
    expect(JSON.stringify(row)).not.toContain("424242");
  });
});

describe("the failed deliveries list", () => {
  it("shows each kind newest failure first: what it was, to whom, about what, when, how many tries and the error", async () => {
    const actor = await admin();
    const receipt = await failedReceipt();
    const notice = await failedNotice();
    const email = await failedEmail({ to: "ada.obi@example.com", subject: "Reset your password" });

    const listed = await listFailedDeliveries(actor, { page: 1 });
    const mine = listed.list.rows.filter((r) => [receipt.id, notice.id, email.id].includes(r.id));
    // Failed one after the other: the e-mail last, so first.
    expect(mine.map((r) => r.id)).toEqual([email.id, notice.id, receipt.id]);
    expect(mine[0]).toMatchObject({ queue: "email", to: "ada.obi@example.com", about: email.subject, tries: 1 });
    expect(mine[1]).toMatchObject({ queue: "message-notice", to: notice.owner.email, about: notice.listing.name, tries: 1 });
    expect(mine[2]).toMatchObject({ queue: "payment-receipt", to: receipt.payer.email, about: receipt.payment.reference, tries: 1 });
    for (const row of mine) {
      // The database's own refusal, as the job kept it (no address: ADR 34).
      expect(row.error).toContain(`violates check constraint "${REFUSING_CONSTRAINT}"`);
      expect(row.error).not.toContain("@");
      expect(row.enqueuedAt).toBeInstanceOf(Date);
      expect(row.failedAt!.getTime()).toBeGreaterThanOrEqual(row.enqueuedAt.getTime());
    }
    // The order is the failures' own: completed_on newest first, then id.
    const stored = await queryRows<{ id: string }>(
      getDb(),
      sql`select id from pgboss.job where state = 'failed' and name in ('payment-receipt', 'message-notice', 'email', 'sms', 'whatsapp') order by completed_on desc, id`,
    );
    expect(listed.list.rows.map((r) => r.id)).toEqual(stored.map((r) => r.id).slice(0, ADMIN_PAGE_SIZE));

    // The counts above the list: failed per queue (what the badge adds up), and a job still waiting.
    await getDb().transaction((tx) => enqueueEmail(tx, { to: "waiting@example.com", subject: "Waiting", text: "W", html: "<p>W</p>" }));
    const { counts } = await listFailedDeliveries(actor, { page: 1 });
    const failedOf = async (queue: string) =>
      Number((await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from pgboss.job where name = ${queue} and state = 'failed'`))[0]!.n);
    expect(counts.map((c) => c.queue)).toEqual([...DELIVERY_QUEUES]);
    for (const c of counts) expect(c.failed, c.queue).toBe(await failedOf(c.queue));
    expect(counts.find((c) => c.queue === "email")).toMatchObject({ created: 1, retry: 0 });
    expect((await countPendingWork(actor)).deliveries).toBe(counts.reduce((sum, c) => sum + c.failed, 0));
  });

  it("still shows a delivery whose message or account is gone, with nothing for what is missing", async () => {
    const actor = await admin();
    const notice = await failedNotice();
    await getDb().delete(businessMessages).where(eq(businessMessages.id, notice.messageId));
    const receipt = await failedReceipt();
    // A deleted account keeps its row, anonymised, with deleted_at set: its address is no one's to show.
    await getDb().update(user).set({ deletedAt: new Date() }).where(eq(user.id, receipt.payer.id));
    const all = await allFailed(actor);
    const gone = all.find((r) => r.id === notice.id);
    expect(gone).toMatchObject({ queue: "message-notice", to: null, about: null, tries: 1 });
    expect(gone!.error).toContain(REFUSING_CONSTRAINT);
    expect(all.find((r) => r.id === receipt.id)).toMatchObject({ queue: "payment-receipt", to: null, about: receipt.payment.reference });
  });

  it("pages on the server, a page at a time, with nothing lost or repeated", async () => {
    const actor = await admin();
    const made = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) made.push((await failedEmail({ subject: `Paged ${i}` })).id);
    const first = await listFailedDeliveries(actor, { page: 1 });
    expect(first.list).toMatchObject({ page: 1, hasNext: true });
    expect(first.list.rows).toHaveLength(ADMIN_PAGE_SIZE);
    // Each failed after the one before: the newest failure first.
    expect(first.list.rows.slice(0, ADMIN_PAGE_SIZE).map((r) => r.id)).toEqual([...made].reverse().slice(0, ADMIN_PAGE_SIZE));
    const all = await allFailed(actor);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining(made));
    const second = await listFailedDeliveries(actor, { page: 2 });
    expect(second.list.page).toBe(2);
    expect(second.list.rows.map((r) => r.id).slice(0, 2)).toEqual([made[1], made[0]]);
  });

  it("is refused to a visitor, a business owner and an admin without two-factor sign-in", async () => {
    const visitor = await actorFor(await createVisitor(getDb()));
    const owner = await actorFor(await createOwner(getDb()));
    const no2fa = await actorFor(await createAdmin(getDb(), { twoFactor: false }));
    for (const actor of [visitor, owner]) {
      expect(await refusal(listFailedDeliveries(actor, { page: 1 }))).toMatchObject({ code: "forbidden", title: ADMIN_TEXTS.accessDenied.title });
    }
    expect(await refusal(listFailedDeliveries(no2fa, { page: 1 }))).toMatchObject({
      code: "forbidden", reason: TWO_FACTOR_REQUIRED_REASON, message: ADMIN_TWO_FACTOR_REQUIRED.text,
    });
    expect((await refusal(listFailedDeliveries(null, { page: 1 }))).code).toBe("unauthenticated");
  });
});

describe("Retry", () => {
  const retryForm = (id: string, queue: string) => {
    const form = new FormData();
    form.set("intent", "retry-delivery");
    form.set("targetId", id);
    form.set("queue", queue);
    return form;
  };

  it("makes the failed e-mail due again with one more try, audits it, and the workers then send it exactly once", async () => {
    const actor = await admin();
    const email = await failedEmail({ to: "chidi@example.com", subject: "Verify your e-mail" });
    expect(await jobState(email.id)).toMatchObject({ state: "failed", retry_count: 0, retry_limit: 0 });
    const failedBefore = (await countPendingWork(actor)).deliveries;

    const { status, result } = await runAdminAction(actor, retryForm(email.id, "email"));
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, title: DELIVERY_TEXTS.retried, text: DELIVERY_TEXTS.retriedText, targetId: email.id });
    // pg-boss's retry: state 'retry', one more try allowed, due now.
    expect(await jobState(email.id)).toMatchObject({ state: "retry", retry_count: 0, retry_limit: 1 });
    const [due] = await queryRows<{ due: boolean }>(getDb(), sql`select start_after <= now() as due from pgboss.job where id = ${email.id}::uuid`);
    expect(due!.due).toBe(true);
    expect((await allFailed(actor)).map((r) => r.id)).not.toContain(email.id);
    expect((await listFailedDeliveries(actor, { page: 1 })).counts.find((c) => c.queue === "email")).toMatchObject({ retry: 1 });
    expect((await countPendingWork(actor)).deliveries).toBe(failedBefore - 1);
    const [audit] = await retryAudits(email.id);
    expect(audit).toMatchObject({
      actorId: actor.id, actorEmail: actor.email, targetType: "delivery", targetId: email.id,
      before: { queue: "email", state: "failed", tries: 1 }, after: { queue: "email", state: "retry" },
    });

    // The mail server is back: the next round of the workers sends it, once.
    await acceptMarkedMail();
    const sent = (await deliveredMail(1000)).filter((m) => m.subject === email.subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "chidi@example.com" });
    expect(await jobState(email.id)).toMatchObject({ state: "completed", retry_count: 1 });
    expect((await deliveredMail(1000)).filter((m) => m.subject === email.subject)).toHaveLength(1);
  });

  it("sends a payment's receipt again and marks it sent", async () => {
    const actor = await admin();
    const receipt = await failedReceipt();
    await retryDelivery(actor, { id: receipt.id, queue: "payment-receipt" });
    await acceptMarkedMail();
    const sent = (await deliveredMail(1000)).filter((m) => m.subject === LEDGER_TEXTS.receiptSubject(receipt.payment.reference));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(receipt.payer.email);
    expect(await jobState(receipt.id)).toMatchObject({ state: "completed" });
  });

  it("the second Retry of the same delivery says it is no longer waiting for one, and changes nothing", async () => {
    const actor = await admin();
    const other = await admin();
    const email = await failedEmail();
    await retryDelivery(actor, { id: email.id, queue: "email" });
    const after = await jobState(email.id);

    // Another admin (or a second click) on the same row: a clear refusal, not a crash.
    const again = await runAdminAction(other, retryForm(email.id, "email"));
    expect(again.status).toBe(409);
    expect(again.result).toMatchObject({ ok: false, title: DELIVERY_TEXTS.retryFailed, text: DELIVERY_TEXTS.notFailed });
    expect(again.result.errorId).toBeUndefined();
    expect(await jobState(email.id)).toEqual(after);
    expect(await retryAudits(email.id)).toHaveLength(1);

    // Sent since: no longer waiting either.
    await acceptMarkedMail();
    expect((await deliveredMail(1000)).filter((m) => m.subject === email.subject)).toHaveLength(1);
    expect(await jobState(email.id)).toMatchObject({ state: "completed" });
    expect(await refusal(retryDelivery(actor, { id: email.id, queue: "email" }))).toMatchObject({ code: "conflict", message: DELIVERY_TEXTS.notFailed });
  });

  it("of two admins retrying the same delivery at once, one retries it and the other is told it is no longer waiting", async () => {
    const [first, second] = [await admin(), await admin()];
    const email = await failedEmail();
    const outcomes = await Promise.allSettled([retryDelivery(first, { id: email.id, queue: "email" }), retryDelivery(second, { id: email.id, queue: "email" })]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((o) => o.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "conflict", message: DELIVERY_TEXTS.notFailed });
    expect(await jobState(email.id)).toMatchObject({ state: "retry", retry_limit: 1 });
    expect(await retryAudits(email.id)).toHaveLength(1);
  });

  it("refuses a form that names no delivery (a bad id, another queue, the wrong queue) with a clear error, and changes nothing", async () => {
    const actor = await admin();
    const email = await failedEmail();
    const before = await jobState(email.id);
    for (const [id, queue] of [
      ["not-a-job", "email"],
      ["", "email"],
      [email.id, "voice"],
      [email.id, ""],
      [email.id, "pgboss.job"],
    ]) {
      const { status, result } = await runAdminAction(actor, retryForm(id!, queue!));
      expect(status, `${id} ${queue}`).toBe(400);
      expect(result, `${id} ${queue}`).toMatchObject({ ok: false, title: DELIVERY_TEXTS.retryFailed, text: DELIVERY_TEXTS.badDelivery });
    }
    // A real job named with another delivery queue: there is no such failed delivery.
    expect(await refusal(retryDelivery(actor, { id: email.id, queue: "payment-receipt" }))).toMatchObject({ code: "conflict", message: DELIVERY_TEXTS.notFailed });
    expect(await jobState(email.id)).toEqual(before);
    expect(await retryAudits(email.id)).toHaveLength(0);
  });

  it("is refused to a visitor, a business owner and an admin without two-factor sign-in, and changes nothing", async () => {
    const email = await failedEmail();
    const before = await jobState(email.id);
    const visitor = await actorFor(await createVisitor(getDb()));
    const owner = await actorFor(await createOwner(getDb()));
    const no2fa = await actorFor(await createAdmin(getDb(), { twoFactor: false }));
    for (const actor of [visitor, owner, no2fa]) {
      expect((await refusal(retryDelivery(actor, { id: email.id, queue: "email" }))).code).toBe("forbidden");
      const { status, result } = await runAdminAction(actor, retryForm(email.id, "email"));
      expect(status).toBe(403);
      expect(result.ok).toBe(false);
    }
    expect((await refusal(retryDelivery(null, { id: email.id, queue: "email" }))).code).toBe("unauthenticated");
    expect(await jobState(email.id)).toEqual(before);
    expect(await retryAudits(email.id)).toHaveLength(0);
  });
});
