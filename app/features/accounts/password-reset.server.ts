import { APIError } from "better-auth/api";
import { AppError } from "../../lib/app-error";
import { getAuth } from "../../lib/auth.server";
import { logger } from "../../lib/logger.server";
import { addressKey, hitRateLimit } from "../../lib/rate-limit.server";
import { ACCOUNT_TEXTS } from "./account.schemas";
import { passwordWeaknesses, weakPassword } from "./internal/password-policy.server";

/**
 * Sends a reset link valid for one hour to /login?reset=true. Known and unknown addresses get the same
 * answer, so the dialog never reveals who has an account.
 */
export async function requestPasswordReset(email: string, context: { clientAddress?: string }): Promise<{ message: string }> {
  const addressLimit = await hitRateLimit(`reset-addr:${addressKey(context.clientAddress)}`, 10, 15 * 60);
  const emailLimit = await hitRateLimit(`reset-email:${email.trim().toLowerCase()}`, 5, 15 * 60);
  if (!addressLimit.allowed || !emailLimit.allowed) throw new AppError("rate-limited", ACCOUNT_TEXTS.tooManyRequests);
  try {
    await getAuth().api.requestPasswordReset({ body: { email: email.trim().toLowerCase(), redirectTo: "/login?reset=true" } });
  } catch (error) {
    // Answer alike: the failure is logged, the user sees the generic text.
    logger.warn({ err: error }, "password reset request failed");
  }
  return { message: ACCOUNT_TEXTS.resetGeneric };
}

/**
 * Sets a new password with a reset token (works once) and ends every session of that user. Refuses a weak
 * password with every reason (reason 'weak-password', the reasons as items) and a used or expired link.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const weaknesses = passwordWeaknesses(newPassword, "");
  if (weaknesses.length > 0) throw weakPassword(weaknesses);
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    if (error instanceof APIError) throw new AppError("invalid", ACCOUNT_TEXTS.resetLinkInvalid, { reason: "link-invalid" });
    throw error;
  }
}
