import { and, eq } from "drizzle-orm";
import { businessOffers } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { removeOfferPhotos } from "./internal/offer-photos.server";
import { managedListing } from "./internal/offer-rows.server";
import { OFFER_TEXTS } from "./offer.schemas";

/**
 * The owner (or an admin) withdraws an offer, whatever its state: it is deleted with its photo, and leaves the public
 * pages at once (the table's trigger empties the page caches when it was approved). Ending early is withdrawing.
 */
export async function withdrawOffer(actor: SessionUser | null, input: { businessId: string; offerId: string }): Promise<void> {
  const db = getDb();
  if (!isUuid(input.offerId)) throw new AppError("not-found", OFFER_TEXTS.notFound);
  const imageKey = await db.transaction(async (tx) => {
    const listing = await managedListing(tx, actor, input.businessId, { lock: true });
    const [gone] = await tx
      .delete(businessOffers)
      .where(and(eq(businessOffers.id, input.offerId), eq(businessOffers.businessId, listing.id)))
      .returning({ imageKey: businessOffers.imageKey, status: businessOffers.status });
    if (!gone) throw new AppError("not-found", OFFER_TEXTS.notFound);
    if (gone.status === "approved") await announceDirectoryChange(tx, [listing.id]);
    return gone.imageKey;
  });
  await removeOfferPhotos([imageKey]);
}
