/**
 * A Server-Sent Events reader for tests (Node's fetch): collects parsed events and waits for one.
 * Not used by the app.
 */
export type ReceivedEvent = { id: number | null; type: string; payload: Record<string, unknown> };

export type EventStream = {
  status: number;
  /** The response's headers (behind a balancer: which process answered). */
  headers: Headers;
  events: ReceivedEvent[];
  /** The id of the last event received (what a browser would send as Last-Event-ID). */
  lastEventId(): number | null;
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves after `ms` with the events received meanwhile (to show that nothing arrives). */
  collectFor(ms: number): Promise<ReceivedEvent[]>;
  /** Resolves when the stream ends, whoever ended it (the server closing it, or `close()`). */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(url: string, options: { cookie?: string; lastEventId?: number | null } = {}): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId != null) headers["Last-Event-ID"] = String(options.lastEventId);
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let last: number | null = options.lastEventId ?? null;
  let ended: Promise<void> = Promise.resolve();

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: number | null = null;
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("id:")) id = Number(line.slice(3).trim());
              else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
            }
            if (id !== null) last = id;
            if (data.length === 0) continue;
            const parsed = JSON.parse(data.join("\n")) as { type: string; payload: Record<string, unknown> };
            events.push({ id, type: parsed.type, payload: parsed.payload });
            for (const wake of [...waiters]) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  } else {
    await response.body?.cancel();
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    lastEventId: () => last,
    waitFor(predicate, timeoutMs = 5000) {
      const found = events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => [e.id, e.type]))}`));
        }, timeoutMs);
        const check = () => {
          const match = events.find(predicate);
          if (!match) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(match);
        };
        waiters.add(check);
      });
    },
    ended,
    async collectFor(ms) {
      const start = events.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return events.slice(start);
    },
    close: () => controller.abort(),
  };
}
