import { Hono } from "hono";
import { getSignedInSession, liveSessionIds, type SignedInSession } from "../app/features/accounts/session.server";
import { logger } from "../app/lib/logger.server";
import { getMetrics } from "../app/lib/metrics.server";
import { isClosing } from "../app/lib/lifecycle.server";

/** How long a resumed stream watches for late announcements of the events it was just replayed. */
const LATE_COPY_WINDOW_MS = 5_000;
import { getRealtimeHub, type RealtimeSubscriber, type WireEvent } from "../app/lib/realtime.server";

/** A stream lives this long (plus up to a minute, so reconnects spread out), then the browser resumes it. */
const MAX_LIFETIME_MS = 10 * 60_000;
/** A client that lets this much pile up unread is cut off; it resumes from its Last-Event-ID. */
const MAX_QUEUED_BYTES = 512 * 1024;
/** How long the browser waits before reconnecting. */
const RETRY_MS = 2_000;
/** How often an open stream checks that its session still holds (signed out, suspended, expired). */
export const SESSION_CHECK_MS = 30_000;

const encoder = new TextEncoder();

/**
 * The sessions of a route's open streams, checked together every `intervalMs`: one query per 1,000 streams
 * (liveSessionIds) instead of one per stream; at 10,000 open pages the per-stream checks alone were 330 queries a
 * second across the cluster (ADR 26). A stream whose session no longer holds is closed.
 */
class SessionWatch {
  private readonly streams = new Map<() => void, SignedInSession>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(private readonly intervalMs: number) {}

  /** Watches a stream's session until the returned function is called; `close` ends the stream. */
  add(signedIn: SignedInSession, close: () => void): () => void {
    this.streams.set(close, signedIn);
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref();
    }
    return () => {
      this.streams.delete(close);
      if (this.streams.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  private async check(): Promise<void> {
    if (this.checking || this.streams.size === 0) return;
    this.checking = true;
    try {
      const watched = [...this.streams];
      const live = await liveSessionIds(watched.map(([, signedIn]) => signedIn));
      for (const [close, signedIn] of watched) if (!live.has(signedIn.sessionId)) close();
    } catch (error) {
      logger.warn({ err: error }, "could not check the live streams' sessions");
    } finally {
      this.checking = false;
    }
  }
}

const HEARTBEAT = encoder.encode(": ping\n\n");

function parseEventId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * GET /events: Server-Sent Events for the signed-in user (401 otherwise). Carries the events addressed to them
 * and public directory events. Resumes after `Last-Event-ID` (or `?since=`, the id the page was rendered at).
 * A stream lives only as long as its session: it checks it every `sessionCheckMs` (and its end time before
 * each event) and closes once the user signed out, was suspended, or the session expired; the browser's
 * reconnection is then refused with 401.
 */
export function eventsRoute(options: { sessionCheckMs?: number } = {}) {
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  // Streams end when the process closes its listener (server/shutdown.ts stops the hubs after the drain), so
  // browsers resume, with Last-Event-ID, on another process.

  const metrics = getMetrics();
  const sessions = new SessionWatch(sessionCheckMs);
  const app = new Hono();
  app.get("/", async (c) => {
    const signedIn = await getSignedInSession(c.req.raw);
    if (!signedIn) return c.text("Sign in to receive live updates.", 401, { "Cache-Control": "no-store" });
    const { user } = signedIn;
    const since = parseEventId(c.req.header("last-event-id")) ?? parseEventId(c.req.query("since"));
    // Shutting down (listener closed, hubs stopped): end at once; the browser reconnects to another process.
    if (isClosing()) {
      return c.body(`retry: ${RETRY_MS}\n\n`, 200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform" });
    }
    const hub = getRealtimeHub();
    // After PostgreSQL restarted, wait (briefly) for this process to hear announcements again.
    await hub.listening();

    let closed = false;
    let counted = false;
    let unsubscribe: () => void = () => undefined;
    let lifetime: NodeJS.Timeout | undefined;
    let unwatch: () => void = () => undefined;
    let queue: WireEvent[] | null = [];
    // Ids replayed on connect, to skip them among the live events queued meanwhile. Once the replay is done, an
    // event committed just before this stream subscribed may still be announced (NOTIFY arrives a moment after
    // the commit): the ids sent by then are kept (at most REPLAY_LIMIT + the queue) to drop such late copies, each
    // id once, then forgotten.
    let replayed: Set<number> | null = new Set<number>();
    let lateCopies: Set<number> | null = null;

    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const close = () => {
      if (closed) return;
      closed = true;
      if (counted) metrics.sseOpenStreams.dec();
      unsubscribe();
      clearTimeout(lifetime);
      unwatch();
      try {
        controller?.close();
      } catch {
        // already closed by the reader
      }
    };
    const write = (chunk: string | Uint8Array) => {
      if (closed || !controller) return;
      try {
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      } catch {
        close();
        return;
      }
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) close();
    };
    const send = (event: WireEvent) => {
      // Nothing goes out past the session's end, even between two checks.
      if (Date.now() >= signedIn.endsAt.getTime()) {
        close();
        return;
      }
      if (lateCopies?.delete(event.id)) {
        if (lateCopies.size === 0) lateCopies = null;
        return;
      }
      if (replayed) {
        if (replayed.has(event.id)) return;
        replayed.add(event.id);
      }
      write(event.bytes);
      metrics.realtimeDelivered.inc();
    };
    const subscriber: RealtimeSubscriber = {
      userId: user.id,
      deliver(event) {
        if (queue) queue.push(event);
        else send(event);
      },
      heartbeat: () => write(HEARTBEAT),
      close,
    };

    const stream = new ReadableStream<Uint8Array>(
      {
        start(streamController) {
          controller = streamController;
          // Subscribe first, replay next: whatever commits in between is queued, not lost.
          unsubscribe = hub.subscribe(subscriber);
          metrics.sseOpenStreams.inc();
          counted = true;
          c.req.raw.signal?.addEventListener("abort", close, { once: true });
          lifetime = setTimeout(close, MAX_LIFETIME_MS + Math.floor(Math.random() * 60_000));
          lifetime.unref();
          unwatch = sessions.add(signedIn, close);
          write(`retry: ${RETRY_MS}\n: connected\n\n`);
          void (async () => {
            if (since !== null) {
              const replayed = await hub.replay(user.id, since);
              if (replayed.resync) {
                // Too much was missed (or pruned): the page reloads its data and continues from now.
                write(`id: ${await hub.cursor()}\ndata: {"type":"resync","payload":{}}\n\n`);
              }
              for (const event of replayed.events) send(event);
            }
            const pending = queue ?? [];
            queue = null;
            pending.sort((a, b) => a.id - b.id);
            for (const event of pending) send(event);
            // From here on the hub hands over each event once (late announcements of those already sent aside).
            if (replayed && replayed.size > 0) {
              lateCopies = replayed;
              // Late announcements come within milliseconds; ids replayed from the table are mostly never
              // announced again, so the set is forgotten soon rather than held for the stream's life (review).
              setTimeout(() => (lateCopies = null), LATE_COPY_WINDOW_MS).unref();
            }
            replayed = null;
          })().catch((error) => {
            logger.error({ err: error }, "could not replay realtime events");
            close();
          });
        },
        cancel() {
          close();
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
    );

    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        // Proxies (nginx) must pass events through as they come.
        "X-Accel-Buffering": "no",
      },
    });
  });
  return app;
}
