/** The sizes we serve: card thumbnails, detail view, full-width hero. Client-safe. */
export const IMAGE_WIDTHS = { thumb: 320, card: 640, detail: 1200 } as const;

/** Shown when a listing has no image or its image fails to load. */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** The public URL of a listing image at a width, with a version that changes when the image does. */
export function imageUrl(key: string | null | undefined, width: number, version?: string | number | Date): string {
  if (!key) return PLACEHOLDER_IMAGE;
  const v = version instanceof Date ? version.getTime() : version;
  const suffix = v !== undefined ? `&v=${encodeURIComponent(String(v))}` : "";
  return `/media/business-images/${key.split("/").map(encodeURIComponent).join("/")}?w=${width}${suffix}`;
}
