import { and, asc, inArray, sql } from "drizzle-orm";
import { businessImages, businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl } from "../../lib/image-url";
import { LIMITS } from "../../lib/reference";
import type { BusinessCardData } from "./types";

/**
 * A listing is public when approved, its owner exists and is not suspended. Written exactly as the
 * partial indexes' predicate so the planner can use them.
 */
export const isPublicBusiness = sql`${businesses.approved} and ${businesses.approvalStatus} = 'approved' and not ${businesses.ownerSuspended} and ${businesses.userId} is not null`;

/** Featured placement counts only until its end date, even before anything clears the flag. */
export function isCurrentlyFeatured() {
  return sql<boolean>`(${businesses.featured} and (${businesses.featuredUntil} is null or ${businesses.featuredUntil} > now()))`;
}

/** The columns a business card is made from. */
export const cardColumns = {
  id: businesses.id,
  name: businesses.name,
  category: businesses.category,
  state: businesses.state,
  products: businesses.products,
  featured: isCurrentlyFeatured().mapWith(Boolean),
};

type CardRow = { id: string; name: string; category: string | null; state: string | null; products: string[]; featured: boolean };

/**
 * Card data for rows: the first products only (spec 01 §9: 2 then '+N more') and the first image
 * (lowest position) at card and thumbnail widths, found for all rows in one query.
 */
export async function toCards(rows: CardRow[]): Promise<BusinessCardData[]> {
  if (rows.length === 0) return [];
  const images = await getDb()
    .select({ businessId: businessImages.businessId, key: businessImages.imageUrl, createdAt: businessImages.createdAt })
    .from(businessImages)
    .where(inArray(businessImages.businessId, rows.map((r) => r.id)))
    .orderBy(asc(businessImages.businessId), asc(businessImages.position));
  const first = new Map<string, { key: string; createdAt: Date }>();
  for (const image of images) {
    if (!first.has(image.businessId)) first.set(image.businessId, image);
  }
  return rows.map(({ products, ...row }) => {
    const image = first.get(row.id);
    return {
      ...row,
      products: products.slice(0, LIMITS.cardProductsShown),
      moreProducts: Math.max(0, products.length - LIMITS.cardProductsShown),
      imageSrc: image ? imageUrl(image.key, IMAGE_WIDTHS.card, image.createdAt) : null,
      imageSrcSet: image
        ? `${imageUrl(image.key, IMAGE_WIDTHS.thumb, image.createdAt)} ${IMAGE_WIDTHS.thumb}w, ${imageUrl(image.key, IMAGE_WIDTHS.card, image.createdAt)} ${IMAGE_WIDTHS.card}w`
        : null,
    };
  });
}

/** Cards for public businesses by id, in the order given (ids that are not public are left out). */
export async function cardsFor(ids: readonly string[]): Promise<BusinessCardData[]> {
  if (ids.length === 0) return [];
  const rows = await getDb().select(cardColumns).from(businesses).where(and(inArray(businesses.id, [...ids]), isPublicBusiness));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toCards(ids.flatMap((id) => byId.get(id) ?? []));
}
