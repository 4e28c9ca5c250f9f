import { and, asc, desc, eq, sql } from "drizzle-orm";
import { businessOffers, businesses, profiles } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { OFFER_LIMITS, type HomeOfferSlide } from "../offers/offer.schemas";
import { isCurrentOffer, offerPhotoOf, publicOfferColumns, untilLabel } from "../offers/public-offers.server";
import { isPublicBusiness } from "./internal/public-business.server";

/** How many current offers (of public listings, in the state when one is asked for) the carousel chooses from. */
const HOME_CANDIDATES = 300;

/**
 * The carousel's read for one state, or the whole country (null). Bounded work at any size, and never over ended
 * offers: the offers not yet ended are read in the order of business_offers_approved_ends_idx (ends_at > now: only
 * current and scheduled offers, however many ended before), the scheduled ones skipped, each joined to its listing by
 * primary key and kept when public (and in the state); the first HOME_CANDIDATES of those, the soonest to end, are then
 * sorted the latest start first. Exported for the query-plan test.
 */
export function homeOffersQuery(state: string | null, now: Date) {
  const db = getDb();
  const candidates = db
    .select({
      ...publicOfferColumns,
      startsAt: businessOffers.startsAt,
      // Aliased: the offer's id and name columns share their names with the listing's.
      businessId: sql<string>`${businessOffers.businessId}`.as("business_id"),
      businessName: sql<string>`${businesses.name}`.as("business_name"),
    })
    .from(businessOffers)
    .innerJoin(businesses, eq(businesses.id, businessOffers.businessId))
    .where(and(isCurrentOffer(now), isPublicBusiness, state ? eq(businesses.state, state) : undefined))
    .orderBy(asc(businessOffers.endsAt))
    .limit(HOME_CANDIDATES)
    .as("candidates");
  return db
    .select({
      id: candidates.id,
      title: candidates.title,
      text: candidates.text,
      code: candidates.code,
      imageKey: candidates.imageKey,
      endsOn: candidates.endsOn,
      businessId: candidates.businessId,
      businessName: candidates.businessName,
    })
    .from(candidates)
    .orderBy(sql`${candidates.startsAt} desc nulls last`, desc(candidates.id))
    .limit(OFFER_LIMITS.homeShown);
}

/**
 * The home page's 'Special Offers' carousel (issue 37): current offers (approved, started, not ended) of public
 * listings, the latest start first, at most 6, each linking to its business page. A signed-in person's are those in
 * the state of their profile, read for that state directly (not picked out of the country's), else (none there, or
 * no state) the whole country's; an anonymous visitor, whose home page is one cached copy for everyone (ADR 28), gets
 * the whole country's. Empty: the page shows its fixed slides. How each is read: homeOffersQuery.
 */
export async function listHomeOffers(actor: SessionUser | null, now = new Date()): Promise<HomeOfferSlide[]> {
  const db = getDb();
  const state = actor ? (await db.select({ state: profiles.state }).from(profiles).where(eq(profiles.id, actor.id)).limit(1))[0]?.state ?? null : null;
  let rows = state ? await homeOffersQuery(state, now) : [];
  if (rows.length === 0) rows = await homeOffersQuery(null, now);
  return rows.map(({ imageKey, endsOn, ...offer }) => ({ ...offer, photo: offerPhotoOf(imageKey), until: untilLabel(endsOn) }));
}
