/**
 * Adding a mobile number to an account with a code sent by SMS (issue 33): the code's rules (6 digits, 10 minutes, 5
 * tries, one use, stored hashed), the caps (3 per number per 15 minutes, per connection, per account) and what the
 * number becomes. The SMS goes through the job queue to the development outbox (no SMS provider here).
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { phoneCodes, profiles } from "../../../db/schema";
import { createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { listOutbox } from "../../lib/email.server";
import { runDueJobs } from "../../lib/jobs.server";
import { confirmIdentity } from "./confirm-identity.server";
import { PHONE_TEXTS } from "./phone.schemas";
import type { SessionUser } from "./session-user";
import { confirmPhoneCode, pruneOldPhoneCodes, requestPhoneCode, verifiedPhone } from "./verify-phone.server";

let counter = 0;
/** A fresh Nigerian mobile number per test, typed the way people type it. */
const freshNumber = () => {
  counter += 1;
  const tail = String(Date.now() % 10_000_000).padStart(7, "0").slice(0, 6) + String(counter % 10);
  return { typed: `0803 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+234803${tail}` };
};
const address = () => `10.33.${counter}.${Math.floor(Math.random() * 250)}`;

/** The code in the latest SMS to a number (sent by the queue's job, as a worker would). */
async function codeSentTo(e164: string): Promise<string> {
  await runDueJobs(JOB_HANDLERS);
  const sms = (await listOutbox(500)).find((m) => m.channel === "sms" && m.to === e164);
  const code = /code is (\d{6})\./.exec(sms?.text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}

const proofs = new Map<string, string>();
/** The person confirms it is them with their password (once per account: it lasts 15 minutes), then asks for a code. */
async function ask(actor: SessionUser | null, phone: string, clientAddress: string) {
  let proof = actor ? proofs.get(actor.id) : undefined;
  if (actor && !proof) proofs.set(actor.id, (proof = await confirmIdentity(actor, { password: DEFAULT_PASSWORD })));
  return requestPhoneCode(actor, { phone, proof }, { clientAddress });
}

async function person() {
  return actorFor(await createVisitor(getDb()));
}

describe("adding a mobile number with a code", () => {
  it("sends a 6-digit code by SMS, stores only its hash, and takes the number once the code comes back", async () => {
    const actor = await person();
    const number = freshNumber();
    expect(await ask(actor, number.typed, address())).toEqual({ phone: number.e164 });
    const code = await codeSentTo(number.e164);
    const sms = (await listOutbox(500)).find((m) => m.to === number.e164)!;
    expect(sms.text).toBe(PHONE_TEXTS.sms(code));
    const [row] = await getDb().select().from(phoneCodes).where(eq(phoneCodes.phone, number.e164));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);

    expect(await verifiedPhone(actor)).toBeNull();
    // Typed differently, the same number.
    expect(await confirmPhoneCode(actor, { phone: number.e164.replace("+234", "+234 (0) "), code: ` ${code.slice(0, 3)} ${code.slice(3)} ` })).toEqual({ phone: number.e164 });
    expect(await verifiedPhone(actor)).toBe(number.e164);
    // One use.
    expect(await refusal(confirmPhoneCode(actor, { phone: number.typed, code }))).toMatchObject({ code: "invalid", fields: { code: PHONE_TEXTS.expired } });
  });

  it("refuses what is not a Nigerian mobile number, with the field, and sends nothing", async () => {
    const actor = await person();
    for (const typed of ["0803 555 014", "+44 7911 123456", "0603 555 0141", "call me", ""]) {
      expect(await refusal(ask(actor, typed, address()))).toMatchObject({
        code: "invalid",
        fields: { phone: PHONE_TEXTS.invalidNumber },
      });
    }
    expect(await refusal(ask(null, "0803 555 0141", address()))).toMatchObject({ code: "unauthenticated" });
  });

  it("a wrong code uses a try; after 5 the code is dead, even the right one; a new code works", async () => {
    const actor = await person();
    const number = freshNumber();
    await ask(actor, number.typed, address());
    const code = await codeSentTo(number.e164);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      expect(await refusal(confirmPhoneCode(actor, { phone: number.typed, code: wrong }))).toMatchObject({ fields: { code: PHONE_TEXTS.wrongCode } });
    }
    expect(await refusal(confirmPhoneCode(actor, { phone: number.typed, code: wrong }))).toMatchObject({ fields: { code: PHONE_TEXTS.triesUsed } });
    expect(await refusal(confirmPhoneCode(actor, { phone: number.typed, code }))).toMatchObject({ fields: { code: PHONE_TEXTS.triesUsed } });
    expect(await refusal(confirmPhoneCode(actor, { phone: number.typed, code: "12345" }))).toMatchObject({ fields: { code: PHONE_TEXTS.codeFormat } });
    expect(await verifiedPhone(actor)).toBeNull();

    await ask(actor, number.typed, address());
    // The newest SMS to the number carries the new code.
    const fresh = await codeSentTo(number.e164);
    expect(await confirmPhoneCode(actor, { phone: number.typed, code: fresh })).toEqual({ phone: number.e164 });
  });

  it("a code 10 minutes old has expired; one for another account is of no use here", async () => {
    const actor = await person();
    const other = await person();
    const number = freshNumber();
    await ask(actor, number.typed, address());
    const code = await codeSentTo(number.e164);
    expect(await refusal(confirmPhoneCode(other, { phone: number.typed, code }))).toMatchObject({ fields: { code: PHONE_TEXTS.expired } });
    await getDb().update(phoneCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(phoneCodes.phone, number.e164));
    expect(await refusal(confirmPhoneCode(actor, { phone: number.typed, code }))).toMatchObject({ fields: { code: PHONE_TEXTS.expired } });
    expect(await verifiedPhone(actor)).toBeNull();
  });

  it("at most 3 codes per number per 15 minutes, whoever asks; the connection and the account have caps of their own", async () => {
    const number = freshNumber();
    for (let i = 0; i < 3; i++) await ask(await person(), number.typed, address());
    const refused = await refusal(ask(await person(), number.typed, address()));
    expect(refused).toMatchObject({ code: "rate-limited", message: PHONE_TEXTS.tooManyForNumber(15) });
    await runDueJobs(JOB_HANDLERS);
    expect((await listOutbox(500)).filter((m) => m.to === number.e164)).toHaveLength(3);
    // 15 minutes later the number may have codes again.
    await getDb().update(phoneCodes).set({ createdAt: sql`now() - interval '16 minutes'` }).where(eq(phoneCodes.phone, number.e164));
    await ask(await person(), number.typed, address());

    // One account asking for many numbers (each text costs money): 6 an hour.
    const spender = await person();
    for (let i = 0; i < 6; i++) await ask(spender, freshNumber().typed, address());
    expect(await refusal(ask(spender, freshNumber().typed, address()))).toMatchObject({ code: "rate-limited" });

    // One connection: 20 per 15 minutes (many people share a carrier's address).
    const shared = `10.34.${counter}.9`;
    for (let i = 0; i < 20; i++) await ask(await person(), freshNumber().typed, shared);
    expect(await refusal(ask(await person(), freshNumber().typed, shared))).toMatchObject({
      code: "rate-limited",
      message: PHONE_TEXTS.tooManyFromHere(15),
    });
  });

  it("a number proved by one account cannot be taken by another; told only to whoever holds it", async () => {
    const first = await person();
    const second = await person();
    const number = freshNumber();
    await ask(first, number.typed, address());
    await confirmPhoneCode(first, { phone: number.typed, code: await codeSentTo(number.e164) });
    await ask(second, number.typed, address());
    await runDueJobs(JOB_HANDLERS);
    const codes = (await listOutbox(500)).filter((m) => m.to === number.e164).map((m) => /code is (\d{6})\./.exec(m.text)![1]!);
    expect(await refusal(confirmPhoneCode(second, { phone: number.typed, code: codes[0]! }))).toMatchObject({ fields: { code: PHONE_TEXTS.taken } });
    expect(await verifiedPhone(second)).toBeNull();
    expect(await verifiedPhone(first)).toBe(number.e164);
    const [row] = await getDb().select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, second.id));
    expect(row!.phone).toBeNull();
  });

  it("the scheduler's chore deletes codes a day old and keeps newer ones", async () => {
    const number = freshNumber();
    await ask(await person(), number.typed, address());
    await ask(await person(), number.typed, address());
    const [old] = await getDb().select({ id: phoneCodes.id }).from(phoneCodes).where(eq(phoneCodes.phone, number.e164)).limit(1);
    await getDb().update(phoneCodes).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(phoneCodes.id, old!.id));
    expect(await pruneOldPhoneCodes()).toBeGreaterThanOrEqual(1);
    expect(await getDb().select({ id: phoneCodes.id }).from(phoneCodes).where(eq(phoneCodes.phone, number.e164))).toHaveLength(1);
  });

  it("a verified number that is replaced is told, with where to get help", async () => {
    const actor = await person();
    const first = freshNumber();
    await ask(actor, first.typed, address());
    await confirmPhoneCode(actor, { phone: first.typed, code: await codeSentTo(first.e164) });
    const second = freshNumber();
    await ask(actor, second.typed, address());
    await confirmPhoneCode(actor, { phone: second.typed, code: await codeSentTo(second.e164) });
    await runDueJobs(JOB_HANDLERS);
    const told = (await listOutbox(500)).find((m) => m.to === first.e164 && m.text.includes("was changed"));
    expect(told?.text).toMatch(/^Naija Directory: the phone number of your account was changed to .+ If you did not do this, get help: http\S+\/help$/);
  });
});
