import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "../../lib/env.server";

/**
 * The weekly summary's unsubscribe token (issue 18, RFC 8058): the account id and an HMAC-SHA256 of it with
 * AUTH_SECRET and the purpose, both base64url. It needs no expiry (unsubscribing twice is harmless) and says
 * nothing an account id does not; without AUTH_SECRET it cannot be made, and one account's token names only
 * that account (the MAC covers the id), so it cannot unsubscribe anyone else.
 */
const PURPOSE = "weekly-summary-unsubscribe";

function mac(userId: string): Buffer {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`${PURPOSE}\u0000${userId}`).digest();
}

export function unsubscribeToken(userId: string): string {
  return `${Buffer.from(userId, "utf8").toString("base64url")}.${mac(userId).toString("base64url")}`;
}

/** The account a token was made for, or null for anything else (compared in constant time). */
export function verifyUnsubscribeToken(token: string | null | undefined): string | null {
  if (!token || token.length > 512) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const userId = Buffer.from(match[1]!, "base64url").toString("utf8");
  if (!userId || Buffer.from(userId, "utf8").toString("base64url") !== match[1]) return null;
  const given = Buffer.from(match[2]!, "base64url");
  const expected = mac(userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}
