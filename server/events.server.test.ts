import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../db/schema";
import { createAdmin, createVisitor } from "../db/seed/factories";
import { suspendUser } from "../app/features/admin/suspend-user.server";
import { signOut } from "../app/features/accounts/sign-out.server";
import { getDb } from "../app/lib/db.server";
import { actorFor } from "../tests/support/actors";
import { sessionCookie } from "../tests/support/screen-harness";
import { openEventStream } from "../tests/support/sse-client";
import { listen, type Listening } from "../tests/support/server";
import { eventsRoute } from "./events";

const CHECK_MS = 150;
let server: Listening;
beforeAll(async () => {
  const app = new Hono();
  app.route("/events", eventsRoute({ sessionCheckMs: CHECK_MS }));
  server = await listen(app);
});
afterAll(async () => {
  await server?.close();
});

/** Resolves with how long the stream took to end, or rejects after `ms`. */
async function endsWithin(ended: Promise<void>, ms: number): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    ended,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
  return Date.now() - started;
}

async function openStream() {
  const visitor = await createVisitor(getDb());
  const cookie = await sessionCookie(visitor.email);
  const stream = await openEventStream(`${server.url}/events`, { cookie });
  expect(stream.status).toBe(200);
  return { visitor, cookie, stream };
}

describe("GET /events ends with its session", () => {
  it("stays open while the session lives", async () => {
    const { stream } = await openStream();
    await expect(endsWithin(stream.ended, CHECK_MS * 6)).rejects.toThrow(/still open/);
    stream.close();
  });

  it("closes within the check interval when the user is suspended", async () => {
    const { visitor, stream } = await openStream();
    await suspendUser(await actorFor(await createAdmin(getDb())), { userId: visitor.id, reason: "Spam" });
    await endsWithin(stream.ended, CHECK_MS * 6);
  });

  it("closes when the user signs out", async () => {
    const { cookie, stream } = await openStream();
    await signOut(new Request("http://localhost:3000/logout", { method: "POST", headers: { cookie } }));
    await endsWithin(stream.ended, CHECK_MS * 6);
  });

  it("closes when the session reaches its absolute lifetime, and a new stream is refused", async () => {
    const { visitor, cookie, stream } = await openStream();
    await getDb()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3_600_000) })
      .where(eq(session.userId, visitor.id));
    await endsWithin(stream.ended, CHECK_MS * 6);
    const again = await openEventStream(`${server.url}/events`, { cookie });
    expect(again.status).toBe(401);
  });
});
