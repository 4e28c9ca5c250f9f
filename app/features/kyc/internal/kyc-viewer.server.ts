import { eq, sql } from "drizzle-orm";
import { admins, profiles, user } from "../../../../db/schema";
import { getDb } from "../../../lib/db.server";

/** Who a signed link was made for, with their admin status now (a revoked admin loses access at once). */
export async function loadViewer(userId: string): Promise<{ id: string; email: string; isAdmin: boolean; twoFactorEnabled: boolean } | null> {
  const [row] = await getDb()
    .select({
      id: user.id,
      email: user.email,
      banned: user.banned,
      twoFactorEnabled: user.twoFactorEnabled,
      role: profiles.role,
      listed: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = lower(${user.email}))`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row || row.banned) return null;
  return { id: row.id, email: row.email, isAdmin: row.role === "admin" || Boolean(row.listed), twoFactorEnabled: Boolean(row.twoFactorEnabled) };
}
