import { eq, sql } from "drizzle-orm";
import { admins, profiles, session, user } from "../../../db/schema";
import { getAuth } from "../../lib/auth.server";
import { getDb } from "../../lib/db.server";
import { KYC_STATUSES, type KycStatus } from "../../lib/reference";
import { normalizeRole, type SessionUser } from "./session-user";

type AuthUserLike = { id: string; email: string; emailVerified: boolean; metadata?: unknown };

/** Merges the auth user with the profile; profile fields fall back to the sign-up metadata. */
export async function loadSessionUser(authUser: AuthUserLike): Promise<SessionUser> {
  return (await loadSessionUserOrBanned(authUser)).sessionUser;
}

async function loadSessionUserOrBanned(authUser: AuthUserLike): Promise<{ sessionUser: SessionUser; banned: boolean }> {
  const [account] = await getDb().select({ banned: user.banned, deletedAt: user.deletedAt }).from(user).where(eq(user.id, authUser.id)).limit(1);
  const [row] = await getDb()
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      country: profiles.country,
      state: profiles.state,
      role: profiles.role,
      kycStatus: profiles.kycStatus,
      isListedAdmin: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = lower(${authUser.email}))`,
    })
    .from(profiles)
    .where(eq(profiles.id, authUser.id))
    .limit(1);
  const meta = (authUser.metadata && typeof authUser.metadata === "object" ? authUser.metadata : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  let isListedAdmin = row?.isListedAdmin ?? false;
  if (!row) {
    const [admin] = await getDb().select({ id: admins.id }).from(admins).where(eq(admins.email, authUser.email.toLowerCase())).limit(1);
    isListedAdmin = Boolean(admin);
  }
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
    kycStatus,
  };
  // A deleted account (app/features/privacy) is signed out like a suspended one.
  return { sessionUser, banned: !account || Boolean(account.banned) || Boolean(account.deletedAt) };
}

/** The signed-in user for a request, or null. Suspended (banned) and deleted accounts count as signed out. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const { sessionUser, banned } = await loadSessionUserOrBanned(result.user as AuthUserLike);
  // A suspended user's sessions end: a session that slipped through is deleted on its next use.
  if (banned) {
    await getDb().delete(session).where(eq(session.userId, sessionUser.id));
    return null;
  }
  return sessionUser;
}
