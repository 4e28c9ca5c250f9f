/**
 * Signing in and signing up with a mobile number and a one-time code (issue 33), beside the e-mail and password way.
 *
 * - A code is sent to any Nigerian mobile number asked for, whether or not it has an account, with the same answer:
 *   nothing tells who is registered. The code's rules and caps are internal/phone-codes.server.ts's (purpose
 *   'sign-in', bound to no account).
 * - The right code proves the person holds the number. If an account has that number (verified), they are signed in
 *   to it; if none has, /login says so (only to whoever proved the number) and remembers the proof for 30 minutes in
 *   a signed cookie, so that the sign-up form needs no second code.
 * - A sign-up with a number makes an account without an e-mail address (phone.schemas.ts `phoneOnlyEmail`) and with
 *   the number verified, in one transaction, and signs it in.
 * - Accounts with two-factor sign-in, and admins, keep their e-mail, password and authenticator code: a code by SMS
 *   does not replace them. Suspended and deleted accounts get no session.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows, type Tx } from "../../lib/db.server";
import { isUniqueViolation } from "../../lib/db-errors.server";
import { getEnv } from "../../lib/env.server";
import { currentLocale } from "../../lib/i18n/i18n";
import { DEFAULT_LOCALE } from "../../lib/i18n/locales";
import { addressKey, hitRateLimit, peekRateLimit } from "../../lib/rate-limit.server";
import { ACCOUNT_TEXTS, type PhoneRegisterInput } from "./account.schemas";
import { REGISTER_LIMITS } from "./internal/account-limits.server";
import { checkPhoneCode, hitAddressCap, issuePhoneCode, usePhoneCode } from "./internal/phone-codes.server";
import { cookieValue } from "./internal/session-lookup.server";
import { startSession } from "./internal/start-session.server";
import { nigerianMobile, PHONE_SIGN_IN_TEXTS, PHONE_TEXTS, phoneOnlyEmail } from "./phone.schemas";
import { loadSessionUser } from "./session.server";
import type { SessionUser } from "./session-user";

const PURPOSE = "sign-in";

/** The cookie that remembers a proved number with no account yet, for the sign-up form (30 minutes). */
export const PHONE_PROOF_COOKIE = "nd_phone_proof";
const PROOF_SECONDS = 30 * 60;

function proofSignature(phone: string, expires: number): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`phone-proof\0${phone}\0${expires}`).digest("base64url");
}

