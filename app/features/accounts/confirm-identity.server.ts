/**
 * 'Confirm it is you' before changing how an account is signed in to (issue 33): its phone number or its e-mail
 * address. A session left open on a shared or stolen phone must not be enough to move the account to someone else.
 * The person types their password, or — for an account made with a phone number, which has none — the code we text to
 * the account's current number. Either gives a proof: a token signed with AUTH_SECRET naming the account, good for 15
 * minutes, that the profile's forms carry so the person confirms once for a few changes in a row (GitHub's 'sudo mode'
 * works the same way). requestPhoneCode and requestEmailChange refuse without a live proof.
 */
import { and, eq } from "drizzle-orm";
import { account } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isLiveProof, proofFor } from "./internal/identity-proof.server";
import { confirmPassword, PASSWORD_CONFIRM_FAILURES } from "./password-confirmation.server";
import { minutesLeft } from "./internal/phone-codes.server";
import { REAUTH_TEXTS } from "./phone.schemas";
import type { SessionUser } from "./session-user";
import { confirmHolderCode, verifiedPhone } from "./verify-phone.server";

/** The wrong passwords allowed per account in a window: one count with deleting the account (password-confirmation). */
export const IDENTITY_PASSWORD_FAILURES = PASSWORD_CONFIRM_FAILURES;

/** How this account confirms it is them: its password, a code to its number, or neither (then only support can help). */
export type IdentityCheck = { way: "password" } | { way: "code"; phone: string } | { way: "none" };

export async function identityCheckFor(actor: SessionUser): Promise<IdentityCheck> {
  if (await passwordHash(actor.id)) return { way: "password" };
  const phone = await verifiedPhone(actor);
  return phone ? { way: "code", phone } : { way: "none" };
}

async function passwordHash(userId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return row?.hash ?? null;
}

/** `proof` when it is a live confirmation of this account, else null (a form carries it on to the next change). */
export function liveProof(actor: Pick<SessionUser, "id">, proof: string | null | undefined): string | null {
  return isLiveProof(actor, proof) ? proof! : null;
}

/**
 * Checks that the person is the account's holder and returns a proof for 15 minutes. A live proof given back is
 * returned as it is. Otherwise the password (accounts that have one) or the code sent by requestHolderCode to the
 * account's number. Throws AppError 'invalid' with the field's message (`password` or `code`), 'rate-limited' after
 * 10 wrong passwords in 15 minutes (a code's own 5 tries bound its guesses), or 'forbidden' for an account with
 * neither.
 */
export async function confirmIdentity(actor: SessionUser | null, input: { password?: string; code?: string; proof?: string }): Promise<string> {
  if (!actor) throw new AppError("unauthenticated");
  if (isLiveProof(actor, input.proof)) return input.proof!;
  const hash = await passwordHash(actor.id);
  if (hash) {
    const password = input.password ?? "";
    if (!password) throw new AppError("invalid", REAUTH_TEXTS.passwordRequired, { fields: { password: REAUTH_TEXTS.passwordRequired } });
    const checked = await confirmPassword(actor.id, hash, password);
    if (checked.outcome === "too-many") throw new AppError("rate-limited", REAUTH_TEXTS.tooManyWrong(minutesLeft(checked.retryAfterSeconds)));
    if (checked.outcome === "wrong") throw new AppError("invalid", REAUTH_TEXTS.wrongPassword, { fields: { password: REAUTH_TEXTS.wrongPassword } });
    return proofFor(actor.id);
  }
  if (!(await verifiedPhone(actor))) throw new AppError("forbidden", REAUTH_TEXTS.noWay);
  const code = (input.code ?? "").trim();
  if (!code) throw new AppError("invalid", REAUTH_TEXTS.codeRequired, { fields: { code: REAUTH_TEXTS.codeRequired } });
  await confirmHolderCode(actor, code);
  return proofFor(actor.id);
}
