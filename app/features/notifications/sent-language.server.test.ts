/**
 * What is sent to a person is in THEIR language (issue 36: 'E-mails, SMS and WhatsApp messages in the recipient's
 * language'): a person who chose Hausa (profiles.language 'ha') gets the notice in their bell, the e-mail and the
 * text in Hausa, its links to the Hausa pages; a person who chose none gets them in English, word for word as before;
 * and a code asked for from a page in Yoruba (a person without an account) comes in Yoruba. Texts go through the job
 * queue to the development outbox (no SMS or WhatsApp provider here); account notices wait NOTICE_BATCH_SECONDS, which
 * the tests cut short (`dueNow`).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, profiles } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { actorFor } from "../../../tests/support/actors";
import { getDb, queryRows } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { listOutbox } from "../../lib/email.server";
import { splitLocalePath, type Locale } from "../../lib/i18n/locales";
import { runDueJobs } from "../../lib/jobs.server";
import { requestStorage } from "../../lib/request-context.server";
import { settleBackgroundTasks } from "../../lib/background.server";
import { tFor } from "../../lib/i18n/i18n";
import { requestPasswordReset } from "../accounts/password-reset.server";
import { requestSignInCode } from "../accounts/phone-sign-in.server";
import { settlePayment } from "../payments/confirm-payment.server";
import { createDemoPaymentProvider } from "../payments/demo-payment-provider.server";
import { payForPlan } from "../payments/pay-for-plan.server";
import { registerPaymentProvider, resetPaymentProviders } from "../payments/payment-provider.server";
import { sendMessage } from "../messaging/send-message.server";
import { replyToReview } from "../reviews/reply-to-review.server";
import { saveReview } from "../reviews/save-review.server";
import { setNoticePreferences } from "./notice-preferences.server";
import { NOTICE_QUEUE } from "./person-notices.server";

const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 86_400_000);
const REVIEW = "Lovely jollof and quick service, will come back.";
let numbers = 0;
const freshPhone = () => {
  numbers += 1;
  return `+234906${String(Date.now() % 100_000).padStart(5, "0")}${String(numbers).padStart(2, "0")}`;
};

/** Quiet hours that are not now, in Nigerian time. */
function quietLater() {
  const hour = new Date(Date.now() + 3_600_000).getUTCHours();
  return { quietFrom: String((hour + 3) % 24), quietUntil: String((hour + 5) % 24) };
}

/** A person with a verified number, told on `channels`, who chose `language` (null: never chose). */
async function person(make: typeof createOwner, language: Locale | null, channels: string[], names: { firstName?: string; lastName?: string } = {}) {
  const created = await make(getDb(), { createdAt: TWO_DAYS_AGO(), ...names });
  const phone = freshPhone();
  await getDb().update(profiles).set({ phone, phoneVerifiedAt: new Date(), language }).where(eq(profiles.id, created.id));
  const actor = await actorFor(created);
  await setNoticePreferences(actor, { channels, ...quietLater(), dailyTextCap: "10" });
  return { created, phone, actor };
}

