/**
 * Account notices (issue 33): a new review and a listing decision reach the owner on their chosen channels, enqueued
 * with the change, and several waiting at once leave as one text and one e-mail; a retried job tells nothing twice.
 * The notices wait NOTICE_BATCH_SECONDS: the tests make them due (`dueNow`) rather than wait.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, user } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { actorFor } from "../../../tests/support/actors";
import { getDb, queryRows } from "../../lib/db.server";
import { listOutbox } from "../../lib/email.server";
import { runDueJobs } from "../../lib/jobs.server";
import { isGsm7, smsPages } from "../../lib/sms-pages";
import { phoneOnlyEmail } from "../accounts/phone.schemas";
import { reviewListing } from "../listings/review-listing.server";
import { settlePayment } from "../payments/confirm-payment.server";
import { createDemoPaymentProvider } from "../payments/demo-payment-provider.server";
import { payForPlan } from "../payments/pay-for-plan.server";
import { registerPaymentProvider, resetPaymentProviders } from "../payments/payment-provider.server";
import { saveReview } from "../reviews/save-review.server";
import { setNoticePreferences } from "./notice-preferences.server";
import { enqueueNotice, NOTICE_QUEUE, noticeText, sendPersonNotices } from "./person-notices.server";

const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 86_400_000);
let numbers = 0;
const freshPhone = () => {
  numbers += 1;
  return `+234909${String(Date.now() % 100_000).padStart(5, "0")}${String(numbers).padStart(2, "0")}`;
};

/** Quiet hours that are not now, in Nigerian time. */
function quietLater() {
  const hour = new Date(Date.now() + 3_600_000).getUTCHours();
  return { quietFrom: String((hour + 3) % 24), quietUntil: String((hour + 5) % 24) };
}

async function ownerWith(options: { phone?: boolean; channels?: string[]; phoneOnly?: boolean } = {}) {
  const owner = await createOwner(getDb(), { createdAt: TWO_DAYS_AGO() });
  const phone = freshPhone();
  if (options.phone !== false) await getDb().update(profiles).set({ phone, phoneVerifiedAt: new Date() }).where(eq(profiles.id, owner.id));
  let email = owner.email;
  if (options.phoneOnly) {
    email = phoneOnlyEmail(owner.id);
    await getDb().update(user).set({ email }).where(eq(user.id, owner.id));
  }
  const actor = { ...(await actorFor(owner)), email };
  if (options.channels) await setNoticePreferences(actor, { channels: options.channels, ...quietLater(), dailyTextCap: "10" });
  const live = await createBusiness(getDb(), { userId: owner.id, name: `Iya Bose Kitchen ${randomUUID().slice(0, 5)}` });
  const pending = await createBusiness(getDb(), { userId: owner.id, name: `Bose Bakery ${randomUUID().slice(0, 5)}`, status: "pending" });
  return { owner, email, phone, live, pending };
}

async function aReview(businessId: string, stars = 5) {
  const visitor = await createVisitor(getDb(), { firstName: "Kemi", lastName: "Ade", createdAt: TWO_DAYS_AGO() });
  return saveReview(await actorFor(visitor), { businessId, stars, body: "Lovely jollof and quick service, will come back." });
}

/** The notices' wait is over (as NOTICE_BATCH_SECONDS later), and the workers run what is due. */
async function dueNow() {
  await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${NOTICE_QUEUE} and state = 'created'`);
  await runDueJobs(JOB_HANDLERS);
}
const outboxTo = async (to: string) => (await listOutbox(1000)).filter((m) => m.to === to);
const waiting = async (userId: string) =>
  (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from pgboss.job where name = ${NOTICE_QUEUE} and data->>'userId' = ${userId} and state in ('created', 'retry')`))[0]!.n;

