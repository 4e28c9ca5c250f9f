/**
 * The page cache (ADR 28) in front of the real pages (Hono + a React Router build of the real route modules,
 * tests/support/route-build.ts, as the production server runs it), on the test database: what is kept and for whom, ETags and 304s, compression, emptying on
 * a public change heard through PostgreSQL NOTIFY, and counting a copy served again exactly like a rendered page.
 */
import { eq, sql } from "drizzle-orm";
import { gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "../db/schema";
import { createBusiness, createOwner, createVisitor } from "../db/seed/factories";
import { flushListingEvents } from "../app/features/analytics/record-listing-events.server";
import { flushBusinessViews } from "../app/features/directory/record-business-view.server";
import { getDatabase, getDb, queryRows } from "../app/lib/db.server";
import { getEnv } from "../app/lib/env.server";
import { getMetrics } from "../app/lib/metrics.server";
import { setSingleton } from "../app/lib/singleton.server";
import { listenForPublicChanges, onPublicChange, stopListeningForPublicChanges } from "../app/lib/public-changes.server";
import { routeBuild } from "../tests/support/route-build";
import { sessionCookie } from "../tests/support/screen-harness";
import { createApp } from "./app";
import { createPageCache, PUBLIC_PAGE_CACHE_CONTROL, type PageCache } from "./page-cache";

const BASE = "http://localhost:3000";
const PHONE = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
let app: ReturnType<typeof createApp>;
let cache: PageCache;

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`${BASE}${path}`, { headers: { "user-agent": PHONE, "sec-fetch-dest": "document", ...headers } });

/** A public change is announced when its transaction commits; the listener hears it a moment later. */
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

/** Resolves once no public change has been heard for 300 ms (one made a moment ago empties the cache when heard). */
async function quiet() {
  let last = Date.now();
  const stop = onPublicChange(() => (last = Date.now()));
  try {
    for (let i = 0; i < 100 && Date.now() - last < 300; i++) await new Promise((r) => setTimeout(r, 50));
  } finally {
    stop();
  }
}

