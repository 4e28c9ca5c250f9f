import { and, eq, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { isPublicBusiness } from "./internal/public-business.server";

/** Counts one page view of a public business atomically; returns the new count, or null when not public. */
export async function recordBusinessView(id: string): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .update(businesses)
    .set({ viewCount: sql`${businesses.viewCount} + 1` })
    .where(and(eq(businesses.id, id), isPublicBusiness))
    .returning({ viewCount: businesses.viewCount });
  return row?.viewCount ?? null;
}
