import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../db/seed/factories";
import { databaseKind } from "../../tests/support/database-kind";
import { startOwnPostgres, type OwnPostgres } from "../../tests/support/own-postgres";
import { testApp } from "../../tests/support/server";
import { getDatabase, migrateDatabase, openDatabase, useDatabase, type Database } from "./db.server";
import { isDatabaseUnavailable } from "./db-errors.server";
import { getRealtimeHub, publishEvent, type RealtimeSubscriber, type WireEvent } from "./realtime.server";

// Stops and starts a PostgreSQL server of its own under the app: only in the PostgreSQL run.
const onPostgres = databaseKind() === "postgres";

function recorder(userId: string) {
  const events: WireEvent[] = [];
  let closed = false;
  const subscriber: RealtimeSubscriber = {
    userId,
    deliver: (event) => void events.push(event),
    heartbeat: () => undefined,
    close: () => void (closed = true),
  };
  return { subscriber, events, isClosed: () => closed };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describe.skipIf(!onPostgres)("PostgreSQL goes away and comes back (skipped without TEST_DATABASE_URL: runs in integration-pg)", () => {
  let server: OwnPostgres;
  let database: Database;
  let previous: Database;

  beforeAll(async () => {
    server = await startOwnPostgres();
    database = await openDatabase({ kind: "postgres", url: server.url, poolSize: 4 });
    await migrateDatabase(database);
    previous = getDatabase();
    useDatabase(database);
  }, 120_000);

  afterAll(async () => {
    useDatabase(previous);
    await getRealtimeHub(database).stop();
    await database?.close().catch(() => undefined);
    await server?.destroy();
  });

  it("fails fast while it is down (readyz 503, requests 503), then recovers by itself, LISTEN included", async () => {
    const app = testApp();
    const hub = getRealtimeHub(database);
    await hub.ready();
    const before = recorder("nobody");
    hub.subscribe(before.subscriber);
    expect((await app.request("/readyz")).status).toBe(200);

    await server.stop();

    // Down: readiness says so, a query fails within the connection timeout, a request gets 503 with its Error ID.
    const readyz = await app.request("/readyz");
    expect([readyz.status, await readyz.json()]).toEqual([503, { status: "unavailable", database: "unavailable", storage: "ok" }]);
    const started = Date.now();
    const failure = await database.db.execute(sql`select 1`).then(() => null, (error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
    const page = await app.request("/sitemap.xml", { headers: { "X-Request-Id": "req-outage-1" } });
    expect(page.status).toBe(503);
    expect(await page.text()).toBe("This is not available right now. Please try again in a moment. Error ID: req-outage-1");
    expect((await app.request("/healthz")).status).toBe(200);

    await server.start();
    const readyAfterMs = await until(async () => (await app.request("/readyz")).status === 200, 10_000, "/readyz 200 again");
    // The hub reconnected its LISTEN connection: the streams it had end (they resume from Last-Event-ID)...
    const listenAfterMs = await until(() => before.isClosed(), 15_000, "the LISTEN connection back");
    // ...and an event published now reaches a new stream, without anything recreated.
    const userId = randomUUID();
    const after = recorder(userId);
    hub.subscribe(after.subscriber);
    await createUser(database.db, { id: userId });
    const id = await database.db.transaction((tx) => publishEvent(tx, { userId, type: "test.event", payload: { n: 1 } }));
    await until(() => after.events.some((event) => event.id === id), 5_000, "the event delivered");
    console.info(`database outage: /readyz 200 ${readyAfterMs} ms and LISTEN back ${listenAfterMs} ms after the server started`);
  }, 60_000);
});
