/**
 * Admins with two-factor sign-in on, made the way an admin does it (password, authenticator secret, first
 * code), and signed in the way they sign in (password step, then a code).
 */
import { createHmac } from "node:crypto";
import { confirmTwoFactor } from "../../app/features/admin/confirm-two-factor.server";
import { startTwoFactorSetup } from "../../app/features/admin/start-two-factor-setup.server";
import { getSessionUser } from "../../app/features/accounts/session.server";
import { signIn, verifyTwoFactorSignIn } from "../../app/features/accounts/sign-in.server";
import { DEFAULT_PASSWORD } from "../../db/seed/factories";
import { BASE_URL } from "./screen-harness";

/** RFC 6238 code for a base32 secret, as an authenticator app computes it. */
export function totp(base32: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of base32.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

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
