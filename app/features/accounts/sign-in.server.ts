import { and, eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { account, user } from "../../../db/schema";
import { getAuth } from "../../lib/auth.server";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { verifyPassword } from "../../lib/password.server";
import { addressKey, hitRateLimit, peekRateLimit, resetRateLimit } from "../../lib/rate-limit.server";
import { ACCOUNT_TEXTS, type SignInInput } from "./account.schemas";
import { loadSessionUser } from "./session.server";
import type { SessionUser } from "./session-user";

/** Brute-force limits: per account (failures) and per address (attempts; IPv6 per /64). */
export const SIGN_IN_LIMITS = {
  accountFailures: 10,
  accountWindowSeconds: 15 * 60,
  addressAttempts: 50,
  addressWindowSeconds: 15 * 60,
} as const;

export type SignInResult =
  | { ok: true; user: SessionUser; headers: Headers }
  /** Password right, second factor still to come: `headers` carry the short-lived two-factor cookie. */
  | { ok: false; reason: "two-factor"; message: string; headers: Headers }
  | { ok: false; reason: "invalid" | "unverified" | "suspended" | "rate-limited" | "error"; message: string };

export const TWO_FACTOR_TEXTS = {
  prompt: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  wrongCode: "That code is not correct. Try the newest code from your authenticator app.",
  expired: "Your sign-in took too long. Please enter your email and password again.",
  tooMany: "Too many wrong codes. Please wait 15 minutes, or sign in again and use a backup code.",
} as const;

/** Signs in with e-mail and password; on success returns the Set-Cookie headers of a fresh session. */
export async function signIn(input: SignInInput, context: { request: Request; clientAddress?: string }): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const accountKey = `signin-fail:${email}`;
  const addressLimit = await hitRateLimit(
    `signin-addr:${addressKey(context.clientAddress)}`,
    SIGN_IN_LIMITS.addressAttempts,
    SIGN_IN_LIMITS.addressWindowSeconds,
  );
  if (!addressLimit.allowed) return { ok: false, reason: "rate-limited", message: ACCOUNT_TEXTS.tooManyRequests };
  if ((await peekRateLimit(accountKey, SIGN_IN_LIMITS.accountWindowSeconds)) >= SIGN_IN_LIMITS.accountFailures) {
    return { ok: false, reason: "rate-limited", message: ACCOUNT_TEXTS.tooManyRequests };
  }

  // A suspended account is refused only once the password is right, so the answer reveals nothing.
  const [existing] = await getDb()
    .select({ id: user.id, banned: user.banned, hash: account.password })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(eq(user.email, email))
    .limit(1);
  if (existing?.banned) {
    if (existing.hash && (await verifyPassword({ hash: existing.hash, password: input.password }))) {
      return { ok: false, reason: "suspended", message: ACCOUNT_TEXTS.suspended };
    }
    await hitRateLimit(accountKey, SIGN_IN_LIMITS.accountFailures, SIGN_IN_LIMITS.accountWindowSeconds);
    return { ok: false, reason: "invalid", message: ACCOUNT_TEXTS.invalidCredentials };
  }

  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password: input.password, callbackURL: "/login?verified=true" },
      headers: context.request.headers,
      returnHeaders: true,
    });
    await resetRateLimit(accountKey);
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      return { ok: false, reason: "two-factor", message: TWO_FACTOR_TEXTS.prompt, headers };
    }
    const sessionUser = await loadSessionUser(response.user as Parameters<typeof loadSessionUser>[0]);
    return { ok: true, user: sessionUser, headers };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "EMAIL_NOT_VERIFIED") return { ok: false, reason: "unverified", message: ACCOUNT_TEXTS.emailNotVerified };
      if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || error.status === "UNAUTHORIZED") {
        await hitRateLimit(accountKey, SIGN_IN_LIMITS.accountFailures, SIGN_IN_LIMITS.accountWindowSeconds);
        return { ok: false, reason: "invalid", message: ACCOUNT_TEXTS.invalidCredentials };
      }
      logger.warn({ code, status: error.status }, "sign-in refused");
      return { ok: false, reason: "error", message: error.message || ACCOUNT_TEXTS.loginFailed };
    }
    logger.error({ err: error }, "sign-in failed");
    return { ok: false, reason: "error", message: ACCOUNT_TEXTS.loginUnexpected };
  }
}

