import { redirect } from "react-router";
import { routePath } from "../../lib/i18n/locales";
import type { Role } from "../../lib/reference";
import { effectiveRole, loginUrlFor, redirectForWrongRole } from "./access";
import { getSessionUser } from "./session.server";
import type { SessionUser } from "./session-user";

/**
 * The route guard, for loaders and actions alike: anonymous users go to /login with the path remembered;
 * signed-in users without one of the roles go to their own home (admin /admin, business /dashboard, else /).
 */
export async function requireUser(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (!user) throw redirect(loginUrlFor(routePath(url) + url.search));
  if (!roles.includes(effectiveRole(user)) && !(roles.includes(user.role))) {
    throw redirect(redirectForWrongRole(user));
  }
  return user;
}

/** For screens that anyone may open but only signed-in users may act on. */
export async function optionalUser(request: Request): Promise<SessionUser | null> {
  return getSessionUser(request);
}
