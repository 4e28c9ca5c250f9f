import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site requests cannot change state: every POST/PUT/PATCH/DELETE must come from our own origin
 * (PUBLIC_URL, or the Host the request was sent to). Browsers always send Origin on such requests.
 */
export function originCheck(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    if (fetchSite === "cross-site") return c.text("Cross-site request refused", 403);
    if (origin === undefined) {
      // Non-browser clients send no Origin; browsers that omit it still send Sec-Fetch-Site, checked above.
      return next();
    }
    const host = c.req.header("host");
    const selfOrigin = host ? `${new URL(c.req.url).protocol}//${host}` : null;
    if (origin !== publicOrigin && origin !== selfOrigin) return c.text("Cross-site request refused", 403);
    return next();
  };
}
