/** The sizes we serve: card thumbnails, detail view, full-width hero. Client-safe. */
export const IMAGE_WIDTHS = { thumb: 320, card: 640, detail: 1200 } as const;

/** Link previews (Open Graph, WhatsApp): a JPEG cropped to about 1.91:1. */
export const SHARE_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** Shown when a listing has no image or its image fails to load. */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/**
 * `origin` is where /media is reached: '' for this site (a path), or a pull CDN's origin in front of our
 * /media (MEDIA_CDN_URL, given by the server: mediaOrigin() in media-origin.server.ts).
 */
function mediaPath(key: string, origin = ""): string {
  return `${origin}/media/business-images/${key.split("/").map(encodeURIComponent).join("/")}`;
}

function versionParam(version: string | number | Date | undefined): string {
  const v = version instanceof Date ? version.getTime() : version;
  return v !== undefined ? `&v=${encodeURIComponent(String(v))}` : "";
}

/** The public URL of a listing image at a width, with a version that changes when the image does. */
export function imageUrl(key: string | null | undefined, width: number, version?: string | number | Date, origin = ""): string {
  if (!key) return PLACEHOLDER_IMAGE;
  return `${mediaPath(key, origin)}?w=${width}${versionParam(version)}`;
}

/** The link-preview JPEG of a listing image (SHARE_IMAGE), with the same version rule. */
export function shareImageUrl(key: string, version?: string | number | Date, origin = ""): string {
  return `${mediaPath(key, origin)}?w=${SHARE_IMAGE.width}&format=jpg${versionParam(version)}`;
}
