import type { ShareImage } from "../../components/seo";
import { SITE_NAME } from "../../components/site";
import { getEnv } from "../../lib/env.server";
import { currentLocale } from "../../lib/i18n/i18n";
import { localizePath } from "../../lib/i18n/locales";
import { SHARE_IMAGE } from "../../lib/image-url";

/** The absolute address of a page in the current language (issue 36): canonical links, og:url, JSON-LD's url. */
export function pageUrl(path: string): string {
  return publicUrl(localizePath(currentLocale(), path));
}

/** The default picture for link previews (WhatsApp, social sites): a 1200×630 PNG in public/. */
export const DEFAULT_SHARE_IMAGE = "/og-image.png";

/** An absolute URL on the public site (canonical links, link previews, structured data). */
export function publicUrl(path: string): string {
  return new URL(path, `${getEnv().PUBLIC_URL}/`).href;
}

/** The default link-preview picture with its size and type. */
export function defaultShareImage(): ShareImage {
  return { url: publicUrl(DEFAULT_SHARE_IMAGE), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, type: "image/png", alt: SITE_NAME };
}
