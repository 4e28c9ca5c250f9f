import { Hono } from "hono";
import { getImageVariant, IMAGE_WIDTHS } from "../app/lib/images.server";

/**
 * Public listing images, resized to WebP on first request and cached on disk.
 * /media/business-images/<key>?w=320|640|1200&v=<version>. KYC documents are never served here.
 */
export function mediaRoutes() {
  const routes = new Hono();
  routes.get("/business-images/*", async (c) => {
    const key = c.req.path.slice("/media/business-images/".length);
    const width = Number(c.req.query("w") ?? IMAGE_WIDTHS.detail);
    if (!(Object.values(IMAGE_WIDTHS) as number[]).includes(width)) return c.text("Unsupported width", 400);
    let variant: Buffer | null;
    try {
      variant = await getImageVariant(decodeURIComponent(key), width);
    } catch {
      return c.notFound();
    }
    if (!variant) return c.notFound();
    const versioned = c.req.query("v") !== undefined;
    return c.body(new Uint8Array(variant), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    });
  });
  return routes;
}
