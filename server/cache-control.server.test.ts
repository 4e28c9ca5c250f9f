/**
 * Cache-Control on what the whole app answers (Hono in front of a React Router build of the real route modules,
 * tests/support/route-build.ts, as the production server runs it): every response made for a signed-in user is
 * `no-store`, documents and `.data` alike; anonymous public pages keep their headers.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner, createVisitor } from "../db/seed/factories";
import { getDb } from "../app/lib/db.server";
import { getEnv } from "../app/lib/env.server";
import { runsOnce } from "../tests/support/database-kind";
import { routeBuild } from "../tests/support/route-build";
import { sessionCookie } from "../tests/support/screen-harness";
import { createApp } from "./app";

const BASE = "http://localhost:3000";
let app: ReturnType<typeof createApp>;

const get = (path: string, cookie?: string) => app.request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });

describe.runIf(runsOnce)("Cache-Control", () => {
  beforeAll(async () => {
    app = createApp({ env: getEnv(), build: routeBuild });
    // The first request imports the route modules; later ones are quick.
    await (await app.request(`${BASE}/`)).arrayBuffer();
  }, 180_000);

  it("is no-store on every page, data and API response made for a signed-in user", async () => {
    const visitor = await createVisitor(getDb());
    const owner = await createOwner(getDb());
    const business = await createBusiness(getDb(), { userId: owner.id });
    const cookie = await sessionCookie(visitor.email);
    for (const path of ["/", "/businesses", `/businesses/${business.id}`, "/profile", "/messages", "/notifications", "/no-such-page"]) {
      const page = await get(path, cookie);
      expect(page.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(page.headers.get("cache-control"), path).toBe("no-store");
      await page.arrayBuffer();
    }
    for (const path of ["/profile.data", "/_.data", "/businesses.data", `/businesses/${business.id}.data`, "/messages.data"]) {
      const data = await get(path, cookie);
      expect(data.status, path).toBe(200);
      expect(data.headers.get("cache-control"), path).toBe("no-store");
      await data.arrayBuffer();
    }
    const api = await app.request(`${BASE}/api/messages`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ businessId: business.id, message: "Hello", idempotencyKey: randomUUID() }),
    });
    expect(api.status).toBe(201);
    expect(api.headers.get("cache-control")).toBe("no-store");
  }, 120_000);

  it("is left as it was on public pages and data for anonymous visitors", async () => {
    const owner = await createOwner(getDb());
    const business = await createBusiness(getDb(), { userId: owner.id });
    for (const path of ["/", "/businesses", `/businesses/${business.id}`, "/_.data", "/businesses.data"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBeNull();
      await response.arrayBuffer();
    }
  }, 120_000);
});
