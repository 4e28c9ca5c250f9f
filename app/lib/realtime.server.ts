/**
 * Realtime fan-out: PostgreSQL LISTEN/NOTIFY → this process → Server-Sent Events (server/events.ts).
 *
 * Every event is a row of realtime_events (its id is the SSE event id; user_id is the one recipient, NULL for
 * a public directory event; the payload holds only what that recipient may read), written in the caller's
 * transaction together with `pg_notify('realtime', …)` (the event itself, or '<id>:<user_id>' when it is too
 * large), so it is announced exactly when it commits. Each process LISTENs (a dedicated node-postgres client, or
 * PGlite's listen()), keeps the events of the recipients connected to it (fetching the large ones), and hands
 * them to their open streams. A stream that reconnects with Last-Event-ID is replayed from the table, so
 * nothing is missed; rows older than a day are pruned.
 */
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { realtimeEvents } from "../../db/schema";
import { getDatabase, queryRows, type Database, type Db, type Tx } from "./db.server";
import { logger } from "./logger.server";
import { singleton } from "./singleton.server";

export const REALTIME_CHANNEL = "realtime";

/** Event types the browser understands (app/lib/realtime-client.ts). */
export const REALTIME_TYPES = {
  /** A message of a conversation the recipient takes part in. */
  messageCreated: "message.created",
  /** The recipient's unread count changed (messages read, in another tab too). */
  unreadChanged: "unread.changed",
  /** Public: a business was approved, rejected, featured or unfeatured; directory lists refresh. */
  directoryChanged: "directory.changed",
  /** Public or per user: notifications were delivered (admin broadcast); the bell refreshes. */
  notificationsChanged: "notifications.changed",
} as const;

export type RealtimeEventInput = {
  /** The one user who may read it; null for a public event (directory changes). */
  userId: string | null;
  type: string;
  /** Only what the recipient may read: it is stored and sent as is. */
  payload: Record<string, unknown>;
};

export type RealtimeEvent = { id: number; userId: string | null; type: string; payload: unknown };

/** Events up to this size travel inside the NOTIFY payload (PostgreSQL's limit is 8000 bytes). */
const MAX_NOTIFY_BYTES = 7900;

/** How long events are kept for resuming streams. */
export const EVENT_RETENTION_HOURS = 24;
/**
 * Ids are taken when rows are inserted but become visible when their transaction commits, so a later id
 * can commit first. A resumed stream is replayed from a little before its Last-Event-ID (events of the last
 * REPLAY_OVERLAP_SECONDS); the browser drops the ones it already has.
 */
export const REPLAY_OVERLAP_SECONDS = 30;
/** More events than this to replay: the browser reloads its data instead. */
export const REPLAY_LIMIT = 1000;

/**
 * Writes one event in the caller's transaction and announces it on commit. Returns its id.
 * Call it inside the same transaction as the change it reports, so both commit or neither does.
 */
export async function publishEvent(tx: Db | Tx, event: RealtimeEventInput): Promise<number> {
  const [id] = await publishEvents(tx, [event]);
  return id!;
}

