import { sql } from "drizzle-orm";
import { emailPreferences } from "../../../../db/schema";
import { getDb } from "../../../lib/db.server";

/** Sets an account's weekly summary preference (upsert). The use cases calling it decide who may. */
export async function setWeeklySummaryPreference(userId: string, subscribed: boolean): Promise<void> {
  await getDb()
    .insert(emailPreferences)
    .values({ userId, weeklySummary: subscribed })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { weeklySummary: subscribed, updatedAt: sql`now()` } });
}
