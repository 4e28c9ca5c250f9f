import { inArray, isNotNull, and } from "drizzle-orm";
import { businessOffers } from "../../../../db/schema";
import type { Tx } from "../../../lib/db.server";

/**
 * The photos of a listing's offers (issue 37, app/features/offers): their rows go with the listing (foreign key
 * cascade), so whoever deletes listings collects the keys first and deletes the files after the commit, with the
 * listing's own images (the same bucket). Read here from the table: offers depends on listings, not the other way.
 */
export async function offerPhotoKeysOf(tx: Tx, businessIds: readonly string[]): Promise<string[]> {
  if (businessIds.length === 0) return [];
  const rows = await tx
    .select({ key: businessOffers.imageKey })
    .from(businessOffers)
    .where(and(inArray(businessOffers.businessId, [...businessIds]), isNotNull(businessOffers.imageKey)));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
