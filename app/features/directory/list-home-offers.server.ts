import { and, desc, eq, sql } from "drizzle-orm";
import { businessOffers, businesses, profiles } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { OFFER_LIMITS, type HomeOfferSlide } from "../offers/offer.schemas";
import { isCurrentOffer, offerPhotoOf, untilLabel } from "../offers/public-offers.server";
import { isPublicBusiness } from "./internal/public-business.server";

/** How many of the newest current offers the carousel chooses from. */
const HOME_CANDIDATES = 300;

/**
 * The home page's 'Special Offers' carousel (issue 37): current offers (approved, started, not ended) of public
 * listings, the latest start first, at most 6, each linking to its business page. A signed-in person's are those in
 * the state of their profile, else (none there, or no state) the whole country's; an anonymous visitor, whose home
 * page is one cached copy for everyone (ADR 28), gets the whole country's. Empty: the page shows its fixed slides.
 * Bounded work at any size: the newest HOME_CANDIDATES current offers are read in the order of
 * business_offers_approved_starts_idx, then joined to their listings by primary key; a state's offers older than those
 * give way to the country's.
 */
export async function listHomeOffers(actor: SessionUser | null, now = new Date()): Promise<HomeOfferSlide[]> {
  const db = getDb();
  const state = actor ? (await db.select({ state: profiles.state }).from(profiles).where(eq(profiles.id, actor.id)).limit(1))[0]?.state ?? null : null;
  // The newest current offers first, a bounded number, read in the index's order; then their listings.
  const candidates = db
    .select({
      id: businessOffers.id,
      title: businessOffers.title,
      text: businessOffers.body,
      code: businessOffers.code,
      imageKey: businessOffers.imageKey,
      endsOn: businessOffers.endsOn,
      startsAt: businessOffers.startsAt,
      businessId: businessOffers.businessId,
    })
    .from(businessOffers)
    .where(isCurrentOffer(now))
    .orderBy(sql`${businessOffers.startsAt} desc nulls last`, desc(businessOffers.id))
    .limit(HOME_CANDIDATES)
    .as("candidates");
  const read = (inState: string | null) =>
    db
      .select({
        id: candidates.id,
        title: candidates.title,
        text: candidates.text,
        code: candidates.code,
        imageKey: candidates.imageKey,
        endsOn: candidates.endsOn,
        businessId: businesses.id,
        businessName: businesses.name,
      })
      .from(candidates)
      .innerJoin(businesses, eq(businesses.id, candidates.businessId))
      .where(and(isPublicBusiness, inState ? eq(businesses.state, inState) : undefined))
      .orderBy(sql`${candidates.startsAt} desc nulls last`, desc(candidates.id))
      .limit(OFFER_LIMITS.homeShown);
  let rows = state ? await read(state) : [];
  if (rows.length === 0) rows = await read(null);
  return rows.map(({ imageKey, endsOn, ...offer }) => ({ ...offer, photo: offerPhotoOf(imageKey), until: untilLabel(endsOn) }));
}
