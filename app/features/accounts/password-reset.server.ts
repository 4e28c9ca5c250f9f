import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { user, verification } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { t } from "../../lib/i18n/i18n";
import { getAuth } from "../../lib/auth.server";
import { runInBackground } from "../../lib/background.server";
import { getDb } from "../../lib/db.server";
import { addressKey, hitRateLimit } from "../../lib/rate-limit.server";
import { ACCOUNT_TEXTS } from "./account.schemas";
import { RESET_LIMITS } from "./internal/account-limits.server";
import { passwordWeaknesses, weakPassword } from "./internal/password-policy.server";
import { clearSignInFailures } from "./sign-in.server";

/**
 * Sends a reset link valid for one hour to /login?reset=true. Known and unknown addresses get the same
 * answer in the same time, so the dialog never reveals who has an account: everything that depends on the
 * account (looking it up, the token, the e-mail) runs in the background, failures logged.
 */
export async function requestPasswordReset(email: string, context: { clientAddress?: string }): Promise<{ message: string }> {
  const normalized = email.trim().toLowerCase();
  const addressLimit = await hitRateLimit(`reset-addr:${addressKey(context.clientAddress)}`, RESET_LIMITS.perAddress, RESET_LIMITS.addressWindowSeconds);
  const emailLimit = await hitRateLimit(`reset-email:${normalized}`, RESET_LIMITS.perEmail, RESET_LIMITS.emailWindowSeconds);
  if (!addressLimit.allowed || !emailLimit.allowed) throw new AppError("rate-limited", ACCOUNT_TEXTS.tooManyRequests);
  runInBackground("password reset e-mail", () => getAuth().api.requestPasswordReset({ body: { email: normalized, redirectTo: "/login?reset=true" } }));
  return { message: t(ACCOUNT_TEXTS.resetGeneric) };
}

/**
 * Sets a new password with a reset token (works once), ends every session of that user and clears the
 * account's sign-in delay (whoever was guessing its password no longer holds its owner back). Refuses a
 * weak password with every reason (reason 'weak-password', the reasons as items) and a used or expired link.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const weaknesses = passwordWeaknesses(newPassword, "");
  if (weaknesses.length > 0) throw weakPassword(weaknesses);
  // better-auth keeps the token as `reset-password:<token>` with the user's id as its value.
  const [owner] = await getDb()
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, `reset-password:${token}`))
    .limit(1);
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    if (error instanceof APIError) throw new AppError("invalid", ACCOUNT_TEXTS.resetLinkInvalid, { reason: "link-invalid" });
    throw error;
  }
  if (owner) await clearSignInFailures(owner.email);
}