/** publishEvent for several events in one statement (one round trip). Ids in the order given. */
export async function publishEvents(tx: Db | Tx, events: readonly RealtimeEventInput[]): Promise<number[]> {
  if (events.length === 0) return [];
  const values = sql.join(
    events.map((e, index) => sql`(${e.userId}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb, ${index}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string | number | bigint; notified: number }>(
    tx,
    sql`with input (user_id, type, payload, ord) as (values ${values}), ${publishedEventsCtes(sql`input`)}
        select id, (select notified from notified)::int as notified from announced order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The common table expressions that store and announce events, for a statement that makes its events itself
 * (sending a message: ADR 26). `input` names a relation with columns (user_id, type, payload jsonb, ord); they
 * define `inserted`, `announced` (id, user_id, event) and `notified` (one row: how many were announced), which the
 * statement must select from so that the notifications are sent.
 * pg_notify is transactional: listeners hear it when (and only if) the transaction commits. The event itself
 * rides along when it fits the 8000-byte NOTIFY limit (listeners then need no query); otherwise '<id>:<user>'.
 */
export function publishedEventsCtes(input: SQL): SQL {
  return sql`inserted as (
          insert into ${realtimeEvents} (user_id, type, payload)
          select user_id, type, payload from ${input} order by ord
          returning id, user_id, type, payload
        ),
        announced as (
          select id, user_id, json_build_object('id', id, 'userId', user_id, 'type', type, 'payload', payload)::text as event
          from inserted
        ),
        notified as (
          select count(*) as notified from (select pg_notify(${REALTIME_CHANNEL},
            case when octet_length(event) <= ${MAX_NOTIFY_BYTES} then event else id::text || ':' || coalesce(user_id, '') end) from announced) n
        )`;
}

/**
 * Tells open pages that listings' public state changed (approved, rejected, featured, unfeatured, hidden
 * or restored by a suspension), inside the caller's transaction so the events exist only if the change does.
 */
export async function announceDirectoryChange(tx: Db | Tx, businessIds: readonly string[]): Promise<void> {
  await publishEvents(
    tx,
    businessIds.map((businessId) => ({ userId: null, type: REALTIME_TYPES.directoryChanged, payload: { businessId } })),
  );
}

/** The newest event id, or 0: a page rendered now listens from there (events after it are news to it). */
export async function realtimeCursor(db: Db | Tx = getDatabase().db): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(db, sql`select max(id) as id from ${realtimeEvents}`);
  return row?.id == null ? 0 : Number(row.id);
}

/**
 * Deletes events older than EVENT_RETENTION_HOURS, in batches of 5000 (at most 100). Returns how many went.
 * A scheduled job (server/scheduler.ts: once every 10 minutes across the cluster).
 */
export async function pruneRealtimeEvents(db: Db): Promise<number> {
  let total = 0;
  for (let i = 0; i < 100; i++) {
    const rows = await queryRows<{ id: unknown }>(
      db,
      sql`delete from ${realtimeEvents} where id in (
            select id from ${realtimeEvents}
            where created_at < now() - make_interval(hours => ${EVENT_RETENTION_HOURS})
            order by id limit 5000)
          returning id`,
    );
    total += rows.length;
    if (rows.length < 5000) break;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------
// The hub: one per process and database
// ---------------------------------------------------------------------------------------------------

/** One open stream. deliver() gets events in id order; it must not throw. */
export type RealtimeSubscriber = {
  userId: string;
  deliver(event: WireEvent): void;
  /** Called every HEARTBEAT_MS so proxies keep the connection open. */
  heartbeat(): void;
  /** Asked to end (server shutting down, or its maximum lifetime reached). */
  close(): void;
};

/** An event with its SSE framing computed once, however many streams it goes to. */
export type WireEvent = RealtimeEvent & { readonly wire: string; readonly bytes: Uint8Array };

const HEARTBEAT_MS = 20_000;
/**
 * Heartbeats go out in this many slices, one slice per HEARTBEAT_MS / HEARTBEAT_SLICES: each stream still gets
 * one every HEARTBEAT_MS, but 10,000 streams no longer take 10,000 socket writes in one tick (a stall of a
 * few hundred milliseconds for every message in flight; ADR 26).
 */
const HEARTBEAT_SLICES = 20;
/** The LISTEN connection retries at 0.5, 1, 2, 4 s, then every 5 s until PostgreSQL answers again. */
const MAX_RECONNECT_DELAY_MS = 5_000;
const encoder = new TextEncoder();

function toWire(event: RealtimeEvent): WireEvent {
  let wire: string | undefined;
  let bytes: Uint8Array | undefined;
  return {
    ...event,
    get wire() {
      // JSON.stringify escapes newlines, so one data: line carries the whole event.
      wire ??= `id: ${event.id}\ndata: ${JSON.stringify({ type: event.type, payload: event.payload })}\n\n`;
      return wire;
    },
    get bytes() {
      bytes ??= encoder.encode(this.wire);
      return bytes;
    },
  };
}

function parseRow(row: { id: unknown; user_id: unknown; type: unknown; payload: unknown }): RealtimeEvent {
  const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
  return { id: Number(row.id), userId: (row.user_id as string | null) ?? null, type: String(row.type), payload };
}

type Listener = { stop(): Promise<void> };

export class RealtimeHub {
  private readonly byUser = new Map<string, Set<RealtimeSubscriber>>();
  private readonly everyone = new Set<RealtimeSubscriber>();
  /** Announced ids to fetch (events too large for NOTIFY). */
  private pending = new Set<number>();
  /** Announced events that came whole. */
  private arrived: RealtimeEvent[] = [];
  private flushScheduled = false;
  private flushing: Promise<void> | null = null;
  private listener: Listener | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  /** The streams in HEARTBEAT_SLICES groups, filled in turn. */
  private readonly heartbeatSlices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<RealtimeSubscriber>());
  private nextSlice = 0;
  private floorCache: { value: number | null; at: number } | null = null;
  /** The dedicated LISTEN connection on a PostgreSQL server (also used to fetch announced rows). */
  private pgClient: pg.Client | null = null;
  private reconnectDelayMs = 500;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnecting = false;
  /** Streams waiting for the LISTEN connection to be back (listening()). */
  private listeningWaiters: (() => void)[] = [];

  constructor(readonly database: Database) {}

  /** Resolves once this process listens for events (started on first use). */
  ready(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error("The realtime hub is stopped."));
    this.starting ??= this.start().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  /**
   * Resolves once this process hears announcements: at once normally; while the LISTEN connection is being
   * re-established (PostgreSQL restarted) it tries again now and waits, at most `timeoutMs`. A stream opened
   * before that would miss events and be closed by the reconnection (ADR 26: the cluster test opened one).
   */
  async listening(timeoutMs = 5_000): Promise<void> {
    await this.ready();
    if (this.database.kind !== "postgres" || this.pgClient || this.stopped) return;
    const heard = new Promise<void>((resolve) => this.listeningWaiters.push(resolve));
    if (this.reconnectTimer) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      void this.reconnect();
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("The realtime LISTEN connection is not back yet.")), timeoutMs);
    });
    try {
      await Promise.race([heard, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Open streams and distinct users on this process. */
  stats(): { connections: number; users: number } {
    return { connections: this.everyone.size, users: this.byUser.size };
  }

  /** Registers a stream for live events; returns the function that removes it. */
  subscribe(subscriber: RealtimeSubscriber): () => void {
    let set = this.byUser.get(subscriber.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(subscriber.userId, set);
    }
    set.add(subscriber);
    this.everyone.add(subscriber);
    const slice = this.heartbeatSlices[this.nextSlice]!;
    this.nextSlice = (this.nextSlice + 1) % HEARTBEAT_SLICES;
    slice.add(subscriber);
    return () => {
      this.everyone.delete(subscriber);
      slice.delete(subscriber);
      const users = this.byUser.get(subscriber.userId);
      users?.delete(subscriber);
      if (users && users.size === 0) this.byUser.delete(subscriber.userId);
    };
  }

  /**
   * The events a stream missed after `afterId` (its Last-Event-ID), oldest first, including those of the last
   * REPLAY_OVERLAP_SECONDS at or before it (see there). `resync` when there are too many or they were pruned.
   */
  async replay(userId: string, afterId: number): Promise<{ events: WireEvent[]; resync: boolean }> {
    const db = this.database.db;
    const [oldest] = await queryRows<{ id: unknown }>(db, sql`select min(id) as id from ${realtimeEvents}`);
    const oldestId = oldest?.id == null ? null : Number(oldest.id);
    if (oldestId !== null && afterId + 1 < oldestId) return { events: [], resync: true };
    const floor = await this.overlapFloor();
    const from = floor === null ? afterId : Math.min(afterId, floor - 1);
    const rows = await queryRows<{ id: unknown; user_id: unknown; type: unknown; payload: unknown }>(
      db,
      sql`(select id, user_id, type, payload from ${realtimeEvents} where user_id = ${userId} and id > ${from} order by id limit ${REPLAY_LIMIT + 1})
          union all
          (select id, user_id, type, payload from ${realtimeEvents} where user_id is null and id > ${from} order by id limit ${REPLAY_LIMIT + 1})
          order by id`,
    );
    if (rows.length > REPLAY_LIMIT) return { events: [], resync: true };
    return { events: rows.map((r) => toWire(parseRow(r))), resync: false };
  }

  /** The newest event id, or 0: where a freshly loaded page starts listening from. */
  cursor(): Promise<number> {
    return realtimeCursor(this.database.db);
  }

  /** Ends every stream and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    liveHubs.delete(this);
    if (hubs.get(this.database) === this) hubs.delete(this.database);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    for (const subscriber of [...this.everyone]) subscriber.close();
    await this.listener?.stop().catch(() => undefined);
    this.listener = null;
  }

  /** Deletes events older than EVENT_RETENTION_HOURS (pruneRealtimeEvents). */
  prune(): Promise<number> {
    return pruneRealtimeEvents(this.database.db);
  }

  // -------------------------------------------------------------------------------------------------

  private async start(): Promise<void> {
    this.listener = this.database.kind === "postgres" ? await this.listenPostgres() : await this.listenPglite();
    let slice = 0;
    this.heartbeatTimer = setInterval(() => {
      slice = (slice + 1) % HEARTBEAT_SLICES;
      for (const subscriber of this.heartbeatSlices[slice]!) subscriber.heartbeat();
    }, HEARTBEAT_MS / HEARTBEAT_SLICES);
    this.heartbeatTimer.unref();
  }

  private async listenPglite(): Promise<Listener> {
    const pglite = this.database.pglite!;
    const unlisten = await pglite.listen(REALTIME_CHANNEL, (payload) => this.announced(payload));
    return { stop: () => unlisten() };
  }

  private async listenPostgres(): Promise<Listener> {
    await this.connectPgClient();
    return {
      stop: async () => {
        const client = this.pgClient;
        this.pgClient = null;
        await client?.end().catch(() => undefined);
      },
    };
  }

  private async connectPgClient(): Promise<void> {
    const pool = this.database.pool!;
    const client = new pg.Client(pool.options as pg.ClientConfig);
    client.on("notification", (message) => {
      if (message.channel === REALTIME_CHANNEL && message.payload) this.announced(message.payload);
    });
    const lost = (error?: Error) => {
      if (this.pgClient !== client) return;
      this.pgClient = null;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      logger.warn({ err: error }, "realtime LISTEN connection lost; reconnecting");
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    this.pgClient = client;
    this.reconnectDelayMs = 500;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, this.reconnectDelayMs);
    this.reconnectTimer.unref();
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, MAX_RECONNECT_DELAY_MS);
  }

  private async reconnect(): Promise<void> {
    if (this.stopped || this.reconnecting || this.pgClient) return;
    this.reconnecting = true;
    try {
      await this.connectPgClient();
      // Announcements made while we were deaf are lost: streams end and resume from their Last-Event-ID.
      for (const subscriber of [...this.everyone]) subscriber.close();
      // Streams that waited for this subscribe now (after the line above).
      const waiters = this.listeningWaiters;
      this.listeningWaiters = [];
      for (const wake of waiters) wake();
    } catch (error) {
      logger.warn({ err: error }, "realtime LISTEN reconnect failed");
      this.scheduleReconnect();
    } finally {
      this.reconnecting = false;
    }
  }

  /**
   * A NOTIFY payload: the event as JSON, or '<id>:<user id or empty>' for a large one, fetched only when someone
   * connected here may receive it.
   */
  private announced(payload: string): void {
    if (payload.startsWith("{")) {
      let event: RealtimeEvent;
      try {
        const parsed = JSON.parse(payload) as { id: number; userId: string | null; type: string; payload: unknown };
        event = { id: Number(parsed.id), userId: parsed.userId ?? null, type: String(parsed.type), payload: parsed.payload };
      } catch {
        return;
      }
      if (!this.isWanted(event.userId ?? "")) return;
      this.arrived.push(event);
    } else {
      const colon = payload.indexOf(":");
      const id = Number(colon < 0 ? payload : payload.slice(0, colon));
      if (!Number.isSafeInteger(id) || !this.isWanted(colon < 0 ? "" : payload.slice(colon + 1))) return;
      this.pending.add(id);
    }
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  private isWanted(userId: string): boolean {
    return userId === "" ? this.everyone.size > 0 : this.byUser.has(userId);
  }

  private async flush(): Promise<void> {
    // One batch at a time, in order; announcements arriving meanwhile go out together right after.
    if (this.flushing) {
      await this.flushing;
    }
    this.flushScheduled = false;
    if (this.pending.size === 0 && this.arrived.length === 0) return;
    const ids = [...this.pending];
    const arrived = this.arrived;
    this.pending = new Set();
    this.arrived = [];
    this.flushing = this.dispatchBatch(arrived, ids).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async dispatchBatch(ready: RealtimeEvent[], ids: number[]): Promise<void> {
    let events = ready;
    if (ids.length > 0) {
      try {
        events = [...ready, ...(await this.fetchEvents(ids))];
      } catch (error) {
        logger.error({ err: error, count: ids.length }, "could not read announced realtime events");
        // Those streams resume from their Last-Event-ID when they reconnect.
        for (const subscriber of [...this.everyone]) subscriber.close();
        return;
      }
    }
    events.sort((a, b) => a.id - b.id);
    for (const event of events) {
      const wire = toWire(event);
      const targets = event.userId === null ? this.everyone : this.byUser.get(event.userId);
      if (!targets) continue;
      for (const subscriber of targets) {
        try {
          subscriber.deliver(wire);
        } catch (error) {
          logger.warn({ err: error }, "realtime delivery failed");
        }
      }
    }
  }

  private async fetchEvents(ids: number[]): Promise<RealtimeEvent[]> {
    type Row = { id: unknown; user_id: unknown; type: unknown; payload: unknown };
    if (this.pgClient) {
      const result = await this.pgClient.query<Row>(
        "select id, user_id, type, payload from realtime_events where id = any($1::bigint[])",
        [ids],
      );
      return result.rows.map(parseRow);
    }
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await queryRows<Row>(
      this.database.db,
      sql`select id, user_id, type, payload from ${realtimeEvents} where id in (${list})`,
    );
    return rows.map(parseRow);
  }

  /** The first id of the last REPLAY_OVERLAP_SECONDS (null: no event that recent), cached for 2 s. */
  private async overlapFloor(): Promise<number | null> {
    const now = Date.now();
    if (this.floorCache && now - this.floorCache.at < 2_000) return this.floorCache.value;
    const [row] = await queryRows<{ id: unknown }>(
      this.database.db,
      sql`select min(id) as id from ${realtimeEvents} where created_at > now() - make_interval(secs => ${REPLAY_OVERLAP_SECONDS})`,
    );
    const value = row?.id == null ? null : Number(row.id);
    this.floorCache = { value, at: now };
    return value;
  }
}

// Shared by the source and the bundled copy of this module (decision 0001): one hub per database.
const hubs = singleton("realtime-hubs", () => new WeakMap<Database, RealtimeHub>());
const liveHubs = singleton("realtime-live-hubs", () => new Set<RealtimeHub>());

/** The hub of the process's current database (one per database: tests swap databases per file). */
export function getRealtimeHub(database: Database = getDatabase()): RealtimeHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new RealtimeHub(database);
    hubs.set(database, hub);
    liveHubs.add(hub);
  }
  return hub;
}

/** Ends every stream of every hub of the process (graceful shutdown). */
export async function stopAllRealtimeHubs(): Promise<void> {
  const all = [...liveHubs];
  liveHubs.clear();
  await Promise.all(all.map((hub) => hub.stop()));
}