function proofCookie(phone: string): string {
  const expires = Date.now() + PROOF_SECONDS * 1000;
  const secure = getEnv().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${PHONE_PROOF_COOKIE}=${encodeURIComponent(`${phone}.${expires}.${proofSignature(phone, expires)}`)}; Max-Age=${PROOF_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

const clearedProofCookie = () => `${PHONE_PROOF_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`;

/** The number this browser proved in the last 30 minutes without an account (the signed cookie), or null. */
export function provenPhone(request: Request): string | null {
  const value = cookieValue(request.headers.get("cookie"), PHONE_PROOF_COOKIE);
  const [phone, expiresText, signature] = (value ?? "").split(".");
  const expires = Number(expiresText);
  if (!phone || !signature || !Number.isFinite(expires) || expires < Date.now() || !nigerianMobile(phone)) return null;
  const given = Buffer.from(signature);
  const expected = Buffer.from(proofSignature(phone, expires));
  return given.length === expected.length && timingSafeEqual(given, expected) ? phone : null;
}

/**
 * Wrong codes per client address (sized for carrier-grade NAT, like wrong passwords): a script guessing codes for many
 * numbers from one address stops there, whatever each code's own 5 tries.
 */
export const CODE_FAILURE_LIMITS = { perAddress: 50, windowSeconds: 15 * 60 } as const;

async function checkSignInCode(phone: string, code: string, clientAddress: string | undefined): Promise<string> {
  const key = `phone-code-fail:${addressKey(clientAddress)}`;
  const failures = await peekRateLimit(key, CODE_FAILURE_LIMITS.windowSeconds);
  if (failures >= CODE_FAILURE_LIMITS.perAddress) throw new AppError("rate-limited", PHONE_TEXTS.tooManyFromHere(CODE_FAILURE_LIMITS.windowSeconds / 60), { reason: "rate-limited" });
  try {
    return await checkPhoneCode({ phone, purpose: PURPOSE, userId: null, code });
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") await hitRateLimit(key, CODE_FAILURE_LIMITS.perAddress, CODE_FAILURE_LIMITS.windowSeconds);
    throw error;
  }
}

function parsePhone(raw: unknown): string {
  const phone = nigerianMobile(String(raw ?? ""));
  if (!phone) throw new AppError("invalid", PHONE_TEXTS.invalidNumber, { fields: { phone: PHONE_TEXTS.invalidNumber }, reason: "phone" });
  return phone;
}

/**
 * Sends a sign-in code to the number, by SMS or (`voice`) read out by a call. The same answer whether or not the
 * number has an account. Throws AppError 'invalid' (not a Nigerian mobile number) or 'rate-limited'.
 */
export async function requestSignInCode(input: { phone: string; voice?: boolean }, context: { clientAddress?: string | null }): Promise<{ phone: string }> {
  const phone = parsePhone(input.phone);
  await hitAddressCap(context.clientAddress);
  await getDb().transaction((tx) => issuePhoneCode(tx, { phone, purpose: PURPOSE, userId: null, voice: input.voice }));
  return { phone };
}

type Holder = { id: string; banned: boolean; deleted: boolean; two_factor: boolean; admin: boolean };

/** The account that holds `phone` (its verified number), in `tx`. */
async function holderOf(tx: Tx, phone: string): Promise<Holder | null> {
  const [row] = await queryRows<Holder>(
    tx,
    sql`select u.id, coalesce(u.banned, false) as banned, (u.deleted_at is not null) as deleted,
          coalesce(u.two_factor_enabled, false) as two_factor,
          (p.role = 'admin' or exists (select 1 from admins a where a.email = lower(u.email))) as admin
        from ${profiles} p join ${user} u on u.id = p.id
        where p.phone = ${phone}`,
  );
  return row ?? null;
}

export type PhoneSignInResult =
  | { status: "signed-in"; user: SessionUser; headers: Headers; existing: boolean }
  /** The number is proved but no account has it: `headers` carry the proof for the sign-up form. */
  | { status: "no-account"; phone: string; headers: Headers };

/** Signs the holder in, or refuses a suspended, deleted, two-factor or admin account. */
async function signInHolder(holder: Holder, context: { request: Request; clientAddress?: string }, existing: boolean): Promise<PhoneSignInResult> {
  if (holder.banned || holder.deleted) throw new AppError("forbidden", ACCOUNT_TEXTS.suspended, { reason: "suspended" });
  if (holder.two_factor || holder.admin) throw new AppError("forbidden", PHONE_SIGN_IN_TEXTS.useTwoFactor, { reason: "two-factor" });
  const headers = await startSession(holder.id, context);
  if (!headers) throw new AppError("forbidden", ACCOUNT_TEXTS.suspended, { reason: "suspended" });
  headers.append("set-cookie", clearedProofCookie());
  const [row] = await getDb().select({ id: user.id, email: user.email, emailVerified: user.emailVerified, metadata: user.metadata }).from(user).where(sql`${user.id} = ${holder.id}`);
  return { status: "signed-in", user: await loadSessionUser(row!), headers, existing };
}

/**
 * Signs in with the code sent to the number. Throws AppError 'invalid' with the code field's message (wrong, expired,
 * used, tries used up), 'forbidden' (suspended; 'two-factor' for accounts that keep their second factor).
 */
export async function signInWithPhone(input: { phone: string; code: string }, context: { request: Request; clientAddress?: string }): Promise<PhoneSignInResult> {
  const phone = parsePhone(input.phone);
  const codeId = await checkSignInCode(phone, input.code, context.clientAddress);
  const holder = await getDb().transaction(async (tx) => {
    await usePhoneCode(tx, codeId);
    return holderOf(tx, phone);
  });
  if (holder) return signInHolder(holder, context, true);
  const headers = new Headers();
  headers.append("set-cookie", proofCookie(phone));
  return { status: "no-account", phone, headers };
}

/**
 * Creates a visitor or business account with the number, proved by `code` or by this browser's proof cookie, and signs
 * it in; when the number already has an account, signs in to that one instead (`existing`). Throws AppError
 * 'rate-limited', 'invalid' (the code), 'forbidden' (as signInWithPhone).
 */
export async function registerWithPhone(input: PhoneRegisterInput & { code?: string }, context: { request: Request; clientAddress?: string }): Promise<PhoneSignInResult> {
  const phone = parsePhone(input.phone);
  const addressLimit = await hitRateLimit(`register-addr:${addressKey(context.clientAddress)}`, REGISTER_LIMITS.perAddress, REGISTER_LIMITS.addressWindowSeconds);
  if (!addressLimit.allowed) throw new AppError("rate-limited", ACCOUNT_TEXTS.tooManyRequests, { reason: "rate-limited" });
  const proved = provenPhone(context.request) === phone;
  const codeId = proved ? null : await checkSignInCode(phone, input.code ?? "", context.clientAddress);

  const metadata: Record<string, string> = { first_name: input.firstName, last_name: input.lastName, role: input.accountType, country: input.country, state: input.state };
  if (input.accountType === "business" && input.category) metadata.category = input.category;
  const create = () =>
    getDb().transaction(async (tx) => {
      if (codeId) await usePhoneCode(tx, codeId);
      const holder = await holderOf(tx, phone);
      // The proof only makes a new account: signing in to an existing one takes a code (a shared browser's proof
      // must not hand over an account made meanwhile).
      if (holder && !codeId) throw new AppError("invalid", PHONE_TEXTS.codeFormat, { fields: { code: PHONE_TEXTS.codeFormat }, reason: "needs-code" });
      if (holder) return { holder, existing: true };
      const id = crypto.randomUUID();
      await tx.insert(user).values({ id, name: `${input.firstName} ${input.lastName}`.trim(), email: phoneOnlyEmail(id), emailVerified: false, metadata });
      await tx.insert(profiles).values({
        id, firstName: input.firstName, lastName: input.lastName, country: input.country, state: input.state,
        category: input.accountType === "business" ? (input.category ?? null) : null, role: input.accountType,
        phone, phoneVerifiedAt: sql`now()`,
        // Made from a page in another language than English: what is sent to them later is in it (issue 36).
        language: currentLocale() === DEFAULT_LOCALE ? null : currentLocale(),
      });
      return { holder: { id, banned: false, deleted: false, two_factor: false, admin: false } satisfies Holder, existing: false };
    });
  let made: Awaited<ReturnType<typeof create>>;
  try {
    made = await create();
  } catch (error) {
    // Another sign-up with the same number committed first: that account is the number's.
    if (!isUniqueViolation(error)) throw error;
    const holder = await getDb().transaction((tx) => holderOf(tx, phone));
    if (!holder) throw error;
    made = { holder, existing: true };
  }
  return signInHolder(made.holder, context, made.existing);
}
