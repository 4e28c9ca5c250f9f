import { count, eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { listingLimitFor } from "../plans/current-plan.server";
import { hasListingRoom } from "./listing.policy";

/**
 * How many listings the owner holds and may hold under their plan, so /business/create can explain the
 * limit (with the way to /pricing) instead of offering a form that would be refused.
 */
export async function getListingAllowance(actor: SessionUser | null): Promise<{ owned: number; limit: number; hasRoom: boolean }> {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") throw new AppError("forbidden");
  const [limit, [{ owned }]] = await Promise.all([
    listingLimitFor(actor.id),
    getDb().select({ owned: count() }).from(businesses).where(eq(businesses.userId, actor.id)),
  ]);
  return { owned, limit, hasRoom: hasListingRoom(owned, limit) };
}
