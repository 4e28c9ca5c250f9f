import { eq, sql } from "drizzle-orm";
import { businesses } from "../../../../db/schema";
import type { Tx } from "../../../lib/db.server";
import { multirangeLiteral, type WeeklyHours } from "../../../lib/opening-hours";
import { announceDirectoryChange } from "../../../lib/realtime.server";

/**
 * Writes a listing's weekly hours (null: none listed) with the minutes of the week the 'Open now' filter reads
 * (migration 0016's check keeps them null together), and tells the directory's pages. The caller has locked the
 * row and checked the actor; hours apply at once, never waiting for review (ADR 21).
 */
export async function writeWeeklyHours(tx: Tx, businessId: string, hours: WeeklyHours | null): Promise<void> {
  await tx
    .update(businesses)
    .set({ openingHours: hours, openMinutes: hours ? sql`${multirangeLiteral(hours)}::int4multirange` : null, updatedAt: new Date() })
    .where(eq(businesses.id, businessId));
  await announceDirectoryChange(tx, [businessId]);
}
