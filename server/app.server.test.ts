import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../app/lib/app-error";
import { getDatabase, useDatabase, type Database } from "../app/lib/db.server";
import { getEnv } from "../app/lib/env.server";
import { resetLifecycle, startDraining } from "../app/lib/lifecycle.server";
import { peekSingleton, setSingleton } from "../app/lib/singleton.server";
import { DiskStorage } from "../app/lib/storage.server";
import { READINESS_TIMEOUT_MS } from "./health";
import { createApp } from "./app";
import { jsonRouteBuild, type RouteAnswer } from "../tests/support/json-route-build";
import { listen, testApp } from "../tests/support/server";

describe("GET /healthz (liveness)", () => {
  it("answers 200 {status: ok} while the process runs, never cached", async () => {
    const response = await testApp().request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  });

  it("stays 200 when the database is gone and while draining: an outage must not get healthy processes restarted", async () => {
    const database = getDatabase();
    useDatabase(undefined);
    startDraining();
    try {
      const response = await testApp().request("/healthz");
      expect(response.status).toBe(200);
    } finally {
      resetLifecycle();
      useDatabase(database);
    }
  });
});

describe("GET /readyz (readiness)", () => {
  it("answers 200 with each check while the database and storage answer, never cached", async () => {
    const response = await testApp().request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", storage: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 503 when no database is open", async () => {
    const database = getDatabase();
    useDatabase(undefined);
    try {
      const response = await testApp().request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "unavailable", storage: "ok" });
    } finally {
      useDatabase(database);
    }
  });

  it("answers 503 when the database hangs (after the ping timeout)", async () => {
    const database = getDatabase();
    useDatabase({ ...database, db: { execute: () => new Promise(() => undefined) } } as unknown as Database);
    try {
      const started = Date.now();
      const response = await testApp().request("/readyz");
      expect(response.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 1_500);
    } finally {
      useDatabase(database);
    }
  });

  it("answers 503 when the file store cannot be written", async () => {
    // DATA_DIR/uploads as a plain file: the disk store cannot make its folder there.
    const dataDir = await mkdtemp(path.join(tmpdir(), "nd-readyz-"));
    await writeFile(path.join(dataDir, "uploads"), "not a folder");
    const previous = peekSingleton("storage");
    setSingleton("storage", new DiskStorage(path.join(dataDir, "uploads"), path.join(dataDir, "cache")));
    try {
      const response = await testApp().request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "ok", storage: "unavailable" });
    } finally {
      setSingleton("storage", previous);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("answers 503 'draining' once the process is asked to stop, though everything answers", async () => {
    startDraining();
    try {
      const response = await testApp().request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "draining", database: "ok", storage: "ok" });
    } finally {
      resetLifecycle();
    }
  });
});

describe("request ids", () => {
  it("gives every response an X-Request-Id, keeping a well-formed incoming one", async () => {
    const app = testApp();
    const fresh = await app.request("/healthz");
    expect(fresh.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request("/healthz", { headers: { "X-Request-Id": "lb-abc123_XYZ" } });
    expect(kept.headers.get("X-Request-Id")).toBe("lb-abc123_XYZ");
    const replaced = await app.request("/healthz", { headers: { "X-Request-Id": "<script>" } });
    expect(replaced.headers.get("X-Request-Id")).not.toBe("<script>");
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("an unhandled error answers 500 with the request id as Error ID", async () => {
    const response = await testApp().request("/some/page", { headers: { "X-Request-Id": "req-00000001" } });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Something went wrong. Please try again. Error ID: req-00000001");
    expect(response.headers.get("X-Request-Id")).toBe("req-00000001");
  });

  it("a refusal thrown by a handler answers through the same mapping as React Router's", async () => {
    const refusing = createApp({
      env: getEnv(),
      build: async () => {
        throw new AppError("forbidden", { title: "Access Denied", text: "You don't have admin privileges" });
      },
    });
    const page = await refusing.request("/admin");
    expect([page.status, await page.text()]).toEqual([403, "You don't have admin privileges"]);
    const api = await refusing.request("/anything", { headers: { accept: "application/json" } });
    expect([api.status, await api.json()]).toEqual([403, { error: "You don't have admin privileges", code: "forbidden" }]);
  });
});

describe("security headers on every response", () => {
  it("non-HTML responses get a deny-all CSP and the common headers", async () => {
    const response = await testApp().request("/healthz");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("HSTS only when PUBLIC_URL is https", async () => {
    const response = await testApp({ PUBLIC_URL: "https://naija.example.com" }).request("/healthz");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
  });
});

describe("the client address React Router receives", () => {
  // A route whose loader answers the load context's client address.
  const probe = jsonRouteBuild({ probe: { default: () => null, loader: ({ context }: { context: { clientAddress?: string } }) => ({ clientAddress: context.clientAddress ?? null }) } });
  async function addressSeen(trustedProxies: string[], headers: Record<string, string> = {}) {
    const server = await listen(createApp({ env: { ...getEnv(), TRUSTED_PROXIES: trustedProxies }, build: async () => probe }));
    try {
      const response = await fetch(`${server.url}/probe`, { headers });
      expect(response.status).toBe(200);
      return ((await response.json()) as RouteAnswer & { loaderData: { clientAddress: string | null } }).loaderData.clientAddress;
    } finally {
      await server.close();
    }
  }

  it("is the peer when no proxy is trusted, whatever X-Forwarded-For and Forwarded say", async () => {
    expect(await addressSeen([], { "x-forwarded-for": "198.51.100.9", forwarded: "for=198.51.100.10" })).toBe("127.0.0.1");
  });

  it("is the right-most untrusted X-Forwarded-For hop when the peer is a trusted proxy", async () => {
    expect(await addressSeen(["127.0.0.1"], { "x-forwarded-for": "6.6.6.6, 198.51.100.9" })).toBe("198.51.100.9");
    expect(await addressSeen(["127.0.0.0/8", "10.0.0.0/8"], { "x-forwarded-for": "198.51.100.9, 10.0.0.2" })).toBe("198.51.100.9");
    expect(await addressSeen(["127.0.0.1"], { forwarded: 'for="[2001:db8::7]:1234"' })).toBe("2001:db8::7");
  });

  it("ignores the headers when the peer is not one of the trusted proxies", async () => {
    expect(await addressSeen(["10.0.0.0/8"], { "x-forwarded-for": "198.51.100.9" })).toBe("127.0.0.1");
  });
});

describe("/media", () => {
  it("refuses unsupported widths and answers 404 for unknown or unsafe keys", async () => {
    const app = testApp();
    expect((await app.request("/media/business-images/x/y.webp?w=123")).status).toBe(400);
    expect((await app.request("/media/business-images/missing/none.webp?w=320")).status).toBe(404);
    expect((await app.request("/media/business-images/..%2F..%2Fauth-secret?w=320")).status).toBe(404);
  });
});

// Last: closes this file's database for good (the per-file set-up tolerates that).
describe("after the database is closed", () => {
  it("/readyz answers 503 and /healthz still 200", async () => {
    await getDatabase().close();
    const response = await testApp().request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable", database: "unavailable" });
    expect((await testApp().request("/healthz")).status).toBe(200);
  });
});
