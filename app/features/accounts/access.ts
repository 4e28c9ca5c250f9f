import { authorize } from "../../lib/authorize";
import type { Role } from "../../lib/reference";
import type { SessionUser } from "./session-user";

/** Guarded routes of both spec files and the roles each admits. Client-safe, shared by guards and tests. */
export const GUARDED_ROUTES: ReadonlyArray<{ path: string; roles: readonly Role[] }> = [
  { path: "/dashboard", roles: ["business"] },
  { path: "/business/create", roles: ["business"] },
  { path: "/business/edit/:id", roles: ["business"] },
  { path: "/kyc-verification", roles: ["business"] },
  { path: "/messages", roles: ["visitor", "business", "admin"] },
  { path: "/profile", roles: ["visitor", "business", "admin"] },
  { path: "/notifications", roles: ["visitor", "business", "admin"] },
  { path: "/admin", roles: ["admin", "business"] },
];

/** What someone who is not an admin is told by every admin screen and action (spec 02 §2). */
export const ADMIN_ONLY = { title: "Access Denied", text: "You don't have admin privileges" } as const;

/** Admins are users with role admin or an e-mail in the admins table (decisions page). */
export function isAdmin(actor: Pick<SessionUser, "isAdmin"> | null | undefined): boolean {
  return Boolean(actor?.isAdmin);
}

/**
 * Every admin-only use case starts here: anonymous callers are unauthenticated, everyone else who is not
 * an admin is forbidden, with the spec's 'Access Denied'. Suspended admins have no session at all.
 */
export function requireAdmin(actor: SessionUser | null | undefined): asserts actor is SessionUser {
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
