/**
 * Adding or changing the mobile number of a signed-in account (issue 33): a 6-digit code goes to the number by SMS
 * (enqueued with the code's row, in one transaction: ADR 34), and the number is the account's once the code comes
 * back. The code is never stored, only its HMAC with the server's secret; it works 10 minutes, for 5 tries, once. At
 * most 3 codes per number per 15 minutes, and caps per connection and per account (texts cost money).
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { phoneCodes, profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { isUniqueViolation } from "../../lib/db-errors.server";
import { getEnv } from "../../lib/env.server";
import { addressKey, hitRateLimit } from "../../lib/rate-limit.server";
import { enqueueSms } from "../../lib/sms.server";
import type { SessionUser } from "./session-user";
import { nigerianMobile, PHONE_CODE, PHONE_CODE_LIMITS, PHONE_TEXTS } from "./phone.schemas";

const PURPOSE = "verify-phone";

/** The code's HMAC, bound to its row: the table alone cannot be used to guess codes offline. */
function codeHash(id: string, code: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`phone-code:${id}:${code}`).digest("hex");
}

const minutesLeft = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Sends a code to the number the person typed. Throws AppError 'invalid' (not a Nigerian mobile number, with the
 * field) or 'rate-limited'; nothing is sent then.
 */
export async function requestPhoneCode(actor: SessionUser | null, input: { phone: string }, context: { clientAddress?: string | null }): Promise<{ phone: string }> {
  if (!actor) throw new AppError("unauthenticated", PHONE_TEXTS.failed);
  const phone = nigerianMobile(String(input.phone ?? ""));
  if (!phone) throw new AppError("invalid", PHONE_TEXTS.invalidNumber, { fields: { phone: PHONE_TEXTS.invalidNumber } });

  const perAccount = await hitRateLimit(`phone-code-user:${actor.id}`, PHONE_CODE_LIMITS.perAccount, PHONE_CODE_LIMITS.perAccountWindowMinutes * 60);
  if (!perAccount.allowed) throw new AppError("rate-limited", PHONE_TEXTS.tooManyFromHere(minutesLeft(perAccount.retryAfterSeconds)));
  const perAddress = await hitRateLimit(`phone-code:${addressKey(context.clientAddress)}`, PHONE_CODE_LIMITS.perAddress, PHONE_CODE_LIMITS.perAddressWindowMinutes * 60);
  if (!perAddress.allowed) throw new AppError("rate-limited", PHONE_TEXTS.tooManyFromHere(minutesLeft(perAddress.retryAfterSeconds)));

  return getDb().transaction(async (tx) => {
    // The number's own cap, over the last 15 minutes exactly (its rows, by phone_codes_phone_idx), under a lock on the
    // number so two requests at once cannot both pass it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
    const recent = await queryRows<{ n: number; oldest_age: number | null }>(
      tx,
      sql`select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest_age from ${phoneCodes}
          where phone = ${phone} and created_at > now() - make_interval(mins => ${PHONE_CODE_LIMITS.perNumberWindowMinutes})`,
    );
    const [{ n, oldest_age: oldestAge }] = recent as [{ n: number; oldest_age: number | null }];
    if (n >= PHONE_CODE_LIMITS.perNumber) {
      throw new AppError("rate-limited", PHONE_TEXTS.tooManyForNumber(minutesLeft(PHONE_CODE_LIMITS.perNumberWindowMinutes * 60 - (oldestAge ?? 0))));
    }
    const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, "0");
    const id = crypto.randomUUID();
    await tx.insert(phoneCodes).values({
      id, phone, purpose: PURPOSE, userId: actor.id, codeHash: codeHash(id, code),
      expiresAt: sql`now() + make_interval(mins => ${PHONE_CODE.validMinutes})`,
    });
    await enqueueSms(tx, { to: phone, text: PHONE_TEXTS.sms(code) });
    return { phone };
  });
}

/**
 * Checks the code sent to `phone` for this account (its latest), and makes the number the account's. Throws
 * AppError 'invalid' with the field's message: a wrong code (a try used), an expired or used one, one whose tries
 * are used up, or a number already proved by another account (said only to whoever holds the number).
 */
export async function confirmPhoneCode(actor: SessionUser | null, input: { phone: string; code: string }): Promise<{ phone: string }> {
  if (!actor) throw new AppError("unauthenticated", PHONE_TEXTS.failed);
  const phone = nigerianMobile(String(input.phone ?? ""));
  if (!phone) throw new AppError("invalid", PHONE_TEXTS.invalidNumber, { fields: { phone: PHONE_TEXTS.invalidNumber } });
  const code = String(input.code ?? "").replace(/\s/g, "");
  const refuse = (message: string): never => {
    throw new AppError("invalid", message, { fields: { code: message } });
  };
  if (!new RegExp(`^\\d{${PHONE_CODE.digits}}$`).test(code)) refuse(PHONE_TEXTS.codeFormat);

  const db = getDb();
  const [latest] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, PURPOSE), eq(phoneCodes.userId, actor.id)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  if (!latest) refuse(PHONE_TEXTS.expired);
  // A try is counted before the comparison, atomically: parallel guesses cannot share one.
  const [tried] = await queryRows<{ code_hash: string; attempts: number }>(
    db,
    sql`update ${phoneCodes} set attempts = attempts + 1
        where id = ${latest!.id} and used_at is null and expires_at > now() and attempts < ${PHONE_CODE.maxTries}
        returning code_hash, attempts`,
  );
  if (!tried) {
    const [row] = await db.select({ attempts: phoneCodes.attempts, usedAt: phoneCodes.usedAt }).from(phoneCodes).where(eq(phoneCodes.id, latest!.id));
    refuse(row && !row.usedAt && row.attempts >= PHONE_CODE.maxTries ? PHONE_TEXTS.triesUsed : PHONE_TEXTS.expired);
  }
  const given = Buffer.from(codeHash(latest!.id, code), "hex");
  const expected = Buffer.from(tried!.code_hash, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    refuse(tried!.attempts >= PHONE_CODE.maxTries ? PHONE_TEXTS.triesUsed : PHONE_TEXTS.wrongCode);
  }

  try {
    await db.transaction(async (tx) => {
      const used = await tx
        .update(phoneCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(phoneCodes.id, latest!.id), isNull(phoneCodes.usedAt)))
        .returning({ id: phoneCodes.id });
      // Used meanwhile by a parallel request with the same code: once only.
      if (used.length === 0) refuse(PHONE_TEXTS.expired);
      await tx.update(profiles).set({ phone, phoneVerifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(profiles.id, actor.id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuse(PHONE_TEXTS.taken);
    throw error;
  }
  return { phone };
}

/** The account's verified number, or null. */
export async function verifiedPhone(actor: SessionUser): Promise<string | null> {
  const [row] = await getDb().select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, actor.id)).limit(1);
  return row?.phone ?? null;
}

/** Codes a day old are of no use to anyone: the scheduler deletes them hourly (the table holds about a day of codes). */
export async function pruneOldPhoneCodes(): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    getDb(),
    sql`with gone as (delete from ${phoneCodes} where created_at < now() - interval '1 day' returning 1) select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
