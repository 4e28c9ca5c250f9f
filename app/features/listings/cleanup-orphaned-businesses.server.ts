import { inArray, sql } from "drizzle-orm";
import { businessImages, businessRevisions, businesses } from "../../../db/schema";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { claimDocumentKeysOf, removeClaimDocuments } from "./internal/claim-documents.server";
import { offerPhotoKeysOf } from "./internal/offer-photo-keys.server";
import { removeListingImageFiles } from "./internal/listing-images.server";
import { priceItemImageKeys } from "./internal/price-item-images.server";
import { requireAdmin } from "../accounts/access";

/**
 * Removes listings whose owner account no longer exists (spec 02 §7: RPC cleanup_orphaned_businesses) with
 * their image files, and reports how many. Each removal is in the audit log with what was removed. A listing imported
 * from a source (issue 34) has no owner until claimed: it is not an orphan.
 */
export async function cleanupOrphanedBusinesses(actor: SessionUser | null): Promise<{ removed: number }> {
  requireAdmin(actor);
  const { removed, keys, claimKeys } = await getDb().transaction(async (tx) => {
    // Deleting an account sets user_id to null; the not-exists arm also covers rows written around the key.
    const orphans = await tx
      .select({ id: businesses.id, name: businesses.name, approvalStatus: businesses.approvalStatus, createdAt: businesses.createdAt })
      .from(businesses)
      .where(sql`(${businesses.userId} is null and ${businesses.source} is null) or (${businesses.userId} is not null and not exists (select 1 from "user" u where u.id = ${businesses.userId}))`)
      .for("update");
    if (orphans.length === 0) return { removed: 0, keys: [] as string[], claimKeys: [] as string[] };
    const ids = orphans.map((o) => o.id);
    const images = await tx.select({ key: businessImages.imageUrl }).from(businessImages).where(inArray(businessImages.businessId, ids));
    const changes = await tx.select({ images: businessRevisions.images }).from(businessRevisions).where(inArray(businessRevisions.businessId, ids));
    const claimKeys = await claimDocumentKeysOf(tx, ids);
    // The photos of their offers and their price lists' items (issue 37), whose rows go with them.
    const offerKeys = await offerPhotoKeysOf(tx, ids);
    const itemPhotos = await priceItemImageKeys(tx, ids);
    await tx.delete(businesses).where(inArray(businesses.id, ids));
    for (const orphan of orphans) {
      await recordAudit(tx, auditActorOf(actor), {
        action: "business.delete_orphan",
        targetType: "business",
        targetId: orphan.id,
        before: { name: orphan.name, approvalStatus: orphan.approvalStatus, createdAt: orphan.createdAt, userId: null },
        after: null,
      });
    }
    return { removed: orphans.length, keys: [...images.map((i) => i.key), ...changes.flatMap((c) => c.images.map((i) => i.key)), ...offerKeys, ...itemPhotos], claimKeys };
  });
  if (keys.length > 0) await removeListingImageFiles(keys);
  await removeClaimDocuments(claimKeys);
  return { removed };
}
