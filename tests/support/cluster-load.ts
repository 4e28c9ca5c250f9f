/**
 * Load for the cluster test, through the balancer only: senders posting chat messages at a steady rate
 * with idempotency keys (a retry resends the SAME key), and live clients that keep an /events stream open
 * the way a browser's EventSource does (when a stream ends, reconnect with Last-Event-ID, wherever the
 * balancer sends it). Afterwards `tally()` compares what was accepted, stored and delivered.
 */
import { randomUUID } from "node:crypto";
import { openEventStream, type EventStream } from "./sse-client";
import { SERVED_BY } from "./haproxy";

export type Sender = { userId: string; cookie: string; address: string };
export type Target = { businessId: string; ownerId: string };

export type SentMessage = {
  key: string;
  text: string;
  ownerId: string;
  /** The stored message's id (from the 201/200 answer). */
  messageId?: string;
  accepted: boolean;
  attempts: number;
  /** The final answer's status, or the last error when it gave up. */
  outcome: string;
  servedBy?: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statuses a sender retries with the same key: the balancer found no process, or the request never got an answer. */
const RETRYABLE = new Set([502, 503, 504]);

export class MessageLoad {
  readonly messages: SentMessage[] = [];
  /** Answers by status (and network errors), over all attempts. */
  readonly answers = new Map<string, number>();
  private running = false;
  private loop: Promise<void> | undefined;
  private inFlight = new Set<Promise<void>>();
  private next = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly senders: Sender[],
    private readonly targets: Target[],
    private readonly options: { label: string; ratePerSecond: number; retryFor?: number[]; giveUpAfterMs?: number },
  ) {}

  start(): void {
    this.running = true;
    const interval = 1000 / this.options.ratePerSecond;
    this.loop = (async () => {
      const begin = Date.now();
      let sent = 0;
      while (this.running) {
        const send = this.sendOne().finally(() => this.inFlight.delete(send));
        this.inFlight.add(send);
        sent++;
        // A steady rate whatever each send takes: wait for the next slot on the clock.
        const wait = begin + sent * interval - Date.now();
        if (wait > 0) await sleep(wait);
      }
    })();
  }

  /** Stops starting new sends and waits for those in flight (each retries until it is answered or gives up). */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private count(what: string) {
    this.answers.set(what, (this.answers.get(what) ?? 0) + 1);
  }

  private async sendOne(): Promise<void> {
    const index = this.next++;
    // Round robin over the senders: each sends well under the message limit (5 a minute).
    const sender = this.senders[index % this.senders.length]!;
    const target = this.targets[index % this.targets.length]!;
    const message: SentMessage = {
      key: randomUUID(),
      text: `${this.options.label} message ${index} ${randomUUID().slice(0, 8)}`,
      ownerId: target.ownerId,
      accepted: false,
      attempts: 0,
      outcome: "not sent",
    };
    this.messages.push(message);
    const retryable = new Set([...RETRYABLE, ...(this.options.retryFor ?? [])]);
    const deadline = Date.now() + (this.options.giveUpAfterMs ?? 60_000);
    for (;;) {
      message.attempts++;
      try {
        const response = await fetch(`${this.baseUrl}/api/messages`, {
          method: "POST",
          headers: { cookie: sender.cookie, "content-type": "application/json", "x-forwarded-for": sender.address },
          body: JSON.stringify({ businessId: target.businessId, message: message.text, idempotencyKey: message.key }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json().catch(() => null)) as { message?: { id: string } } | null;
        this.count(String(response.status));
        message.outcome = String(response.status);
        message.servedBy = response.headers.get(SERVED_BY) ?? undefined;
        if (response.status === 200 || response.status === 201) {
          message.accepted = true;
          message.messageId = body?.message?.id;
          return;
        }
        if (!retryable.has(response.status)) return;
      } catch (error) {
        this.count("network error");
        message.outcome = `network error: ${(error as Error).message}`;
      }
      if (Date.now() > deadline) return;
      await sleep(200 + Math.random() * 200);
    }
  }
}

export type LiveEvent = { id: number | null; type: string; messageId?: string };

/**
 * A browser's live stream: reconnects (after `retryMs`) with the last event id whenever the stream ends or
 * cannot be opened, through the balancer. Keeps every event, and where each connection was served.
 */
export class LiveClient {
  readonly received: LiveEvent[] = [];
  /** Events received again under an id already seen (the server replays a little overlap on resume): dropped, as the browser does. */
  replayedAgain = 0;
  private seen = new Set<number>();
  /** Which process served each connection (X-Served-By), in order; "refused <status>" for failed opens. */
  readonly connections: string[] = [];
  private stream: EventStream | undefined;
  private last: number | null = null;
  private running = true;
  private loop: Promise<void>;
  private waiters = new Set<() => void>();

  constructor(
    private readonly baseUrl: string,
    readonly ownerId: string,
    private readonly cookie: string,
    private readonly retryMs = 250,
  ) {
    this.loop = this.run();
  }

  private async run() {
    while (this.running) {
      let stream: EventStream;
      try {
        stream = await openEventStream(`${this.baseUrl}/events`, { cookie: this.cookie, lastEventId: this.last });
      } catch {
        this.connections.push("network error");
        await sleep(this.retryMs);
        continue;
      }
      if (stream.status !== 200) {
        this.connections.push(`refused ${stream.status}`);
        await sleep(this.retryMs);
        continue;
      }
      this.connections.push(stream.headers.get(SERVED_BY) ?? "?");
      this.stream = stream;
      let seen = 0;
      const take = () => {
        for (; seen < stream.events.length; seen++) {
          const event = stream.events[seen]!;
          if (event.id !== null) {
            // app/lib/realtime-client.ts: an event id seen before reaches the page once.
            if (this.seen.has(event.id)) {
              this.replayedAgain++;
              continue;
            }
            this.seen.add(event.id);
          }
          const message = (event.payload.message as { id?: string } | undefined)?.id;
          this.received.push({ id: event.id, type: event.type, messageId: message });
          if (event.id !== null) this.last = event.id;
        }
        for (const wake of [...this.waiters]) wake();
      };
      const poll = setInterval(take, 20);
      await stream.ended;
      clearInterval(poll);
      take();
      this.stream = undefined;
      if (this.running) await sleep(this.retryMs);
    }
  }

  /** Message ids received (message.created), with how many times each. */
  messageCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const event of this.received) {
      if (event.type === "message.created" && event.messageId) counts.set(event.messageId, (counts.get(event.messageId) ?? 0) + 1);
    }
    return counts;
  }

  /** Resolves once every id in `ids` was received, or after `timeoutMs` (then some are missing: the caller counts them). */
  async waitForMessages(ids: string[], timeoutMs: number): Promise<void> {
    const done = () => {
      const counts = this.messageCounts();
      return ids.every((id) => counts.has(id));
    };
    if (done()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, timeoutMs);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      const check = () => {
        if (done()) {
          this.waiters.delete(check);
          finish();
        }
      };
      this.waiters.add(check);
    });
  }

  async close(): Promise<void> {
    this.running = false;
    this.stream?.close();
    await this.loop;
  }
}

