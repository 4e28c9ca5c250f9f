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
  | { ok: false; reason: "invalid" | "unverified" | "suspended" | "rate-limited" | "error"; message: string };

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
