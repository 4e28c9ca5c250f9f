import { APIError } from "better-auth/api";
import { and, eq, lt } from "drizzle-orm";
import { session } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getAuth } from "../../lib/auth.server";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { msg } from "../../lib/i18n/i18n";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS } from "./admin.schemas";
import { requireAdminAccount } from "../accounts/access";

/**
 * Step 2: the first code from the authenticator app turns two-factor sign-in on. better-auth replaces
 * the session when it does; the returned headers carry the new session cookie. Every other session of the
 * admin ends: they were opened with the password alone and would otherwise gain admin powers now.
 */
export async function confirmTwoFactor(actor: SessionUser | null, input: { code: string; request: Request }): Promise<{ headers: Headers }> {
  // The one admin use case open without a second factor: it is how the admin gets one.
  requireAdminAccount(actor);
  const code = input.code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) throw new AppError("invalid", ADMIN_EXTRA_TEXTS.twoFactorWrongCode);
  try {
    const startedAt = new Date();
    const { headers } = await getAuth().api.verifyTOTP({ body: { code }, headers: input.request.headers, returnHeaders: true });
    await getDb()
      .delete(session)
      .where(and(eq(session.userId, actor.id), lt(session.createdAt, startedAt)));
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
      if (errorCode === "TOTP_NOT_ENABLED") throw new AppError("conflict", msg("Start the set-up again: enter your password first."));
      logger.warn({ code: errorCode, status: error.status }, "two-factor confirmation refused");
    } else {
      logger.error({ err: error }, "two-factor confirmation failed");
    }
    throw new AppError("unavailable", ADMIN_EXTRA_TEXTS.twoFactorFailed);
  }
}
