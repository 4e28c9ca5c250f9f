/**
 * The profile's 'Phone number' card (issue 33) as a person uses it: the number (a mistake keeps what was typed, with the
 * reason beside the field), the code read from the SMS (in the development outbox, sent by the job queue), and the
 * number shown as verified.
 */
import { describe, expect, it } from "vitest";
import { createOwner, createVisitor } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { PHONE_TEXTS } from "../../features/accounts/phone.schemas";
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

    const wrong = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "phone-code", phone: "0803 555 014" } }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(PHONE_TEXTS.invalidNumber);
    expect(wrong.html).toContain('value="0803 555 014"');

    const tail = String(Date.now()).slice(-7);
    const typed = `0805 ${tail.slice(0, 3)} ${tail.slice(3)}`;
    const e164 = `+234805${tail}`;
    const asked = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "phone-code", phone: typed } }));
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
