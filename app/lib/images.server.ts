import { availableParallelism } from "node:os";
import sharp, { type Metadata } from "sharp";
import { LIMITS } from "./reference";
import { QueueFullError, Semaphore } from "./semaphore";
import { getMetrics } from "./metrics.server";
import { singleton } from "./singleton.server";
import { assertSafeKey, getStorage } from "./storage.server";

import { IMAGE_WIDTHS, SHARE_IMAGE } from "./image-url";

export { IMAGE_WIDTHS, SHARE_IMAGE };

/** webp: every page's images; jpg: the link-preview crop (SHARE_IMAGE), which WhatsApp and others can show. */
export type VariantFormat = "webp" | "jpg";

/** Largest side kept for an uploaded listing image. */
export const MAX_STORED_SIDE = 1600;

/** Not a JPEG, PNG or WebP image we can read (by its bytes, whatever its name says). */
export class InvalidImageError extends Error {}

/** A readable image with more pixels than LIMITS.imageMaxPixels: refused before it is decoded. */
export class ImageTooLargeError extends InvalidImageError {}

/** Every slot and queue place of the process's image work is taken: the person should try again shortly. */
export class ImageBusyError extends Error {}

/**
 * Image work (decoding, resizing, encoding) is bounded per process: IMAGE_JOBS.concurrent jobs at once,
 * IMAGE_JOBS.queued more waiting their turn, and past that ImageBusyError at once. Each job gets an equal
 * share of the cores (sharp.concurrency: libvips threads per image), so a burst of uploads or of uncached
 * variants costs at most the machine's cores and about concurrent × the largest decode in memory.
 */
export const IMAGE_JOBS = { concurrent: 2, queued: 16 } as const;
sharp.concurrency(Math.max(1, Math.floor(availableParallelism() / IMAGE_JOBS.concurrent)));

/**
 * Options for every sharp() that reads an image: the pixel limit (checked by libvips from the header, the
 * second line of defence after normalizeImage's own check); failOn 'error' refuses truncated and corrupt
 * pixel data but not the harmless warnings many phone cameras' JPEGs carry; sequentialRead (sharp's
 * default, stated) decodes top to bottom without holding the whole decoded image.
 */
const DECODE = { limitInputPixels: LIMITS.imageMaxPixels, failOn: "error", sequentialRead: true } as const;

/** Runs one piece of image work within the process's bound (IMAGE_JOBS); ImageBusyError when it is full. */
export async function withImageJob<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await singleton("image-jobs", () => new Semaphore(IMAGE_JOBS.concurrent, IMAGE_JOBS.queued)).run(async () => {
      // nd_image_processing_seconds: the work itself, not the wait for a turn.
      const done = getMetrics().imageProcessing.startTimer();
      try {
        const result = await task();
        done({ outcome: "ok" });
        return result;
      } catch (error) {
        done({ outcome: "failed" });
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof QueueFullError) throw new ImageBusyError("image work is saturated");
    throw error;
  }
}

/**
 * The format by its first bytes: only these three are ever handed to sharp, so nothing else it could read
 * (SVG, GIF, TIFF, HEIF, PDF, …) reaches a decoder.
 */
function sniffFormat(input: Buffer): "jpeg" | "png" | "webp" | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return "jpeg";
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (input.subarray(0, 4).toString("latin1") === "RIFF" && input.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  return null;
}

/**
 * Decides the type from the bytes (not the name), reads the size from the header and refuses more than
 * LIMITS.imageMaxPixels before decoding anything, then re-encodes to WebP without metadata (EXIF, GPS,
 * XMP, ICC, anything hidden after the image data; the EXIF orientation is applied first) within `maxSide`
 * (listing images MAX_STORED_SIDE; KYC documents larger and sharper, to stay legible), as one bounded
 * image job. Throws InvalidImageError (ImageTooLargeError for too many pixels) or ImageBusyError.
 */
export async function normalizeImage(input: Buffer, { maxSide = MAX_STORED_SIDE, quality = 80 }: { maxSide?: number; quality?: number } = {}) {
  const format = sniffFormat(input);
  if (!format) throw new InvalidImageError("not a JPEG, PNG or WebP image");
  let header: Metadata;
  try {
    // Reads the header only; libvips applies limitInputPixels here already.
    header = await sharp(input, DECODE).metadata();
  } catch (error) {
    throw refusalOf(error, format);
  }
  if (header.format !== format || !header.width || !header.height) throw new InvalidImageError(`unreadable ${format}`);
  const pixels = header.width * (header.pageHeight ?? header.height);
  if (pixels > LIMITS.imageMaxPixels) throw new ImageTooLargeError(`${header.width}×${header.height} is over ${LIMITS.imageMaxPixels} pixels`);
  return withImageJob(async () => {
    try {
      const { data, info } = await sharp(input, DECODE)
        .rotate() // honour EXIF orientation before the EXIF block is dropped
        .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
        .webp({ quality })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, format };
    } catch (error) {
      throw refusalOf(error, format);
    }
  });
}

/** What sharp's failure means: too many pixels, or a truncated or corrupt file (not an image we can use). */
function refusalOf(error: unknown, format: string): InvalidImageError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooLargeError(message);
  return new InvalidImageError(`unreadable ${format}: ${message}`);
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
    const { data, info } = await sharp(original, DECODE).resize({ width: target, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (const quality of QUALITIES) {
      variant = await sharp(data, { raw, limitInputPixels: LIMITS.imageMaxPixels }).webp({ quality }).toBuffer();
      if (variant.length <= maxBytes) return variant;
    }
    target = Math.floor(info.width * Math.sqrt(maxBytes / variant.length) * 0.9);
  }
  return variant;
}

/**
 * A resized variant of a stored listing image: WebP at a width (never enlarged), or the link-preview JPEG
 * cropped to SHARE_IMAGE's size. Null when the original is not (or no longer) stored, checked before any
 * cached copy is served. Made on first request as a bounded image job (ImageBusyError when the process's
 * image work is full) and kept as a derived file of the original, which storage deletes with it.
 */
export async function getImageVariant(key: string, width: number, format: VariantFormat = "webp"): Promise<Buffer | null> {
  assertSafeKey(key);
  const storage = getStorage();
  if (!(await storage.exists("business-images", key))) return null;
  const name = format === "jpg" ? "share.jpg" : `w${width}.webp`;
  const cached = await storage.readDerived("business-images", key, name);
  if (cached) return cached;
  const original = await storage.read("business-images", key);
  if (!original) return null;
  const variant = await withImageJob(() =>
    format === "jpg"
      ? sharp(original, DECODE)
          .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: "cover", position: "attention" })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 78, mozjpeg: true })
          .toBuffer()
      : webpWithin(original, width, width <= IMAGE_WIDTHS.card ? CARD_MAX_BYTES : Infinity),
  );
  await storage.putDerived("business-images", key, name, variant);
  // Deleted while this copy was being made: the delete may have run before the copy was written, so the
  // copy goes now, and nothing is served.
  if (!(await storage.exists("business-images", key))) {
    await storage.delete("business-images", key);
    return null;
  }
  return variant;
}
