import { APIError } from "better-auth/api";
import { AppError } from "../../lib/app-error";
import { getAuth } from "../../lib/auth.server";
import { logger } from "../../lib/logger.server";
import { msg } from "../../lib/i18n/i18n";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS } from "./admin.schemas";
import { requireAdminAccount } from "../accounts/access";

export type TwoFactorSetup = { totpURI: string; secret: string; backupCodes: string[] };

/** The base32 key inside an otpauth:// URI, for typing into an authenticator app by hand. */
export function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}

/**
 * Step 1 of turning on two-factor sign-in for the signed-in admin: checks their password and makes a
 * new authenticator secret and backup codes. Nothing changes at sign-in until a code confirms it.
 */
export async function startTwoFactorSetup(actor: SessionUser | null, input: { password: string; request: Request }): Promise<TwoFactorSetup> {
  // The one admin use case open without a second factor: it is how the admin gets one.
  requireAdminAccount(actor);
  if (!input.password) throw new AppError("invalid", ADMIN_EXTRA_TEXTS.twoFactorWrongPassword);
  try {
    const result = await getAuth().api.enableTwoFactor({
      body: { password: input.password, method: "totp" },
      headers: input.request.headers,
    });
    if (!("totpURI" in result) || !result.totpURI) throw new AppError("unavailable", ADMIN_EXTRA_TEXTS.twoFactorFailed);
    return { totpURI: result.totpURI, secret: secretOf(result.totpURI), backupCodes: result.backupCodes ?? [] };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_PASSWORD") throw new AppError("invalid", ADMIN_EXTRA_TEXTS.twoFactorWrongPassword);
      if (code === "TOTP_ALREADY_ENABLED") throw new AppError("conflict", msg("Two-factor sign-in is already on."));
      if (error.status === "UNAUTHORIZED") throw new AppError("unauthenticated");
      logger.warn({ code, status: error.status }, "two-factor setup refused");
    } else {
      logger.error({ err: error }, "two-factor setup failed");
    }
    throw new AppError("unavailable", ADMIN_EXTRA_TEXTS.twoFactorFailed);
  }
}
