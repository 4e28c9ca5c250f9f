import { eq, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { multirangeLiteral, type WeeklyHours } from "../../lib/opening-hours";
import { announceDirectoryChange } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { lockOwnListing } from "./internal/owned-listing.server";

/**
 * An owner sets their listing's weekly opening hours (null: no hours listed). Hours are operational facts,
 * not text that could carry a scam, so they apply at once even on an approved listing (never a change waiting
 * for review, ADR 21); the minutes of the week the 'Open now' filter reads are written with them.
 */
export async function setOpeningHours(actor: SessionUser | null, businessId: string, hours: WeeklyHours | null): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockOwnListing(tx, actor, businessId);
    await tx
      .update(businesses)
      .set({ openingHours: hours, openMinutes: hours ? sql`${multirangeLiteral(hours)}::int4multirange` : null, updatedAt: new Date() })
      .where(eq(businesses.id, businessId));
    await announceDirectoryChange(tx, [businessId]);
  });
}
