import { eq, inArray, sql } from "drizzle-orm";
import { admins, profiles, session, user } from "../../../db/schema";
import { getAuth } from "../../lib/auth.server";
import { getDb } from "../../lib/db.server";
import { markSignedIn } from "../../lib/request-context.server";
import { isLocale } from "../../lib/i18n/locales";
import { KYC_STATUSES, type KycStatus } from "../../lib/reference";
import { lookUpSession, PROFILE_COLUMNS } from "./internal/session-lookup.server";
import { normalizeRole, type SessionUser } from "./session-user";

type AuthUserLike = { id: string; email: string; emailVerified: boolean; metadata?: unknown };

/** Merges the auth user with the profile; profile fields fall back to the sign-up metadata. */
export async function loadSessionUser(authUser: AuthUserLike): Promise<SessionUser> {
  return (await loadSessionUserOrBanned(authUser)).sessionUser;
}

type AccountState = { banned: boolean | null; deletedAt: Date | null; twoFactorEnabled: boolean | null };
type ProfileState = { firstName: string | null; lastName: string | null; country: string | null; state: string | null; role: string | null; kycStatus: string | null; language?: string | null };

/** The session user from the auth user, their account state and profile (null: none); `banned` also for deleted accounts. */
function toSessionUser(authUser: AuthUserLike, account: AccountState | undefined, row: ProfileState | null, isListedAdmin: boolean): { sessionUser: SessionUser; banned: boolean } {
  const meta = (authUser.metadata && typeof authUser.metadata === "object" ? authUser.metadata : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  const role = normalizeRole(row?.role ?? meta.role);
  const kycStatus = (KYC_STATUSES as readonly string[]).includes(row?.kycStatus ?? "") ? (row!.kycStatus as KycStatus) : "none";
  const sessionUser: SessionUser = {
    id: authUser.id,
    email: authUser.email,
    emailVerified: authUser.emailVerified,
    firstName: text(row?.firstName) ?? text(meta.first_name),
    lastName: text(row?.lastName) ?? text(meta.last_name),
    country: text(row?.country) ?? text(meta.country),
    state: text(row?.state) ?? text(meta.state),
    role,
    isAdmin: role === "admin" || isListedAdmin,
    twoFactorEnabled: Boolean(account?.twoFactorEnabled),
    kycStatus,
    language: isLocale(row?.language) ? row.language : null,
  };
  // A deleted account (app/features/privacy) is signed out like a suspended one.
  return { sessionUser, banned: !account || Boolean(account.banned) || Boolean(account.deletedAt) };
}

async function loadSessionUserOrBanned(authUser: AuthUserLike): Promise<{ sessionUser: SessionUser; banned: boolean }> {
  const [account] = await getDb()
    .select({ banned: user.banned, deletedAt: user.deletedAt, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, authUser.id))
    .limit(1);
  const [row] = await getDb()
    .select({
      ...PROFILE_COLUMNS,
      isListedAdmin: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = lower(${authUser.email}))`,
    })
    .from(profiles)
    .where(eq(profiles.id, authUser.id))
    .limit(1);
  let isListedAdmin = row?.isListedAdmin ?? false;
  if (!row) {
    const [admin] = await getDb().select({ id: admins.id }).from(admins).where(eq(admins.email, authUser.email.toLowerCase())).limit(1);
    isListedAdmin = Boolean(admin);
  }
  return toSessionUser(authUser, account, row ?? null, isListedAdmin);
}

/**
 * How long a session lasts at most, counted from sign-in whatever the activity (better-auth's own expiry
 * slides with use): admins sign in again after 12 hours, everyone else after 30 days.
 */
export const SESSION_LIFETIME = { userSeconds: 30 * 24 * 3600, adminSeconds: 12 * 3600 } as const;

/** The moment a session created at `createdAt` ends for good. */
export function absoluteSessionEnd(createdAt: Date, user: Pick<SessionUser, "isAdmin">): Date {
  const seconds = user.isAdmin ? SESSION_LIFETIME.adminSeconds : SESSION_LIFETIME.userSeconds;
  return new Date(createdAt.getTime() + seconds * 1000);
}

export type SignedInSession = {
  user: SessionUser;
  sessionId: string;
  /** When the session ends at the latest: its absolute lifetime, or better-auth's expiry if sooner. */
  endsAt: Date;
};

/**
 * The signed-in user of a request with their session, or null. Suspended (banned) and deleted accounts
 * count as signed out, and so does a session past its absolute lifetime; both are deleted here, on their next use.
 */
export async function getSignedInSession(request: Request): Promise<SignedInSession | null> {
  // One query for the usual case (internal/session-lookup.server.ts); better-auth's getSession for the rare
  // ones where it writes (an expired session, the daily renewal).
  const lookup = await lookUpSession(request.headers);
  if (lookup.kind === "none") return null;
  let resolved: { sessionUser: SessionUser; banned: boolean; sessionId: string; createdAt: Date; expiresAt: Date };
  if (lookup.kind === "found") {
    const { row } = lookup;
    resolved = {
      ...toSessionUser({ id: row.userId, email: row.email, emailVerified: row.emailVerified, metadata: row.metadata }, row, row.hasProfile ? row : null, row.isListedAdmin),
      sessionId: row.sessionId,
      createdAt: row.sessionCreatedAt,
      expiresAt: row.sessionExpiresAt,
    };
  } else {
    const result = await getAuth().api.getSession({ headers: request.headers });
    if (!result) return null;
    resolved = {
      ...(await loadSessionUserOrBanned(result.user as AuthUserLike)),
      sessionId: result.session.id,
      createdAt: new Date(result.session.createdAt),
      expiresAt: new Date(result.session.expiresAt),
    };
  }
  const { sessionUser, banned } = resolved;
  // A suspended user's sessions end: a session that slipped through is deleted on its next use.
  if (banned) {
    await getDb().delete(session).where(eq(session.userId, sessionUser.id));
    return null;
  }
  const absoluteEnd = absoluteSessionEnd(resolved.createdAt, sessionUser);
  if (absoluteEnd.getTime() <= Date.now()) {
    await getDb().delete(session).where(eq(session.id, resolved.sessionId));
    return null;
  }
  markSignedIn(sessionUser.id);
  const expiresAt = resolved.expiresAt;
  return { user: sessionUser, sessionId: resolved.sessionId, endsAt: expiresAt < absoluteEnd ? expiresAt : absoluteEnd };
}

/** The signed-in user for a request, or null (see getSignedInSession). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSignedInSession(request))?.user ?? null;
}

/**
 * Whether a signed-in session still holds: it exists (not signed out, not ended by a suspension or a password
 * reset), has not expired nor passed its absolute lifetime, and its user is not suspended. One primary-key
 * lookup, for long-lived connections (server/events.ts) to check their session cheaply.
 */
export async function isSessionLive(signedIn: Pick<SignedInSession, "sessionId" | "endsAt" | "user">): Promise<boolean> {
  const now = Date.now();
  if (signedIn.endsAt.getTime() <= now) return false;
  const [row] = await getDb()
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, banned: user.banned })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.id, signedIn.sessionId))
    .limit(1);
  if (!row || row.banned) return false;
  return row.expiresAt.getTime() > now && absoluteSessionEnd(row.createdAt, signedIn.user).getTime() > now;
}

/**
 * isSessionLive for many streams at once (server/events.ts): the ids of the sessions that still hold, in one query
 * per 1,000 sessions instead of one each. A session ends as in isSessionLive; a deleted account's too.
 */
export async function liveSessionIds(sessions: readonly Pick<SignedInSession, "sessionId" | "endsAt" | "user">[]): Promise<Set<string>> {
  const now = Date.now();
  const live = new Set<string>();
  const wanted = sessions.filter((s) => s.endsAt.getTime() > now);
  const byId = new Map(wanted.map((s) => [s.sessionId, s]));
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await getDb()
      .select({ id: session.id, createdAt: session.createdAt, expiresAt: session.expiresAt, banned: user.banned, deletedAt: user.deletedAt })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(inArray(session.id, ids.slice(i, i + 1000)));
    for (const row of rows) {
      const signedIn = byId.get(row.id)!;
      if (row.banned || row.deletedAt) continue;
      if (row.expiresAt.getTime() > now && absoluteSessionEnd(row.createdAt, signedIn.user).getTime() > now) live.add(row.id);
    }
  }
  return live;
}
