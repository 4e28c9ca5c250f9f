/**
 * Search benchmark: 300+ varied listing-page requests (bench/search/queries.mts) against GET /businesses
 * of the production server, sent at a fixed arrival rate (open loop: a request starts on schedule
 * whether or not earlier ones have finished, so a slow server shows as latency, not as a slower test).
 * Reports p50/p95/p99/max latency from the scheduled start, and the gzipped response sizes.
 *
 *   node --import tsx bench/search/run.mts --data-dir /tmp/bench-100k [--rate 10]
 *   node --import tsx bench/search/run.mts --data-dir /tmp/bench-pg --database-url postgres://…/bench
 *   node --import tsx bench/search/run.mts --url http://127.0.0.1:3000      (a server already running)
 *   … --mix rating     sort=rating and 'Rated 4+' (rating=4) instead of the default mix
 *
 * The server is warmed up with other requests first (bench/search/queries.mts warmUpQueries).
 * Loopback only; results also go to bench/results/search-<time>.json (not committed).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PROJECT_ROOT } from "../../tests/support/server-process.mjs";
import { benchTarget, percentile, processCpuMs } from "../lib/server.mts";
import { benchQueries, ratingQueries, warmUpQueries } from "./queries.mts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    rate: { type: "string", default: "10" },
    label: { type: "string", default: "" },
    /** Which requests: the default mix, or 'rating' (sort=rating and rating=4, alone and with text and filters). */
    mix: { type: "string", default: "default" },
  },
});

type Sample = { query: string; status: number; ms: number; serviceMs: number; gzipBytes: number; rawBytes: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** GET with gzip, counting the bytes as they travel (compressed) and after decompression. */
function get(baseUrl: string, pathWithQuery: string): Promise<{ status: number; gzipBytes: number; rawBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${pathWithQuery}`, { agent, headers: { "Accept-Encoding": "gzip", "User-Agent": "naija-directory-bench/1 (bot)" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", async () => {
        const body = Buffer.concat(chunks);
        const { gunzipSync } = await import("node:zlib");
        const raw = response.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;
        resolve({ status: response.statusCode ?? 0, gzipBytes: body.length, rawBytes: raw.length });
      });
      response.on("error", reject);
    });
    // A kept-alive socket the server closed just as it was reused: sent again on a new one (Node's documented
    // retry for reusedSocket), so a loaded machine's race does not end the run.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === "ECONNRESET") get(baseUrl, pathWithQuery).then(resolve, reject);
      else reject(error);
    });
    request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
  });
}

async function run(baseUrl: string, queries: string[], ratePerSecond: number): Promise<Sample[]> {
  const interval = 1000 / ratePerSecond;
  const start = performance.now() + 50;
  return Promise.all(
    queries.map(async (query, i) => {
      const scheduled = start + i * interval;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      const response = await get(baseUrl, `/businesses${query ? `?${query}` : ""}`);
      const done = performance.now();
      return { query, status: response.status, ms: done - scheduled, serviceMs: done - sent, gzipBytes: response.gzipBytes, rawBytes: response.rawBytes };
    }),
  );
}

function summary(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const gz = samples.map((s) => s.gzipBytes).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((s) => s.status !== 200).length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms[ms.length - 1],
    over50: samples.filter((s) => s.ms > 50).length,
    over200: samples.filter((s) => s.ms > 200).length,
    gzipP50: percentile(gz, 50),
    gzipMax: gz[gz.length - 1],
  };
}

async function main() {
  const server = await benchTarget(args);
  const baseUrl = server.baseUrl;
  try {
    const rate = Number(args.rate);
    const queries = args.mix === "rating" ? ratingQueries() : benchQueries();
    await run(baseUrl, warmUpQueries(), rate);
    // The server's CPU time over the measured requests (a server the bench started: its own process).
    const cpuBefore = processCpuMs(server.pid);
    const samples = await run(baseUrl, queries, rate);
    const cpuAfter = processCpuMs(server.pid);
    const result = summary(samples);
    const load = os.loadavg().map((n) => n.toFixed(1)).join(" ");
    const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 8);
    console.log(`${args.label || baseUrl}: ${result.requests} requests at ${rate}/s, ${result.errors} errors (load average ${load}, ${os.cpus().length} CPUs)`);
    console.log(
      `  latency ms  p50 ${result.p50.toFixed(1)}  p95 ${result.p95.toFixed(1)}  p99 ${result.p99.toFixed(1)}  max ${result.max.toFixed(1)}` +
        `  (>50 ms: ${result.over50}, >200 ms: ${result.over200})`,
    );
    if (cpuBefore !== null && cpuAfter !== null) console.log(`  server CPU  ${((cpuAfter - cpuBefore) / samples.length).toFixed(1)} ms per request (user + system, the server process)`);
    console.log(`  response gzip  p50 ${(result.gzipP50 / 1024).toFixed(1)} KB  max ${(result.gzipMax / 1024).toFixed(1)} KB`);
    console.log(`  slowest: ${slowest.map((s) => `${decodeURIComponent(s.query) || "(none)"} ${s.ms.toFixed(0)} ms`).join(", ")}`);
    // The local-discovery requests apart (issue 17): near-me, 'Open now', and all the others.
    const kinds: [string, (s: Sample) => boolean][] = [
      ["near me", (s) => s.query.includes("near=")],
      ["open now", (s) => !s.query.includes("near=") && s.query.includes("open=now")],
      ["the rest", (s) => !s.query.includes("near=") && !s.query.includes("open=now")],
    ];
    for (const [kind, keep] of kinds) {
      const part = samples.filter(keep);
      if (part.length === 0 || part.length === samples.length) continue;
      const k = summary(part);
      console.log(`  ${kind.padEnd(9)} ${String(k.requests).padStart(4)} requests  p50 ${k.p50.toFixed(1)}  p95 ${k.p95.toFixed(1)}  p99 ${k.p99.toFixed(1)}  max ${k.max.toFixed(1)}`);
    }
    const dir = path.join(PROJECT_ROOT, "bench", "results");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `search-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(file, JSON.stringify({ label: args.label, rate, load, result, serverCpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null, samples }, null, 2));
    console.log(`  samples: ${path.relative(PROJECT_ROOT, file)}`);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

await main();
