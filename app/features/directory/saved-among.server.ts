import { and, eq, inArray } from "drizzle-orm";
import { savedBusinesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";

/** At most this many businesses are asked about at once: a page of cards. */
const MAX_ASKED = 50;

/**
 * Which of these businesses the signed-in user has saved, so a page shows 'Saved' on them (issue 20's saved list in
 * the app). Only the viewer's own saves are read, through the primary key (user, business); anonymous visitors (their
 * saves are on the device) and an empty page read nothing.
 */
export async function savedAmong(actor: SessionUser | null, businessIds: readonly string[]): Promise<string[]> {
  const asked = [...new Set(businessIds.filter(isUuid))].slice(0, MAX_ASKED);
  if (!actor || asked.length === 0) return [];
  const rows = await getDb()
    .select({ businessId: savedBusinesses.businessId })
    .from(savedBusinesses)
    .where(and(eq(savedBusinesses.userId, actor.id), inArray(savedBusinesses.businessId, asked)));
  return rows.map((row) => row.businessId);
}
