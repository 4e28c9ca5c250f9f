/**
 * Signing in and up with a mobile number and a code sent by SMS (issue 33): the same answer for every number, the
 * session it starts (read by our lookup and by better-auth alike), the proof that spares a second code, accounts
 * without an e-mail address, and who keeps their password and second factor. Codes go through the job queue to the
 * development outbox (no SMS provider here).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "../../../db/schema";
import { createBusiness, createUser, createVisitor, enableTwoFactorFor } from "../../../db/seed/factories";
import { deliveredMail } from "../../../tests/support/outbox";
import { refusal } from "../../../tests/support/refusals";
import { applySetCookie } from "../../../tests/support/two-factor";
import { getAuth } from "../../lib/auth.server";
import { getDb } from "../../lib/db.server";
import { enqueueEmailNow } from "../../lib/email.server";
import { getEnv } from "../../lib/env.server";
import { ACCOUNT_TEXTS } from "./account.schemas";
import { PHONE_SIGN_IN_TEXTS, PHONE_TEXTS, isPhoneOnlyEmail, shownEmail } from "./phone.schemas";
import { CODE_FAILURE_LIMITS, PHONE_PROOF_COOKIE, provenPhone, registerWithPhone, requestSignInCode, signInWithPhone } from "./phone-sign-in.server";
import { saveReview } from "../reviews/save-review.server";
import { getSessionUser } from "./session.server";
import { hasPassword, requestHolderCode } from "./verify-phone.server";
import { deleteMyAccount } from "../privacy/delete-my-account.server";
import { PRIVACY_TEXTS } from "../privacy/privacy.schemas";

let counter = 0;
/** A fresh Nigerian mobile number per test, typed the way people type it. */
const freshNumber = () => {
  counter += 1;
  const tail = String((Date.now() * 7 + counter * 7919) % 10_000_000).padStart(7, "0");
  return { typed: `0805 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+234805${tail}` };
};
const address = () => `10.44.${counter % 250}.${Math.floor(Math.random() * 250)}`;
let baseUrl = "";
beforeAll(() => {
  baseUrl = getEnv().PUBLIC_URL;
});
const request = (cookie = "") => new Request(`${baseUrl}/login`, { method: "POST", headers: { cookie, "user-agent": "test phone" } });

