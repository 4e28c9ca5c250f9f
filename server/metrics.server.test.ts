import { describe, expect, it } from "vitest";
import { createVisitor } from "../db/seed/factories";
import { getDatabase } from "../app/lib/db.server";
import { publishEvent } from "../app/lib/realtime.server";
import { sessionCookieFor } from "../tests/support/app-process";
import { pageApp } from "../tests/support/route-build";
import { listen, testApp } from "../tests/support/server";
import { freePort } from "../tests/support/server-process.mjs";
import { openEventStream } from "../tests/support/sse-client";
import { createScheduler } from "./scheduler";
import { startMetricsServer } from "./metrics";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";

/** The value of one series in Prometheus text (labels given must all match), or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

async function scrape(app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }): Promise<string> {
  const response = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

describe("GET /metrics", () => {
  it("is not served on the main port without METRICS_TOKEN (404), and asks for the token when set (401, then 200)", async () => {
    expect((await testApp({ METRICS_TOKEN: undefined }).request("/metrics")).status).toBe(404);
    const app = testApp({ METRICS_TOKEN: TOKEN });
    const none = await app.request("/metrics");
    expect([none.status, none.headers.get("www-authenticate")]).toEqual([401, 'Bearer realm="metrics"']);
    expect((await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await app.request("/metrics", { headers: { authorization: TOKEN } })).status).toBe(401);
    const text = await scrape(app);
    // prom-client's default metrics: the event loop's lag among them.
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("# TYPE nd_http_request_duration_seconds histogram");
  });

  it("METRICS_PORT: its own loopback listener serves it (with no token configured), nothing else", async () => {
    const port = (await freePort()) as number;
    const server = startMetricsServer({ METRICS_PORT: port, METRICS_HOST: "127.0.0.1", METRICS_TOKEN: undefined })!;
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("nd_http_responses_total");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("request durations by route pattern (never the raw path), method and status; responses by status", async () => {
    const app = pageApp({ METRICS_TOKEN: TOKEN });
    const before = await scrape(app);
    const count = (text: string, route: string, status = "200") =>
      sample(text, "nd_http_request_duration_seconds_count", { route, method: "GET", status });
    expect((await app.request("/businesses")).status).toBe(200);
    expect((await app.request("/businesses?search=abc")).status).toBe(200);
    expect((await app.request("/business/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await app.request("/no/such/page")).status).toBe(404);
    expect((await app.request("/media/business-images/none/none.webp?w=320")).status).toBe(404);
    const after = await scrape(app);
    expect(count(after, "/businesses") - count(before, "/businesses")).toBe(2);
    expect(count(after, "/business/:id", "404") - count(before, "/business/:id", "404")).toBe(1);
    expect(count(after, "other", "404") - count(before, "other", "404")).toBe(1);
    expect(count(after, "/media/business-images/*", "404") - count(before, "/media/business-images/*", "404")).toBe(1);
    expect(after).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(after).not.toContain("/no/such/page");
    expect(sample(after, "nd_http_responses_total", { status: "404" }) - sample(before, "nd_http_responses_total", { status: "404" })).toBe(3);
  });

  it("open live streams go 1 then 0; events delivered count; job runs count", async () => {
    const app = testApp({ METRICS_TOKEN: TOKEN });
    const served = await listen(app);
    try {
      const visitor = await createVisitor(getDatabase().db);
      const cookie = await sessionCookieFor(visitor, "10.7.0.1");
      const open = sample(await scrape(app), "nd_sse_open_streams");
      const delivered = sample(await scrape(app), "nd_realtime_events_delivered_total");
      const stream = await openEventStream(`${served.url}/events`, { cookie });
      expect(stream.status).toBe(200);
      expect(sample(await scrape(app), "nd_sse_open_streams")).toBe(open + 1);
      await getDatabase().db.transaction((tx) => publishEvent(tx, { userId: visitor.id, type: "test.metrics", payload: {} }));
      await stream.waitFor((event) => event.type === "test.metrics");
      expect(sample(await scrape(app), "nd_realtime_events_delivered_total")).toBe(delivered + 1);
      stream.close();
      const deadline = Date.now() + 5_000;
      while (sample(await scrape(app), "nd_sse_open_streams") !== open && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(sample(await scrape(app), "nd_sse_open_streams")).toBe(open);
    } finally {
      await served.close();
    }

    const job = { name: "metrics-test-job", run: async () => null };
    const runs = () => scrape(app).then((text) => sample(text, "nd_job_runs_total", { job: job.name, outcome: "ok" }));
    const first = await runs();
    await createScheduler({ jobs: [job], intervalMs: 60_000, ranBy: "1@metrics" }).tick(new Date(Date.UTC(2032, 0, 1)));
    expect(await runs()).toBe(first + 1);
  });

  it("database pool and query time (PostgreSQL: pool counts and every query timed; embedded: pool 0)", async () => {
    const app = testApp({ METRICS_TOKEN: TOKEN });
    const before = await scrape(app);
    await app.request("/sitemap.xml");
    const after = await scrape(app);
    const queries = (text: string) => sample(text, "nd_db_query_duration_seconds_count", { outcome: "ok" });
    if (getDatabase().kind === "postgres") {
      expect(sample(after, "nd_db_pool_total")).toBeGreaterThan(0);
      expect(queries(after)).toBeGreaterThan(queries(before));
    } else {
      expect(sample(after, "nd_db_pool_total")).toBe(0);
    }
    expect(after).toContain("nd_db_pool_waiting");
    expect(after).toContain("nd_db_pool_idle");
  });
});
