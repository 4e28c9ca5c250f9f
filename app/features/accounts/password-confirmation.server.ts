/**
 * A signed-in person typing their password again to prove it is them: before changing how the account is signed in
 * to (confirm-identity.server.ts) and before deleting it (privacy/delete-my-account.server.ts). Both doors share one
 * count of wrong passwords per account, so a session left open on a shared or stolen phone gives a guesser
 * PASSWORD_CONFIRM_FAILURES.limit tries in the window through all of them together, not that many through each.
 * Each try is counted before the password is checked, so parallel guesses cannot all pass under the cap; a right
 * password takes its try back. (Signing in has its own, progressive count: accounts/internal/account-limits.server.ts.)
 */
import { verifyPassword } from "../../lib/password.server";
import { hitRateLimit, refundRateLimit } from "../../lib/rate-limit.server";

export const PASSWORD_CONFIRM_FAILURES = { limit: 10, windowSeconds: 15 * 60 } as const;

/** The rate_limits key of an account's wrong passwords when confirming it is them. */
export const passwordConfirmKey = (userId: string) => `password-confirm-fail:${userId}`;

export type PasswordConfirmation = { outcome: "right" } | { outcome: "wrong" } | { outcome: "too-many"; retryAfterSeconds: number };

/** Whether `password` is the account's (its stored `hash`), counted against the account's one allowance. */
export async function confirmPassword(userId: string, hash: string, password: string): Promise<PasswordConfirmation> {
  const key = passwordConfirmKey(userId);
  const tried = await hitRateLimit(key, PASSWORD_CONFIRM_FAILURES.limit, PASSWORD_CONFIRM_FAILURES.windowSeconds);
  if (!tried.allowed) return { outcome: "too-many", retryAfterSeconds: tried.retryAfterSeconds };
  if (!(await verifyPassword({ hash, password }))) return { outcome: "wrong" };
  await refundRateLimit(key);
  return { outcome: "right" };
}
