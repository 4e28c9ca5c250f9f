import { and, eq, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl, shareImageUrl } from "../../lib/image-url";
import { isUuid } from "../../lib/ids";
import { mediaOrigin } from "../../lib/media-origin.server";
import { isFeaturedNow } from "../featured/featured-now.server";
import { imagesOfListings, listingDetailColumns } from "../listings/listing-columns.server";
import { publicPriceList } from "../listings/public-price-list.server";
import { isPublicBusiness } from "./internal/public-business.server";
import { AppError } from "../../lib/app-error";
import { DIRECTORY_TEXTS, type PublicBusiness } from "./types";
import { publicOpeningHours } from "./internal/business-hours.server";
import { badgesOf } from "../verification/listing-badges.server";
import { currentOffersOf } from "../offers/public-offers.server";

/**
 * A public business with its images in position order. Anything else (not an id, not approved, its owner
 * suspended or gone) is the spec's 'Business not found or not approved yet.' Its hours are as of `now` (WAT).
 */
export async function getPublicBusiness(id: string, now = new Date()): Promise<PublicBusiness> {
  if (!isUuid(id)) throw new AppError("not-found", DIRECTORY_TEXTS.businessNotFound);
  const db = getDb();
  const [business] = await db
    .select({
      ...listingDetailColumns,
      featured: isFeaturedNow().mapWith(Boolean),
      viewCount: businesses.viewCount,
      openingHours: businesses.openingHours,
      // Imported and nobody owns it yet (issue 34); from OpenStreetMap, credited (ADR 38).
      unclaimed: sql<boolean>`(${businesses.userId} is null)`.mapWith(Boolean),
      osm: sql<boolean>`(${businesses.source} is not distinct from 'osm')`.mapWith(Boolean),
      overture: sql<boolean>`(${businesses.source} is not distinct from 'overture')`.mapWith(Boolean),
      verifiedLevels: businesses.verifiedLevels,
    })
    .from(businesses)
    .where(and(eq(businesses.id, id), isPublicBusiness))
    .limit(1);
  if (!business) throw new AppError("not-found", DIRECTORY_TEXTS.businessNotFound);
  // The badges are read only for a listing that has one (issue 35).
  // Its current offers (issue 37): approved, started and not ended at `now`; its price list (issue 37, ADR 42).
  const [images, verifications, offers, priceList] = await Promise.all([
    imagesOfListings(db, [id]),
    business.verifiedLevels > 0 ? badgesOf(id) : [],
    currentOffersOf(id, now),
    publicPriceList(db, id, business.products),
  ]);
  const origin = mediaOrigin();
  const { openingHours, verifiedLevels: _levels, ...shown } = business;
  return {
    ...shown,
    priceList,
    verifications,
    offers,
    hours: await publicOpeningHours(id, openingHours, now),
    images: images.map((image) => ({
      src: imageUrl(image.key, IMAGE_WIDTHS.detail, image.createdAt, origin),
      thumbSrc: imageUrl(image.key, IMAGE_WIDTHS.card, image.createdAt, origin),
      // Absolute once the page makes it so (publicUrl keeps an absolute CDN address as it is).
      shareSrc: shareImageUrl(image.key, image.createdAt, origin),
      width: image.width,
      height: image.height,
    })),
  };
}
