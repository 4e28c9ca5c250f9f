import { isbot } from "isbot";
import type { ListingEventKind } from "../../lib/reference";

/**
 * THE counting rule (issue 18, issue 38, ADR 25), for every counter: a business page's views, a listing's search
 * appearances on results and landing pages, and its contact taps through /go/{id}/{channel}.
 *
 * 1. Only what a person opens counts (`shouldCountView`): a GET from a browser, not a crawler, a link preview or a
 *    prefetch; never the listing's owner.
 * 2. Once per visitor, listing and kind in a 30-minute window (`COUNT_WINDOW_MS`), whether the page came from the
 *    renderer, the page cache, the service worker or our prefetch. A visitor is a keyed hash of the client's address
 *    and user agent, or of the account of a signed-in person, under a key that changes every WAT day
 *    (`counting-visit.server.ts`): nothing personal is stored, and yesterday's visitors cannot be matched to today's.
 *    The visitors counted are kept in `counted_visits` for two windows, so every process agrees.
 * 3. A burst from one source (one address, or one /64 network) is held back: past `BURST_LIMIT` visitors for one
 *    listing and kind in a window (a script rotating user agents), the rest are written as raw events marked
 *    `held`, shown to admins on Overview, and never added to the owner's figures or the page's view count.
 * 4. A page shown from our prefetch (ADR 29) reports itself with a HEAD carrying the signed, short-lived token the
 *    prefetched page was issued with (`prefetch-token.server.ts`); each token counts once, and a HEAD without one
 *    counts nothing.
 */
export const COUNT_WINDOW_MS = 30 * 60_000;

/** Counted visitors one source may bring to one listing, per kind and window, before the rest is held back. */
export const BURST_LIMIT = 20;

/** The kinds counted once per visitor and window (conversations, messages and replies are counted where they happen). */
export const ONCE_PER_VISITOR_KINDS = ["view", "impression", "call", "whatsapp", "website", "directions"] as const satisfies readonly ListingEventKind[];

/** Who is counted, and from where: both keyed hashes (never an address); `bucket` is the 30-minute window. */
export type CountingVisit = { visitor: string; source: string; bucket: number };

/** The window an instant falls in. */
export function countBucket(at: number): number {
  return Math.floor(at / COUNT_WINDOW_MS);
}

/**
 * True when a request is a page view worth counting: a GET from a browser (not a crawler, not a client without a
 * user agent) that is not a speculative prefetch. Data revalidations are kept out by the route's shouldRevalidate.
 * A HEAD never is: a page shown from our prefetch reports itself with one, and the server counts that report only
 * with its token (server/page-cache.ts, rule 4 above).
 */
export function shouldCountView(request: Request): boolean {
  const headers = request.headers;
  if (request.method !== "GET") return false;
  const userAgent = headers.get("user-agent");
  if (!userAgent || isBotAgent(userAgent)) return false;
  const purpose = ["sec-purpose", "purpose", "x-purpose", "x-moz"].map((name) => headers.get(name) ?? "").join(" ");
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  // Only what a person opens: a page (from anywhere: a link in WhatsApp or a search engine) or our own pages'
  // data requests. An image, script or frame pointing at us from another site (`<img src=/go/…/call>`) is not
  // a visit. Browsers without Fetch Metadata are counted as before.
  const dest = headers.get("sec-fetch-dest");
  if (!dest || dest === "document") return true;
  return dest === "empty" && headers.get("sec-fetch-site") === "same-origin";
}

/** Whether a request is a prefetch (the server issues it a view-report token). */
export function isPrefetch(request: Request): boolean {
  const purpose = ["sec-purpose", "purpose", "x-purpose", "x-moz"].map((name) => request.headers.get(name) ?? "").join(" ");
  return /prefetch/i.test(purpose) && !/prerender/i.test(purpose);
}

const botAnswers = new Map<string, boolean>();

/** isbot's answer, remembered per user agent (a few hundred agents make most traffic; its pattern is long). */
function isBotAgent(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= 1000) botAnswers.clear();
    botAnswers.set(userAgent, answer);
  }
  return answer;
}
