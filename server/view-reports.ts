/**
 * Counted views that no page render counts itself (issue 38, app/features/analytics/counting.ts):
 * - a reader page fetched by our prefetch (ADR 29) is handed a signed view token in its `Server-Timing` header;
 * - a page shown from that prefetch reports itself with a HEAD of its own address carrying the token
 *   (`X-View-Token`): counted once per token and once per visitor and window, as the page's render would have
 *   counted it (its view or its search appearances, noted by the loader or kept with the page cache's copy).
 *   A HEAD without a genuine, unspent token counts nothing.
 * Registered before the page cache, for every reader page, whether or not a copy is kept.
 */
import type { MiddlewareHandler } from "hono";
import { visitOf } from "../app/features/analytics/counting-visit.server";
import { isPrefetch, shouldCountView, type CountingVisit } from "../app/features/analytics/counting";
import { issueViewToken, spendViewToken, viewTokenTiming } from "../app/features/analytics/prefetch-token.server";
import { recordSearchImpressions } from "../app/features/analytics/record-listing-events.server";
import { queueBusinessView } from "../app/features/directory/record-business-view.server";
import { logger } from "../app/lib/logger.server";
import { pageCountsOfRequest, type PageCounts } from "../app/lib/request-context.server";

/** Counts what a page counts, for a visit (a copy served again by the page cache, or a prefetch's report). */
export function countPage(counts: PageCounts | undefined, visit: CountingVisit | null): void {
  if (!counts || !visit) return;
  if (counts.view) queueBusinessView(counts.view, visit);
  if (counts.impressions) recordSearchImpressions(visit, null, counts.impressions);
}

export function viewReports(readerPath: RegExp): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (!readerPath.test(c.req.path)) return next();
    if (request.method === "HEAD") {
      let visit: CountingVisit | null = null;
      // The rest of counting's rules, as for the GET it stands for (a browser's, not a crawler's).
      const asGet = new Request(request.url, { method: "GET", headers: request.headers });
      if (shouldCountView(asGet)) {
        try {
          if (await spendViewToken(request)) visit = visitOf(request, c.get("clientAddress"), null);
        } catch (error) {
          logger.warn({ err: error }, "could not check a view report's token (not counted)");
        }
      }
      await next();
      if (visit && c.res.status === 200) countPage(pageCountsOfRequest(), visit);
      return;
    }
    await next();
    if (request.method === "GET" && c.res.status === 200 && isPrefetch(request) && !c.res.headers.has("server-timing")) {
      // A new answer with the header, not a header set on this one: @hono/node-server's lightweight Response (the
      // global one in a server) rebuilds itself from what it was made with, and a header set afterwards can be lost.
      const headers = new Headers(c.res.headers);
      headers.set("Server-Timing", viewTokenTiming(issueViewToken(request.url)));
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    }
  };
}
