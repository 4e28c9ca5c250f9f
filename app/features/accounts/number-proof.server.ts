/**
 * Proving that one holds a phone number that is not an account's (issue 34): the number of an imported listing its
 * owner claims, or of an owner's listing whose phone they verify (issue 35). The same codes as every other purpose (internal/phone-codes.server.ts: 6 digits, 10 minutes, 5 tries,
 * one use, 3 per number per 15 minutes, the per-connection cap), bound to the account that asks, by SMS or — for a
 * landline, which cannot read one — read out by a voice call. The caller acts on the proof in its own transaction and
 * uses the code up there.
 */
import { AppError } from "../../lib/app-error";
import { getDb, type Tx } from "../../lib/db.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import { checkPhoneCode, hitAddressCap, issuePhoneCode, minutesLeft, usePhoneCode } from "./internal/phone-codes.server";
import { PHONE_CODE_LIMITS, PHONE_TEXTS } from "./phone.schemas";
import type { SessionUser } from "./session-user";

/** What a number proof is for: claiming an imported listing, or verifying an owner's listing's phone (issue 35). */
export type NumberProofPurpose = "claim-listing" | "listing-phone";

/**
 * Sends a code to `phone` (E.164) for this account, by SMS (`text`: what the SMS says the code is for, keeping 'your
 * code is NNNNNN.') or by a voice call. Throws AppError 'rate-limited'.
 */
export async function sendNumberProofCode(
  actor: SessionUser,
  input: { phone: string; voice: boolean; purpose?: NumberProofPurpose; text?: (code: string) => string },
  context: { clientAddress?: string | null },
): Promise<void> {
  const perAccount = await hitRateLimit(`phone-code-user:${actor.id}`, PHONE_CODE_LIMITS.perAccount, PHONE_CODE_LIMITS.perAccountWindowMinutes * 60);
  if (!perAccount.allowed) throw new AppError("rate-limited", PHONE_TEXTS.tooManyFromHere(minutesLeft(perAccount.retryAfterSeconds)));
  await hitAddressCap(context.clientAddress);
  await getDb().transaction((tx) => issuePhoneCode(tx, { phone: input.phone, purpose: input.purpose ?? "claim-listing", userId: actor.id, voice: input.voice, text: input.text }));
}

/** Checks the code (a try used); returns the code's id for `useNumberProofCode`. Throws AppError 'invalid' with the code field's message. */
export function checkNumberProofCode(actor: SessionUser, input: { phone: string; code: string; purpose?: NumberProofPurpose }): Promise<string> {
  return checkPhoneCode({ phone: input.phone, purpose: input.purpose ?? "claim-listing", userId: actor.id, code: input.code });
}

/** Uses the checked code up in the transaction that acts on it: once only. */
export function useNumberProofCode(tx: Tx, codeId: string): Promise<void> {
  return usePhoneCode(tx, codeId);
}
