/**
 * Business page benchmark (issue 18): what counting a view costs. Sends a person's page views (a phone's user
 * agent, so each is counted: the view counter, the analytics event, the reply-time read) to business pages of
 * the production server at a fixed arrival rate (open loop), and reports p50/p95/p99/max from the scheduled
 * start. Run it on the code before and after a change, on the same data, to see the cost added.
 *
 *   npm run build && node --import tsx bench/analytics/business-page.mts --data-dir /tmp/bench-100k [--rate 10] [--count 400]
 *   node --import tsx bench/analytics/business-page.mts --url http://127.0.0.1:3000
 *
 * The pages are found through /businesses (with a crawler's user agent, so finding them counts nothing);
 * each page is requested twice, the first round as warm-up.
 *
 * Since issue 38 a view counts once per visitor and 30 minutes (app/features/analytics/counting.ts). `--visitors new`
 * (the default) makes every request a new visitor (its own user agent), so every view is counted: the cost of a
 * counted view, comparable with the figures from before; `--visitors same` sends every request as one person (after
 * the change: the same page again, recognised and not counted).
 */
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { benchTarget, percentile } from "../lib/server.mts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    rate: { type: "string", default: "10" },
    count: { type: "string", default: "400" },
    label: { type: "string", default: "" },
    visitors: { type: "string", default: "new" },
  },
});

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const CRAWLER = "naija-directory-bench/1 (bot)";
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string, userAgent: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { "User-Agent": userAgent } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
  });
}

async function businessIds(baseUrl: string, wanted: number): Promise<string[]> {
  const ids = new Set<string>();
  const categories = ["", "category=Restaurant", "category=Bakery", "category=Pharmacy", "region=Lagos", "region=Kano", "region=Rivers", "q=hotel", "q=salon"];
  for (let page = 1; ids.size < wanted && page <= 20; page++) {
    for (const filter of categories) {
      const { body } = await get(`${baseUrl}/businesses?${filter}&page=${page}`, CRAWLER);
      for (const match of body.matchAll(/href="\/businesses\/([0-9a-f-]{36})"/g)) ids.add(match[1]!);
      if (ids.size >= wanted) break;
    }
  }
  return [...ids].slice(0, wanted);
}

async function run(baseUrl: string, ids: string[], rate: number, round: number): Promise<{ ms: number; status: number }[]> {
  const interval = 1000 / rate;
  const start = performance.now() + 50;
  return Promise.all(
    ids.map(async (id, i) => {
      const scheduled = start + i * interval;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const { status } = await get(`${baseUrl}/businesses/${id}`, args.visitors === "same" ? PHONE : `${PHONE} bench/${round}.${i}`);
      return { ms: performance.now() - scheduled, status };
    }),
  );
}

async function main() {
  const server = await benchTarget(args);
  const baseUrl = server.baseUrl;
  try {
    const rate = Number(args.rate);
    const ids = await businessIds(baseUrl, Number(args.count));
    await run(baseUrl, ids, rate, 1);
    const samples = await run(baseUrl, [...ids].reverse(), rate, 2);
    const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
    const load = os.loadavg().map((n) => n.toFixed(1)).join(" ");
    console.log(`${args.label || baseUrl}: ${samples.length} business pages at ${rate}/s, visitors ${args.visitors}, ${samples.filter((s) => s.status !== 200).length} errors (load average ${load})`);
    console.log(`  latency ms  p50 ${percentile(ms, 50).toFixed(1)}  p95 ${percentile(ms, 95).toFixed(1)}  p99 ${percentile(ms, 99).toFixed(1)}  max ${ms[ms.length - 1]!.toFixed(1)}`);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

await main();
