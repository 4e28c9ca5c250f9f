/**
 * The phone path of /login and /register/* as a person meets it (issue 33): the tabs beside the e-mail way, the number,
 * the code step with 'Send a new code' and 'Call me', what a refusal keeps, and where a sign-up by phone lands.
 */
import { describe, expect, it } from "vitest";
import { deliveredMail } from "../../../tests/support/outbox";
import { hrefs, renderRoute } from "../../../tests/support/screen-harness";
import { PHONE_SIGN_IN_TEXTS, PHONE_TEXTS } from "../../features/accounts/phone.schemas";
import * as loginRoute from "./login";
import * as registerRoute from "./register-account";

let counter = 0;
const freshNumber = () => {
  counter += 1;
  const tail = String((Date.now() * 13 + counter * 104_729) % 10_000_000).padStart(7, "0");
  return { typed: `0706-${tail.slice(0, 3)}-${tail.slice(3)}`, e164: `+234706${tail}` };
};

async function codeSentTo(e164: string): Promise<string> {
  const sms = (await deliveredMail(500)).find((m) => m.channel === "sms" && m.to === e164);
  const code = /code is (\d{6})\./.exec(sms?.text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}

const page = (shown: Awaited<ReturnType<typeof renderRoute>>) => {
  if (shown.kind !== "page") throw new Error(`expected a page, got a redirect to ${shown.location}`);
  return shown;
};

describe("/login and /register/* with a phone number", () => {
  it("/login offers both ways; the phone way asks for the number, then the code, and says a new number has no account", async () => {
    const email = page(await renderRoute(loginRoute, "/login"));
    expect(hrefs(email.html)).toContain("/login?with=phone");
    expect(email.html).toContain('name="password"');

    const number = page(await renderRoute(loginRoute, "/login?with=phone&redirectTo=%2Fsaved"));
    expect(number.html).toContain('name="phone"');
    expect(number.html).toContain('type="tel"');
    expect(number.html).not.toContain('name="password"');

    const bad = page(await renderRoute(loginRoute, "/login", { form: { intent: "phone-code", phone: "0803 12", redirectTo: "/saved" } }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(PHONE_TEXTS.invalidNumber);
    expect(bad.html).toContain('value="0803 12"');

    const mobile = freshNumber();
    const sent = page(await renderRoute(loginRoute, "/login", { form: { intent: "phone-code", phone: mobile.typed, redirectTo: "/saved" } }));
    expect(sent.text).toContain(PHONE_SIGN_IN_TEXTS.codeSent(mobile.e164));
    expect(sent.html).toMatch(/autocomplete="one-time-code"/i);
    expect(sent.text).toContain("Call me with the code instead");
    // 'Use another number' keeps where they were going.
    expect(sent.html).toContain('href="/login?with=phone&amp;redirectTo=%2Fsaved"');

    const wrong = page(await renderRoute(loginRoute, "/login", { form: { intent: "phone-sign-in", phone: mobile.e164, code: "12", step: "code", redirectTo: "/saved" } }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(PHONE_TEXTS.codeFormat);
    expect(wrong.html).toContain(`value="${mobile.e164}"`);

    const code = await codeSentTo(mobile.e164);
    const none = page(await renderRoute(loginRoute, "/login", { form: { intent: "phone-sign-in", phone: mobile.e164, code, step: "code", redirectTo: "/saved" } }));
    expect(none.text).toContain(PHONE_SIGN_IN_TEXTS.noAccount(mobile.e164));
    expect(hrefs(none.html)).toEqual(expect.arrayContaining(["/register/visitor?with=phone", "/register/business?with=phone"]));

    // 'Call me': a voice call with a fresh code, on the same step.
    const called = page(await renderRoute(loginRoute, "/login", { form: { intent: "phone-call", phone: mobile.e164, step: "code" } }));
    expect(called.text).toContain(PHONE_SIGN_IN_TEXTS.callPlaced(mobile.e164));
  });

  it("signing up by phone: the details and number, then the code; a refusal keeps what was typed; the new account lands home", async () => {
    const mobile = freshNumber();
    const details = { firstName: "Chidi", lastName: "Okafor", phone: mobile.typed, country: "Nigeria", state: "Enugu", category: "Eatery" };
    const form = page(await renderRoute(registerRoute, "/register/business?with=phone", { pattern: "register/:type" }));
    expect(form.html).toContain('name="phone"');
    expect(form.html).not.toContain('name="password"');

    const missing = page(await renderRoute(registerRoute, "/register/business", { pattern: "register/:type", form: { intent: "phone-code", ...details, category: "" } }));
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('value="Chidi"');
    expect(missing.html).toContain(`value="${mobile.typed}"`);

    const sent = page(await renderRoute(registerRoute, "/register/business", { pattern: "register/:type", form: { intent: "phone-code", ...details } }));
    expect(sent.text).toContain(PHONE_SIGN_IN_TEXTS.codeSent(mobile.e164));
    const code = await codeSentTo(mobile.e164);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = page(
      await renderRoute(registerRoute, "/register/business", { pattern: "register/:type", form: { intent: "phone-register", ...details, phone: mobile.e164, code: wrongCode } }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(PHONE_TEXTS.wrongCode);
    expect(wrong.html).toContain('value="Chidi"');

    const made = await renderRoute(registerRoute, "/register/business", { pattern: "register/:type", form: { intent: "phone-register", ...details, phone: mobile.e164, code } });
    expect(made).toMatchObject({ kind: "redirect", location: "/dashboard" });
  });
});
