import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "./singleton.server";

export type RequestContext = { requestId: string; userId?: string; databaseUnavailable?: boolean };

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
