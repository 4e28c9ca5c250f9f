/**
 * The spec's search design against ours, side by side, on the same database (10,000 businesses):
 *
 *   spec:  the browser downloads every approved business with its images as JSON (what
 *          `select *, business_images(*) from businesses_profile where approved` returns through a REST
 *          API, gzipped), then filters by text, region and category itself;
 *   ours:  the browser asks GET /businesses?q=… and gets one server-rendered page of 20 results.
 *
 * Both run in chromium on the slow-phone profile (bench/lib/browser.mts), cold cache. "Time to results"
 * is when the first result is in the page (a MutationObserver injected by the test, not by the page).
 *
 *   node --import tsx bench/generate/generate.mts --count 10000 --data-dir /tmp/bench-10k
 *   node --import tsx bench/search/naive.mts --data-dir /tmp/bench-10k
 */
import http from "node:http";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { openDatabase } from "../../app/lib/db.server";
import { launch, throttledPage } from "../lib/browser.mts";
import { startServer } from "../lib/server.mts";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" } } });
if (!args["data-dir"]) throw new Error("--data-dir is required");

const QUERIES = ["q=kitchen", "q=pharm", "q=Mama%20Cass%20Kitchn", "category=hotel&region=Lagos", "q=phone%20repair&region=FCT"];

/** Records when the first result appears; injected by the browser, before any page script. */
const OBSERVE = `(() => {
  const seen = () => document.querySelector("#results article, #results .card, #naive-results[data-done]");
  const mark = () => { if (!window.__resultsAt && seen()) window.__resultsAt = performance.now(); };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-done"] });
  document.addEventListener("DOMContentLoaded", mark);
})();`;

