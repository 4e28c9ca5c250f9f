/**
 * The browser's one live connection (GET /events, Server-Sent Events), shared by the header bell and the
 * messages screen. Loaded only for signed-in users. The browser resumes a dropped stream by itself with
 * Last-Event-ID; when the server refused it (signed out, restart), it reconnects after a pause from the last
 * event seen. Events seen twice (the server replays a little overlap) reach listeners once.
 */

export type RealtimeEventType = "message.created" | "unread.changed" | "directory.changed" | "notifications.changed" | "resync";

export type RealtimeClientEvent = { id: number; type: RealtimeEventType | (string & {}); payload: Record<string, unknown> };

type Listener = (event: RealtimeClientEvent) => void;

const listeners = new Set<Listener>();
const seen = new Set<number>();
const SEEN_LIMIT = 1000;
let source: EventSource | null = null;
let userId: string | null = null;
let lastId = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = 2_000;

function open(): void {
  if (!userId) return;
  const url = lastId > 0 ? `/events?since=${lastId}` : "/events";
  const es = new EventSource(url);
  source = es;
  es.onopen = () => {
    retryDelay = 2_000;
  };
  es.onmessage = (message) => {
    const id = Number(message.lastEventId);
    if (Number.isFinite(id) && id > 0) {
      if (seen.has(id)) return;
      seen.add(id);
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!);
      if (id > lastId) lastId = id;
    }
    let data: { type?: string; payload?: Record<string, unknown> };
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (!data.type) return;
    const event: RealtimeClientEvent = { id: Number.isFinite(id) ? id : 0, type: data.type, payload: data.payload ?? {} };
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.warn("realtime listener failed", error);
      }
    }
  };
  es.onerror = () => {
    // CONNECTING: the browser retries by itself. CLOSED: it gave up (an error status); try again later.
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    source = null;
    if (!userId) return;
    retryTimer = setTimeout(open, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 60_000);
  };
}

/**
 * Opens the stream for a user, starting after event `since` (the id the page was rendered at) unless it is
 * already open for them. Another user (after switching accounts) gets a fresh stream.
 */
export function connectRealtime(forUserId: string, since: number): void {
  if (userId === forUserId && (source || retryTimer)) return;
  disconnectRealtime();
  userId = forUserId;
  lastId = Math.max(0, Math.floor(since) || 0);
  open();
}

/** Closes the stream (signed out). */
export function disconnectRealtime(): void {
  userId = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  seen.clear();
  lastId = 0;
}

/** Calls the listener with every event from now on; returns the function that stops it. */
export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
