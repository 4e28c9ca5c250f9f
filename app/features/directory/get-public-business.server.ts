import { and, eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl, shareImageUrl } from "../../lib/image-url";
import { isUuid } from "../../lib/ids";
import { isFeaturedNow } from "../featured/featured-now.server";
import { imagesOfListings, listingDetailColumns } from "../listings/listing-columns.server";
import { isPublicBusiness } from "./internal/public-business.server";
import type { PublicBusiness } from "./types";

/** A public business with its images in position order, or null when the id is not one or not public. */
export async function getPublicBusiness(id: string): Promise<PublicBusiness | null> {
  if (!isUuid(id)) return null;
  const db = getDb();
  const [business] = await db
    .select({ ...listingDetailColumns, featured: isFeaturedNow().mapWith(Boolean), viewCount: businesses.viewCount })
    .from(businesses)
    .where(and(eq(businesses.id, id), isPublicBusiness))
    .limit(1);
  if (!business) return null;
  const images = await imagesOfListings(db, [id]);
  return {
    ...business,
    images: images.map((image) => ({
      src: imageUrl(image.key, IMAGE_WIDTHS.detail, image.createdAt),
      thumbSrc: imageUrl(image.key, IMAGE_WIDTHS.card, image.createdAt),
      shareSrc: shareImageUrl(image.key, image.createdAt),
      width: image.width,
      height: image.height,
    })),
  };
}
