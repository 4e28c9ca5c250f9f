import { and, eq } from "drizzle-orm";
import { businessClosures } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { announceDirectoryChange } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { lockOwnListing } from "./internal/owned-listing.server";

/** An owner removes a closure of their listing (gone already: nothing to do). Applies at once. */
export async function removeBusinessClosure(actor: SessionUser | null, businessId: string, date: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockOwnListing(tx, actor, businessId);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    await tx.delete(businessClosures).where(and(eq(businessClosures.businessId, businessId), eq(businessClosures.closedOn, date)));
    await announceDirectoryChange(tx, [businessId]);
  });
}
