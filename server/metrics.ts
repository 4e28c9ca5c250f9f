import { serve, type ServerType } from "@hono/node-server";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { createHash, timingSafeEqual } from "node:crypto";
import type { Env } from "../app/lib/env.server";
import { knownRoutePattern } from "../app/lib/known-routes";
import { logger } from "../app/lib/logger.server";
import { getMetrics } from "../app/lib/metrics.server";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The `route` label of a request: the Hono route that answered ('/media/business-images/*', '/events'),
 * else the page's pattern from the known routes ('/business/:id'), '/assets/*' for built files, else 'other'.
 * Never the raw path: label values must come from a small fixed set.
 */
export function routeLabel(c: Context): string {
  let hono = "";
  try {
    hono = routePath(c);
  } catch {
    hono = "";
  }
  if (hono && hono !== "*" && hono !== "/*") return hono.length > 1 ? hono.replace(/\/$/, "") : hono;
  if (c.req.path.startsWith("/assets/")) return "/assets/*";
  return knownRoutePattern(c.req.path) ?? "other";
}

/** Times every request (until its response starts) and counts responses by status. Outermost middleware. */
export function requestMetrics(): MiddlewareHandler {
  const metrics = getMetrics();
  return async (c, next) => {
    const done = metrics.httpDuration.startTimer();
    await next();
    const status = String(c.res.status);
    done({ route: routeLabel(c), method: METHODS.has(c.req.method) ? c.req.method : "other", status });
    metrics.httpResponses.inc({ status });
  };
}

function sameSecret(given: string, expected: string): boolean {
  // Hashes first: equal lengths for timingSafeEqual, and nothing learnt from the length.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

async function scrape(c: Context, token: string | undefined): Promise<Response> {
  if (token) {
    const header = c.req.header("authorization") ?? "";
    const given = /^Bearer (.+)$/i.exec(header)?.[1]?.trim() ?? "";
    if (!sameSecret(given, token)) {
      return c.text("Unauthorized", 401, { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" });
    }
  }
  const registry = getMetrics().registry;
  return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
}

/**
 * GET /metrics on the main port: only with METRICS_TOKEN (`Authorization: Bearer <token>`, 401 otherwise);
 * without a token it is not served here (404), whether or not METRICS_PORT serves it on its own listener.
 */
export function metricsRoutes(env: Pick<Env, "METRICS_TOKEN">) {
  const app = new Hono();
  app.get("/metrics", async (c) => (env.METRICS_TOKEN ? scrape(c, env.METRICS_TOKEN) : c.text("Not found", 404, { "Cache-Control": "no-store" })));
  return app;
}

/** The app for the metrics listener: GET /metrics (the token too when METRICS_TOKEN is set), nothing else. */
export function metricsApp(env: Pick<Env, "METRICS_TOKEN">) {
  const app = new Hono();
  app.get("/metrics", (c) => scrape(c, env.METRICS_TOKEN));
  app.all("*", (c) => c.text("Not found", 404));
  return app;
}

/** Serves /metrics on METRICS_HOST:METRICS_PORT when METRICS_PORT is set (loopback by default). */
export function startMetricsServer(env: Pick<Env, "METRICS_PORT" | "METRICS_HOST" | "METRICS_TOKEN">): ServerType | null {
  if (env.METRICS_PORT === undefined) return null;
  const server = serve({ fetch: metricsApp(env).fetch, port: env.METRICS_PORT, hostname: env.METRICS_HOST }, (info) => {
    logger.info({ host: env.METRICS_HOST, port: info.port }, "metrics listening");
  });
  server.unref();
  return server;
}
