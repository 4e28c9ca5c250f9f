/**
 * The session of a request in ONE query (issue 19, ADR 26): the signed session cookie is checked here exactly as
 * better-auth checks it (HMAC-SHA256 of the token with AUTH_SECRET, better-call's format), then one statement
 * reads the session, its user, the profile and whether the e-mail is on the admin list. better-auth's own
 * getSession took two queries (session, user) and ours two more (account state, profile).
 *
 * Nothing is cached: every request reads the rows, so sign-out, suspension, deletion and role or KYC changes take
 * effect on the next request on every process. The rare cases where better-auth writes (a session past its
 * expiry is deleted; one older than `updateAge` has its expiry slid forward) are left to better-auth: the caller
 * falls back to its getSession for them (`needsBetterAuth`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { admins, profiles, session, user } from "../../../../db/schema";
import { getAuth } from "../../../lib/auth.server";
import { getDb, type Db } from "../../../lib/db.server";

type CookieSettings = { sessionCookie: string; dontRememberCookie: string; secret: string; expiresInMs: number; updateAgeMs: number };

const settingsByAuth = new WeakMap<object, Promise<CookieSettings>>();

/** better-auth's cookie names, secret and session timings (from its context, so they always agree). */
function cookieSettings(): Promise<CookieSettings> {
  const auth = getAuth();
  let settings = settingsByAuth.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      sessionCookie: context.authCookies.sessionToken.name,
      dontRememberCookie: context.authCookies.dontRememberToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    settingsByAuth.set(auth, settings);
  }
  return settings;
}

/** A cookie's value from a Cookie header: the first one of that name, quotes removed, URI-decoded (as better-call reads it). */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) break;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes("%") ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

/** The signed value `<value>.<base64 HMAC-SHA256>` checked with the secret: the value, or null (absent or forged). */
export function verifySignedValue(signed: string | null, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

export type SessionRow = {
  sessionId: string;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
  userId: string;
  email: string;
  emailVerified: boolean;
  metadata: Record<string, string> | null;
  banned: boolean | null;
  deletedAt: Date | null;
  twoFactorEnabled: boolean | null;
  hasProfile: boolean;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  state: string | null;
  role: string | null;
  kycStatus: string | null;
  isListedAdmin: boolean;
};

/** What a session's user is made of from their profile (here and in session.server.ts's loadSessionUser). */
export const PROFILE_COLUMNS = {
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  country: profiles.country,
  state: profiles.state,
  role: profiles.role,
  kycStatus: profiles.kycStatus,
  language: profiles.language,
};

function sessionQuery(db: Db) {
  return db
    .select({
      sessionId: session.id,
      sessionCreatedAt: session.createdAt,
      sessionExpiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      metadata: user.metadata,
      banned: user.banned,
      deletedAt: user.deletedAt,
      twoFactorEnabled: user.twoFactorEnabled,
      hasProfile: sql<boolean>`(${profiles.id} is not null)`,
      ...PROFILE_COLUMNS,
      isListedAdmin: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = lower(${user.email}))`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("nd_session_lookup");
}

// One prepared statement per database (tests swap databases): parsed and planned once per connection.
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

export type SessionLookup =
  /** No session cookie, a forged one, or no such session (signed out, ended): signed out. */
  | { kind: "none" }
  /** better-auth must see this one (expired: it deletes it; due for its daily renewal: it slides the expiry). */
  | { kind: "needs-better-auth" }
  | { kind: "found"; row: SessionRow };

/** Reads the request's session with its user and profile in one query. */
export async function lookUpSession(headers: Headers): Promise<SessionLookup> {
  const settings = await cookieSettings();
  const cookies = headers.get("cookie");
  const token = verifySignedValue(cookieValue(cookies, settings.sessionCookie), settings.secret);
  if (!token) return { kind: "none" };
  const db = getDb();
  let query = prepared.get(db);
  if (!query) {
    query = sessionQuery(db);
    prepared.set(db, query);
  }
  const [row] = (await query.execute({ token })) as SessionRow[];
  if (!row) return { kind: "none" };
  const now = Date.now();
  const expiresAt = row.sessionExpiresAt.getTime();
  if (expiresAt < now) return { kind: "needs-better-auth" };
  // better-auth slides the expiry once `updateAge` has passed since the last renewal, unless "remember me" was off.
  const dontRemember = verifySignedValue(cookieValue(cookies, settings.dontRememberCookie), settings.secret);
  if (!dontRemember && expiresAt - settings.expiresInMs + settings.updateAgeMs <= now) return { kind: "needs-better-auth" };
  return { kind: "found", row };
}
