import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createVisitor } from "../db/seed/factories";
import { getDatabase } from "../app/lib/db.server";
import { databaseKind } from "../tests/support/database-kind";
import { sessionCookieFor, startAppProcess, type AppProcess } from "../tests/support/app-process";
import { openEventStream } from "../tests/support/sse-client";

// A real server process on the shared PostgreSQL (the embedded database allows one process only).
const onPostgres = databaseKind() === "postgres";
const DRAIN_MS = 2_000;

describe.skipIf(!onPostgres)("graceful shutdown of a server process (skipped without TEST_DATABASE_URL: runs in integration-pg)", () => {
  let server: AppProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("SIGTERM: /readyz 503 at once while requests still succeed for SHUTDOWN_DRAIN_MS, then open streams end and it exits 0", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "nd-shutdown-"));
    server = await startAppProcess(getDatabase().pool!.options.connectionString!, dataDir, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
    const visitor = await createVisitor(getDatabase().db);
    const cookie = await sessionCookieFor(visitor, "10.9.0.1");
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const stream = await openEventStream(`${server.url}/events`, { cookie });
    expect(stream.status).toBe(200);
    let streamEndedAt: number | null = null;
    void stream.ended.then(() => (streamEndedAt = Date.now()));

    const signalledAt = Date.now();
    const stopped = server.stop("SIGTERM");
    // Readiness fails within moments of the signal...
    let readyz: Response;
    do {
      readyz = await fetch(`${server.url}/readyz`);
    } while (readyz.status === 200 && Date.now() - signalledAt < 1_000);
    expect([readyz.status, await readyz.json()]).toEqual([503, { status: "draining", database: "ok", storage: "ok" }]);
    expect(Date.now() - signalledAt).toBeLessThan(1_000);
    // ...while the process keeps serving: liveness, a request that reads the database, and the open stream.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    await sitemap.text();
    expect(streamEndedAt).toBeNull();

    const { code, ms } = await stopped;
    expect(code).toBe(0);
    // It waited the drain, then ended the stream (the browser resumes elsewhere) and exited promptly.
    expect(ms).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(ms).toBeLessThan(DRAIN_MS + 5_000);
    await stream.ended;
    expect(streamEndedAt! - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    server = undefined;
  }, 90_000);
});
