/** The desktop sidebar's open state, kept in a cookie for 7 days (spec 01 §2, §9). Pure and client-safe. */

export const SIDEBAR_COOKIE = "sidebar_state";
/**
 * LIMITS.sidebarCookieMaxAgeSeconds (7 days). Repeated rather than imported: any import of
 * app/lib/reference.ts pulls every list it holds into the JavaScript of every page.
 */
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 604_800;

/** Reads the sidebar state from a Cookie header; open unless the cookie says false. */
export function readSidebarOpen(cookieHeader: string | null | undefined): boolean {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.split("=");
    if (name.trim() === SIDEBAR_COOKIE) return value?.trim() !== "false";
  }
  return true;
}

/** The document.cookie string that stores the sidebar state. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
