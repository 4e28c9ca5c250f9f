import { and, asc, eq, gte, lte } from "drizzle-orm";
import { businessClosures } from "../../../../db/schema";
import { getDb } from "../../../lib/db.server";
import { addDays, asWeeklyHours, closureDateText, statusTimeline, todayText, watDate, weekRows } from "../../../lib/opening-hours";
import type { PublicOpeningHours } from "../types";

/** Closures looked at ahead of today: the status looks five weeks ahead for the next opening. */
const CLOSURE_DAYS_SHOWN = 35;

/**
 * A public business's hours for its page at `now` (null when it lists none): the status line, today's hours,
 * the week's table, the statuses ahead (the page's script steps through them), the weekly hours and closures ahead.
 */
export async function publicOpeningHours(businessId: string, stored: unknown, now: Date): Promise<PublicOpeningHours | null> {
  const weekly = asWeeklyHours(stored);
  if (!weekly) return null;
  const today = watDate(now);
  const rows = await getDb()
    .select({ date: businessClosures.closedOn, note: businessClosures.note })
    .from(businessClosures)
    .where(and(eq(businessClosures.businessId, businessId), gte(businessClosures.closedOn, today), lte(businessClosures.closedOn, addDays(today, CLOSURE_DAYS_SHOWN))))
    .orderBy(asc(businessClosures.closedOn));
  const closures = rows.map((closure) => ({ ...closure, label: closureDateText(closure.date) }));
  return { weekly, closures, timeline: statusTimeline(weekly, closures, now), today: todayText(weekly, closures, now), week: weekRows(weekly, now) };
}
