import { APIError } from "better-auth/api";
import { AppError } from "../../lib/app-error";
import { getAuth } from "../../lib/auth.server";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS } from "./admin.schemas";
import { requireAdmin } from "../accounts/access";

/** Turns the signed-in admin's two-factor sign-in off after checking their password; audited. */
export async function disableTwoFactor(actor: SessionUser | null, input: { password: string; request: Request }): Promise<{ headers: Headers }> {
  requireAdmin(actor);
  if (!input.password) throw new AppError("invalid", ADMIN_EXTRA_TEXTS.twoFactorWrongPassword);
  try {
    const { headers } = await getAuth().api.disableTwoFactor({
      body: { password: input.password },
      headers: input.request.headers,
      returnHeaders: true,
    });
    await recordAudit(getDb(), auditActorOf(actor), {
      action: "user.two_factor.disable",
      targetType: "user",
      targetId: actor.id,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
    return { headers };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_PASSWORD") throw new AppError("invalid", ADMIN_EXTRA_TEXTS.twoFactorWrongPassword);
      logger.warn({ code, status: error.status }, "two-factor disable refused");
    } else {
      logger.error({ err: error }, "two-factor disable failed");
    }
    throw new AppError("unavailable", ADMIN_EXTRA_TEXTS.twoFactorFailed);
  }
}
