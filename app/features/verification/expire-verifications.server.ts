/**
 * The sweep every 10 minutes (issue 35, ADR 39): levels whose date has passed end as expired (badges already stop showing at
 * the date: every read checks it), verified_levels follows and the owner is told — a bounded batch a run.
 */
import { and, inArray, lte, sql } from "drizzle-orm";
import { listingVerifications } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { endLevels } from "./internal/levels.server";
import { END_REASONS } from "./verification.schemas";

export const EXPIRY_BATCH = 200;

export async function expireVerifications(now: Date = new Date()): Promise<{ expired: number }> {
  const due = await getDb()
    .select({ id: listingVerifications.id })
    .from(listingVerifications)
    .where(and(sql`${listingVerifications.endedAt} is null`, lte(listingVerifications.expiresAt, now)))
    .orderBy(listingVerifications.expiresAt)
    .limit(EXPIRY_BATCH);
  if (due.length === 0) return { expired: 0 };
  const expired = await getDb().transaction((tx) =>
    endLevels(inArray(listingVerifications.id, due.map((row) => row.id)), { tx, actor: null, reason: END_REASONS.expired }),
  );
  return { expired };
}
