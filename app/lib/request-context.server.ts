import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "./singleton.server";

export type RequestContext = { requestId: string; userId?: string };

/** Carries the request id into every log line written while a request is handled. */
export const requestStorage = singleton("request-storage", () => new AsyncLocalStorage<RequestContext>());

export function currentRequestId(): string | undefined {
  return requestStorage.getStore()?.requestId;
}
