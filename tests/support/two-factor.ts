/**
 * Two-factor sign-in in tests: the code an authenticator app shows (tests/support/totp.ts), the key stored
 * for an account (decrypted as better-auth decrypts it), and a sign-in that completes the code
 * step the way the /login screen does. Every admin has two-factor on (db/seed/factories.ts `createAdmin`).
 * Also: turning two-factor on through the admin security use cases (enableTwoFactor), as an admin does it.
 */
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { twoFactor, user } from "../../db/schema";
import { signIn, verifyTwoFactorSignIn } from "../../app/features/accounts/sign-in.server";
import { getDb } from "../../app/lib/db.server";
import { getEnv } from "../../app/lib/env.server";
import { base32Bytes, totpCode } from "./totp";
import { confirmTwoFactor } from "../../app/features/admin/confirm-two-factor.server";
import { startTwoFactorSetup } from "../../app/features/admin/start-two-factor-setup.server";
import { getSessionUser } from "../../app/features/accounts/session.server";
import { DEFAULT_PASSWORD } from "../../db/seed/factories";
import { BASE_URL } from "./screen-harness";


export { base32Bytes, totpCode };

/** The authenticator key stored for an account (null when it has none), as raw key bytes. */
export async function storedTotpKey(email: string): Promise<Buffer | null> {
  const [row] = await getDb()
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .innerJoin(user, eq(user.id, twoFactor.userId))
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return null;
  const secret = await symmetricDecrypt({ key: getEnv().AUTH_SECRET, data: row.secret });
  // Keys imported by the factories are stored as `base32:<key>`; keys better-auth made are used as text.
  return secret.startsWith("base32:") ? base32Bytes(secret.slice(7)) : Buffer.from(secret, "utf8");
}

const cookiePairs = (headers: Headers) =>
  headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="));

/**
 * Signs in with e-mail and password and, when the account has two-factor on, with the current code of its
 * stored key: returns the Cookie header of the new session. Throws if either step is refused.
 */
export async function signInCookie(email: string, password: string, context: { baseUrl: string; clientAddress: string }): Promise<string> {
  const request = (cookie = "") =>
    new Request(`${context.baseUrl}/login`, { method: "POST", headers: { origin: context.baseUrl, ...(cookie ? { cookie } : {}) } });
  const first = await signIn({ email, password }, { request: request(), clientAddress: context.clientAddress });
  if (first.status === "signed-in") return cookiePairs(first.headers).join("; ");
  const key = await storedTotpKey(email);
  if (!key) throw new Error(`${email} has two-factor on but no stored key`);
  const second = await verifyTwoFactorSignIn(totpCode(key), { request: request(cookiePairs(first.headers).join("; ")), clientAddress: context.clientAddress });
  return cookiePairs(second.headers).join("; ");
}

/** RFC 6238 code for a base32 secret, as an authenticator app computes it (tests/support/totp.ts). */
export const totp = (base32: string, at = Date.now()): string => totpCode(base32, at);

/** Applies a response's Set-Cookie headers to a Cookie header (removals included). */
export function applySetCookie(headers: Headers, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const c of headers.getSetCookie()) {
    const pair = c.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(c) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

let address = 0;
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${address % 250}`;
const post = (cookie: string, path: string) => new Request(`${BASE_URL}${path}`, { method: "POST", headers: { cookie, origin: BASE_URL } });

/**
 * Turns on two-factor sign-in for a signed-in admin (its session cookie) through the admin security use
 * cases; returns the authenticator secret and the session cookie as it is afterwards.
 */
export async function enableTwoFactor(cookie: string, password = DEFAULT_PASSWORD): Promise<{ secret: string; cookie: string }> {
  const actor = await getSessionUser(new Request(BASE_URL, { headers: { cookie } }));
  if (!actor) throw new Error("enableTwoFactor: the cookie has no session");
  const setup = await startTwoFactorSetup(actor, { password, request: post(cookie, "/admin/security") });
  const { headers } = await confirmTwoFactor(actor, { code: totp(setup.secret), request: post(cookie, "/admin/security") });
  return { secret: setup.secret, cookie: applySetCookie(headers, cookie) };
}

/** A fresh session of an account with two-factor sign-in on: the password step, then the current code. */
export async function twoFactorSessionCookie(email: string, secret: string, password = DEFAULT_PASSWORD): Promise<string> {
  const clientAddress = nextAddress();
  const first = await signIn({ email, password }, { request: post("", "/login"), clientAddress });
  if (first.status !== "two-factor") throw new Error(`expected the two-factor step, got ${first.status}`);
  const challenge = applySetCookie(first.headers);
  const signedIn = await verifyTwoFactorSignIn(totp(secret), { request: post(challenge, "/login"), clientAddress });
  return applySetCookie(signedIn.headers, challenge);
}
