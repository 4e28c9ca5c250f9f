import { singleton } from "./singleton.server";

/**
 * The process's life cycle as the load balancer sees it. `draining` is set when SIGTERM arrives
 * (server/shutdown.ts): from then on /readyz answers 503 so the balancer stops sending new requests, while the
 * process keeps serving what still reaches it until the listener closes.
 */
const state = singleton("lifecycle", () => ({ draining: false, closing: false, since: 0 }));

/** True once the process was asked to stop (readiness fails; liveness holds until the listener closes). */
export function isDraining(): boolean {
  return state.draining;
}

/** Marks the process as draining (idempotent). */
export function startDraining(): void {
  if (state.draining) return;
  state.draining = true;
  state.since = Date.now();
}

/** True once the listener closed: live streams end (and new ones end at once) so browsers resume elsewhere. */
export function isClosing(): boolean {
  return state.closing;
}

/** Marks the process as closing: its listener is closed and what is left finishes. */
export function startClosing(): void {
  startDraining();
  state.closing = true;
}

/** Tests only: back to serving. */
export function resetLifecycle(): void {
  state.draining = false;
  state.closing = false;
  state.since = 0;
}
