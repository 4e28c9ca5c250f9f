import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { getDatabase } from "../../lib/db.server";
import { MESSAGE_TEXTS } from "./message.schemas";
import { openEventStream, type ReceivedEvent } from "../../../tests/support/sse-client";
import { sessionCookieFor, startAppProcess, type AppProcess } from "../../../tests/support/app-process";

// Runs in the integration-pg project (TEST_DATABASE_URL set); the embedded database allows one process only.
const onPostgres = inject("testDatabase").kind === "postgres";

type ServerProcess = AppProcess;

const isMessage = (text: string) => (event: ReceivedEvent) =>
  event.type === "message.created" && (event.payload.message as { text?: string } | undefined)?.text === text;

describe.skipIf(!onPostgres)("two server processes on one PostgreSQL (skipped without TEST_DATABASE_URL: runs in integration-pg)", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    const url = getDatabase().pool!.options.connectionString!;
    dataDir = await mkdtemp(path.join(tmpdir(), "nd-two-servers-"));
    [a, b] = await Promise.all([startAppProcess(url, path.join(dataDir, "a")), startAppProcess(url, path.join(dataDir, "b"))]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("a message sent through one process reaches a stream on the other, both ways, and resumes across them", async () => {
    const owner = await createOwner(getDatabase().db);
    const business = await createBusiness(getDatabase().db, { userId: owner.id });
    const visitor = await createVisitor(getDatabase().db);
    const ownerCookie = await sessionCookieFor(owner, "10.8.0.1");
    const visitorCookie = await sessionCookieFor(visitor, "10.8.0.2");
    const post = (server: ServerProcess, cookie: string, body: Record<string, unknown>) =>
      fetch(`${server.url}/api/messages`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ idempotencyKey: randomUUID(), ...body }),
      });

    const ownerOnB = await openEventStream(`${b.url}/events`, { cookie: ownerCookie });
    const visitorOnA = await openEventStream(`${a.url}/events`, { cookie: visitorCookie });
    expect([ownerOnB.status, visitorOnA.status]).toEqual([200, 200]);

    const sentAt = Date.now();
    expect((await post(a, visitorCookie, { businessId: business.id, message: "Sent through A" })).status).toBe(201);
    const received = await ownerOnB.waitFor(isMessage("Sent through A"));
    const latencyMs = Date.now() - sentAt;
    expect(received.payload).toMatchObject({ unreadCount: 1 });
    expect(latencyMs).toBeLessThan(5_000);

    expect((await post(b, ownerCookie, { businessId: business.id, visitorId: visitor.id, message: "Reply through B" })).status).toBe(201);
    await visitorOnA.waitFor(isMessage("Reply through B"));

    // The owner's stream on B drops; a message goes through A; the owner resumes on A from Last-Event-ID.
    const last = ownerOnB.lastEventId();
    ownerOnB.close();
    expect((await post(a, visitorCookie, { businessId: business.id, message: "While away" })).status).toBe(201);
    const resumed = await openEventStream(`${a.url}/events`, { cookie: ownerCookie, lastEventId: last });
    await resumed.waitFor(isMessage("While away"));

    // One rate limit for both processes: the visitor has sent 2; 3 more through either, then the sixth is refused.
    for (const [server, text] of [[b, "third"], [a, "fourth"], [b, "fifth"]] as const) {
      expect((await post(server, visitorCookie, { businessId: business.id, message: text })).status).toBe(201);
    }
    const sixth = await post(a, visitorCookie, { businessId: business.id, message: "sixth" });
    expect([sixth.status, await sixth.json()]).toEqual([429, { error: MESSAGE_TEXTS.rateLimited, code: "rate-limited" }]);

    // SIGTERM ends the open streams, so both processes stop promptly and cleanly.
    const stopped = await Promise.all([a.stop(), b.stop()]);
    for (const result of stopped) {
      expect(result.code).toBe(0);
      expect(result.ms).toBeLessThan(10_000);
    }
    resumed.close();
    visitorOnA.close();
  });
});
