import { desc, eq } from "drizzle-orm";
import { businessOffers } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { watDate } from "../../lib/opening-hours";
import type { SessionUser } from "../accounts/session-user";
import { currentPlanFor } from "../plans/current-plan.server";
import { offerAllowanceOf } from "../plans/plan-benefits";
import { offerPhoto } from "./internal/offer-photos.server";
import { currentOfferCount, managedListing } from "./internal/offer-rows.server";
import { hasOfferRoom } from "./offer.policy";
import { OFFER_LIMITS, offerState, type OfferState } from "./offer.schemas";

export type OwnOffer = {
  id: string;
  title: string;
  text: string;
  code: string | null;
  photo: { src: string; srcSet: string } | null;
  startsOn: string;
  endsOn: string;
  state: OfferState;
  /** Why it was not approved or was taken down. */
  reason: string | null;
};

export type ListingOffers = {
  listing: { id: string; name: string };
  offers: OwnOffer[];
  /** What the owner's plan allows (plan-benefits.ts' OFFER_ALLOWANCES) and how much of it is used. */
  allowance: { plan: string; allowed: number; maxDays: number; current: number; hasRoom: boolean };
  /** Today in Nigeria ('YYYY-MM-DD'): the form's earliest start. */
  today: string;
};

/**
 * /business/offers/{id}: a listing's offers, newest first, each with its state ('Waiting for review', 'Running',
 * 'Ended', …), and what the owner's plan allows. Only the listing's owner, or an admin; anyone else reads 'not found'.
 */
export async function getListingOffers(actor: SessionUser | null, businessId: string, now = new Date()): Promise<ListingOffers> {
  const db = getDb();
  const listing = await managedListing(db, actor, businessId);
  const [rows, current, { plan }] = await Promise.all([
    db
      .select({
        id: businessOffers.id,
        title: businessOffers.title,
        text: businessOffers.body,
        code: businessOffers.code,
        imageKey: businessOffers.imageKey,
        startsOn: businessOffers.startsOn,
        endsOn: businessOffers.endsOn,
        startsAt: businessOffers.startsAt,
        endsAt: businessOffers.endsAt,
        status: businessOffers.status,
        reason: businessOffers.reason,
      })
      .from(businessOffers)
      .where(eq(businessOffers.businessId, listing.id))
      .orderBy(desc(businessOffers.createdAt))
      .limit(OFFER_LIMITS.ownShown),
    currentOfferCount(db, listing.id, now),
    currentPlanFor(listing.userId ?? ""),
  ]);
  const { current: allowed, maxDays } = offerAllowanceOf(plan);
  return {
    listing: { id: listing.id, name: listing.name },
    offers: rows.map(({ imageKey, startsAt, endsAt, status, ...offer }) => ({ ...offer, photo: offerPhoto(imageKey), state: offerState({ status, startsAt, endsAt }, now) })),
    allowance: { plan: plan.name, allowed, maxDays, current, hasRoom: hasOfferRoom(current, allowed) },
    today: watDate(now),
  };
}
