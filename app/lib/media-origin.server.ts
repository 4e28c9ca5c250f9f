import { getEnv } from "./env.server";

/**
 * Where public pages point listing images: MEDIA_CDN_URL (a pull CDN whose origin is our /media, so the
 * variants stay our code) or '' for this site. Only public, approved listings' pages use it; owners' and
 * admins' views of their own and pending images stay on this site, so nothing awaiting review or just
 * removed is pushed into a shared edge cache.
 */
export function mediaOrigin(): string {
  return getEnv().MEDIA_CDN_URL ?? "";
}
