import { and, desc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { businessOffers } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { formatDate } from "../../lib/format";
import { t } from "../../lib/i18n/i18n";
import { offerPhoto } from "./internal/offer-photos.server";
import type { PublicOffer } from "./offer.schemas";

export type { PublicOffer };
/** A photo's addresses (card and thumbnail widths), for other features' reads of offers. */
export { offerPhoto as offerPhotoOf } from "./internal/offer-photos.server";

/** Offers a business page shows at most. */
const SHOWN_ON_PAGE = 5;

/**
 * An offer the public sees at `now`: approved, started and not ended (issue 37). Every public read of offers goes
 * through this, so an offer past its end, or not yet started, is shown nowhere.
 */
export function isCurrentOffer(now: Date): SQL {
  return and(eq(businessOffers.status, "approved"), lte(businessOffers.startsAt, now), gt(businessOffers.endsAt, now))!;
}

/** 'Until 12 Dec 2026': the offer's last day (noon of it in WAT, so no time zone moves it). */
export function untilLabel(endsOn: string): string {
  return t("Until {{date}}", { date: formatDate(new Date(`${endsOn}T12:00:00+01:00`)) });
}

/**
 * A business card's offer line (issue 37): the title of the listing's newest current offer, or null. A correlated
 * subquery of the card's own query (one round trip; evaluated only for the page's cards, through
 * business_offers_business_idx). Written out: inside a single-table select drizzle leaves column names unqualified.
 */
export const offerLineColumn = sql<string | null>`(
  select o.title from business_offers o
  where o.business_id = "businesses"."id" and o.status = 'approved' and o.starts_at <= now() and o.ends_at > now()
  order by o.starts_at desc, o.id limit 1)`;

/** What the public reads of an offer (its photo as a storage key, shown through offerPhotoOf; its last day). */
export const publicOfferColumns = {
  id: businessOffers.id,
  title: businessOffers.title,
  text: businessOffers.body,
  code: businessOffers.code,
  imageKey: businessOffers.imageKey,
  endsOn: businessOffers.endsOn,
};

/**
 * A public listing's current offers, the latest start first (business_offers_business_idx). For the directory's
 * business page, which has already checked the listing is public.
 */
export async function currentOffersOf(businessId: string, now = new Date()): Promise<PublicOffer[]> {
  const rows = await getDb()
    .select(publicOfferColumns)
    .from(businessOffers)
    .where(and(eq(businessOffers.businessId, businessId), isCurrentOffer(now)))
    .orderBy(desc(businessOffers.startsAt), desc(businessOffers.id))
    .limit(SHOWN_ON_PAGE);
  return rows.map(({ imageKey, endsOn, ...offer }) => ({ ...offer, photo: offerPhoto(imageKey), until: untilLabel(endsOn) }));
}
