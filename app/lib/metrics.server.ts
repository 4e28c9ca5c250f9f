/**
 * Prometheus metrics (GET /metrics, server/metrics.ts). One registry per process, shared by the source and the
 * bundled copy of this module (decision 0001), holding prom-client's default metrics (CPU, memory, GC,
 * event-loop lag) and ours, all named nd_*. Label values come from small fixed sets (route patterns, methods,
 * status codes, job names): never a raw path or an id, so the number of series stays bounded.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type pg from "pg";
import { peekSingleton, singleton } from "./singleton.server";

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const pool = () => peekSingleton<{ pool?: pg.Pool }>("database")?.pool;
  return {
    registry,
    httpDuration: new Histogram({
      name: "nd_http_request_duration_seconds",
      help: "Time to answer an HTTP request (until the response starts), by route pattern, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    httpResponses: new Counter({
      name: "nd_http_responses_total",
      help: "HTTP responses by status code.",
      labelNames: ["status"] as const,
      registers: [registry],
    }),
    sseOpenStreams: new Gauge({
      name: "nd_sse_open_streams",
      help: "Live event streams (GET /events) open on this process.",
      registers: [registry],
    }),
    realtimeDelivered: new Counter({
      name: "nd_realtime_events_delivered_total",
      help: "Live events handed to open streams on this process (one per stream an event goes to).",
      registers: [registry],
    }),
    dbPoolTotal: new Gauge({
      name: "nd_db_pool_total",
      help: "Connections the PostgreSQL pool holds (0 on the embedded database).",
      registers: [registry],
      collect() {
        this.set(pool()?.totalCount ?? 0);
      },
    }),
    dbPoolIdle: new Gauge({
      name: "nd_db_pool_idle",
      help: "Idle connections in the PostgreSQL pool.",
      registers: [registry],
      collect() {
        this.set(pool()?.idleCount ?? 0);
      },
    }),
    dbPoolWaiting: new Gauge({
      name: "nd_db_pool_waiting",
      help: "Queries waiting for a connection from the PostgreSQL pool.",
      registers: [registry],
      collect() {
        this.set(pool()?.waitingCount ?? 0);
      },
    }),
    dbQueryDuration: new Histogram({
      name: "nd_db_query_duration_seconds",
      help: "Time of each database query, by outcome.",
      labelNames: ["outcome"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: "nd_job_runs_total",
      help: "Scheduled job runs this process made, by job and outcome (ok, failed).",
      labelNames: ["job", "outcome"] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: "nd_job_duration_seconds",
      help: "Time a scheduled job run took, by job.",
      labelNames: ["job"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
      registers: [registry],
    }),
    pageCacheAnswers: new Gauge({
      name: "nd_page_cache_answers",
      help: "Public pages asked for by anonymous visitors since start: served from the page cache (hit) or rendered (miss) (ADR 28).",
      labelNames: ["outcome"] as const,
      registers: [registry],
      collect() {
        const stats = peekSingleton<() => { hits: number; misses: number }>("page-cache-stats")?.();
        this.set({ outcome: "hit" }, stats?.hits ?? 0);
        this.set({ outcome: "miss" }, stats?.misses ?? 0);
      },
    }),
    pageCacheBytes: new Gauge({
      name: "nd_page_cache_bytes",
      help: "Bytes of page copies the page cache holds (all encodings).",
      registers: [registry],
      collect() {
        this.set(peekSingleton<() => { bytes: number }>("page-cache-stats")?.().bytes ?? 0);
      },
    }),
    jobs: new Gauge({
      name: "nd_jobs",
      help: "Jobs on the queue (ADR 34) by queue and state: waiting (created), to be tried again (retry), running (active), failed for good (failed).",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const count = peekSingleton<() => Promise<{ queue: string; state: string; count: number }[]>>("job-counts");
        if (!count) return;
        try {
          for (const row of await count()) this.set({ queue: row.queue, state: row.state }, row.count);
        } catch {
          // The database does not answer: no figure this time (nd_db_* and /readyz say why).
        }
      },
    }),
    textsBilled: new Counter({
      name: "nd_texts_billed_total",
      help: "What the texts handed to the providers cost, in their billing units, since start (issue 33): SMS pages (160 GSM-7 characters, 153 each when split; 70/67 otherwise), voice calls, WhatsApp messages by category (utility: a template, billed; service: inside the person's 24-hour window, free).",
      labelNames: ["channel", "unit"] as const,
      registers: [registry],
    }),
    imageProcessing: new Histogram({
      name: "nd_image_processing_seconds",
      help: "Time to check and re-encode an uploaded image (sharp), by outcome.",
      labelNames: ["outcome"] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The process's metrics. */
export function getMetrics(): Metrics {
  return singleton("metrics", createMetrics);
}
