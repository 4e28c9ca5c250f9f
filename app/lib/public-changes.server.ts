/**
 * Changes to what anonymous visitors see (issue 19, ADR 28). Triggers on the tables public pages are made from
 * (migration 0026) run `pg_notify('public_pages', '')` in the changing transaction, so every server process
 * hears of a committed change, whichever code or process made it. Caches of public pages (server/page-cache.ts)
 * subscribe here and empty themselves.
 *
 * While the LISTEN connection is down, changes may go unheard: `isListening()` is false, the caches are emptied
 * and stay unused until the connection is back (and emptied again then).
 */
import pg from "pg";
import type { Database } from "./db.server";
import { logger } from "./logger.server";
import { singleton } from "./singleton.server";

export const PUBLIC_PAGES_CHANNEL = "public_pages";
const MAX_RECONNECT_DELAY_MS = 5_000;

type State = { subscribers: Set<() => void>; listening: boolean; stop: (() => Promise<void>) | null };
const state = singleton<State>("public-changes", () => ({ subscribers: new Set(), listening: false, stop: null }));

/** Calls `onChange` after every announced change (and whenever changes may have been missed). */
export function onPublicChange(onChange: () => void): () => void {
  state.subscribers.add(onChange);
  return () => state.subscribers.delete(onChange);
}

/** True while this process hears every change: caches of public pages may be used. */
export function isListening(): boolean {
  return state.listening;
}

function announce(): void {
  for (const subscriber of state.subscribers) {
    try {
      subscriber();
    } catch (error) {
      logger.error({ err: error }, "a public-change subscriber failed");
    }
  }
}

/** Starts listening on this process's database; resolves once listening. */
export async function listenForPublicChanges(database: Database): Promise<void> {
  if (state.stop) return;
  if (database.kind === "embedded") {
    const unlisten = await database.pglite!.listen(PUBLIC_PAGES_CHANNEL, () => announce());
    state.listening = true;
    state.stop = async () => {
      state.listening = false;
      await unlisten();
    };
    return;
  }
  let client: pg.Client | null = null;
  let stopped = false;
  let delayMs = 500;
  const connect = async (): Promise<void> => {
    const next = new pg.Client(database.pool!.options as pg.ClientConfig);
    next.on("notification", (message) => {
      if (message.channel === PUBLIC_PAGES_CHANNEL) announce();
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      state.listening = false;
      announce();
      next.end().catch(() => undefined);
      if (stopped) return;
      logger.warn({ err: error }, "public-changes LISTEN connection lost; public pages are not cached until it is back");
      setTimeout(() => void reconnect(), delayMs).unref();
      delayMs = Math.min(delayMs * 2, MAX_RECONNECT_DELAY_MS);
    };
    next.on("error", lost);
    next.on("end", () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${PUBLIC_PAGES_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    delayMs = 500;
    // Whatever changed while nobody listened: forget it all.
    announce();
    state.listening = true;
  };
  const reconnect = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
    } catch (error) {
      logger.warn({ err: error }, "public-changes LISTEN reconnect failed");
      setTimeout(() => void reconnect(), delayMs).unref();
      delayMs = Math.min(delayMs * 2, MAX_RECONNECT_DELAY_MS);
    }
  };
  await connect();
  state.stop = async () => {
    stopped = true;
    state.listening = false;
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

/** Stops listening (shutdown, tests). */
export async function stopListeningForPublicChanges(): Promise<void> {
  const stop = state.stop;
  state.stop = null;
  await stop?.();
}
