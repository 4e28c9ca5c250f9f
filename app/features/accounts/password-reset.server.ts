import { APIError } from "better-auth/api";
import { getAuth } from "../../lib/auth.server";
import { logger } from "../../lib/logger.server";
import { addressKey, hitRateLimit } from "../../lib/rate-limit.server";
import { ACCOUNT_TEXTS } from "./account.schemas";
import { passwordWeaknesses } from "./password-policy.server";

/**
 * Sends a reset link valid for one hour to /login?reset=true. Known and unknown addresses get the same
 * answer, so the dialog never reveals who has an account.
 */
export async function requestPasswordReset(email: string, context: { clientAddress?: string }): Promise<{ ok: boolean; message: string }> {
  const addressLimit = await hitRateLimit(`reset-addr:${addressKey(context.clientAddress)}`, 10, 15 * 60);
  const emailLimit = await hitRateLimit(`reset-email:${email.trim().toLowerCase()}`, 5, 15 * 60);
  if (!addressLimit.allowed || !emailLimit.allowed) return { ok: false, message: ACCOUNT_TEXTS.tooManyRequests };
  try {
    await getAuth().api.requestPasswordReset({ body: { email: email.trim().toLowerCase(), redirectTo: "/login?reset=true" } });
  } catch (error) {
    // Answer alike: the failure is logged, the user sees the generic text.
    logger.warn({ err: error }, "password reset request failed");
  }
  return { ok: true, message: ACCOUNT_TEXTS.resetGeneric };
}

export type ResetResult = { ok: true } | { ok: false; weakPassword?: string[]; message: string };

/** Sets a new password with a reset token (works once) and ends every session of that user. */
export async function resetPassword(token: string, newPassword: string): Promise<ResetResult> {
  const weaknesses = passwordWeaknesses(newPassword, "");
  if (weaknesses.length > 0) return { ok: false, weakPassword: weaknesses, message: weaknesses.join(". ") };
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, message: ACCOUNT_TEXTS.resetLinkInvalid };
    logger.error({ err: error }, "password reset failed");
    return { ok: false, message: ACCOUNT_TEXTS.unexpected };
  }
}