/** The account notices' wait is over (as NOTICE_BATCH_SECONDS later), and the workers run what is due. */
async function dueNow() {
  await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${NOTICE_QUEUE} and state = 'created'`);
  await runDueJobs(JOB_HANDLERS);
}
const outboxTo = async (to: string) => (await listOutbox(1000)).filter((m) => m.to === to);

/**
 * A review of the owner's listing (an e-mail and an SMS to the owner), the owner's reply (a notice in the reviewer's
 * bell), and the reviewer's message the owner answers (a WhatsApp message to the reviewer): each person in `language`.
 */
async function scene(language: Locale | null) {
  const owner = await person(createOwner, language, ["sms", "email"]);
  const business = await createBusiness(getDb(), { userId: owner.created.id, name: `Iya Bose Kitchen ${randomUUID().slice(0, 5)}` });
  const reviewer = await person(createVisitor, language, ["whatsapp"], { firstName: "Kemi", lastName: "Ade" });
  const saved = await saveReview(reviewer.actor, { businessId: business.id, stars: 4, body: REVIEW });
  await dueNow();
  const [sms] = await outboxTo(owner.phone);
  const [email] = await outboxTo(owner.created.email);
  await replyToReview(owner.actor, { reviewId: saved.reviewId, reply: "Thank you, come again!" });
  await sendMessage(reviewer.actor, { businessId: business.id, message: "Do you open on Sunday?", idempotencyKey: randomUUID() });
  // The reviewer left the chat 20 minutes ago (a person looking at it is told nothing).
  await getDb().execute(sql`update conversation_states set last_seen_at = now() - interval '20 minutes' where user_id = ${reviewer.created.id}`);
  await sendMessage(owner.actor, { businessId: business.id, visitorId: reviewer.created.id, message: "Yes, from noon.", idempotencyKey: randomUUID() });
  await runDueJobs(JOB_HANDLERS);
  const [whatsapp] = await outboxTo(reviewer.phone);
  const [notice] = await getDb().select({ title: notifications.title, body: notifications.body }).from(notifications).where(eq(notifications.userId, reviewer.created.id));
  const template = await queryRows<{ data: { template: { name: string; params: string[] } } }>(
    getDb(),
    sql`select data from pgboss.job where name = 'whatsapp' and data->>'to' = ${reviewer.phone}
        union all select data from pgboss.archive where name = 'whatsapp' and data->>'to' = ${reviewer.phone}`,
  );
  return { business, url: getEnv().PUBLIC_URL.replace(/\/$/, ""), sms, email, whatsapp, notice, template: template[0]?.data.template };
}

describe("what is sent to a person, in their language", () => {
  it("a person who chose Hausa: the SMS, the e-mail, the notice in their bell and the WhatsApp message are in Hausa, with links to the Hausa pages", async () => {
    const { business, url, sms, email, whatsapp, notice, template } = await scene("ha");
    const page = `${url}/ha/businesses/${business.id}#reviews`;

    expect(sms).toMatchObject({ channel: "sms" });
    expect(sms!.text).toBe(`Naija Directory: Sabon sharhi mai tauraro 4 kan ${business.name} daga Kemi A.. ${page} Dakatar da waɗannan saƙonni: ${url}/ha/profile`);

    expect(email).toMatchObject({ channel: "email", subject: `Sabon sharhi kan ${business.name}` });
    expect(email!.text).toBe(`Kemi A. ya ba ${business.name} taurari 4: "${REVIEW}" Za ka iya amsawa a shafin kasuwancin.\n${page}\n`);
    expect(email!.html).toContain(`<a href="${page}">Buɗe a Naija Directory</a>`);

    expect(notice).toEqual({ title: "Kasuwancin ya amsa sharhinka", body: `${business.name} ya amsa sharhinka.` });

    expect(whatsapp).toMatchObject({ channel: "whatsapp" });
    expect(whatsapp!.text).toMatch(
      new RegExp(`^Naija Directory: ${business.name} ya ba ka amsa: "Yes, from noon\\." Karanta ka amsa: ${url}/ha/messages\\?\\S+ Dakatar da waɗannan saƙonni: ${url}/ha/profile$`),
    );
    // Outside the 24-hour window: the template whose only words are the site's name, the Hausa text its parameter.
    expect(template).toEqual({ name: "account_update", language: "en", category: "utility", params: [whatsapp!.text.replace(/^Naija Directory: /, "")] });
  });

  it("a person who never chose: everything in English, word for word as before", async () => {
    const { business, url, sms, email, whatsapp, notice, template } = await scene(null);
    const page = `${url}/businesses/${business.id}#reviews`;
    // As today, to the letter (the initial's full stop and the sentence's both).

    expect(sms!.text).toBe(`Naija Directory: New 4-star review of ${business.name} from Kemi A.. ${page} Stop these texts: ${url}/profile`);
    expect(email).toMatchObject({ subject: `New review of ${business.name}` });
    expect(email!.text).toBe(`Kemi A. gave ${business.name} 4 stars: "${REVIEW}" You can reply on the business page.\n${page}\n`);
    expect(email!.html).toBe(`<p>Kemi A. gave ${business.name} 4 stars: &quot;${REVIEW}&quot; You can reply on the business page.<br><a href="${page}">Open in Naija Directory</a></p>`);
    expect(notice).toEqual({ title: "The business replied to your review", body: `${business.name} replied to your review.` });
    expect(whatsapp!.text).toMatch(
      new RegExp(`^Naija Directory: ${business.name} replied to you: "Yes, from noon\\." Read and answer: ${url}/messages\\?\\S+ Stop these texts: ${url}/profile$`),
    );
    expect(template).toMatchObject({ name: "new_message_notice", language: "en", params: [business.name, "Kemi Ade", "Yes, from noon."] });
  });

  it("an account e-mail (a password reset) and a receipt in the holder's language, their links to its pages", async () => {
    const ha = tFor("ha");
    const url = getEnv().PUBLIC_URL.replace(/\/$/, "");
    const { created, actor } = await person(createOwner, "ha", ["email"]);
    // Asked from an English page: the holder chose Hausa.
    await requestPasswordReset(created.email, { clientAddress: "10.61.1.1" });
    await settleBackgroundTasks();
    await runDueJobs(JOB_HANDLERS);
    const [reset] = await outboxTo(created.email);
    expect(reset).toMatchObject({ subject: ha("Reset your password") });
    expect(reset!.subject).not.toBe("Reset your password");
    expect(reset!.text).toContain(`${ha("Choose a new password")}: ${url}/api/auth/reset-password/`);
    // better-auth's link sends them on to the sign-in page in Hausa.
    expect(reset!.text).toContain(`callbackURL=${encodeURIComponent("/ha/login?reset=true")}`);
    expect(reset!.text).toContain(ha("If you did not ask for this, you can ignore this e-mail."));

    registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0, outcome: () => ({ status: "pending" }) }));
    let reference = "";
    try {
      const started = await payForPlan(actor, { type: "subscription", plan: "standard" });
      if (started.status !== "pending") throw new Error("expected pending");
      reference = started.reference;
      await settlePayment(reference, { status: "succeeded", amountKobo: 299_900 });
    } finally {
      resetPaymentProviders();
    }
    await runDueJobs(JOB_HANDLERS);
    const receipt = (await outboxTo(created.email)).find((m) => m.subject.includes(reference));
    expect(receipt).toMatchObject({ subject: `Rasit ɗinka na Naija Directory ${reference}` });
    expect(receipt!.text).toContain(ha("Thank you for your payment."));
    expect(receipt!.text).toContain(`${ha("View or print this receipt")}: ${url}/ha/dashboard/payments/${reference}`);
    expect(receipt!.html).toContain(`>${ha("Amount paid")}</th>`);
  });

  it("a sign-in code asked for from a page in Yoruba (no account yet) comes in Yoruba", async () => {
    const phone = freshPhone();
    // As server/app.ts runs a request to /yo/login: its language is its address's.
    const { locale } = splitLocalePath("/yo/login");
    await requestStorage.run({ requestId: randomUUID(), locale }, () => requestSignInCode({ phone: phone.replace("+234", "0") }, { clientAddress: "10.61.0.1" }));
    await runDueJobs(JOB_HANDLERS);
    const [sms] = await outboxTo(phone);
    expect(sms).toMatchObject({ channel: "sms" });
    const code = /\d{6}/.exec(sms!.text)?.[0];
    expect(sms!.text).toBe(`Naija Directory: kóòdù rẹ ni ${code}. Ó ń ṣiṣẹ́ fún ìṣẹ́jú 10. Má ṣe fi han ẹnikẹ́ni: a kò ní béèrè rẹ̀ lọ́wọ́ rẹ láé.`);

    // The same from an English page, as before.
    const other = freshPhone();
    await requestStorage.run({ requestId: randomUUID(), locale: splitLocalePath("/login").locale }, () =>
      requestSignInCode({ phone: other.replace("+234", "0") }, { clientAddress: "10.61.0.2" }),
    );
    await runDueJobs(JOB_HANDLERS);
    const [english] = await outboxTo(other);
    const otherCode = /\d{6}/.exec(english!.text)?.[0];
    expect(english!.text).toBe(`Naija Directory: your code is ${otherCode}. It works for 10 minutes. Never share it: we will never ask you for it.`);
  });
});
