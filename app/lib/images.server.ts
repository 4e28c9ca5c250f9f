import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "./env.server";
import { assertSafeKey, getStorage } from "./storage.server";

import { IMAGE_WIDTHS, SHARE_IMAGE } from "./image-url";

export { IMAGE_WIDTHS, SHARE_IMAGE };

/** webp: every page's images; jpg: the link-preview crop (SHARE_IMAGE), which WhatsApp and others can show. */
export type VariantFormat = "webp" | "jpg";

/** Largest side kept for an uploaded listing image. */
export const MAX_STORED_SIDE = 1600;

export class InvalidImageError extends Error {}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

/**
 * Decides the type from the bytes (not the name), then re-encodes to WebP without metadata
 * (EXIF, GPS, ICC, anything hidden after the image data) within `maxSide` (listing images
 * MAX_STORED_SIDE; KYC documents larger and sharper, to stay legible). Throws InvalidImageError for
 * anything that is not a JPEG, PNG or WebP image.
 */
export async function normalizeImage(input: Buffer, { maxSide = MAX_STORED_SIDE, quality = 80 }: { maxSide?: number; quality?: number } = {}) {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new InvalidImageError("not an image");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new InvalidImageError(`unsupported format ${format ?? "unknown"}`);
  try {
    const { data, info } = await sharp(input, { failOn: "error" })
      .rotate() // honour EXIF orientation before the EXIF block is dropped
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, format };
  } catch (error) {
    // A truncated or corrupt file of an accepted type: not an image we can use.
    throw new InvalidImageError(`unreadable ${format}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Card-sized variants (and smaller) stay within this many bytes, however detailed the photo. */
export const CARD_MAX_BYTES = 30 * 1024;
const QUALITIES = [72, 62, 52, 42, 32];

/**
 * WebP at a width (never enlarged), at the best quality that fits maxBytes. A picture too detailed to
 * fit even at the lowest quality is made narrower until it fits: the page reserves the box by its own
 * width and height, so a narrower file only looks softer.
 */
async function webpWithin(original: Buffer, width: number, maxBytes: number): Promise<Buffer> {
  let variant = Buffer.alloc(0);
  for (let target = width, attempt = 0; attempt < 4; attempt++) {
    // Resized once per width, to raw pixels, so each quality tried is a single encode of the same picture.
    const { data, info } = await sharp(original).resize({ width: target, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (const quality of QUALITIES) {
      variant = await sharp(data, { raw }).webp({ quality }).toBuffer();
      if (variant.length <= maxBytes) return variant;
    }
    target = Math.floor(info.width * Math.sqrt(maxBytes / variant.length) * 0.9);
  }
  return variant;
}

/**
 * A resized variant of a stored listing image, made on first request and cached under DATA_DIR/cache:
 * WebP at a width (never enlarged), or the link-preview JPEG cropped to SHARE_IMAGE's size.
 */
export async function getImageVariant(key: string, width: number, format: VariantFormat = "webp"): Promise<Buffer | null> {
  assertSafeKey(key);
  const cacheFile =
    format === "jpg"
      ? path.join(getEnv().DATA_DIR, "cache", "variants", "share", `${key}.jpg`)
      : path.join(getEnv().DATA_DIR, "cache", "variants", `${width}`, `${key}.webp`);
  try {
    return await readFile(cacheFile);
  } catch {
    // not cached yet
  }
  const original = await getStorage().read("business-images", key);
  if (!original) return null;
  const variant =
    format === "jpg"
      ? await sharp(original)
          .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: "cover", position: "attention" })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 78, mozjpeg: true })
          .toBuffer()
      : await webpWithin(original, width, width <= IMAGE_WIDTHS.card ? CARD_MAX_BYTES : Infinity);
  await mkdir(path.dirname(cacheFile), { recursive: true });
  // Unique per call: several first requests for one variant may be writing it at the same moment.
  const temp = `${cacheFile}.${randomUUID()}.tmp`;
  await writeFile(temp, variant);
  await rename(temp, cacheFile);
  return variant;
}