/** The code in the latest SMS to a number, as the person reads it once the queue's worker sent it. */
async function codeSentTo(e164: string): Promise<string> {
  const sms = (await deliveredMail(500)).find((m) => m.channel === "sms" && m.to === e164);
  const code = /code is (\d{6})\./.exec(sms?.text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}

const signUp = (phone: string, extra: Partial<Parameters<typeof registerWithPhone>[0]> = {}) => ({
  accountType: "visitor" as const, firstName: "Ngozi", lastName: "Eze", phone, country: "Nigeria" as const, state: "Lagos" as const, ...extra,
});

describe("signing in and up with a mobile number", () => {
  it("a new number: the code proves it, /login says no account uses it, and the sign-up then needs no second code", async () => {
    const number = freshNumber();
    expect(await requestSignInCode({ phone: number.typed }, { clientAddress: address() })).toEqual({ phone: number.e164 });
    const code = await codeSentTo(number.e164);
    const proved = await signInWithPhone({ phone: number.typed, code }, { request: request(), clientAddress: address() });
    expect(proved).toMatchObject({ status: "no-account", phone: number.e164 });
    const cookie = applySetCookie(proved.headers);
    expect(cookie).toContain(`${PHONE_PROOF_COOKIE}=`);
    expect(provenPhone(request(cookie))).toBe(number.e164);
    // The proof is for this number only, and cannot be forged.
    expect(provenPhone(request(cookie.replace(number.e164.slice(-4), "0000")))).toBeNull();

    const made = await registerWithPhone(signUp(number.e164.replace("+234", "0"), { accountType: "business", category: "Eatery" }), { request: request(cookie), clientAddress: address() });
    expect(made).toMatchObject({ status: "signed-in", existing: false, user: { role: "business", firstName: "Ngozi" } });
    if (made.status !== "signed-in") throw new Error("not signed in");
    // The session cookie is read by our lookup and by better-auth's own.
    const session = applySetCookie(made.headers, cookie);
    expect(session).not.toContain(PHONE_PROOF_COOKIE);
    expect((await getSessionUser(request(session)))?.id).toBe(made.user.id);
    expect((await getAuth().api.getSession({ headers: new Headers({ cookie: session }) }))?.user.id).toBe(made.user.id);

    const [row] = await getDb().select({ email: user.email, phone: profiles.phone, verifiedAt: profiles.phoneVerifiedAt, category: profiles.category }).from(user).innerJoin(profiles, eq(profiles.id, user.id)).where(eq(user.id, made.user.id));
    expect(row).toMatchObject({ phone: number.e164, category: "Eatery" });
    expect(row!.verifiedAt).toBeInstanceOf(Date);
    expect(isPhoneOnlyEmail(row!.email)).toBe(true);
    expect(shownEmail(row!.email)).toBeNull();
    // Nothing is ever sent to the stand-in address.
    await enqueueEmailNow({ to: row!.email, subject: "never", text: "never", html: "never" });
    expect((await deliveredMail(500)).some((m) => m.to === row!.email)).toBe(false);

    // Signing in again with the number: a new code, the same account.
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    const again = await signInWithPhone({ phone: number.typed, code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() });
    expect(again).toMatchObject({ status: "signed-in", existing: true, user: { id: made.user.id } });
  });

  it("answers the same for a number with an account and one without, and sends each a code", async () => {
    const known = freshNumber();
    const owner = await createVisitor(getDb());
    await getDb().update(profiles).set({ phone: known.e164, phoneVerifiedAt: new Date() }).where(eq(profiles.id, owner.id));
    const unknown = freshNumber();
    const a = await requestSignInCode({ phone: known.typed }, { clientAddress: address() });
    const b = await requestSignInCode({ phone: unknown.typed }, { clientAddress: address() });
    expect(Object.keys(a)).toEqual(Object.keys(b));
    const known_code = await codeSentTo(known.e164);
    await codeSentTo(unknown.e164);

    // An account made with e-mail and password, whose number is verified, signs in with the number too.
    const signedIn = await signInWithPhone({ phone: known.typed, code: known_code }, { request: request(), clientAddress: address() });
    expect(signedIn).toMatchObject({ status: "signed-in", existing: true, user: { id: owner.id, email: owner.email } });
    // One use.
    expect(await refusal(signInWithPhone({ phone: known.typed, code: known_code }, { request: request(), clientAddress: address() }))).toMatchObject({
      code: "invalid", fields: { code: PHONE_TEXTS.expired },
    });
  });

  it("a wrong code uses a try and signs nobody in; bad numbers keep their field's message", async () => {
    const number = freshNumber();
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    const code = await codeSentTo(number.e164);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      expect(await refusal(signInWithPhone({ phone: number.typed, code: wrong }, { request: request(), clientAddress: address() }))).toMatchObject({ fields: { code: PHONE_TEXTS.wrongCode } });
    }
    expect(await refusal(signInWithPhone({ phone: number.typed, code: wrong }, { request: request(), clientAddress: address() }))).toMatchObject({ fields: { code: PHONE_TEXTS.triesUsed } });
    expect(await refusal(signInWithPhone({ phone: number.typed, code }, { request: request(), clientAddress: address() }))).toMatchObject({ fields: { code: PHONE_TEXTS.triesUsed } });
    // Without a code or a proof, a sign-up is refused at the code.
    expect(await refusal(registerWithPhone(signUp(number.typed), { request: request(), clientAddress: address() }))).toMatchObject({ fields: { code: PHONE_TEXTS.codeFormat } });
    for (const typed of ["0803 555 014", "+44 7911 123456", "hello"]) {
      expect(await refusal(requestSignInCode({ phone: typed }, { clientAddress: address() }))).toMatchObject({ code: "invalid", fields: { phone: PHONE_TEXTS.invalidNumber } });
    }
    // The number's cap holds for sign-in codes too: 3 per 15 minutes (one used above).
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    expect(await refusal(requestSignInCode({ phone: number.typed }, { clientAddress: address() }))).toMatchObject({ code: "rate-limited", message: PHONE_TEXTS.tooManyForNumber(15) });
  });

  it("a sign-up with a number that has an account signs in to that account; sign-up with a code works without /login", async () => {
    const number = freshNumber();
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    const first = await registerWithPhone({ ...signUp(number.typed), code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() });
    expect(first).toMatchObject({ status: "signed-in", existing: false });
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    const second = await registerWithPhone({ ...signUp(number.typed, { firstName: "Someone", accountType: "business", category: "Eatery" }), code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() });
    expect(second).toMatchObject({ status: "signed-in", existing: true, user: { firstName: "Ngozi", role: "visitor" } });
    if (first.status === "signed-in" && second.status === "signed-in") expect(second.user.id).toBe(first.user.id);
  });

  it("suspended accounts get no session; two-factor accounts and admins keep their password and authenticator", async () => {
    for (const [make, expected] of [
      [async () => createUser(getDb(), { banned: true }), { code: "forbidden", message: ACCOUNT_TEXTS.suspended }],
      [async () => { const u = await createUser(getDb()); await enableTwoFactorFor(getDb(), u.id); return u; }, { code: "forbidden", message: PHONE_SIGN_IN_TEXTS.useTwoFactor }],
      [async () => createUser(getDb(), { role: "admin" }), { code: "forbidden", message: PHONE_SIGN_IN_TEXTS.useTwoFactor }],
    ] as const) {
      const holder = await make();
      const number = freshNumber();
      await getDb().update(profiles).set({ phone: number.e164, phoneVerifiedAt: new Date() }).where(eq(profiles.id, holder.id));
      await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
      const refused = await refusal(signInWithPhone({ phone: number.typed, code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() }));
      expect(refused).toMatchObject(expected);
    }
  });

  it("the voice fallback reads out a fresh code that signs in like an SMS one", async () => {
    const number = freshNumber();
    await requestSignInCode({ phone: number.typed, voice: true }, { clientAddress: address() });
    const call = (await deliveredMail(500)).find((m) => m.to === number.e164)!;
    expect(call.subject).toBe("Voice call");
    const code = /code is (\d{6})\./.exec(call.text)![1]!;
    expect(call.text).toBe(PHONE_TEXTS.voice(code));
    expect(await signInWithPhone({ phone: number.typed, code }, { request: request(), clientAddress: address() })).toMatchObject({ status: "no-account" });
  });

  it("an account made by phone has no password: it confirms its own deletion with a code to its number, and the number is free again", async () => {
    const number = freshNumber();
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    const made = await registerWithPhone({ ...signUp(number.typed), code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() });
    if (made.status !== "signed-in") throw new Error("not signed in");
    expect(await hasPassword(made.user)).toBe(false);
    expect(await refusal(deleteMyAccount(made.user, { confirmation: "DELETE" }))).toMatchObject({ fields: { code: PRIVACY_TEXTS.codeRequired } });
    await requestHolderCode(made.user, { clientAddress: address() });
    const code = await codeSentTo(number.e164);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await refusal(deleteMyAccount(made.user, { code: wrong, confirmation: "DELETE" }))).toMatchObject({ fields: { code: PHONE_TEXTS.wrongCode } });
    await deleteMyAccount(made.user, { code, confirmation: "DELETE" });
    const [row] = await getDb().select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, made.user.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    // The number belongs to nobody now: signing in with it finds no account.
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    expect(await signInWithPhone({ phone: number.typed, code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() })).toMatchObject({ status: "no-account" });
  });

  it("a proof does not sign in to an account made meanwhile (a shared browser): that takes a code", async () => {
    const number = freshNumber();
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    const proved = await signInWithPhone({ phone: number.typed, code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() });
    const cookie = applySetCookie(proved.headers);
    // Meanwhile the number's holder made the account on their own phone.
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    await registerWithPhone({ ...signUp(number.typed), code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() });
    expect(await refusal(registerWithPhone(signUp(number.typed, { firstName: "Next" }), { request: request(cookie), clientAddress: address() }))).toMatchObject({
      code: "invalid", reason: "needs-code",
    });
  });

  it("wrong codes from one address stop at the address's cap, whatever the numbers", async () => {
    const shared = `10.45.${counter % 250}.${Math.floor(Math.random() * 250)}`;
    const wrongs = async (n: number) => {
      for (let i = 0; i < n; i++) await refusal(signInWithPhone({ phone: freshNumber().typed, code: "123456" }, { request: request(), clientAddress: shared }));
    };
    await wrongs(CODE_FAILURE_LIMITS.perAddress);
    expect(await refusal(signInWithPhone({ phone: freshNumber().typed, code: "123456" }, { request: request(), clientAddress: shared }))).toMatchObject({ code: "rate-limited" });
    // Another address is not held back.
    expect(await refusal(signInWithPhone({ phone: freshNumber().typed, code: "123456" }, { request: request(), clientAddress: address() }))).toMatchObject({ code: "invalid" });
  });

  it("an account made by phone may write reviews (its number is verified, it has no e-mail to verify)", async () => {
    const number = freshNumber();
    await requestSignInCode({ phone: number.typed }, { clientAddress: address() });
    const made = await registerWithPhone({ ...signUp(number.typed), code: await codeSentTo(number.e164) }, { request: request(), clientAddress: address() });
    if (made.status !== "signed-in") throw new Error("not signed in");
    await getDb().update(user).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(user.id, made.user.id));
    const owner = await createUser(getDb(), { role: "business" });
    const business = await createBusiness(getDb(), { userId: owner.id });
    expect(await saveReview(made.user, { businessId: business.id, stars: 5, body: "Quick service and fair prices, thank you." })).toMatchObject({ created: true });
  });
});
