/**
 * Two-factor sign-in in tests: the code an authenticator app shows (tests/support/totp.ts), the key stored
 * for an account (decrypted as better-auth decrypts it), and a sign-in that completes the code
 * step the way the /login screen does. Every admin has two-factor on (db/seed/factories.ts `createAdmin`).
 */
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { twoFactor, user } from "../../db/schema";
import { signIn, verifyTwoFactorSignIn } from "../../app/features/accounts/sign-in.server";
import { getDb } from "../../app/lib/db.server";
import { getEnv } from "../../app/lib/env.server";
import { base32Bytes, totpCode } from "./totp";

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
