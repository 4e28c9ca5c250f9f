import { AppError } from "../../lib/app-error";
import { authorize } from "../../lib/authorize";
import { msg } from "../../lib/i18n/i18n";
import type { Role } from "../../lib/reference";
import type { SessionUser } from "./session-user";

/** Guarded routes of both spec files and the roles each admits. Client-safe, shared by guards and tests. */
export const GUARDED_ROUTES: ReadonlyArray<{ path: string; roles: readonly Role[] }> = [
  // A visitor's /dashboard is their Panel (app/routes/owner/dashboard.tsx); an owner's is the business dashboard.
  { path: "/dashboard", roles: ["business", "visitor"] },
  { path: "/dashboard/payments", roles: ["business"] },
  { path: "/dashboard/analytics", roles: ["business"] },
  { path: "/dashboard/analytics.csv", roles: ["business"] },
  { path: "/dashboard/verification", roles: ["business"] },
  { path: "/business/create", roles: ["business"] },
  { path: "/business/edit/:id", roles: ["business"] },
  { path: "/business/offers/:id", roles: ["business"] },
  { path: "/business/prices/:id", roles: ["business"] },
  { path: "/kyc-verification", roles: ["business"] },
  { path: "/messages", roles: ["visitor", "business", "admin"] },
  { path: "/profile", roles: ["visitor", "business", "admin"] },
  { path: "/notifications", roles: ["visitor", "business", "admin"] },
  { path: "/admin", roles: ["admin", "business"] },
  { path: "/quotes", roles: ["visitor", "business", "admin"] },
  { path: "/quotes/new", roles: ["visitor", "business", "admin"] },
  { path: "/quotes/:id", roles: ["visitor", "business", "admin"] },
];

/** What someone who is not an admin is told by every admin screen and action (spec 02 §2). */
export const ADMIN_ONLY = { title: msg("Access Denied"), text: msg("You don't have admin privileges") } as const;

/** What an admin without two-factor sign-in is told by every admin screen and action (ASVS 6.3.3). */
export const ADMIN_TWO_FACTOR_REQUIRED = {
  title: msg("Two-factor sign-in required"),
  text: msg("Set up two-factor sign-in to use the admin panel. Until it is on, your password alone opens none of the admin tools."),
} as const;

/** The refusal reason that goes with ADMIN_TWO_FACTOR_REQUIRED; screens send the admin to /admin/security. */
export const TWO_FACTOR_REQUIRED_REASON = "two-factor-required";

/** Where an admin sets up two-factor sign-in; the one admin screen open to an admin without it. */
export const ADMIN_SECURITY_PATH = "/admin/security";

/**
 * Admins are users with role admin or an e-mail in the admins table (decisions page). This is the account's
 * standing; what an admin may do needs `hasAdminAccess` (two-factor sign-in on too).
 */
export function isAdmin(actor: Pick<SessionUser, "isAdmin"> | null | undefined): boolean {
  return Boolean(actor?.isAdmin);
}

/** An admin whose account has two-factor sign-in on: the only kind that may use admin powers. */
export function hasAdminAccess(actor: Pick<SessionUser, "isAdmin" | "twoFactorEnabled"> | null | undefined): boolean {
  return Boolean(actor?.isAdmin && actor.twoFactorEnabled);
}

/** An admin who must set up two-factor sign-in first: every admin screen but /admin/security sends them there. */
export function needsAdminTwoFactor(actor: Pick<SessionUser, "isAdmin" | "twoFactorEnabled"> | null | undefined): boolean {
  return Boolean(actor?.isAdmin && !actor.twoFactorEnabled);
}

/**
 * Every admin-only use case starts here: anonymous callers are unauthenticated, everyone else who is not
 * an admin is forbidden, with the spec's 'Access Denied', and so is an admin without two-factor sign-in
 * (reason 'two-factor-required'). Suspended admins have no session at all.
 */
export function requireAdmin(actor: SessionUser | null | undefined): asserts actor is SessionUser {
  requireAdminAccount(actor);
  if (!actor.twoFactorEnabled) {
    throw new AppError("forbidden", ADMIN_TWO_FACTOR_REQUIRED, { reason: TWO_FACTOR_REQUIRED_REASON });
  }
}

/**
 * An admin account, with or without two-factor sign-in: only for setting up that second factor
 * (/admin/security). Every other admin use case calls `requireAdmin`.
 */
export function requireAdminAccount(actor: SessionUser | null | undefined): asserts actor is SessionUser {
  authorize(actor, isAdmin(actor), ADMIN_ONLY);
}

/** The role a guard checks: admins (role or admins table) count as admin. */
export function effectiveRole(user: Pick<SessionUser, "role" | "isAdmin">): Role {
  return user.isAdmin ? "admin" : user.role;
}

/** Where a signed-in user without the route's role is sent (spec 01 §2). */
export function redirectForWrongRole(user: Pick<SessionUser, "role" | "isAdmin">): string {
  const role = effectiveRole(user);
  if (role === "admin") return "/admin";
  if (role === "business") return "/dashboard";
  return "/";
}

/** The login URL that remembers where the user was going. */
export function loginUrlFor(pathWithSearch: string): string {
  return `/login?redirectTo=${encodeURIComponent(pathWithSearch)}`;
}
