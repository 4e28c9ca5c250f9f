/**
 * Starts a better-auth session for an account whose holder proved themselves another way than a password (a code sent
 * to their mobile number, issue 33): the session row through better-auth's own adapter (so its hooks run: a suspended
 * or deleted account gets none), and its cookie signed and shaped exactly as better-auth sets it (better-call's
 * `<token>.<base64 HMAC-SHA256>`, URI-encoded, with better-auth's attributes), so that better-auth and our one-query
 * lookup (session-lookup.server.ts) both read it.
 */
import { createHmac } from "node:crypto";
import { getAuth } from "../../../lib/auth.server";

/** The Set-Cookie headers of a new session for `userId`, or null when better-auth refused one (a suspended account). */
export async function startSession(userId: string, context: { request: Request; clientAddress?: string }): Promise<Headers | null> {
  const auth = await getAuth().$context;
  const created = await auth.internalAdapter.createSession(userId, false, {
    ipAddress: context.clientAddress ?? "",
    userAgent: context.request.headers.get("user-agent") ?? "",
  });
  if (!created) return null;
  const { name, attributes } = auth.authCookies.sessionToken;
  const signature = createHmac("sha256", auth.secret).update(created.token).digest("base64");
  let cookie = `${name}=${encodeURIComponent(`${created.token}.${signature}`)}; Max-Age=${Math.floor(auth.sessionConfig.expiresIn)}`;
  if (attributes.domain) cookie += `; Domain=${attributes.domain}`;
  cookie += `; Path=${attributes.path ?? "/"}`;
  if (attributes.httpOnly) cookie += "; HttpOnly";
  if (attributes.secure) cookie += "; Secure";
  if (attributes.sameSite) cookie += `; SameSite=${String(attributes.sameSite).charAt(0).toUpperCase()}${String(attributes.sameSite).slice(1)}`;
  const headers = new Headers();
  headers.append("set-cookie", cookie);
  return headers;
}
