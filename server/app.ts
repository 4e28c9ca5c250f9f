import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { ensureCatalogs } from "../app/lib/i18n/catalogs.server";
import { localeBasename, splitLocalePath, type Locale } from "../app/lib/i18n/locales";
import { getSessionUser } from "../app/features/accounts/session.server";
import { checkoutOrigins } from "../app/features/payments/paystack-provider.server";
import { openKycDocument } from "../app/features/kyc/kyc-document-link.server";
import { openClaimDocument } from "../app/features/listings/claim-document-link.server";
import { getAuth } from "../app/lib/auth.server";
import { clientAddressOf, parseTrustedProxies } from "../app/lib/client-address.server";
import { errorResponse } from "../app/lib/error-responses.server";
import { t } from "../app/lib/i18n/i18n";
import type { Env } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { LIMITS } from "../app/lib/reference";
import { isDatabaseUnavailableRequest, requestStorage } from "../app/lib/request-context.server";
import { healthRoutes } from "./health";
import { mailboxRoutes } from "./mailbox";
import { securityHeaders, type SecurityVariables } from "./security-headers";
import { mediaRoutes } from "./media";
import { metricsRoutes, requestMetrics } from "./metrics";
import { forReactRouter, originCheck } from "./origin-check";
import { eventsRoute } from "./events";
import { messagesApi } from "./messages-api";
import { READER_PAGE_PATH, type PageCache } from "./page-cache";
import { viewReports } from "./view-reports";
import { paystackWebhookRoutes } from "./paystack-webhook";
import { whatsAppWebhookRoutes } from "./whatsapp-webhook";
import { pwaRoutes } from "./pwa";
import { seoRoutes } from "./seo";

export type AppVariables = SecurityVariables & {
  requestId: string;
  /** The client's address: the peer, or what trusted proxies forwarded (TRUSTED_PROXIES). For rate limits. */
  clientAddress: string | undefined;
  /** The response is a copy from the page cache (server/page-cache.ts), complete with its headers. */
  servedCopy?: boolean;
};

