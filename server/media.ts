import { Hono } from "hono";
import { getImageVariant, ImageBusyError, IMAGE_WIDTHS, SHARE_IMAGE } from "../app/lib/images.server";
import { logger } from "../app/lib/logger.server";
import { StorageUnavailableError } from "../app/lib/storage.server";

/**
 * Public listing images, resized on first request and cached on disk. KYC documents are never served here.
 *   /media/business-images/<key>?w=320|640|1200&v=<version>        WebP at that width
 *   /media/business-images/<key>?w=1200&format=jpg&v=<version>     the 1200×630 JPEG for link previews
 * With a version the answer may be cached for a year: the version changes whenever the image does.
 * A variant not cached yet is made as a bounded image job: when the process's image work is full the
 * answer is 503 with Retry-After (the page's <img> falls back to its placeholder; the next visit gets it).
 * When the store itself fails (the bucket does not answer) the answer is 503, never cached, so neither a
 * browser nor a CDN keeps a "not found" for an image that exists.
 */
export function mediaRoutes() {
  const routes = new Hono();
  routes.get("/business-images/*", async (c) => {
    const key = c.req.path.slice("/media/business-images/".length);
    const format = c.req.query("format") ?? "webp";
    const width = Number(c.req.query("w") ?? (format === "jpg" ? SHARE_IMAGE.width : IMAGE_WIDTHS.detail));
    if (format !== "webp" && format !== "jpg") return c.text("Unsupported format", 400);
    const widths: number[] = format === "jpg" ? [SHARE_IMAGE.width] : Object.values(IMAGE_WIDTHS);
    if (!widths.includes(width)) return c.text("Unsupported width", 400);
    let variant: Buffer | null;
    try {
      variant = await getImageVariant(decodeURIComponent(key), width, format);
    } catch (error) {
      if (error instanceof ImageBusyError) return c.text("Busy, try again shortly", 503, { "Retry-After": "5", "Cache-Control": "no-store" });
      if (error instanceof StorageUnavailableError) {
        logger.error({ err: error }, "media: storage failed");
        return c.text("Storage unavailable, try again shortly", 503, { "Retry-After": "5", "Cache-Control": "no-store" });
      }
      return c.notFound();
    }
    if (!variant) return c.notFound();
    const versioned = c.req.query("v") !== undefined;
    return c.body(new Uint8Array(variant), 200, {
      "Content-Type": format === "jpg" ? "image/jpeg" : "image/webp",
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    });
  });
  return routes;
}