/** Sends a fresh verification link; answers the same whether or not the address is known. */
export async function resendVerification(email: string, context: { clientAddress?: string }): Promise<{ ok: boolean; message: string }> {
  const limit = await hitRateLimit(`verify-resend:${addressKey(context.clientAddress)}`, 10, 15 * 60);
  if (!limit.allowed) return { ok: false, message: ACCOUNT_TEXTS.tooManyRequests };
  try {
    await getAuth().api.sendVerificationEmail({ body: { email: email.trim().toLowerCase(), callbackURL: "/login?verified=true" } });
  } catch (error) {
    logger.info({ err: error }, "verification resend not sent");
  }
  return { ok: true, message: "If that account still needs verifying, a new link is on its way. Please check your inbox." };
}

export type TwoFactorSignInResult =
  | { ok: true; user: SessionUser; headers: Headers }
  | { ok: false; reason: "invalid" | "expired" | "rate-limited" | "suspended" | "error"; message: string; headers?: Headers };

/**
 * The second step of a sign-in with two-factor on: checks a 6-digit authenticator code (or a backup
 * code) against the two-factor cookie the first step set, and on success returns the session cookie.
 */
export async function verifyTwoFactorSignIn(code: string, context: { request: Request; clientAddress?: string }): Promise<TwoFactorSignInResult> {
  const limit = await hitRateLimit(`signin-2fa:${addressKey(context.clientAddress)}`, SIGN_IN_LIMITS.addressAttempts, SIGN_IN_LIMITS.addressWindowSeconds);
  if (!limit.allowed) return { ok: false, reason: "rate-limited", message: ACCOUNT_TEXTS.tooManyRequests };
  const cleaned = code.replace(/\s+/g, "");
  if (!cleaned || cleaned.length > 64) return { ok: false, reason: "invalid", message: TWO_FACTOR_TEXTS.wrongCode };
  try {
    const auth = getAuth();
    const { headers, response } = /^\d{6}$/.test(cleaned)
      ? await auth.api.verifyTOTP({ body: { code: cleaned }, headers: context.request.headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code: cleaned }, headers: context.request.headers, returnHeaders: true });
    const sessionUser = await loadSessionUser(response.user as Parameters<typeof loadSessionUser>[0]);
    return { ok: true, user: sessionUser, headers };
  } catch (error) {
    if (error instanceof APIError) {
      const errorCode = (error.body as { code?: string } | undefined)?.code;
      if (errorCode === "INVALID_TWO_FACTOR_COOKIE") return { ok: false, reason: "expired", message: TWO_FACTOR_TEXTS.expired };
      if (errorCode === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return { ok: false, reason: "expired", message: TWO_FACTOR_TEXTS.expired };
      if (errorCode === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, reason: "rate-limited", message: TWO_FACTOR_TEXTS.tooMany };
      // The session hook refuses suspended users even at this step.
      if (errorCode === "FAILED_TO_CREATE_SESSION") return { ok: false, reason: "suspended", message: ACCOUNT_TEXTS.suspended };
      if (error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST") {
        return { ok: false, reason: "invalid", message: TWO_FACTOR_TEXTS.wrongCode };
      }
      logger.warn({ code: errorCode, status: error.status }, "two-factor sign-in refused");
      return { ok: false, reason: "error", message: error.message || ACCOUNT_TEXTS.loginFailed };
    }
    logger.error({ err: error }, "two-factor sign-in failed");
    return { ok: false, reason: "error", message: ACCOUNT_TEXTS.loginUnexpected };
  }
}