type BuildLoader = () => Promise<ServerBuild>;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The whole HTTP surface: health, dev mailbox, media, static assets, then React Router. */
export function createApp(options: { env: Env; build: BuildLoader; clientDir?: string; isDev?: boolean; pageCache?: PageCache }) {
  const { env } = options;
  ensureCatalogs();
  const app = new Hono<{ Variables: AppVariables }>();
  const isDev = options.isDev ?? false;
  const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);

  app.use("*", requestMetrics());
  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    // The page's language, from its address prefix (issue 36): what every text of this request is written in.
    const { locale } = splitLocalePath(c.req.path);
    await requestStorage.run({ requestId, locale }, async () => {
      await next();
      // The database was down: the error screen (with its Error ID) is answered 503, to be retried shortly.
      if (c.res.status === 500 && isDatabaseUnavailableRequest()) {
        c.res = new Response(c.res.body, { status: 503, headers: c.res.headers });
        c.header("Retry-After", "5");
      }
      // A page cache copy carries it already (touching its headers would cost more than the copy, ADR 28).
      if (!c.get("servedCopy")) c.header("X-Request-Id", requestId);
      const ms = Math.round(performance.now() - started);
      const status = c.res.status;
      const line = { method: c.req.method, path: c.req.path, status, ms };
      if (status >= 500) logger.error(line, "request failed");
      else logger.info(line, "request");
    });
  });
  // The one place the client's address is worked out; React Router gets it in the load context.
  app.use("*", async (c, next) => {
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      peer = undefined; // app.request() in tests: no socket
    }
    c.set("clientAddress", clientAddressOf(peer, c.req.raw.headers, trustedProxies));
    await next();
  });
  // Views no render counts: a prefetch's report, with the token its page was issued (issue 38).
  app.use("*", viewReports(READER_PAGE_PATH));
  // Anonymous visitors' public pages, served again from memory (ADR 28): before everything a copy already has
  // (but after the client's address, which counting needs).
  if (options.pageCache) app.use("*", options.pageCache.middleware);
  app.use(
    "*",
    securityHeaders({ isDev, isHttps: env.PUBLIC_URL.startsWith("https://"), mediaOrigin: env.MEDIA_CDN_URL, formTargets: checkoutOrigins(env) }),
  );
  app.use("*", compress());
  app.use("*", originCheck(env.PUBLIC_URL));
  // Uploads are read into memory: cap every body before anything parses it.
  const tooLarge = (c: Context) => c.text(t("The upload is too large. Images must be smaller than the limit shown on the form."), 413);
  // The KYC form's 6 MB, also for the .data post React Router sends with JavaScript on, in any spelling of
  // the path React Router would still route there (case, trailing slash).
  const kycLimit = bodyLimit({ maxSize: 6 * 1024 * 1024, onError: tooLarge });
  // The claim page's document (issue 34) is checked against the same 5 MB: the same cap for /business/claim/:id; both
  // in every language (issue 36: /ha/kyc-verification…).
  app.post("*", (c, next) => (/^(?:\/(?:pcm|ha|yo|ig))?\/(?:kyc-verification|business\/claim\/[^/]+?)\/*(?:_?\.data)?$/i.test(c.req.path) ? kycLimit(c, next) : next()));
  app.use("*", bodyLimit({ maxSize: 3 * LIMITS.businessImageMaxBytes + 1024 * 1024, onError: tooLarge }));

  // Liveness (/healthz) and readiness (/readyz: database, storage, not draining).
  app.route("/", healthRoutes());
  // Prometheus metrics on this port only with METRICS_TOKEN; else on METRICS_PORT's own listener, or nowhere.
  app.route("/", metricsRoutes(env));

  // Screens talk to better-auth on the server; the browser only follows the links we e-mail.
  app.get("/api/auth/verify-email", (c) => getAuth().handler(c.req.raw));
  app.get("/api/auth/reset-password/:token", (c) => getAuth().handler(c.req.raw));
  app.all("/api/auth/*", (c) => c.json({ error: "Not found" }, 404));
  app.route("/dev", mailboxRoutes(env));
  app.route("/media", mediaRoutes());
  // KYC documents: only through a signed link (owner or admin, 5 minutes) AND with that person's session,
  // never cached, every view audited. A refused or missing document throws 'Unable to load document' (404,
  // never cached) to onError.
  app.get("/kyc-documents/:id", async (c) => {
    const viewer = await getSessionUser(c.req.raw);
    const bytes = await openKycDocument(viewer, c.req.param("id"), new URL(c.req.url).searchParams);
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
    });
  });

  // A listing claim's document (issue 34): exactly as a KYC document, for admins with two-factor sign-in only.
  app.get("/claim-documents/:id", async (c) => {
    const viewer = await getSessionUser(c.req.raw);
    const bytes = await openClaimDocument(viewer, c.req.param("id"), new URL(c.req.url).searchParams);
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
    });
  });

  // Messaging: live events (Server-Sent Events) and the chat's JSON endpoints.
  app.route("/events", eventsRoute());
  app.route("/api/messages", messagesApi());
  // Payments: Paystack's signed events (server-to-server: no session, no Origin).
  app.route("/api/payments/paystack", paystackWebhookRoutes());
  // WhatsApp: Meta's handshake and signed delivery events (server-to-server: no session, no Origin; ADR 36).
  app.route("/api/whatsapp", whatsAppWebhookRoutes());

  // Search engines: robots.txt and the sitemap of every public business page.
  app.route("/", seoRoutes());
  // Installable and offline (ADR 30): the web app manifest and the service worker.
  app.route("/", pwaRoutes({ clientDir: options.clientDir, mediaOrigin: env.MEDIA_CDN_URL }));

  if (options.clientDir) {
    const root = path.relative(process.cwd(), options.clientDir);
    // Hashed file names: cache for a year. Everything else in build/client: an hour. Brotli and gzip copies
    // made at build time (scripts/precompress.mjs) go to browsers that accept them.
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  // One handler per build and language: making one flattens and ranks every route (about 0.8 ms of CPU a
  // request, issue 19). In development a changed build is a new object, so it gets its own. Each language is the
  // same app under its prefix as React Router's basename (ADR 40): links, forms and redirects stay in it.
  const handlers = new WeakMap<ServerBuild, Map<Locale, ReturnType<typeof createRequestHandler>>>();
  app.all("*", async (c) => {
    const build = await options.build();
    const { locale } = splitLocalePath(c.req.path);
    let byLocale = handlers.get(build);
    if (!byLocale) {
      byLocale = new Map();
      handlers.set(build, byLocale);
    }
    let handler = byLocale.get(locale);
    if (!handler) {
      handler = createRequestHandler({ ...build, basename: localeBasename(locale) }, isDev ? "development" : "production");
      byLocale.set(locale, handler);
    }
    return handler(forReactRouter(c.req.raw), { cspNonce: c.get("cspNonce"), requestId: c.get("requestId"), clientAddress: c.get("clientAddress") });
  });

  // Whatever a handler throws is answered by the one error mapping (refusals at their status, faults logged).
  app.onError((error, c) => errorResponse(error, c.req.raw));

  return app;
}
