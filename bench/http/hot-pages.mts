/**
 * Hot pages (issue 19): `/`, a results page and a business page asked for over and over by anonymous visitors
 * (a phone's user agent, so every request is a counted page view), served by the production server, side by
 * side with plain node:http answering the same gzipped bytes with the same headers on the same machine.
 * autocannon drives both, closed loop, `--connections` at a time, for `--seconds` each after a warm-up; the
 * report gives requests per second, latency p50/p99, and the ratio ours / raw.
 *
 *   npm run build && node --import tsx bench/http/hot-pages.mts --data-dir /tmp/bench-100k [--seconds 10] [--connections 20]
 *   node --import tsx bench/http/hot-pages.mts --data-dir /tmp/bench-100k --page-cache false   # every page rendered
 *   node --import tsx bench/http/hot-pages.mts --url http://127.0.0.1:3000
 *
 * The server and the raw server are child processes; autocannon runs in this one, on the same two cores.
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startServer } from "../lib/server.mts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    "page-cache": { type: "string", default: "true" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    query: { type: "string", default: "hotel" },
    json: { type: "string" },
  },
});

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const HEADERS = { "user-agent": PHONE, "accept-encoding": "gzip", "sec-fetch-dest": "document", accept: "text/html" };
const seconds = Number(args.seconds);
const connections = Number(args.connections);

type Result = { path: string; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number; bytes: number };

async function hammer(baseUrl: string, pagePath: string, duration: number): Promise<Result> {
  const result = await autocannon({ url: `${baseUrl}${pagePath}`, connections, duration, headers: HEADERS });
  return {
    path: pagePath,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

/** A GET whose body stays as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

async function main() {
  let server: { baseUrl: string; stop(): Promise<void> };
  if (args.url) server = { baseUrl: args.url, stop: async () => {} };
  else {
    if (!args["data-dir"]) throw new Error("--url or --data-dir is required");
    server = await startServer({ dataDir: args["data-dir"], databaseUrl: args["database-url"], env: { PAGE_CACHE: args["page-cache"]! } });
  }
  const work = await mkdtemp(path.join(os.tmpdir(), "hot-pages-"));
  let raw: ReturnType<typeof spawn> | undefined;
  try {
    // The pages: the home page, a results page, and the first business it lists.
    const results = await (await fetch(`${server.baseUrl}/businesses?q=${encodeURIComponent(args.query!)}`, { headers: { "user-agent": "bench (bot)" } })).text();
    const id = /\/businesses\/([0-9a-f-]{36})/.exec(results)?.[1];
    if (!id) throw new Error(`no business found for '${args.query}'`);
    const paths = ["/", `/businesses?q=${encodeURIComponent(args.query!)}`, `/businesses/${id}`];

    // What the raw server answers: the very bytes and headers our server sends for each page (gzipped).
    const pages = [];
    for (const pagePath of paths) {
      const response = await rawGet(`${server.baseUrl}${pagePath}`, { ...HEADERS, "user-agent": "bench (bot)" });
      const body = response.body;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (typeof value === "string" && !["date", "connection", "keep-alive", "transfer-encoding", "x-request-id"].includes(name)) headers[name] = value;
      }
      headers["content-length"] = String(body.byteLength);
      pages.push({ path: pagePath, body: body.toString("base64"), headers });
    }
    const pagesFile = path.join(work, "pages.json");
    await writeFile(pagesFile, JSON.stringify(pages));
    raw = spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), "raw-server.mjs"), pagesFile], { stdio: ["ignore", "pipe", "inherit"] });
    const [line] = (await once(raw.stdout!, "data")) as [Buffer];
    const rawUrl = `http://127.0.0.1:${line.toString().trim()}`;

    const rows: { path: string; ours: Result; raw: Result }[] = [];
    for (const pagePath of paths) {
      await hammer(server.baseUrl, pagePath, 2); // warm-up: the copy is made, the JIT is warm
      const ours = await hammer(server.baseUrl, pagePath, seconds);
      // What our server defers (the batched view and impression writes, every 1–2 s) finishes before raw runs,
      // so it does not slow the yardstick instead of us.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await hammer(rawUrl, pagePath, 2);
      const rawResult = await hammer(rawUrl, pagePath, seconds);
      rows.push({ path: pagePath, ours, raw: rawResult });
    }
    const load = os.loadavg()[0]!.toFixed(2);
    console.log(`\nHot pages, ${connections} connections, ${seconds} s each, page cache ${args["page-cache"]}, load ${load}`);
    console.log("| page | ours req/s | ours p50 / p99 ms | raw node:http req/s | raw p50 / p99 ms | ratio | bytes per response | errors |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const { path: p, ours, raw: r } of rows) {
      const shown = p.startsWith("/businesses/") ? "/businesses/{id}" : p;
      console.log(
        `| ${shown} | ${Math.round(ours.reqPerSec)} | ${ours.p50} / ${ours.p99} | ${Math.round(r.reqPerSec)} | ${r.p50} / ${r.p99} | ${(ours.reqPerSec / r.reqPerSec).toFixed(2)} | ${Math.round(ours.bytes)} | ${ours.errors + ours.non2xx} |`,
      );
    }
    if (args.json) await writeFile(args.json, JSON.stringify({ connections, seconds, pageCache: args["page-cache"], load, rows }, null, 2));
  } finally {
    raw?.kill();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
