import type { ContactChannel } from "../../lib/reference";
import { isUuid } from "../../lib/ids";
import { singleton } from "../../lib/singleton.server";
import type { SessionUser } from "../accounts/session-user";
import { normalizeSearchWords } from "./analytics.schemas";
import { shouldCountView } from "./counting";
import { bufferListingEvents, bufferRepeatedListingEvents, type ListingEventInput } from "./internal/event-buffer.server";

/**
 * Counting rules (issue 18, ADR 25), one place for every caller:
 * - people only: the request must be one `shouldCountView` counts (a GET from a browser, not a crawler,
 *   a link preview or a prefetch);
 * - never the listing's owner (dropped when the batch is written, by the listing's user_id);
 * - written in batches off the request's path (internal/event-buffer.server.ts).
 */

/**
 * Page views of a public listing that the view counter already counted (directory's recordBusinessView, or
 * `count` views of cached copies at once: flushBusinessViews).
 */
export function recordListingView(businessId: string, viewer: SessionUser | null, count = 1): void {
  bufferListingEvents([{ businessId, kind: "view", viewerId: viewer?.id ?? null, count }]);
}

/**
 * Listings shown on a results or landing page: one impression each, with the search text when there was one.
 * Nothing for requests that are not a person's page view.
 */
export function recordSearchImpressions(
  request: Request,
  viewer: SessionUser | null,
  shown: { businessIds: readonly string[]; words?: string | null },
): void {
  if (shown.businessIds.length === 0 || !shouldCountView(request)) return;
  if (viewer && seenRecently(viewer.id, request.url)) return;
  const words = normalizeSearchWords(shown.words);
  const viewerId = viewer?.id ?? null;
  bufferListingEvents(shown.businessIds.filter(isUuid).map((businessId) => ({ businessId, kind: "impression" as const, words, viewerId })));
}

const repeatedImpressions = new WeakMap<object, ListingEventInput[]>();

/**
 * The listings of a results or landing page served again from the page cache to an anonymous person (the caller
 * applied `shouldCountView`): the same impressions as `recordSearchImpressions`, added up per page in memory.
 * `shown` must be the same object for every serving of one copy.
 */
export function recordRepeatedImpressions(shown: { readonly businessIds: readonly string[]; readonly words?: string | null }): void {
  let events = repeatedImpressions.get(shown);
  if (!events) {
    const words = normalizeSearchWords(shown.words);
    events = shown.businessIds.filter(isUuid).map((businessId) => ({ businessId, kind: "impression" as const, words, viewerId: null }));
    repeatedImpressions.set(shown, events);
  }
  if (events.length > 0) bufferRepeatedListingEvents(events);
}

/** How long a signed-in person's same results page counts once (live updates revalidate open pages). */
export const IMPRESSION_REPEAT_MS = 15 * 60_000;
const MAX_REMEMBERED_PAGES = 20_000;
const recentPages = singleton("recent-results-pages", () => new Map<string, number>());

/**
 * True when this person was shown this results page (the same address, its `.data` twin included) in the last
 * 15 minutes by this process: a signed-in tab left open revalidates its page whenever the directory changes,
 * and that is not someone looking again. Anonymous pages are never revalidated.
 */
function seenRecently(viewerId: string, address: string): boolean {
  const url = new URL(address);
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const key = `${viewerId} ${url.pathname}?${url.searchParams}`;
  const now = Date.now();
  const last = recentPages.get(key);
  if (last !== undefined && now - last < IMPRESSION_REPEAT_MS) return true;
  recentPages.delete(key);
  recentPages.set(key, now);
  // Oldest first (insertion order): forget the oldest when full.
  if (recentPages.size > MAX_REMEMBERED_PAGES) recentPages.delete(recentPages.keys().next().value!);
  return false;
}

/** A contact action followed through /go/… (the caller checked the listing is public and the request counts). */
export function recordContactAction(businessId: string, channel: ContactChannel, viewer: SessionUser | null): void {
  bufferListingEvents([{ businessId, kind: channel, viewerId: viewer?.id ?? null }]);
}

/**
 * A message stored in a conversation (messaging's sendMessage, after its commit). A visitor's message is a
 * message received (and a conversation started when it is the conversation's first); the business's first
 * answer is a first reply, with the seconds since the conversation's first message.
 */
export function recordMessageActivity(input: {
  businessId: string;
  at: Date;
  fromBusiness: boolean;
  /** The conversation's first message before this one, or null when this is the first. */
  firstMessageAt: Date | null;
  /** True when the business had already written in the conversation before this message. */
  businessAnsweredBefore: boolean;
}): void {
  const { businessId, at } = input;
  if (!input.fromBusiness) {
    bufferListingEvents([
      { businessId, kind: "message", at },
      ...(input.firstMessageAt === null ? [{ businessId, kind: "conversation" as const, at }] : []),
    ]);
    return;
  }
  if (input.businessAnsweredBefore || input.firstMessageAt === null) return;
  const replySeconds = Math.max(0, Math.round((at.getTime() - input.firstMessageAt.getTime()) / 1000));
  bufferListingEvents([{ businessId, kind: "reply", at, replySeconds }]);
}

export { flushListingEvents, pendingListingEvents } from "./internal/event-buffer.server";

/** A quote request sent to these listings (issue 37): one 'quote' lead each, from the visitor who asked. */
export function recordQuoteRequests(businessIds: readonly string[], requesterId: string, at: Date = new Date()): void {
  bufferListingEvents(businessIds.filter(isUuid).map((businessId) => ({ businessId, kind: "quote" as const, at, viewerId: requesterId })));
}
