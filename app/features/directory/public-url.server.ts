import { getEnv } from "../../lib/env.server";

/** The default picture for link previews (WhatsApp, social sites). */
export const DEFAULT_SHARE_IMAGE = "/og-image.png";

/** An absolute URL on the public site (canonical links, link previews, structured data). */
export function publicUrl(path: string): string {
  return new URL(path, `${getEnv().PUBLIC_URL}/`).href;
}