describe("the page cache", () => {
  beforeAll(async () => {
    // The globals a running server has: @hono/node-server's lightweight Request and Response (ADR 28's copies are
    // answered with them in production; a header set on such a Response after it was made can be lost).
    getRequestListener(() => new Response(null));
    await listenForPublicChanges(getDatabase());
    cache = createPageCache();
    app = createApp({ env: getEnv(), pageCache: cache, build: routeBuild });
    // The first request imports the route modules; later ones are quick.
    await (await app.request(`${BASE}/`)).arrayBuffer();
  }, 180_000);
  afterAll(async () => {
    cache?.close();
    await stopListeningForPublicChanges();
  });

  it("keeps an anonymous page asked for twice and serves the copy, compressed, with an ETag and a 304", async () => {
    const owner = await createOwner(getDb());
    const business = await createBusiness(getDb(), { userId: owner.id, name: "Copyable Kitchen Yaba" });
    const path = `/businesses/${business.id}`;
    await new Promise((r) => setTimeout(r, 100)); // the insert's announcement
    const first = await get(path, { "accept-encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(first.headers.get("vary")).toBe("Accept-Encoding, Cookie, Save-Data");
    expect(first.headers.get("etag")).toBeNull(); // asked once: not kept
    await first.arrayBuffer();
    const before = cache.stats();

    const second = await get(path, { "accept-encoding": "gzip" });
    const etag = second.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+-gz"$/);
    const rendered = Buffer.from(await second.arrayBuffer());
    expect(cache.stats().stored).toBe(before.stored + 1);

    const third = await get(path, { "accept-encoding": "gzip" });
    expect(third.headers.get("content-encoding")).toBe("gzip");
    expect(third.headers.get("etag")).toBe(etag);
    // The copy's CSP: no nonce; its script from our origin and any inline script by its hash (ADR 28). A reader
    // page (ADR 29) has none inline: 'self' alone. Otherwise the render's.
    const csp = third.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(csp).not.toContain("'nonce-");
    expect(csp.replace(/script-src [^;]*/, "")).toBe(second.headers.get("content-security-policy")!.replace(/script-src [^;]*/, ""));
    expect(third.headers.get("x-frame-options")).toBe("DENY");
    const copy = Buffer.from(await third.arrayBuffer());
    expect(cache.stats().hits).toBe(before.hits + 1);
    // The same page (Hono's compress may not have compressed the render itself: compare the HTML).
    const html = (bytes: Buffer, encoding: string | null) => (encoding === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8");
    expect(html(copy, "gzip")).toBe(html(rendered, second.headers.get("content-encoding")));
    expect(html(copy, "gzip")).toContain("Copyable Kitchen Yaba");

    const plain = await get(path);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("Copyable Kitchen Yaba");

    // What /metrics says of it (server/index.ts registers the stats).
    setSingleton("page-cache-stats", cache.stats);
    const metrics = await getMetrics().registry.metrics();
    expect(metrics).toContain(`nd_page_cache_answers{outcome="hit"} ${cache.stats().hits}`);
    expect(metrics).toMatch(/nd_page_cache_bytes [1-9]\d*/);
    setSingleton("page-cache-stats", undefined);

    const notModified = await get(path, { "accept-encoding": "gzip", "if-none-match": etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(await notModified.text()).toBe("");
  }, 60_000);

  it("never serves or keeps a page for a visitor with a session or an unknown cookie", async () => {
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const path = "/businesses?q=copyable";
    for (let i = 0; i < 2; i++) await (await get(path)).arrayBuffer();
    const before = cache.stats();
    const signedIn = await get(path, { cookie });
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    expect(signedIn.headers.get("etag")).toBeNull();
    await signedIn.arrayBuffer();
    const other = await get(path, { cookie: "tracking=1" });
    expect(other.headers.get("etag")).toBeNull();
    await other.arrayBuffer();
    expect(cache.stats().hits).toBe(before.hits);
    // The sidebar's cookie alone is still anonymous (and its own copy).
    const sidebar = await get(path, { cookie: "sidebar_state=false" });
    expect(sidebar.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    await sidebar.arrayBuffer();
  }, 60_000);

  it("keeps data saver's pages apart, one copy per state whether the header or the switch set it (ADR 32)", async () => {
    const owner = await createOwner(getDb());
    const business = await createBusiness(getDb(), { userId: owner.id, name: "Data Saver Copy Bakery" });
    const path = `/businesses/${business.id}`;
    await quiet(); // the insert's announcements
    const etagOf = async (headers: Record<string, string>) => {
      const response = await get(path, headers);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return { etag: response.headers.get("etag"), vary: response.headers.get("vary") };
    };
    const hits = () => cache.stats().hits;

    // Off (no header, no cookie): kept on the second ask, served on the third.
    expect((await etagOf({})).etag).toBeNull();
    const off = await etagOf({});
    expect(off.etag).not.toBeNull();
    expect(off.vary).toBe("Accept-Encoding, Cookie, Save-Data");
    let before = hits();
    expect((await etagOf({})).etag).toBe(off.etag);
    expect(hits()).toBe(before + 1);
    // The switch turned off despite the header: that same copy.
    before = hits();
    expect((await etagOf({ cookie: "data-saver=off", "save-data": "on" })).etag).toBe(off.etag);
    expect(hits()).toBe(before + 1);

    // On, through the switch: not the 'off' copy (asked once: rendered, not kept).
    before = hits();
    expect((await etagOf({ cookie: "data-saver=on" })).etag).toBeNull();
    expect(hits()).toBe(before);
    // On through the header: the same state, so the second ask in that state keeps it…
    const on = await etagOf({ "save-data": "on" });
    expect(on.etag).not.toBeNull();
    expect(on.vary).toBe("Accept-Encoding, Cookie, Save-Data");
    // …and the switch (with a header saying off) is served that copy.
    before = hits();
    expect((await etagOf({ cookie: "data-saver=on", "save-data": "off" })).etag).toBe(on.etag);
    expect((await etagOf({ "save-data": "on" })).etag).toBe(on.etag);
    expect(hits()).toBe(before + 2);
    // Beside the sidebar's cookie it is still an anonymous page, kept apart by the sidebar's state as before.
    expect((await etagOf({ cookie: "sidebar_state=false; data-saver=on" })).etag).toBeNull();
    const sidebarOn = await etagOf({ cookie: "data-saver=on; sidebar_state=false" });
    expect(sidebarOn.etag).not.toBeNull();
    expect(hits()).toBe(before + 2);

    // A data-saver cookie with a value we do not know is an unknown cookie: rendered every time, never a copy.
    before = hits();
    for (let i = 0; i < 2; i++) expect((await etagOf({ cookie: "data-saver=maybe" })).etag).toBeNull();
    expect(hits()).toBe(before);
  }, 60_000);

  it("is emptied by a public change made anywhere (a NOTIFY from the database), and not by a view", async () => {
    const owner = await createOwner(getDb());
    const business = await createBusiness(getDb(), { userId: owner.id, name: "Before Rename Stores" });
    const path = `/businesses/${business.id}`;
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 3; i++) expect(await (await get(path)).text()).toContain("Before Rename Stores");
    const kept = cache.stats();
    expect(kept.entries).toBeGreaterThan(0);

    // A counted view changes only the counter: the copy stays.
    await getDb().update(businesses).set({ viewCount: sql`${businesses.viewCount} + 1` }).where(eq(businesses.id, business.id));
    await new Promise((r) => setTimeout(r, 150));
    expect(cache.stats().entries).toBe(kept.entries);

    // Written straight to the database, as another process would: the trigger announces it.
    await getDb().update(businesses).set({ name: "After Rename Stores" }).where(eq(businesses.id, business.id));
    await until(() => cache.stats().entries === 0);
    expect(cache.stats().entries).toBe(0);
    expect(await (await get(path)).text()).toContain("After Rename Stores");
  }, 60_000);

  it("counts a copy served again like the page it is: once per visitor and window, a flood as one, never a crawler", async () => {
    const owner = await createOwner(getDb());
    const business = await createBusiness(getDb(), { userId: owner.id, name: "Counted Copy Pharmacy", viewCount: 0 });
    await new Promise((r) => setTimeout(r, 100));
    const path = `/businesses/${business.id}`;
    const phone = (n: number) => ({ "user-agent": PHONE.replace("SM-A145F", `SM-A${100 + n}F`) });
    for (let i = 0; i < 2; i++) await (await get(path, phone(1))).arrayBuffer(); // rendered twice (the second keeps it): one visitor
    const hitsBefore = cache.stats().hits;
    for (let i = 0; i < 3; i++) await (await get(path, phone(1))).arrayBuffer(); // the same visitor's copies
    for (const n of [2, 3]) await (await get(path, phone(n))).arrayBuffer(); // two more visitors
    for (let i = 0; i < 40; i++) await (await get(path, phone(4))).arrayBuffer(); // a flood from one client: one
    for (let i = 0; i < 2; i++) await (await get(path, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).arrayBuffer();
    expect(cache.stats().hits).toBe(hitsBefore + 47);
    await flushBusinessViews();
    await flushListingEvents();
    const [row] = await getDb().select({ views: businesses.viewCount }).from(businesses).where(eq(businesses.id, business.id));
    expect(row!.views).toBe(4);
    const events = await queryRows<{ kind: string; n: number }>(
      getDb(),
      sql`select kind, sum(count)::int as n from listing_events where business_id = ${business.id} group by kind`,
    );
    expect(events).toEqual([{ kind: "view", n: 4 }]);

    const search = "/businesses?q=Counted%20Copy%20Pharmacy";
    for (const n of [1, 2, 3, 4]) await (await get(search, phone(n))).arrayBuffer(); // 2 renders, 2 copies: 4 visitors
    for (let i = 0; i < 30; i++) await (await get(search, phone(4))).arrayBuffer(); // the fourth one's flood
    await flushListingEvents();
    const [shown] = await queryRows<{ n: number }>(
      getDb(),
      sql`select coalesce(sum(count), 0)::int as n from listing_events where business_id = ${business.id} and kind = 'impression'`,
    );
    expect(shown!.n).toBe(4);
  }, 60_000);

  it("counts a prefetched page's HEAD report once with the token its prefetch was issued, and no HEAD without one", async () => {
    const owner = await createOwner(getDb());
    const business = await createBusiness(getDb(), { userId: owner.id, name: "Reported View Chemist", viewCount: 0 });
    await new Promise((r) => setTimeout(r, 100));
    const path = `/businesses/${business.id}`;
    const ownPage = { "sec-fetch-dest": "empty", "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };
    const head = (headers: Record<string, string>, at = path) =>
      app.request(`${BASE}${at}`, { method: "HEAD", headers: { "user-agent": PHONE, ...ownPage, ...headers } });
    const views = async () => {
      await flushBusinessViews();
      await flushListingEvents();
      const [row] = await getDb().select({ views: businesses.viewCount }).from(businesses).where(eq(businesses.id, business.id));
      return row!.views;
    };
    const prefetch = async (headers: Record<string, string> = {}, at = path) => {
      const answer = await get(at, { "sec-purpose": "prefetch", "sec-fetch-dest": "document", ...headers });
      await answer.arrayBuffer();
      const token = /^view-token;desc="([^"]+)"$/.exec(answer.headers.get("server-timing") ?? "")?.[1];
      expect(token, `${answer.status} ${JSON.stringify(Object.fromEntries(answer.headers))} ${JSON.stringify(cache.stats())}`).toBeTruthy();
      return token!;
    };
    // Rendered for the prefetch (not counted), then reported: one view. The same token again: nothing.
    const first = await prefetch();
    expect(await views()).toBe(0);
    expect((await head({ "x-view-token": first })).status).toBe(200);
    expect(await views()).toBe(1);
    expect((await head({ "x-view-token": first })).status).toBe(200);
    // Not counted: a HEAD without a token (a script replaying reports), a made-up one, another page's, another site's.
    await head({});
    await head({ "x-view-token": `${Math.floor(Date.now() / 1000) + 60}.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA` });
    const other = await createBusiness(getDb(), { userId: owner.id, name: "Other Chemist", viewCount: 0 });
    // Its announcement empties the cache when heard: wait for that before a copy is kept below.
    await quiet();
    await head({ "x-view-token": await prefetch({}, `/businesses/${other.id}`) });
    const elsewhere = `${path}?from=whatsapp`;
    await head({ "x-view-token": await prefetch({}, elsewhere), "sec-fetch-site": "cross-site" }, elsewhere);
    expect(await views()).toBe(1);
    // From a copy: the page kept (asked twice), a second visitor's prefetch reported: counted, once.
    for (let i = 0; i < 2; i++) await (await get(path, { "user-agent": `${PHONE} Copy` })).arrayBuffer();
    expect(await views()).toBe(2);
    const hits = cache.stats().hits;
    const second = await prefetch({ "user-agent": `${PHONE} Second` });
    const answer = await head({ "x-view-token": second, "user-agent": `${PHONE} Second` });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("");
    expect(cache.stats().hits).toBe(hits + 2);
    expect(await views()).toBe(3);
    // The service worker keeping the page for offline (X-Purpose: preview) is nobody's visit.
    await (await get(path, { "sec-fetch-dest": "empty", "sec-fetch-site": "same-origin", "x-purpose": "preview" })).arrayBuffer();
    expect(await views()).toBe(3);
  }, 60_000);
});
