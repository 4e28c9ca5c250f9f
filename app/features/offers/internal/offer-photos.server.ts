import { randomBytes } from "node:crypto";
import { AppError } from "../../../lib/app-error";
import { IMAGE_WIDTHS, imageUrl } from "../../../lib/image-url";
import { ImageBusyError, ImageTooLargeError, InvalidImageError, normalizeImage } from "../../../lib/images.server";
import { logger } from "../../../lib/logger.server";
import { mediaOrigin } from "../../../lib/media-origin.server";
import { LIMITS } from "../../../lib/reference";
import { getStorage } from "../../../lib/storage.server";
import { LISTING_TEXTS } from "../../listings/listing.schemas";

const refusal = (failure: { title: string; text: string }) => new AppError("invalid", failure, { fields: { photo: failure.text } });

/**
 * An offer's photo, checked by content, bytes and pixels and re-encoded (WebP, no metadata) through
 * app/lib/images.server.ts, then stored in the listing images' bucket at {businessId}/offer-{time}-{random}.webp
 * (a key nobody can guess before the offer is approved). Refused with the listing form's upload texts.
 */
export async function storeOfferPhoto(businessId: string, file: File): Promise<string> {
  if (file.size === 0 || file.size > LIMITS.businessImageMaxBytes) throw refusal(LISTING_TEXTS.uploadFailed);
  let data: Buffer;
  try {
    ({ data } = await normalizeImage(Buffer.from(await file.arrayBuffer())));
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw refusal(LISTING_TEXTS.imageTooLarge);
    if (error instanceof InvalidImageError) throw refusal(LISTING_TEXTS.uploadFailed);
    if (error instanceof ImageBusyError) throw new AppError("unavailable", LISTING_TEXTS.imagesBusy);
    throw error;
  }
  const key = `${businessId}/offer-${Date.now()}-${randomBytes(6).toString("hex")}.webp`;
  await getStorage().put("business-images", key, data, "image/webp");
  return key;
}

/** Deletes photos no row refers to any more (with their resized copies); a failure is logged, not thrown. */
export async function removeOfferPhotos(keys: readonly (string | null | undefined)[]): Promise<void> {
  const storage = getStorage();
  for (const key of keys) {
    if (!key) continue;
    await storage.delete("business-images", key).catch((error) => logger.warn({ err: error, key }, "offer photo not deleted"));
  }
}

/** A photo's addresses at card and detail widths (srcset), versioned by the key (a new photo has a new key). */
export function offerPhoto(key: string | null): { src: string; srcSet: string } | null {
  if (!key) return null;
  const origin = mediaOrigin();
  return {
    src: imageUrl(key, IMAGE_WIDTHS.card, undefined, origin),
    srcSet: `${imageUrl(key, IMAGE_WIDTHS.thumb, undefined, origin)} ${IMAGE_WIDTHS.thumb}w, ${imageUrl(key, IMAGE_WIDTHS.card, undefined, origin)} ${IMAGE_WIDTHS.card}w`,
  };
}
