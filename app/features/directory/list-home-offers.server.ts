import { and, desc, eq, sql } from "drizzle-orm";
import { businessOffers, businesses, profiles } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { OFFER_LIMITS, type HomeOfferSlide } from "../offers/offer.schemas";
import { isCurrentOffer, offerPhotoOf, untilLabel } from "../offers/public-offers.server";
import { isPublicBusiness } from "./internal/public-business.server";

/**
 * The home page's 'Special Offers' carousel (issue 37): current offers (approved, started, not ended) of public
 * listings, the latest start first, at most 6, each linking to its business page. A signed-in person's are those in
 * the state of their profile, else (none there, or no state) the whole country's; an anonymous visitor, whose home
 * page is one cached copy for everyone (ADR 28), gets the whole country's. Empty: the page shows its fixed slides.
 * Read in start order through business_offers_approved_starts_idx, stopping at 6.
 */
export async function listHomeOffers(actor: SessionUser | null, now = new Date()): Promise<HomeOfferSlide[]> {
  const db = getDb();
  const state = actor ? (await db.select({ state: profiles.state }).from(profiles).where(eq(profiles.id, actor.id)).limit(1))[0]?.state ?? null : null;
  const read = (inState: string | null) =>
    db
      .select({
        id: businessOffers.id,
        title: businessOffers.title,
        text: businessOffers.body,
        code: businessOffers.code,
        imageKey: businessOffers.imageKey,
        endsOn: businessOffers.endsOn,
        businessId: businesses.id,
        businessName: businesses.name,
      })
      .from(businessOffers)
      .innerJoin(businesses, eq(businesses.id, businessOffers.businessId))
      .where(and(isCurrentOffer(now), isPublicBusiness, inState ? eq(businesses.state, inState) : undefined))
      .orderBy(sql`${businessOffers.startsAt} desc nulls last`, desc(businessOffers.id))
      .limit(OFFER_LIMITS.homeShown);
  let rows = state ? await read(state) : [];
  if (rows.length === 0) rows = await read(null);
  return rows.map(({ imageKey, endsOn, ...offer }) => ({ ...offer, photo: offerPhotoOf(imageKey), until: untilLabel(endsOn) }));
}
