import { and, eq } from "drizzle-orm";
import { businesses, businessImages } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import type { SessionUser } from "../accounts/session-user";
import { removeListingImageFiles } from "./listing-images.server";

/**
 * An owner deletes their own listing: it leaves every public page at once, its image files go, and
 * conversations about it stay readable (business_id set to null: 'Unknown Business').
 */
export async function deleteListing(actor: SessionUser | null, businessId: string): Promise<{ ok: boolean }> {
  if (!actor || actor.role !== "business" || !/^[0-9a-f-]{36}$/i.test(businessId)) return { ok: false };
  const db = getDb();
  try {
    const keys = await db.transaction(async (tx) => {
      const images = await tx
        .select({ key: businessImages.imageUrl })
        .from(businessImages)
        .innerJoin(businesses, eq(businesses.id, businessImages.businessId))
        .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)));
      const deleted = await tx
        .delete(businesses)
        .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)))
        .returning({ id: businesses.id });
      return deleted.length ? images.map((i) => i.key) : null;
    });
    if (!keys) return { ok: false };
    await removeListingImageFiles(keys);
    return { ok: true };
  } catch (error) {
    logger.error({ err: error }, "listing delete failed");
    return { ok: false };
  }
}
