/**
 * The profile's 'Phone number' and 'E-mail address' cards (issue 33) as a person uses them: confirming it is them first
 * (the password, or a code to the number they have now), the number (a mistake keeps what was typed, with the reason
 * beside the field), the code read from the SMS (in the development outbox, sent by the job queue), and the number
 * shown as verified.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { account, profiles } from "../../../db/schema";
import { createOwner, createVisitor, DEFAULT_PASSWORD, uniqueEmail } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { PHONE_TEXTS, REAUTH_TEXTS } from "../../features/accounts/phone.schemas";
import { NOTICE_TEXTS } from "../../features/notifications/notice-preferences";
import { getDb } from "../../lib/db.server";
import { listOutbox } from "../../lib/email.server";
import { runDueJobs } from "../../lib/jobs.server";
import * as profileRoute from "./profile";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

describe("/profile: the phone number", () => {
  it("adds a number in two steps, keeping what was typed when it is refused, and then shows it verified", async () => {
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const before = page(await renderRoute(profileRoute, "/profile", { cookie }));
    expect(before.text).toContain("Add your mobile number to be reached by SMS and WhatsApp.");
    expect(before.html).toMatch(/<input[^>]*name="phone"[^>]*type="tel"|<input[^>]*type="tel"[^>]*name="phone"/);

    // The password confirms it is them; a wrong one keeps the number typed, with the reason beside the password.
    expect(before.text).toContain(REAUTH_TEXTS.why);
    expect(before.html).toMatch(/<input[^>]*autoComplete="current-password"[^>]*name="password"|<input[^>]*name="password"[^>]*autoComplete="current-password"/);
    const tail = String(Date.now()).slice(-7);
    const typed = `0805 ${tail.slice(0, 3)} ${tail.slice(3)}`;
    const e164 = `+234805${tail}`;
    const unconfirmed = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "phone-code", phone: typed, password: "not-my-password" } }));
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain(REAUTH_TEXTS.wrongPassword);
    expect(unconfirmed.html).toContain(`value="${typed}"`);
    expect(unconfirmed.html).not.toContain('value="not-my-password"');

    const wrong = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "phone-code", phone: "0803 555 014", password: DEFAULT_PASSWORD } }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(PHONE_TEXTS.invalidNumber);
    expect(wrong.html).toContain('value="0803 555 014"');
    // The password was right: the form carries the confirmation on instead of asking again.
    expect(wrong.text).toContain(REAUTH_TEXTS.confirmed);
    const proof = /name="proof" value="([^"]+)"/.exec(wrong.html)?.[1];
    expect(proof).toBeTruthy();

    const asked = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "phone-code", phone: typed, proof: proof! } }));
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(PHONE_TEXTS.codeSent(e164));
    // The code field: numeric, and offered the SMS's code by the phone's keyboard.
    expect(asked.html).toMatch(/inputMode="numeric" autoComplete="one-time-code"/);

    await runDueJobs(JOB_HANDLERS);
    const sms = (await listOutbox(500)).find((m) => m.channel === "sms" && m.to === e164);
    const code = /code is (\d{6})\./.exec(sms?.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const badCode = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "phone-verify", phone: e164, code: "12" } }));
    expect(badCode.status).toBe(400);
    expect(badCode.text).toContain(PHONE_TEXTS.codeFormat);
    // Still on the code step for the same number.
    expect(badCode.html).toContain(`value="${e164}"`);

    const done = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "phone-verify", phone: e164, code: code! } }));
    expect(done.status).toBe(200);
    expect(done.text).toContain(PHONE_TEXTS.verified(e164));
    const after = page(await renderRoute(profileRoute, "/profile", { cookie }));
    expect(after.text).toContain(`Verified: 0805 ${tail.slice(0, 3)} ${tail.slice(3)}`);
  });

  it("an account made by phone confirms with a code to its number first, then changes its number or adds an e-mail address", async () => {
    const visitor = await createVisitor(getDb());
    const tail = String(Date.now() * 3).slice(-7);
    const current = `+234816${tail}`;
    // Signed in (the test harness signs in with the password), then made an account without one, as made by phone.
    const cookie = await sessionCookie(visitor.email);
    await getDb().update(account).set({ password: null }).where(eq(account.userId, visitor.id));
    await getDb().update(profiles).set({ phone: current, phoneVerifiedAt: sql`now()` }).where(eq(profiles.id, visitor.id));
    const before = page(await renderRoute(profileRoute, "/profile", { cookie }));
    // No change form yet: first, a code to the number it has now.
    expect(before.text).toContain(REAUTH_TEXTS.sendCode(current));
    expect(before.html).not.toContain('name="password"');
    expect(before.html).not.toMatch(/name="intent" value="phone-code"/);

    const sent = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "identity-code", card: "email" } }));
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(REAUTH_TEXTS.codeHint(current));
    expect(sent.html).toMatch(/name="intent" value="email-change"/);
    await runDueJobs(JOB_HANDLERS);
    const code = /code is (\d{6})\./.exec((await listOutbox(500)).find((m) => m.channel === "sms" && m.to === current)?.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code keeps the address typed and the code field, with the reason beside it.
    const email = uniqueEmail("by-phone");
    const wrongCode = code === "000000" ? "111111" : "000000";
    const refused = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "email-change", email, code: wrongCode } }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(PHONE_TEXTS.wrongCode);
    expect(refused.html).toContain(`value="${email}"`);
    expect(refused.text).toContain(REAUTH_TEXTS.codeHint(current));

    const linked = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "email-change", email, code: code! } }));
    expect(linked.status).toBe(200);
    expect(linked.text).toContain(`We sent a link to ${email}.`);
    // The confirmation serves the number's card too, for 15 minutes.
    expect(linked.text).toContain(REAUTH_TEXTS.confirmed);
    expect(linked.html).toMatch(/name="intent" value="phone-code"/);
  });

  it("the Notifications card: texts are refused without a verified number, keeping the choices; e-mail is saved", async () => {
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const shown = page(await renderRoute(profileRoute, "/profile", { cookie }));
    expect(shown.text).toContain(NOTICE_TEXTS.intro);
    expect(shown.html).toMatch(/name="channels" checked="" value="email"/);
    const refused = page(
      await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "notices", channels: "whatsapp", quietFrom: "22", quietUntil: "6", dailyTextCap: "4" } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(NOTICE_TEXTS.needsPhone);
    // What was chosen stays chosen.
    expect(refused.html).toMatch(/name="channels" checked="" value="whatsapp"/);
    expect(refused.html).not.toMatch(/name="channels" checked="" value="email"/);
    expect(refused.html).toMatch(/value="4"/);
    const saved = page(
      await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "notices", channels: "email", quietFrom: "22", quietUntil: "6", dailyTextCap: "4" } }),
    );
    expect(saved.status).toBe(200);
    expect(saved.text).toContain(NOTICE_TEXTS.saved);
  });
});
