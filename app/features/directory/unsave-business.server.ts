import { and, eq } from "drizzle-orm";
import { savedBusinesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { requireUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { SAVED_TEXTS } from "../../lib/saved-businesses";

/** A signed-in user removes a business from their saved list (also one no longer public); removing it twice changes nothing. */
export async function unsaveBusiness(actor: SessionUser | null, input: { businessId: unknown }): Promise<{ removed: boolean }> {
  if (!actor) throw new AppError("unauthenticated", SAVED_TEXTS.signInRequired);
  const businessId = requireUuid(input.businessId, SAVED_TEXTS.notFound);
  const removed = await getDb()
    .delete(savedBusinesses)
    .where(and(eq(savedBusinesses.userId, actor.id), eq(savedBusinesses.businessId, businessId)))
    .returning({ businessId: savedBusinesses.businessId });
  return { removed: removed.length > 0 };
}
