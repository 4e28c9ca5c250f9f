import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export type SecurityVariables = { cspNonce: string };

/** A fresh nonce per response: scripts without it do not run. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * `mediaOrigin`: a CDN in front of /media (MEDIA_CDN_URL) that pages may load images from. `formTargets`:
 * other origins a form post may end at (the payment gateway's hosted checkout, which /payment redirects to).
 */
export function contentSecurityPolicy(nonce: string, { isDev, mediaOrigin, formTargets = [] }: { isDev: boolean; mediaOrigin?: string; formTargets?: string[] }): string {
  const connect = isDev ? "'self' ws: wss:" : "'self'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ""}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${formTargets.map((origin) => ` ${origin}`).join("")}`,
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    // The service worker (/sw.js, ADR 30): 'strict-dynamic' would ignore 'self' for it in script-src.
    "worker-src 'self'",
  ].join("; ");
}

/** Security headers on every response; the CSP on HTML responses. */
export function securityHeaders({ isDev, isHttps, mediaOrigin, formTargets }: { isDev: boolean; isHttps: boolean; mediaOrigin?: string; formTargets?: string[] }): MiddlewareHandler<{
  Variables: SecurityVariables;
}> {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    // Geolocation for our own pages only: 'Near me' and 'Use my current location' (ADR 23); never for frames.
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    if (isHttps) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    const type = headers.get("Content-Type") ?? "";
    if (type.startsWith("text/html")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, { isDev, mediaOrigin, formTargets }));
    } else if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    }
  };
}
