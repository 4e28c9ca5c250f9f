import { and, count, eq, inArray, notExists, sql } from "drizzle-orm";
import { businesses, savedBusinesses, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { isPublicBusiness } from "./internal/public-business.server";
import { SAVED_LIMITS, SAVED_TEXTS } from "../../lib/saved-businesses";

/**
 * What a device saved before its visitor signed in joins their account (app/enhance/save.ts posts the ids
 * once). Anything that is not the id of a public listing is ignored, as are ids already saved; at most
 * SAVED_LIMITS.max ids are read, and the account never passes its limit (the newest device saves beyond it are
 * left out). Returns how many joined and how many public listings were left out for want of room (the device then
 * keeps its list: nothing saved is lost).
 */
export async function joinDeviceSaves(actor: SessionUser | null, input: { businessIds: unknown }): Promise<{ joined: number; leftOut: number }> {
  if (!actor) throw new AppError("unauthenticated", SAVED_TEXTS.signInRequired);
  const given = Array.isArray(input.businessIds) ? input.businessIds : [input.businessIds];
  const ids = [...new Set(given.filter(isUuid).map((id) => id.toLowerCase()))].slice(0, SAVED_LIMITS.max);
  if (ids.length === 0) return { joined: 0, leftOut: 0 };
  return getDb().transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(savedBusinesses).where(eq(savedBusinesses.userId, actor.id));
    const room = Math.max(0, SAVED_LIMITS.max - n);
    const alreadySaved = tx
      .select({ one: sql`1` })
      .from(savedBusinesses)
      .where(and(eq(savedBusinesses.userId, actor.id), eq(savedBusinesses.businessId, businesses.id)));
    const joinable = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(inArray(businesses.id, ids), isPublicBusiness, notExists(alreadySaved)));
    // In the device's order (oldest save first), as many as there is room for.
    const publicIds = new Set(joinable.map((row) => row.id));
    const candidates = ids.filter((id) => publicIds.has(id));
    const chosen = candidates.slice(0, room);
    const leftOut = candidates.length - chosen.length;
    if (chosen.length === 0) return { joined: 0, leftOut };
    const inserted = await tx
      .insert(savedBusinesses)
      .values(chosen.map((businessId) => ({ userId: actor.id, businessId })))
      .onConflictDoNothing()
      .returning({ businessId: savedBusinesses.businessId });
    return { joined: inserted.length, leftOut };
  });
}
