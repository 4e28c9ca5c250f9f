import { loadSessionUser } from "../../app/features/accounts/session.server";
import type { SessionUser } from "../../app/features/accounts/session-user";

/** The SessionUser a signed-in request of this user would carry (profile merged, admin status). */
export function actorFor(created: { id: string; email: string }): Promise<SessionUser> {
  return loadSessionUser({ id: created.id, email: created.email, emailVerified: true });
}
