import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { currentLocale } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";
import { getEnv } from "../../../lib/env.server";

/**
 * Known devices: a browser that has signed in to an account (right password) gets a long-lived cookie that
 * names it for that account. Its later sign-ins to that account keep their own count of wrong passwords, so
 * an attacker's guesses, which slow the account down (account-limits.server.ts), do not keep its owner out.
 *
 * The cookie holds a random device id and, per account signed in from the browser (at most 5), a tag:
 * HMAC(AUTH_SECRET, device id + e-mail). It names no account, and a tag works only for its own e-mail. It
 * proves nothing but a past sign-in: the password is still checked every time.
 */
export const KNOWN_DEVICE_COOKIE = "nd.known_device";
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const PART = /^[A-Za-z0-9_-]{22}$/;

type DeviceCookie = { device: string; tags: string[] };

function tagFor(device: string, email: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`known-device\0${device}\0${email}`).digest("base64url").slice(0, 22);
}

function readCookie(request: Request): DeviceCookie | null {
  const header = request.headers.get("cookie") ?? "";
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1 || pair.slice(0, equals).trim() !== KNOWN_DEVICE_COOKIE) continue;
    const [device, ...tags] = pair.slice(equals + 1).trim().split(".");
    if (!device || !PART.test(device) || tags.length > MAX_ACCOUNTS || !tags.every((t) => PART.test(t))) return null;
    return { device, tags };
  }
  return null;
}

const sameTag = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The tag naming this browser for `email`, when it has signed in to that account before; otherwise null. */
export function knownDevice(request: Request, email: string): string | null {
  const cookie = readCookie(request);
  if (!cookie) return null;
  const expected = tagFor(cookie.device, email);
  return cookie.tags.some((tag) => sameTag(tag, expected)) ? expected : null;
}

/** Adds the cookie that makes this browser known for `email` to `headers` (after a right password). */
export function rememberDevice(request: Request, email: string, headers: Headers): void {
  const cookie = readCookie(request) ?? { device: randomBytes(16).toString("base64url"), tags: [] };
  const tag = tagFor(cookie.device, email);
  const tags = [tag, ...cookie.tags.filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS);
  const secure = getEnv().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  // Sent back only to the sign-in page, in the language it was set from (/login, /ha/login…, issue 36).
  const path = localizePath(currentLocale(), "/login");
  headers.append("Set-Cookie", `${KNOWN_DEVICE_COOKIE}=${[cookie.device, ...tags].join(".")}; Path=${path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
}
