import { APIError } from "better-auth/api";
import { AppError } from "../../lib/app-error";
import { getAuth } from "../../lib/auth.server";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS } from "./admin.schemas";
import { requireAdmin } from "../accounts/access";

/**
 * Step 2: the first code from the authenticator app turns two-factor sign-in on. better-auth replaces
 * the session when it does; the returned headers carry the new session cookie.
 */
export async function confirmTwoFactor(actor: SessionUser | null, input: { code: string; request: Request }): Promise<{ headers: Headers }> {
  requireAdmin(actor);
  const code = input.code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) throw new AppError("invalid", ADMIN_EXTRA_TEXTS.twoFactorWrongCode);
  try {
    const { headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: input.request.headers, returnHeaders: true });
    await recordAudit(getDb(), auditActorOf(actor), {
      action: "user.two_factor.enable",
      targetType: "user",
      targetId: actor.id,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
    return { headers };
  } catch (error) {
    if (error instanceof APIError) {
      const errorCode = (error.body as { code?: string } | undefined)?.code;
      if (errorCode === "INVALID_CODE") throw new AppError("invalid", ADMIN_EXTRA_TEXTS.twoFactorWrongCode);
      if (errorCode === "TOTP_NOT_ENABLED") throw new AppError("conflict", "Start the set-up again: enter your password first.");
      logger.warn({ code: errorCode, status: error.status }, "two-factor confirmation refused");
    } else {
      logger.error({ err: error }, "two-factor confirmation failed");
    }
    throw new AppError("unavailable", ADMIN_EXTRA_TEXTS.twoFactorFailed);
  }
}
