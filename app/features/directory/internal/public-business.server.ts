import { and, inArray, sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../../db/schema";
import { getDb } from "../../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl } from "../../../lib/image-url";
import { mediaOrigin } from "../../../lib/media-origin.server";
import { LIMITS } from "../../../lib/reference";
import { isFeaturedNow } from "../../featured/featured-now.server";
import { offerLineColumn } from "../../offers/public-offers.server";
import { formatAverage } from "../../reviews/review.schemas";
import { cardBadge, cardBadgeColumn } from "../../verification/listing-badges.server";
import type { VerificationLevel } from "../../verification/verification.schemas";
import type { BusinessCardData } from "../types";
import { openNowColumn } from "./open-now.server";

/**
 * A listing is public when approved, not suspended, and its owner exists — or it was imported and nobody has claimed
 * it yet (issue 34, migration 0041). Written exactly as the partial indexes' predicate so the planner can use them.
 */
export const isPublicBusiness = sql`${businesses.approved} and ${businesses.approvalStatus} = 'approved' and not ${businesses.ownerSuspended} and (${businesses.userId} is not null or ${businesses.source} is not null)`;

/**
 * 'Verified businesses only' (verified=1, issue 35): a verification level standing, by the bits kept in the transaction
 * of each change; written as businesses_public_verified_idx's predicate so the planner can use it (migration 0045).
 */
export function verifiedSql({ verified }: { verified?: boolean | null }): SQL {
  return verified ? sql`and ${businesses.verifiedLevels} > 0` : sql``;
}

/** The columns a business card is made from, with its first image (lowest position), in one query. */
export const cardColumns = {
  id: businesses.id,
  name: businesses.name,
  category: businesses.category,
  state: businesses.state,
  lga: businesses.lga,
  products: businesses.products,
  featured: isFeaturedNow().mapWith(Boolean),
  reviewCount: businesses.reviewCount,
  reviewStarSum: businesses.reviewStarSum,
  osm: sql<boolean>`(${businesses.source} is not distinct from 'osm')`.mapWith(Boolean),
  overture: sql<boolean>`(${businesses.source} is not distinct from 'overture')`.mapWith(Boolean),
  unclaimed: sql<boolean>`(${businesses.userId} is null)`.mapWith(Boolean),
  // The highest verification level standing, and its date (issue 35, ADR 39).
  verified: cardBadgeColumn,
  // The title of the listing's newest current offer (issue 37), for the card's 'Offer: …' line.
  offer: offerLineColumn,
  // Written out: inside a single-table select drizzle leaves column names unqualified, and "id" here
  // would be the image's own.
  image: sql<{ key: string; at: string } | null>`(
    select json_build_object('key', bi.image_url, 'at', bi.created_at)
    from business_images bi where bi.business_id = "businesses"."id"
    order by bi.position limit 1)`,
};

type CardRow = {
  id: string;
  name: string;
  category: string | null;
  state: string | null;
  lga: string | null;
  products: string[];
  featured: boolean;
  reviewCount: number;
  reviewStarSum: number;
  osm: boolean;
  overture: boolean;
  unclaimed: boolean;
  verified: { level: VerificationLevel; at: string } | null;
  image: { key: string; at: string } | null;
  offer: string | null;
  openNow?: boolean | null;
};

/**
 * Card data for rows: the first products only (spec 01 §9: 2 then '+N more') and the first image at
 * card and thumbnail widths, versioned by when it was stored.
 */
export function toCards(rows: CardRow[]): BusinessCardData[] {
  const origin = mediaOrigin();
  return rows.map(({ products, image, reviewCount, reviewStarSum, verified, ...row }) => {
    const version = image ? new Date(image.at) : undefined;
    const average = formatAverage(reviewCount, reviewStarSum);
    return {
      ...row,
      rating: average ? `${average} (${reviewCount})` : null,
      verified: cardBadge(verified),
      products: products.slice(0, LIMITS.cardProductsShown),
      moreProducts: Math.max(0, products.length - LIMITS.cardProductsShown),
      imageSrc: image ? imageUrl(image.key, IMAGE_WIDTHS.card, version, origin) : null,
      imageSrcSet: image
        ? `${imageUrl(image.key, IMAGE_WIDTHS.thumb, version, origin)} ${IMAGE_WIDTHS.thumb}w, ${imageUrl(image.key, IMAGE_WIDTHS.card, version, origin)} ${IMAGE_WIDTHS.card}w`
        : null,
    };
  });
}

/** Cards for public businesses by id, in the order given (ids that are not public are left out); open or closed at `now`. */
export async function cardsFor(ids: readonly string[], now = new Date()): Promise<BusinessCardData[]> {
  if (ids.length === 0) return [];
  const rows = await getDb().select({ ...cardColumns, openNow: openNowColumn(now) }).from(businesses).where(and(inArray(businesses.id, [...ids]), isPublicBusiness));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toCards(ids.flatMap((id) => byId.get(id) ?? []));
}

/**
 * Cards of a page whose ids a statement gives (columns id and ord), in ord's order, read in that same statement:
 * one round trip for the page and its cards rather than two (ADR 27). Ids that are not public are left out.
 */
export async function cardsOfPage(page: SQL, now = new Date()): Promise<BusinessCardData[]> {
  const rows = await getDb()
    .select({ ...cardColumns, openNow: openNowColumn(now) })
    .from(businesses)
    .innerJoin(sql`(${page}) as page`, sql`page.id = ${businesses.id}`)
    .where(isPublicBusiness)
    .orderBy(sql`page.ord`);
  return toCards(rows);
}
