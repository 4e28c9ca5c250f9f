import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "./i18n/locales";
import { singleton } from "./singleton.server";

/**
 * What a public page counts each time it is shown (issue 18's counting rules): a business page's view, the
 * listings a results or landing page shows. Kept with a cached copy of the page (server/page-cache.ts), so a
 * copy served again counts exactly what rendering it would have (issue 19, ADR 28).
 */
export type PageCounts = { view?: string; impressions?: { businessIds: readonly string[]; words: string | null } };

export type RequestContext = {
  requestId: string;
  /** The language of the page asked for (its address prefix, issue 36): what t() answers in. */
  locale?: Locale;
  userId?: string;
  databaseUnavailable?: boolean;
  pageCounts?: PageCounts;
  degraded?: boolean;
};

/** Carries the request id into every log line written while a request is handled. */
export const requestStorage = singleton("request-storage", () => new AsyncLocalStorage<RequestContext>());

export function currentRequestId(): string | undefined {
  return requestStorage.getStore()?.requestId;
}

/** Records that this request is served to a signed-in user (their responses must not be cached). */
export function markSignedIn(userId: string): void {
  const store = requestStorage.getStore();
  if (store) store.userId = userId;
}

/** Whether anything in this request found a signed-in user (accounts/session.server.ts). */
export function isSignedInRequest(): boolean {
  return Boolean(requestStorage.getStore()?.userId);
}

/** Records that this request failed because the database was unavailable (answered 503, not 500). */
export function markDatabaseUnavailable(): void {
  const store = requestStorage.getStore();
  if (store) store.databaseUnavailable = true;
}

/** Whether this request failed because the database was unavailable. */
export function isDatabaseUnavailableRequest(): boolean {
  return Boolean(requestStorage.getStore()?.databaseUnavailable);
}

/** Notes what this page counts whenever it is shown, whether or not this request was counted. */
export function notePageCounts(counts: PageCounts): void {
  const store = requestStorage.getStore();
  if (store) store.pageCounts = { ...store.pageCounts, ...counts };
}

/** What this request's page counts (see notePageCounts). */
export function pageCountsOfRequest(): PageCounts | undefined {
  return requestStorage.getStore()?.pageCounts;
}

/** Records that this page was answered without part of it (a failed read shown as empty): never keep or share it. */
export function markDegraded(): void {
  const store = requestStorage.getStore();
  if (store) store.degraded = true;
}

/** Whether this page is missing a part (markDegraded). */
export function isDegradedRequest(): boolean {
  return Boolean(requestStorage.getStore()?.degraded);
}
