/**
 * The owner's new-message notice on the channels they chose (issue 33): WhatsApp or SMS to their verified number
 * (kept in the development outbox here: no provider), held through their quiet hours, at most their texts a day, and
 * e-mail; and the choices themselves, saved from the profile.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, user } from "../../../db/schema";
import { phoneOnlyEmail } from "../accounts/phone.schemas";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb, queryRows } from "../../lib/db.server";
import { listOutbox } from "../../lib/email.server";
import { runDueJobs } from "../../lib/jobs.server";
import { NOTICE_TEXTS } from "../notifications/notice-preferences";
import { getNoticePreferences, setNoticePreferences } from "../notifications/notice-preferences.server";
import { sendMessage } from "./send-message.server";

let numbers = 0;
async function ownerWithPhone(options: { phone?: boolean } = {}) {
  const owner = await createOwner(getDb());
  const business = await createBusiness(getDb(), { userId: owner.id, name: `Mama Put ${randomUUID().slice(0, 6)}` });
  numbers += 1;
  const phone = `+234807${String(Date.now() % 100_000).padStart(5, "0")}${String(numbers).padStart(2, "0")}`;
  if (options.phone !== false) await getDb().update(profiles).set({ phone, phoneVerifiedAt: new Date() }).where(eq(profiles.id, owner.id));
  return { owner, business, phone, actor: await actorFor(owner) };
}

/** A visitor writes to the business; the due jobs then run, as the server's workers would. */
async function visitorWrites(businessId: string, text = "Are you open on Sunday?") {
  const visitor = await createVisitor(getDb(), { firstName: "Ada", lastName: "Obi" });
  await sendMessage(await actorFor(visitor), { businessId, message: text, idempotencyKey: randomUUID() });
  await runDueJobs(JOB_HANDLERS);
  return visitor;
}

const outboxTo = async (to: string) => (await listOutbox(1000)).filter((m) => m.to === to);
const textJobs = (phone: string) =>
  queryRows<{ name: string; state: string; later: boolean }>(
    getDb(),
    sql`select name, state::text, start_after > now() + interval '1 minute' as later from pgboss.job where name in ('sms', 'whatsapp') and data->>'to' = ${phone}`,
  );

/** Quiet hours around the present hour in Nigerian time. */
function quietNow() {
  const hour = new Date(Date.now() + 3_600_000).getUTCHours();
  return { quietFrom: String(hour), quietUntil: String((hour + 2) % 24) };
}
/** Quiet hours that are not now. */
function quietLater() {
  const hour = new Date(Date.now() + 3_600_000).getUTCHours();
  return { quietFrom: String((hour + 3) % 24), quietUntil: String((hour + 5) % 24) };
}

