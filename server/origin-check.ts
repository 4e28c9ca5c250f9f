import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The one path a cross-site POST may reach (see below). */
/** The one-click unsubscribe address, in any language (issue 36: the weekly summary links the owner's). */
const UNSUBSCRIBE_PATH = /^(?:\/(?:pcm|ha|yo|ig))?\/unsubscribe$/;

/**
 * Cross-site requests cannot change state: every POST/PUT/PATCH/DELETE must come from our own origin
 * (PUBLIC_URL, or the Host the request was sent to). Browsers always send Origin on such requests.
 */
export function originCheck(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // RFC 8058 one-click unsubscribe: a mail client (or a webmail page, cross-site) POSTs
    // 'List-Unsubscribe=One-Click' to the weekly summary's List-Unsubscribe URL without cookies. The request
    // carries its own proof, an HMAC token only we can make for that one account
    // (app/features/analytics/unsubscribe-token.server.ts), and acts on no session, so a forged cross-site POST
    // can do nothing the link itself could not: no CSRF risk. Only this exact path and method are let through.
    if (c.req.method === "POST" && UNSUBSCRIBE_PATH.test(c.req.path)) return next();
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

/**
 * React Router refuses an action whose Origin is not the request's own (its CSRF check, for every route). The
 * one-click unsubscribe POST from a webmail page carries the mail site's Origin: for POST /unsubscribe only,
 * the Origin is dropped before React Router sees the request (see originCheck above for why that is safe).
 */
export function forReactRouter(request: Request): Request {
  if (request.method !== "POST" || !request.headers.has("origin") || !UNSUBSCRIBE_PATH.test(new URL(request.url).pathname)) return request;
  const headers = new Headers(request.headers);
  headers.delete("origin");
  return new Request(request, { headers });
}
