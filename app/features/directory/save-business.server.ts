import { and, count, eq, sql } from "drizzle-orm";
import { businesses, savedBusinesses, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { requireUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { isPublicBusiness } from "./internal/public-business.server";
import { SAVED_LIMITS, SAVED_TEXTS } from "../../lib/saved-businesses";

/**
 * A signed-in user saves a public listing to their account (issue 20). Saving one already saved changes
 * nothing; an account keeps at most SAVED_LIMITS.max (the user's row is locked, so two saves at once cannot
 * pass the limit together).
 */
export async function saveBusiness(actor: SessionUser | null, input: { businessId: unknown }): Promise<{ saved: true }> {
  if (!actor) throw new AppError("unauthenticated", SAVED_TEXTS.signInRequired);
  const businessId = requireUuid(input.businessId, SAVED_TEXTS.notFound);
  await getDb().transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for("update");
    const [listing] = await tx.select({ id: businesses.id }).from(businesses).where(and(eq(businesses.id, businessId), isPublicBusiness));
    if (!listing) throw new AppError("not-found", SAVED_TEXTS.notFound);
    const [already] = await tx
      .select({ one: sql`1` })
      .from(savedBusinesses)
      .where(and(eq(savedBusinesses.userId, actor.id), eq(savedBusinesses.businessId, businessId)));
    if (already) return;
    const [{ n }] = await tx.select({ n: count() }).from(savedBusinesses).where(eq(savedBusinesses.userId, actor.id));
    if (n >= SAVED_LIMITS.max) throw new AppError("conflict", SAVED_TEXTS.full, { reason: "saved-full" });
    await tx.insert(savedBusinesses).values({ userId: actor.id, businessId }).onConflictDoNothing();
  });
  return { saved: true };
}