/** The spec's listing page, reduced to its search: fetch everything, filter and sort in the browser. */
const NAIVE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body>
<ul id="naive-results"></ul>
<script>
(async () => {
  const params = new URLSearchParams(location.search);
  const q = (params.get("q") || "").trim().toLowerCase(), region = params.get("region"), category = (params.get("category") || "").toLowerCase();
  const all = await (await fetch("/rest/v1/businesses_profile?select=*,business_images(*)&approved=eq.true")).json();
  const hits = all.filter((b) =>
    (!q || [b.name, b.description, b.address, (b.products || []).join(" "), b.state, b.category].some((f) => (f || "").toLowerCase().includes(q))) &&
    (!region || b.state === region) && (!category || (b.category || "").toLowerCase() === category));
  hits.sort((a, b) => (b.featured - a.featured) || (new Date(b.created_at) - new Date(a.created_at)));
  const list = document.getElementById("naive-results");
  list.innerHTML = hits.slice(0, 20).map((b) => "<li>" + b.name.replace(/</g, "&lt;") + "</li>").join("");
  list.dataset.done = String(hits.length);
})();
</script></body></html>`;

async function measure(url: string) {
  const browser = await launch();
  try {
    const tab = await throttledPage(browser);
    tab.page.on("pageerror", (error) => console.error(`page error on ${url}: ${error.message}`));
    await tab.page.addInitScript({ content: OBSERVE });
    await tab.page.goto(url, { waitUntil: "load", timeout: 180_000 });
    await tab.page.waitForFunction(() => (window as unknown as { __resultsAt?: number }).__resultsAt, null, { timeout: 180_000 }).catch(async (error) => {
      const html = await tab.page.content().catch(() => "");
      throw new Error(`${url}: no results in the page (${html.length} bytes: ${html.slice(0, 300)})`, { cause: error });
    });
    const at = await tab.page.evaluate(() => (window as unknown as { __resultsAt: number }).__resultsAt);
    const found = await tab.page.evaluate(() => {
      const naive = document.querySelector<HTMLElement>("#naive-results");
      if (naive) return Number(naive.dataset.done ?? 0);
      const status = document.querySelector("#results [role=status]")?.textContent ?? "";
      return Number((/[\d,]+/.exec(status)?.[0] ?? "0").replace(/,/g, ""));
    });
    // Wait for the network to settle so the byte count is complete (images below the fold are lazy).
    await tab.page.waitForLoadState("networkidle", { timeout: 180_000 }).catch(() => undefined);
    const bytes = tab.bytes();
    await tab.close();
    return { ms: at, found, bytes: bytes.total, documentAndData: (bytes.byType.Document ?? 0) + (bytes.byType.Fetch ?? 0) + (bytes.byType.XHR ?? 0) };
  } finally {
    await browser.close();
  }
}

async function main() {
  const dataDir = args["data-dir"]!;
  const rows: string[] = [];
  const ours: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  const server = await startServer({ dataDir, databaseUrl: args["database-url"] });
  try {
    for (const query of QUERIES) await fetch(`${server.baseUrl}/businesses?${query}`); // warm
    for (const query of QUERIES) ours[query] = await measure(`${server.baseUrl}/businesses?${query}`);
  } finally {
    await server.stop();
  }

  // The spec's design: everything approved, with images, as one JSON array (REST API style), gzipped.
  const database = args["database-url"]
    ? await openDatabase({ kind: "postgres", url: args["database-url"] })
    : await openDatabase({ kind: "embedded", dataDir, purpose: "naive bench" });
  let payload: Buffer;
  let count: number;
  try {
    const query = `select coalesce(json_agg(row), '[]') as all from (
        select b.id, b.user_id, b.name, b.description, b.address, b.plot_number, b.state, b.country, b.phone_number, b.website_url,
          b.products, b.category, b.approved, b.featured, b.approval_status, b.approved_at, b.rejected_at, b.rejection_reason,
          b.featured_managed_by, b.featured_managed_at, b.view_count, b.social_media_links, b.created_at, b.updated_at,
          coalesce((select json_agg(json_build_object('id', i.id, 'business_id', i.business_id,
            'image_url', 'https://project.supabase.co/storage/v1/object/public/business_images/' || i.image_url,
            'position', i.position, 'created_at', i.created_at) order by i.position) from business_images i where i.business_id = b.id), '[]') as business_images
        from businesses b where b.approved) row`;
    const result = database.pool ? await database.pool.query(query) : await database.pglite!.query<{ all: unknown }>(query);
    const all = (result.rows[0] as { all: unknown[] }).all;
    count = all.length;
    payload = Buffer.from(JSON.stringify(all));
  } finally {
    await database.close();
  }
  const gzipped = gzipSync(payload, { level: 6 });
  const naiveServer = http.createServer((request, response) => {
    if (request.url?.startsWith("/rest/v1/")) {
      response.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": gzipped.length });
      response.end(gzipped);
    } else {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(NAIVE_PAGE);
    }
  });
  await new Promise<void>((resolve) => naiveServer.listen(0, "127.0.0.1", resolve));
  const port = (naiveServer.address() as { port: number }).port;
  const naive: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  try {
    for (const query of QUERIES) naive[query] = await measure(`http://127.0.0.1:${port}/search?${query}`);
  } finally {
    naiveServer.close();
  }

  console.log(`${count} approved businesses; spec payload ${(payload.length / 1024).toFixed(0)} KB JSON, ${(gzipped.length / 1024).toFixed(0)} KB gzipped`);
  console.log("| request | spec: found | spec: bytes | spec: time to results | ours: found | ours: bytes (all) | ours: HTML | ours: time to results | bytes ratio | time ratio |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const query of QUERIES) {
    const s = naive[query];
    const o = ours[query];
    rows.push(
      `| ${decodeURIComponent(query)} | ${s.found} | ${(s.bytes / 1024).toFixed(0)} KB | ${(s.ms / 1000).toFixed(2)} s | ${o.found} | ${(o.bytes / 1024).toFixed(0)} KB | ${(o.documentAndData / 1024).toFixed(1)} KB | ${(o.ms / 1000).toFixed(2)} s | ${(s.bytes / o.bytes).toFixed(1)}× | ${(s.ms / o.ms).toFixed(1)}× |`,
    );
  }
  console.log(rows.join("\n"));
}

await main();
