import { eq } from "drizzle-orm";
import { twoFactor, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { requireAdminAccount } from "../accounts/access";

/** Whether the admin's own two-factor sign-in is on, or set up and waiting for its first code. */
export async function getTwoFactorStatus(actor: SessionUser | null): Promise<{ enabled: boolean; pendingSetup: boolean }> {
  // The one admin use case open without a second factor: it is how the admin gets one.
  requireAdminAccount(actor);
  const [row] = await getDb()
    .select({ enabled: user.twoFactorEnabled, verified: twoFactor.verified })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, actor.id))
    .limit(1);
  const enabled = Boolean(row?.enabled);
  return { enabled, pendingSetup: !enabled && row?.verified === false };
}
