import type { ContactChannel } from "../../lib/reference";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { normalizeSearchWords } from "./analytics.schemas";
import type { CountingVisit } from "./counting";
import { bufferListingEvents } from "./internal/event-buffer.server";

/**
 * Counting rules (issue 18, issue 38): app/features/analytics/counting.ts, one place for every caller. The callers
 * pass the request's `CountingVisit` (counting-visit.server.ts's `countedVisit`: null when the request counts
 * nothing); the listing's owner is dropped when the batch is written (by the listing's user_id), and everything is
 * written in batches off the request's path (internal/event-buffer.server.ts).
 */

/**
 * Page views of a public listing that the view counter already counted once per visitor (directory's
 * recordBusinessView, or cached copies' views: flushBusinessViews); `held` when judged part of a burst.
 */
export function recordListingView(businessId: string, viewer: SessionUser | null, count = 1, held = false): void {
  bufferListingEvents([{ businessId, kind: "view", viewerId: viewer?.id ?? null, count, held }]);
}

/**
 * Listings shown on a results or landing page, rendered or served again from the page cache: one impression each
 * (with the search text when there was one), once per visitor, listing and window. Nothing without a visit.
 */
export function recordSearchImpressions(
  visit: CountingVisit | null,
  viewer: SessionUser | null,
  shown: { readonly businessIds: readonly string[]; readonly words?: string | null },
): void {
  if (!visit || shown.businessIds.length === 0) return;
  const words = normalizeSearchWords(shown.words);
  const viewerId = viewer?.id ?? null;
  bufferListingEvents(shown.businessIds.filter(isUuid).map((businessId) => ({ businessId, kind: "impression" as const, words, viewerId, visit })));
}

/** A contact action followed through /go/… (the caller checked the listing is public and the request counts). */
export function recordContactAction(businessId: string, channel: ContactChannel, viewer: SessionUser | null, visit: CountingVisit): void {
  bufferListingEvents([{ businessId, kind: channel, viewerId: viewer?.id ?? null, visit }]);
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