export type Tally = {
  sent: number;
  accepted: number;
  stored: number;
  delivered: number;
  lost: number;
  duplicated: number;
  undelivered: number;
  deliveredTwice: number;
  refused: number;
};

/**
 * Accepted messages vs the rows stored for their keys (`storedByKey`) and what each owner's live clients
 * received. lost: accepted but not stored; duplicated: more than one row for a key, or a text stored twice.
 */
export function tally(messages: SentMessage[], storedByKey: Map<string, number>, storedByText: Map<string, number>, clients: LiveClient[]): Tally {
  const accepted = messages.filter((m) => m.accepted);
  let lost = 0;
  let duplicated = 0;
  let stored = 0;
  for (const m of accepted) {
    const rows = storedByKey.get(m.key) ?? 0;
    stored += Math.min(rows, 1);
    if (rows === 0) lost++;
    if (rows > 1 || (storedByText.get(m.text) ?? 0) > 1) duplicated++;
  }
  let delivered = 0;
  let undelivered = 0;
  let deliveredTwice = 0;
  for (const m of accepted) {
    const mine = clients.filter((c) => c.ownerId === m.ownerId);
    for (const client of mine) {
      const times = m.messageId ? (client.messageCounts().get(m.messageId) ?? 0) : 0;
      if (times === 0) undelivered++;
      else delivered++;
      if (times > 1) deliveredTwice++;
    }
  }
  return {
    sent: messages.length,
    accepted: accepted.length,
    stored,
    delivered,
    lost,
    duplicated,
    undelivered,
    deliveredTwice,
    refused: messages.filter((m) => !m.accepted).length,
  };
}
