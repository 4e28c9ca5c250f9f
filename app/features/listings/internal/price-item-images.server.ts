import { and, inArray, isNotNull } from "drizzle-orm";
import { listingPriceItems } from "../../../../db/schema";
import type { Db, Tx } from "../../../lib/db.server";

/**
 * The photo keys of some listings' price list items (issue 37, ADR 42). They live in bucket business-images in the
 * listing's folder, beside its images, and count among the files a listing references: they go with the listing.
 */
export async function priceItemImageKeys(db: Db | Tx, businessIds: readonly string[]): Promise<string[]> {
  if (businessIds.length === 0) return [];
  const rows = await db
    .select({ key: listingPriceItems.imageKey })
    .from(listingPriceItems)
    .where(and(inArray(listingPriceItems.businessId, [...businessIds]), isNotNull(listingPriceItems.imageKey)));
  return rows.map((row) => row.key!);
}
