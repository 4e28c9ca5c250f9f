/**
 * One-time codes sent to a mobile number (issue 33), for every purpose: adding a number to an account
 * (verify-phone.server.ts) and signing in or up with one (phone-sign-in.server.ts). The code is never stored, only
 * its HMAC with the server's secret bound to its row; it works 10 minutes, for 5 tries, once. At most 3 codes per
 * number per 15 minutes whatever their purpose, counted exactly under a lock on the number; the callers add caps per
 * connection and per account. The SMS (or the voice call) is enqueued with the code's row, in one transaction (ADR 34).
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { phoneCodes } from "../../../../db/schema";
import type { PHONE_CODE_PURPOSES } from "../../../../db/schema/phone-codes";
import { AppError } from "../../../lib/app-error";
import { getDb, queryRows, type Tx } from "../../../lib/db.server";
import { getEnv } from "../../../lib/env.server";
import { addressKey, hitRateLimit } from "../../../lib/rate-limit.server";
import { enqueueSms } from "../../../lib/sms.server";
import { PHONE_CODE, PHONE_CODE_LIMITS, PHONE_TEXTS } from "../phone.schemas";

export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/** The code's HMAC, bound to its row: the table alone cannot be used to guess codes offline. */
function codeHash(id: string, code: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`phone-code:${id}:${code}`).digest("hex");
}

export const minutesLeft = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The per-connection cap (many people share a carrier address: room for them, not for a script). */
export async function hitAddressCap(clientAddress: string | null | undefined): Promise<void> {
  const perAddress = await hitRateLimit(`phone-code:${addressKey(clientAddress)}`, PHONE_CODE_LIMITS.perAddress, PHONE_CODE_LIMITS.perAddressWindowMinutes * 60);
  if (!perAddress.allowed) throw new AppError("rate-limited", PHONE_TEXTS.tooManyFromHere(minutesLeft(perAddress.retryAfterSeconds)), { reason: "rate-limited" });
}

/**
 * Issues a code to `phone` (E.164) for `purpose` and enqueues it by SMS, or read out by a voice call (`voice`), in
 * `tx`. Throws AppError 'rate-limited' past the number's cap; nothing is sent then.
 */
export async function issuePhoneCode(
  tx: Tx,
  input: { phone: string; purpose: PhoneCodePurpose; userId: string | null; voice?: boolean; text?: (code: string) => string },
): Promise<void> {
  const { phone } = input;
  // The number's own cap, over the last 15 minutes exactly (its rows, by phone_codes_phone_idx), under a lock on the
  // number so two requests at once cannot both pass it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
  const [{ n, oldest_age: oldestAge }] = (await queryRows<{ n: number; oldest_age: number | null }>(
    tx,
    sql`select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest_age from ${phoneCodes}
        where phone = ${phone} and created_at > now() - make_interval(mins => ${PHONE_CODE_LIMITS.perNumberWindowMinutes})`,
  )) as [{ n: number; oldest_age: number | null }];
  if (n >= PHONE_CODE_LIMITS.perNumber) {
    throw new AppError("rate-limited", PHONE_TEXTS.tooManyForNumber(minutesLeft(PHONE_CODE_LIMITS.perNumberWindowMinutes * 60 - (oldestAge ?? 0))), { reason: "rate-limited" });
  }
  const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, "0");
  const id = crypto.randomUUID();
  await tx.insert(phoneCodes).values({
    id, phone, purpose: input.purpose, userId: input.userId, codeHash: codeHash(id, code),
    expiresAt: sql`now() + make_interval(mins => ${PHONE_CODE.validMinutes})`,
  });
  await enqueueSms(tx, input.voice ? { to: phone, text: PHONE_TEXTS.voice(code), voiceCode: code } : { to: phone, text: (input.text ?? PHONE_TEXTS.sms)(code) });
}

/** A refusal of the code field, with the field's message. */
export function refuseCode(message: string): never {
  throw new AppError("invalid", message, { fields: { code: message }, reason: "code" });
}

/**
 * Checks `code` against the latest code sent to `phone` for `purpose` (and `userId`, null for sign-in codes), using
 * one of its tries first (atomically: parallel guesses cannot share one), and compares in constant time. Returns the
 * code's id, to be used up with `usePhoneCode` in the transaction that acts on it. Throws AppError 'invalid' with the
 * code field's message: a wrong code, an expired or used one, one whose tries are used up.
 */
export async function checkPhoneCode(input: { phone: string; purpose: PhoneCodePurpose; userId: string | null; code: string }): Promise<string> {
  const code = String(input.code ?? "").replace(/\s/g, "");
  if (!new RegExp(`^\\d{${PHONE_CODE.digits}}$`).test(code)) refuseCode(PHONE_TEXTS.codeFormat);
  const db = getDb();
  const [latest] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, input.phone), eq(phoneCodes.purpose, input.purpose), input.userId === null ? isNull(phoneCodes.userId) : eq(phoneCodes.userId, input.userId)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  if (!latest) refuseCode(PHONE_TEXTS.expired);
  const [tried] = await queryRows<{ code_hash: string; attempts: number }>(
    db,
    sql`update ${phoneCodes} set attempts = attempts + 1
        where id = ${latest!.id} and used_at is null and expires_at > now() and attempts < ${PHONE_CODE.maxTries}
        returning code_hash, attempts`,
  );
  if (!tried) {
    const [row] = await db.select({ attempts: phoneCodes.attempts, usedAt: phoneCodes.usedAt }).from(phoneCodes).where(eq(phoneCodes.id, latest!.id));
    refuseCode(row && !row.usedAt && row.attempts >= PHONE_CODE.maxTries ? PHONE_TEXTS.triesUsed : PHONE_TEXTS.expired);
  }
  const given = Buffer.from(codeHash(latest!.id, code), "hex");
  const expected = Buffer.from(tried!.code_hash, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    refuseCode(tried!.attempts >= PHONE_CODE.maxTries ? PHONE_TEXTS.triesUsed : PHONE_TEXTS.wrongCode);
  }
  return latest!.id;
}

/** Uses up a checked code in `tx`; refuses (expired or used) when a parallel request used it first: once only. */
export async function usePhoneCode(tx: Tx, id: string): Promise<void> {
  const used = await tx
    .update(phoneCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  if (used.length === 0) refuseCode(PHONE_TEXTS.expired);
}