describe("the new-message notice on the owner's channels", () => {
  it("an owner who signed up with a phone number and no e-mail hears by SMS without choosing, and cannot choose e-mail only", async () => {
    const { owner, business, phone, actor } = await ownerWithPhone();
    const stand_in = phoneOnlyEmail(owner.id);
    await getDb().update(user).set({ email: stand_in }).where(eq(user.id, owner.id));
    const phoneOnly = { ...actor, email: stand_in };
    // Outside quiet hours, whenever the test runs: the defaults (21:00–07:00) would hold the text at night.
    await visitorWrites(business.id, "Do you deliver to Yaba?");
    const texts = await outboxTo(phone);
    const held = await textJobs(phone);
    // Sent at once by day; waiting for 07:00 when the test runs in the default quiet hours.
    expect(texts.length + held.filter((j) => j.later).length).toBe(1);
    if (texts.length === 1) expect(texts[0]).toMatchObject({ channel: "sms" });
    expect(await outboxTo(stand_in)).toHaveLength(0);
    expect(await refusal(setNoticePreferences(phoneOnly, { channels: ["email"], ...quietLater(), dailyTextCap: "10" }))).toMatchObject({
      fields: { channels: NOTICE_TEXTS.needsEmail },
    });
  });

  it("by WhatsApp only: a text to their number saying who wrote, where to answer and how to stop; no e-mail", async () => {
    const { owner, business, phone, actor } = await ownerWithPhone();
    await setNoticePreferences(actor, { channels: ["whatsapp"], ...quietLater(), dailyTextCap: "10" });
    await visitorWrites(business.id, "Do you deliver to Yaba?");
    const [text] = await outboxTo(phone);
    expect(text).toMatchObject({ channel: "whatsapp" });
    expect(text!.text).toMatch(new RegExp(`^Naija Directory: Ada Obi wrote to ${business.name}: "Do you deliver to Yaba\\?" Reply: http\\S+/messages\\?\\S+ Stop these texts: http\\S+/profile$`));
    expect(await outboxTo(owner.email)).toEqual([]);
  });

  it("a visitor hears of the business's reply the same way: by SMS when chosen, else by e-mail", async () => {
    const { owner, business } = await ownerWithPhone();
    const texting = await createVisitor(getDb(), { firstName: "Bisi", lastName: "Ade" });
    numbers += 1;
    const visitorPhone = `+234708${String(Date.now() % 100_000).padStart(5, "0")}${String(numbers).padStart(2, "0")}`;
    await getDb().update(profiles).set({ phone: visitorPhone, phoneVerifiedAt: new Date() }).where(eq(profiles.id, texting.id));
    await setNoticePreferences(await actorFor(texting), { channels: ["sms"], ...quietLater(), dailyTextCap: "10" });
    const emailing = await createVisitor(getDb(), { firstName: "Uche", lastName: "Nna" });
    for (const visitor of [texting, emailing]) {
      await sendMessage(await actorFor(visitor), { businessId: business.id, message: "Do you open on Sunday?", idempotencyKey: randomUUID() });
      // The visitor left the chat 20 minutes ago (a person looking at it is told nothing).
      await getDb().execute(sql`update conversation_states set last_seen_at = now() - interval '20 minutes' where user_id = ${visitor.id}`);
      await sendMessage(await actorFor(owner), { businessId: business.id, visitorId: visitor.id, message: "Yes, from noon.", idempotencyKey: randomUUID() });
    }
    await runDueJobs(JOB_HANDLERS);
    const [text] = await outboxTo(visitorPhone);
    expect(text).toMatchObject({ channel: "sms" });
    expect(text!.text).toMatch(new RegExp(`^Naija Directory: ${business.name} replied to you: "Yes, from noon\\." Read and answer: http\\S+ Stop these texts: http\\S+/profile$`));
    expect(await outboxTo(texting.email)).toEqual([]);
    const [mail] = await outboxTo(emailing.email);
    expect(mail).toMatchObject({ channel: "email", subject: `${business.name} replied to your message` });
    expect(mail!.text).toContain("Yes, from noon.");
  });

  it("by SMS and e-mail in their quiet hours: the e-mail now, the SMS held until the quiet hours end", async () => {
    const { owner, business, phone, actor } = await ownerWithPhone();
    await setNoticePreferences(actor, { channels: ["sms", "email"], ...quietNow(), dailyTextCap: "10" });
    await visitorWrites(business.id);
    expect(await outboxTo(owner.email)).toHaveLength(1);
    expect(await outboxTo(phone)).toEqual([]);
    expect(await textJobs(phone)).toEqual([{ name: "sms", state: "created", later: true }]);
  });

  it("at most their texts a day: past the cap a notice sends no text (the next day it does)", async () => {
    const { business, phone, actor } = await ownerWithPhone();
    await setNoticePreferences(actor, { channels: ["sms"], ...quietLater(), dailyTextCap: "1" });
    await visitorWrites(business.id, "First question");
    await visitorWrites(business.id, "Second question, another visitor");
    const texts = await outboxTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain("First question");
  });

  it("with no choice made, e-mail as before; a text without a verified number falls back to e-mail", async () => {
    const plain = await ownerWithPhone();
    expect(await getNoticePreferences(plain.owner.id)).toEqual({ channels: ["email"], quietFrom: 21, quietUntil: 7, dailyTextCap: 10 });
    await visitorWrites(plain.business.id);
    expect(await outboxTo(plain.owner.email)).toHaveLength(1);
    expect(await outboxTo(plain.phone)).toEqual([]);

    const lost = await ownerWithPhone();
    await setNoticePreferences(lost.actor, { channels: ["whatsapp"], ...quietLater(), dailyTextCap: "5" });
    // The number removed since (an account's number can change): the notice still reaches them.
    await getDb().update(profiles).set({ phone: null, phoneVerifiedAt: null }).where(eq(profiles.id, lost.owner.id));
    await visitorWrites(lost.business.id);
    expect(await outboxTo(lost.owner.email)).toHaveLength(1);
  });
});

describe("saving the choices", () => {
  it("texts need a verified number; at least one channel; hours and the cap within bounds; nothing saved when refused", async () => {
    const { actor } = await ownerWithPhone({ phone: false });
    expect(await refusal(setNoticePreferences(actor, { channels: ["sms"], quietFrom: "21", quietUntil: "7", dailyTextCap: "10" }))).toMatchObject({
      code: "invalid",
      fields: { channels: NOTICE_TEXTS.needsPhone },
    });
    expect(await refusal(setNoticePreferences(actor, { channels: [], quietFrom: "24", quietUntil: "x", dailyTextCap: "0" }))).toMatchObject({
      fields: { channels: NOTICE_TEXTS.noChannel, quietFrom: NOTICE_TEXTS.badHour, quietUntil: NOTICE_TEXTS.badHour, dailyTextCap: NOTICE_TEXTS.badCap },
    });
    expect(await getNoticePreferences(actor.id)).toEqual({ channels: ["email"], quietFrom: 21, quietUntil: 7, dailyTextCap: 10 });
    expect(await setNoticePreferences(actor, { channels: ["email", "bogus"], quietFrom: "22", quietUntil: "6", dailyTextCap: "3" })).toEqual({
      channels: ["email"], quietFrom: 22, quietUntil: 6, dailyTextCap: 3,
    });
    expect(await getNoticePreferences(actor.id)).toEqual({ channels: ["email"], quietFrom: 22, quietUntil: 6, dailyTextCap: 3 });
    expect(await refusal(setNoticePreferences(null, { channels: ["email"], quietFrom: "1", quietUntil: "2", dailyTextCap: "3" }))).toMatchObject({ code: "unauthenticated" });
  });
});
