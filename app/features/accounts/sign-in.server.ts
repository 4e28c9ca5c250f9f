import { and, eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { account, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { msg, t } from "../../lib/i18n/i18n";
import { authHeaders, getAuth } from "../../lib/auth.server";
import { runInBackground } from "../../lib/background.server";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { verifyPassword } from "../../lib/password.server";
import { addressKey, hitProgressiveDelay, hitRateLimit, refundRateLimit, resetRateLimit, resetRateLimitFamily } from "../../lib/rate-limit.server";
import { ACCOUNT_TEXTS, signInDelayedText, type SignInInput } from "./account.schemas";
import { RESEND_LIMITS, SIGN_IN_KEYS, SIGN_IN_LIMITS } from "./internal/account-limits.server";
import { knownDevice, rememberDevice } from "./internal/known-device.server";
import { loadSessionUser } from "./session.server";
import type { SessionUser } from "./session-user";

export type SignInResult =
  | { status: "signed-in"; user: SessionUser; headers: Headers }
  /** Password right, second factor still to come: `headers` carry the short-lived two-factor cookie. */
  | { status: "two-factor"; headers: Headers };

const tooMany = () => new AppError("rate-limited", ACCOUNT_TEXTS.tooManyRequests, { reason: "rate-limited" });
const invalidCredentials = () => new AppError("unauthenticated", ACCOUNT_TEXTS.invalidCredentials, { reason: "invalid" });

export const TWO_FACTOR_TEXTS = {
  wrongCode: msg("That code is not correct. Try the newest code from your authenticator app."),
  expired: msg("Your sign-in took too long. Please enter your email and password again."),
  tooMany: msg("Too many wrong codes. Please wait 15 minutes, or sign in again and use a backup code."),
} as const;

/**
 * Signs in with e-mail and password; on success returns the Set-Cookie headers of a fresh session (or, with
 * two-factor sign-in on, of the short-lived cookie for the code step), plus the known-device cookie.
 * Refuses with the spec's texts and a reason the screen acts on: 'invalid', 'unverified' (offer a new link),
 * 'suspended', 'rate-limited'.
 *
 * Limits (internal/account-limits.server.ts): wrong passwords per client address; per account a progressive
 * delay, never a lock, kept separately for a browser that signed in to the account before. Every attempt
 * is counted before the password is checked (so parallel guesses cannot slip through) and taken back when
 * the password was right.
 */
export async function signIn(input: SignInInput, context: { request: Request; clientAddress?: string }): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const device = knownDevice(context.request, email);
  const addressCounter = device ? null : SIGN_IN_KEYS.addressFailures(context.clientAddress);
  const accountCounter = device ? SIGN_IN_KEYS.device(email, device) : SIGN_IN_KEYS.account(email);
  if (addressCounter) {
    const addressLimit = await hitRateLimit(addressCounter, SIGN_IN_LIMITS.addressFailures, SIGN_IN_LIMITS.addressWindowSeconds);
    if (!addressLimit.allowed) throw tooMany();
  }
  const accountLimit = await hitProgressiveDelay(accountCounter, SIGN_IN_LIMITS.account);
  if (!accountLimit.allowed) {
    if (addressCounter) await refundRateLimit(addressCounter);
    throw new AppError("rate-limited", signInDelayedText(accountLimit.retryAfterSeconds), { reason: "rate-limited" });
  }
  /** The password was right (whatever comes next): the attempt was no failure. */
  const passwordRight = async () => {
    await resetRateLimit(accountCounter);
    if (addressCounter) await refundRateLimit(addressCounter);
  };
  /** Neither right nor wrong (a fault of ours): take the attempt back. */
  const undecided = async () => {
    await refundRateLimit(accountCounter);
    if (addressCounter) await refundRateLimit(addressCounter);
  };

  try {
    // A suspended account is refused only once the password is right, so the answer reveals nothing.
    const [existing] = await getDb()
      .select({ id: user.id, banned: user.banned, hash: account.password })
      .from(user)
      .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
      .where(eq(user.email, email))
      .limit(1);
    if (existing?.banned) {
      if (existing.hash && (await verifyPassword({ hash: existing.hash, password: input.password }))) {
        await passwordRight();
        throw new AppError("forbidden", ACCOUNT_TEXTS.suspended, { reason: "suspended" });
      }
      throw invalidCredentials();
    }

    let signedIn: Awaited<ReturnType<typeof signInEmail>>;
    try {
      signedIn = await signInEmail(email, input.password, context);
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "EMAIL_NOT_VERIFIED") {
        await passwordRight();
        throw new AppError("forbidden", ACCOUNT_TEXTS.emailNotVerified, { reason: "unverified" });
      }
      if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || error.status === "UNAUTHORIZED") throw invalidCredentials();
      logger.warn({ code, status: error.status }, "sign-in refused");
      await undecided();
      throw new AppError("invalid", error.message || ACCOUNT_TEXTS.loginFailed, { reason: "refused" });
    }
    const { headers, response } = signedIn;
    await passwordRight();
    rememberDevice(context.request, email, headers);
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) return { status: "two-factor", headers };
    const sessionUser = await loadSessionUser(response.user as Parameters<typeof loadSessionUser>[0]);
    return { status: "signed-in", user: sessionUser, headers };
  } catch (error) {
    if (!(error instanceof AppError)) await undecided();
    throw error;
  }
}

