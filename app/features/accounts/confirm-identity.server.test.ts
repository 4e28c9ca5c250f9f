/**
 * 'Confirm it is you' before changing an account's number or e-mail address (issue 33): a session alone (an unlocked
 * phone) changes neither; the password, or for an account made by phone a code to its current number, gives a proof
 * that lasts 15 minutes, for this account only, and cannot be forged.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { account, profiles } from "../../../db/schema";
import { createVisitor, DEFAULT_PASSWORD, uniqueEmail } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { deliveredMail } from "../../../tests/support/outbox";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { requestEmailChange } from "./change-email.server";
import { smsPages } from "../../lib/sms-pages";
import { confirmIdentity, IDENTITY_PASSWORD_FAILURES, identityCheckFor, liveProof } from "./confirm-identity.server";
import { IDENTITY_PROOF_MINUTES, PHONE_TEXTS, REAUTH_TEXTS } from "./phone.schemas";
import { confirmPhoneCode, requestHolderCode, requestPhoneCode, verifiedPhone } from "./verify-phone.server";

let counter = 0;
const freshNumber = () => {
  counter += 1;
  const tail = String((Date.now() * 13 + counter * 7907) % 10_000_000).padStart(7, "0");
  return { typed: `0807 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+234807${tail}` };
};
const address = () => `10.66.${counter % 250}.${Math.floor(Math.random() * 250)}`;

/** The code in the newest SMS to a number, once the queue's worker sent it. */
async function codeSentTo(e164: string): Promise<string> {
  const sms = (await deliveredMail(500)).find((m) => m.channel === "sms" && m.to === e164);
  const code = /code is (\d{6})\./.exec(sms?.text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}

/** An account made with a phone number: no password, its verified number is how it signs in. */
async function phoneOnlyAccount() {
  const made = await createVisitor(getDb());
  const number = freshNumber();
  await getDb().update(account).set({ password: null }).where(eq(account.userId, made.id));
  await getDb().update(profiles).set({ phone: number.e164, phoneVerifiedAt: sql`now()` }).where(eq(profiles.id, made.id));
  return { actor: await actorFor(made), number };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("confirming it is you before changing the number or the e-mail address", () => {
  it("a session alone changes neither: no proof, a forged one, another account's or an expired one is refused and nothing is sent", async () => {
    const actor = await actorFor(await createVisitor(getDb()));
    const other = await actorFor(await createVisitor(getDb()));
    const number = freshNumber();
    const othersProof = await confirmIdentity(other, { password: DEFAULT_PASSWORD });
    const ownProof = await confirmIdentity(actor, { password: DEFAULT_PASSWORD });
    const forged = ownProof.replace(/\.(\d+)\./, (_m, at: string) => `.${Number(at) + 3_600_000}.`);
    for (const proof of [undefined, "", "x.y.z", othersProof, forged, `${other.id}${ownProof.slice(actor.id.length)}`]) {
      expect(await refusal(requestPhoneCode(actor, { phone: number.typed, proof }, { clientAddress: address() }))).toMatchObject({
        code: "invalid", reason: "reauth", message: REAUTH_TEXTS.again,
      });
      expect(await refusal(requestEmailChange(actor, { email: uniqueEmail("unconfirmed"), proof }, { clientAddress: address() }))).toMatchObject({ reason: "reauth" });
    }
    expect((await deliveredMail(500)).some((m) => m.to === number.e164)).toBe(false);
    // Its own proof works, for 15 minutes and not after.
    expect(liveProof(actor, ownProof)).toBe(ownProof);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (IDENTITY_PROOF_MINUTES * 60 + 1) * 1000);
    expect(liveProof(actor, ownProof)).toBeNull();
    vi.useRealTimers();
    expect(await requestPhoneCode(actor, { phone: number.typed, proof: ownProof }, { clientAddress: address() })).toEqual({ phone: number.e164 });
  });

  it("with a password: it is asked, a wrong one is counted, 10 wrong ones stop even the right one for a while", async () => {
    const actor = await actorFor(await createVisitor(getDb()));
    expect(await identityCheckFor(actor)).toEqual({ way: "password" });
    expect(await refusal(confirmIdentity(actor, {}))).toMatchObject({ code: "invalid", fields: { password: REAUTH_TEXTS.passwordRequired } });
    // A code is no substitute for the password of an account that has one.
    expect(await refusal(confirmIdentity(actor, { code: "123456" }))).toMatchObject({ fields: { password: REAUTH_TEXTS.passwordRequired } });
    for (let i = 0; i < IDENTITY_PASSWORD_FAILURES.limit; i++) {
      expect(await refusal(confirmIdentity(actor, { password: `wrong-${i}` }))).toMatchObject({ code: "invalid", fields: { password: REAUTH_TEXTS.wrongPassword } });
    }
    expect(await refusal(confirmIdentity(actor, { password: DEFAULT_PASSWORD }))).toMatchObject({ code: "rate-limited", message: REAUTH_TEXTS.tooManyWrong(15) });
    expect(await refusal(confirmIdentity(null, { password: DEFAULT_PASSWORD }))).toMatchObject({ code: "unauthenticated" });

    const fresh = await actorFor(await createVisitor(getDb()));
    const proof = await confirmIdentity(fresh, { password: DEFAULT_PASSWORD });
    // A live proof given back is the proof: one confirmation for the number and the address.
    expect(await confirmIdentity(fresh, { proof })).toBe(proof);
    const number = freshNumber();
    await requestPhoneCode(fresh, { phone: number.typed, proof }, { clientAddress: address() });
    await confirmPhoneCode(fresh, { phone: number.typed, code: await codeSentTo(number.e164) });
    expect(await verifiedPhone(fresh)).toBe(number.e164);
    const next = uniqueEmail("confirmed");
    expect(await requestEmailChange(fresh, { email: next, proof }, { clientAddress: address() })).toEqual({ email: next });
  });

  it("an account made by phone confirms with a code to the number it has now, used once; its password field means nothing", async () => {
    const { actor, number } = await phoneOnlyAccount();
    expect(await identityCheckFor(actor)).toEqual({ way: "code", phone: number.e164 });
    expect(await refusal(confirmIdentity(actor, { password: DEFAULT_PASSWORD }))).toMatchObject({ code: "invalid", fields: { code: REAUTH_TEXTS.codeRequired } });
    expect(await requestHolderCode(actor, { clientAddress: address() })).toEqual({ phone: number.e164 });
    const code = await codeSentTo(number.e164);
    // Its own text, saying what the code unlocks: it cannot pass for a sign-in's or a new number's code.
    const text = (await deliveredMail(500)).find((m) => m.channel === "sms" && m.to === number.e164)?.text;
    expect(text).toBe(PHONE_TEXTS.holderSms(code));
    expect(text).not.toBe(PHONE_TEXTS.sms(code));
    expect(smsPages(text!)).toBe(1);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await refusal(confirmIdentity(actor, { code: wrong }))).toMatchObject({ fields: { code: PHONE_TEXTS.wrongCode } });
    const proof = await confirmIdentity(actor, { code });
    expect(await refusal(confirmIdentity(actor, { code }))).toMatchObject({ fields: { code: PHONE_TEXTS.expired } });

    // The proof moves the account to a new number; the number it had is told.
    const next = freshNumber();
    await requestPhoneCode(actor, { phone: next.typed, proof }, { clientAddress: address() });
    await confirmPhoneCode(actor, { phone: next.typed, code: await codeSentTo(next.e164) });
    expect(await verifiedPhone(actor)).toBe(next.e164);
    expect((await deliveredMail(500)).some((m) => m.to === number.e164 && m.text.includes("was changed"))).toBe(true);
  });

  it("an account with neither a password nor a number is told to ask support", async () => {
    const made = await createVisitor(getDb());
    await getDb().update(account).set({ password: null }).where(eq(account.userId, made.id));
    const actor = await actorFor(made);
    expect(await identityCheckFor(actor)).toEqual({ way: "none" });
    expect(await refusal(confirmIdentity(actor, { code: "123456" }))).toMatchObject({ code: "forbidden", message: REAUTH_TEXTS.noWay });
  });
});
