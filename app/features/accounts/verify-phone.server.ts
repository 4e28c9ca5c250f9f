/**
 * Adding or changing the mobile number of a signed-in account (issue 33): a 6-digit code goes to the number by SMS,
 * and the number is the account's once the code comes back. The code's rules are internal/phone-codes.server.ts's;
 * here, a cap per account on top (texts cost money).
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { account, phoneCodes, profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { isUniqueViolation } from "../../lib/db-errors.server";
import { currentLocale } from "../../lib/i18n/i18n";
import { sentUrl } from "../../lib/i18n/sent-language.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import { enqueueSms } from "../../lib/sms.server";
import type { SessionUser } from "./session-user";
import { requireIdentityProof } from "./internal/identity-proof.server";
import { checkPhoneCode, hitAddressCap, issuePhoneCode, minutesLeft, refuseCode, usePhoneCode } from "./internal/phone-codes.server";
import { nigerianMobile, PHONE_CODE_LIMITS, PHONE_TEXTS } from "./phone.schemas";

const PURPOSE = "verify-phone";

/** Where a person who did not make a change gets help: the Help page in the language of the page they acted from. */
export const supportUrl = () => sentUrl("/help", currentLocale());

/**
 * Sends a code to the number the person typed, once they confirmed it is them (`proof` from confirmIdentity: a new
 * number is a new way to sign in to the account). Throws AppError 'invalid' (not a Nigerian mobile number, with the
 * field; or no live proof, reason 'reauth') or 'rate-limited'; nothing is sent then.
 */
export async function requestPhoneCode(
  actor: SessionUser | null,
  input: { phone: string; proof: string | null | undefined },
  context: { clientAddress?: string | null },
): Promise<{ phone: string }> {
  if (!actor) throw new AppError("unauthenticated", PHONE_TEXTS.failed);
  const phone = nigerianMobile(String(input.phone ?? ""));
  if (!phone) throw new AppError("invalid", PHONE_TEXTS.invalidNumber, { fields: { phone: PHONE_TEXTS.invalidNumber } });
  requireIdentityProof(actor, input.proof);
  return sendCode(actor, phone, context);
}

/** A code to `phone` for this account, within the caps per account and per connection. */
async function sendCode(actor: SessionUser, phone: string, context: { clientAddress?: string | null }, text?: (code: string) => string): Promise<{ phone: string }> {
  const perAccount = await hitRateLimit(`phone-code-user:${actor.id}`, PHONE_CODE_LIMITS.perAccount, PHONE_CODE_LIMITS.perAccountWindowMinutes * 60);
  if (!perAccount.allowed) throw new AppError("rate-limited", PHONE_TEXTS.tooManyFromHere(minutesLeft(perAccount.retryAfterSeconds)));
  await hitAddressCap(context.clientAddress);
  await getDb().transaction((tx) => issuePhoneCode(tx, { phone, purpose: PURPOSE, userId: actor.id, text }));
  return { phone };
}

/**
 * Checks the code sent to `phone` for this account (its latest), and makes the number the account's (the code was
 * only sent after the person confirmed it is them). Throws
 * AppError 'invalid' with the field's message: a wrong code (a try used), an expired or used one, one whose tries
 * are used up, or a number already proved by another account (said only to whoever holds the number).
 */
export async function confirmPhoneCode(actor: SessionUser | null, input: { phone: string; code: string }): Promise<{ phone: string }> {
  if (!actor) throw new AppError("unauthenticated", PHONE_TEXTS.failed);
  const phone = nigerianMobile(String(input.phone ?? ""));
  if (!phone) throw new AppError("invalid", PHONE_TEXTS.invalidNumber, { fields: { phone: PHONE_TEXTS.invalidNumber } });
  const codeId = await checkPhoneCode({ phone, purpose: PURPOSE, userId: actor.id, code: input.code });
  try {
    await getDb().transaction(async (tx) => {
      await usePhoneCode(tx, codeId);
      const [before] = await tx.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, actor.id)).for("update");
      await tx.update(profiles).set({ phone, phoneVerifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(profiles.id, actor.id));
      // The number it replaces is told (for an account made by phone it is how the account is signed in to).
      if (before?.phone && before.phone !== phone) await enqueueSms(tx, { to: before.phone, text: PHONE_TEXTS.numberReplaced(phone, supportUrl()) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuseCode(PHONE_TEXTS.taken);
    throw error;
  }
  return { phone };
}

/**
 * A code to the account's own verified number, to confirm it is them where a password would be asked and the account
 * has none (made with a phone number): deleting the account, changing its number or e-mail address. Throws AppError
 * 'invalid' when it has no number.
 */
export async function requestHolderCode(actor: SessionUser | null, context: { clientAddress?: string | null }): Promise<{ phone: string }> {
  if (!actor) throw new AppError("unauthenticated", PHONE_TEXTS.failed);
  const phone = await verifiedPhone(actor);
  if (!phone) throw new AppError("invalid", PHONE_TEXTS.failed);
  // Its own text: what the code unlocks, so it cannot pass for a sign-in or a new number's code.
  return sendCode(actor, phone, context, PHONE_TEXTS.holderSms);
}

/** Checks and uses up a code sent by requestHolderCode; throws AppError 'invalid' with the code field's message. */
export async function confirmHolderCode(actor: SessionUser, code: string): Promise<void> {
  const phone = await verifiedPhone(actor);
  if (!phone) refuseCode(PHONE_TEXTS.expired);
  const codeId = await checkPhoneCode({ phone: phone!, purpose: PURPOSE, userId: actor.id, code });
  await getDb().transaction((tx) => usePhoneCode(tx, codeId));
}

/** Whether the account has a password (accounts made with a phone number have none). */
export async function hasPassword(actor: SessionUser): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, actor.id), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return Boolean(row);
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