function signInEmail(email: string, password: string, context: { request: Request; clientAddress?: string }) {
  return getAuth().api.signInEmail({
    body: { email, password, callbackURL: "/login?verified=true" },
    headers: authHeaders(context.request, context.clientAddress),
    returnHeaders: true,
  });
}

/** Forgets an account's wrong passwords (and those of its known devices): after a completed password reset. */
export async function clearSignInFailures(email: string): Promise<void> {
  await resetRateLimitFamily(SIGN_IN_KEYS.account(email.trim().toLowerCase()));
}

/** Sends a fresh verification link; answers the same, in the same time, whether or not the address is known. */
export async function resendVerification(email: string, context: { clientAddress?: string }): Promise<{ message: string }> {
  const addressLimit = await hitRateLimit(`verify-resend:${addressKey(context.clientAddress)}`, RESEND_LIMITS.perAddress, RESEND_LIMITS.addressWindowSeconds);
  const emailLimit = await hitRateLimit(`verify-resend-email:${email.trim().toLowerCase()}`, RESEND_LIMITS.perEmail, RESEND_LIMITS.emailWindowSeconds);
  if (!addressLimit.allowed || !emailLimit.allowed) throw tooMany();
  // In the background: whether a link goes out (an unverified account) must not show in the answer's time.
  runInBackground("verification resend", () =>
    getAuth().api.sendVerificationEmail({ body: { email: email.trim().toLowerCase(), callbackURL: "/login?verified=true" } }),
  );
  return { message: t("If that account still needs verifying, a new link is on its way. Please check your inbox.") };
}

/**
 * The second step of a sign-in with two-factor on: checks a 6-digit authenticator code (or a backup
 * code) against the two-factor cookie the first step set, and on success returns the session cookie.
 * Refusal reasons: 'invalid' (wrong code), 'expired' (start again), 'rate-limited', 'suspended'.
 */
export async function verifyTwoFactorSignIn(code: string, context: { request: Request; clientAddress?: string }): Promise<{ user: SessionUser; headers: Headers }> {
  // Counts wrong codes only: the attempt is counted first (parallel guesses cannot slip through) and
  // taken back unless the code was wrong.
  const limitKey = SIGN_IN_KEYS.twoFactorAddress(context.clientAddress);
  const limit = await hitRateLimit(limitKey, SIGN_IN_LIMITS.twoFactorAddressFailures, SIGN_IN_LIMITS.twoFactorWindowSeconds);
  if (!limit.allowed) throw tooMany();
  const wrongCode = () => new AppError("invalid", TWO_FACTOR_TEXTS.wrongCode, { reason: "invalid" });
  const cleaned = code.replace(/\s+/g, "");
  if (!cleaned || cleaned.length > 64) throw wrongCode();
  try {
    const auth = getAuth();
    const headers = authHeaders(context.request, context.clientAddress);
    const verified = /^\d{6}$/.test(cleaned)
      ? await auth.api.verifyTOTP({ body: { code: cleaned }, headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code: cleaned }, headers, returnHeaders: true });
    await refundRateLimit(limitKey);
    const sessionUser = await loadSessionUser(verified.response.user as Parameters<typeof loadSessionUser>[0]);
    return { user: sessionUser, headers: verified.headers };
  } catch (error) {
    if (!(error instanceof APIError) || !isWrongCode(error)) await refundRateLimit(limitKey);
    if (!(error instanceof APIError)) throw error;
    const errorCode = (error.body as { code?: string } | undefined)?.code;
    if (errorCode === "INVALID_TWO_FACTOR_COOKIE" || errorCode === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
      throw new AppError("unauthenticated", TWO_FACTOR_TEXTS.expired, { reason: "expired" });
    }
    if (errorCode === "ACCOUNT_TEMPORARILY_LOCKED") throw new AppError("rate-limited", TWO_FACTOR_TEXTS.tooMany, { reason: "rate-limited" });
    // The session hook refuses suspended users even at this step.
    if (errorCode === "FAILED_TO_CREATE_SESSION") throw new AppError("forbidden", ACCOUNT_TEXTS.suspended, { reason: "suspended" });
    if (error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST") throw wrongCode();
    logger.warn({ code: errorCode, status: error.status }, "two-factor sign-in refused");
    throw new AppError("invalid", error.message || ACCOUNT_TEXTS.loginFailed, { reason: "refused" });
  }
}

/** A refusal of the code itself (as opposed to an expired step, a lock or a suspension). */
function isWrongCode(error: APIError): boolean {
  const code = (error.body as { code?: string } | undefined)?.code;
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "ACCOUNT_TEMPORARILY_LOCKED" || code === "FAILED_TO_CREATE_SESSION") return false;
  return error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST";
}