describe("account notices", () => {
  it("a review and a listing decision at once: one SMS saying both, who it is from and how to stop; nothing before the wait", async () => {
    const { owner, phone, live, pending } = await ownerWith({ channels: ["sms"] });
    await aReview(live.id, 4);
    await reviewListing(await actorFor(await createAdmin(getDb())), { decision: "approve", businessId: pending.id });
    expect(await waiting(owner.id)).toBe(2);
    await runDueJobs(JOB_HANDLERS);
    expect(await outboxTo(phone)).toEqual([]);

    await dueNow();
    const texts = await outboxTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: "sms" });
    expect(texts[0]!.text).toMatch(/^Naija Directory: 2 updates: /);
    // In the GSM alphabet, so it is billed as plain pages, not UCS-2 (more than twice the price).
    expect(isGsm7(texts[0]!.text)).toBe(true);
    expect(texts[0]!.text).toContain(`New 4-star review of ${live.name} from Kemi A.`);
    expect(texts[0]!.text).toContain(`${pending.name} is approved and public.`);
    expect(texts[0]!.text).toMatch(/Stop these texts: http\S+\/profile$/);
    expect(await waiting(owner.id)).toBe(0);
    expect(await outboxTo(owner.email)).toEqual([]);
  });

  it("with no choice made, one e-mail; a rejection says why", async () => {
    const { owner, pending, phone } = await ownerWith({ phone: false });
    await reviewListing(await actorFor(await createAdmin(getDb())), { decision: "reject", businessId: pending.id, reason: "The photos show another shop." });
    await dueNow();
    const mails = await outboxTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: `${pending.name} was not approved` });
    expect(mails[0]!.text).toContain("The reason: The photos show another shop.");
    expect(await outboxTo(phone)).toEqual([]);
  });

  it("an account made with a phone number hears by SMS without choosing; nothing goes to its stand-in address", async () => {
    const { email, phone, live } = await ownerWith({ phoneOnly: true });
    await aReview(live.id);
    await dueNow();
    // Without a choice the default quiet hours (21:00–07:00 WAT) hold a text back: at night its job waits for 07:00.
    const [held] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from pgboss.job where name = 'sms' and data->>'to' = ${phone}`);
    expect(held!.n).toBe(1);
    await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'sms' and data->>'to' = ${phone} and state = 'created'`);
    await runDueJobs(JOB_HANDLERS);
    expect(await outboxTo(phone)).toHaveLength(1);
    expect(await outboxTo(email)).toEqual([]);
  });

  it("a notice job tried again tells nothing twice", async () => {
    const { owner, phone } = await ownerWith({ channels: ["sms", "email"] });
    const job = { userId: owner.id, line: "Test line.", detail: "Test detail.", subject: "Test", path: "/dashboard", noticeId: randomUUID(), at: new Date().toISOString() };
    expect(await sendPersonNotices(job)).toEqual({ told: 1 });
    // Its process died before completing it; meanwhile a newer notice waits. The retry tells nothing and leaves it.
    await getDb().transaction((tx) => enqueueNotice(tx, { userId: owner.id, line: "Later line.", detail: "Later detail.", subject: "Later", path: "/dashboard" }));
    expect(await sendPersonNotices(job)).toEqual({ told: 0 });
    expect(await waiting(owner.id)).toBe(1);
    await runDueJobs(JOB_HANDLERS);
    expect((await outboxTo(phone)).map((m) => m.text)).toEqual([expect.stringContaining("Test line.")]);
    expect(await outboxTo(owner.email)).toHaveLength(1);
    // The newer one goes in its turn.
    await dueNow();
    expect((await outboxTo(phone)).map((m) => m.text)).toEqual([expect.stringContaining("Later line."), expect.stringContaining("Test line.")]);
  });

  it("many notices fit one text of about two SMS pages", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ line: `New 5-star review of Business number ${i} from Someone Q.`, path: "/dashboard" }));
    const text = noticeText(many);
    expect(text).toMatch(/^Naija Directory: 12 updates: /);
    expect(isGsm7(text)).toBe(true);
    expect(smsPages(text)).toBeLessThanOrEqual(3);
  });

  it("a payment: a text to an owner who hears by text, in GSM characters; the receipt e-mail stays the only e-mail", async () => {
    const { owner, phone } = await ownerWith({ channels: ["sms", "email"] });
    registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0, outcome: () => ({ status: "pending" }) }));
    try {
      const started = await payForPlan({ ...(await actorFor(owner)) }, { type: "subscription", plan: "standard" });
      if (started.status !== "pending") throw new Error("expected pending");
      await settlePayment(started.reference, { status: "succeeded", amountKobo: 299_900 });
    } finally {
      resetPaymentProviders();
    }
    await dueNow();
    const [text] = await outboxTo(phone);
    expect(text!.text).toMatch(/^Naija Directory: Payment received: NGN 2,999\.00 for the Standard plan\. Thank you\. http\S+\/dashboard\/payments\/\S+ Stop these texts: /);
    expect(isGsm7(text!.text)).toBe(true);
    expect((await outboxTo(owner.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Naija Directory receipt /)]);
  });
});
