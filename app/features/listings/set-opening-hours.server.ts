import { getDb } from "../../lib/db.server";
import type { WeeklyHours } from "../../lib/opening-hours";
import type { SessionUser } from "../accounts/session-user";
import { lockOwnListing } from "./internal/owned-listing.server";
import { writeWeeklyHours } from "./internal/weekly-hours.server";

/**
 * An owner sets their listing's weekly opening hours (null: no hours listed). Hours are operational facts,
 * not text that could carry a scam, so they apply at once even on an approved listing (never a change waiting
 * for review, ADR 21); the minutes of the week the 'Open now' filter reads are written with them. The edit
 * screen saves hours with the listing's details in one save (`updateListing`'s `hours`, issue 32).
 */
export async function setOpeningHours(actor: SessionUser | null, businessId: string, hours: WeeklyHours | null): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockOwnListing(tx, actor, businessId);
    await writeWeeklyHours(tx, businessId, hours);
  });
}
