import { and, asc, eq, gte } from "drizzle-orm";
import { businessClosures, businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { asWeeklyHours, watDate, type Closure, type WeeklyHours } from "../../lib/opening-hours";
import type { SessionUser } from "../accounts/session-user";
import { canManageListing } from "./listing.policy";
import { LISTING_TEXTS } from "./listing.schemas";

/** Closures an owner's form lists (today onwards); a year ahead at most, so this is plenty. */
const CLOSURES_LISTED = 60;

/** The hours form of one of the actor's own listings: its weekly hours (null: none listed) and closures from today (WAT). */
export async function getListingHours(actor: SessionUser | null, businessId: string, now = new Date()): Promise<{ hours: WeeklyHours | null; closures: Closure[] }> {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const db = getDb();
  const [listing] = await db.select({ userId: businesses.userId, openingHours: businesses.openingHours }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!listing || !canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const closures = await db
    .select({ date: businessClosures.closedOn, note: businessClosures.note })
    .from(businessClosures)
    .where(and(eq(businessClosures.businessId, businessId), gte(businessClosures.closedOn, watDate(now))))
    .orderBy(asc(businessClosures.closedOn))
    .limit(CLOSURES_LISTED);
  return { hours: asWeeklyHours(listing.openingHours), closures };
}
