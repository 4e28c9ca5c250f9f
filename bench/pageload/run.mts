/**
 * Page load on a slow phone: chromium with 150 ms round trip, 1.6 Mbps down and a 4× slower CPU
 * (bench/lib/browser.mts), cold cache. For /, a search results page and a business page: Largest
 * Contentful Paint, First Contentful Paint, and the bytes that travel (all, JavaScript, images).
 *
 *   node --import tsx bench/pageload/run.mts --demo                    a fresh server with the demo data
 *   node --import tsx bench/pageload/run.mts --data-dir /tmp/bench-100k  a generated database
 *   node --import tsx bench/pageload/run.mts --url http://127.0.0.1:3000
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launch, throttledPage } from "../lib/browser.mts";
import { startServer, type BenchServer } from "../lib/server.mts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    demo: { type: "boolean", default: false },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    query: { type: "string", default: "kitchen" },
    runs: { type: "string", default: "3" },
  },
});

const OBSERVE = `(() => {
  window.__lcp = 0; window.__fcp = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__fcp = e.startTime; }).observe({ type: "paint", buffered: true });
})();`;

type Run = { lcp: number; fcp: number; total: number; script: number; image: number; document: number };

async function measure(url: string): Promise<Run> {
  const browser = await launch();
  try {
    const tab = await throttledPage(browser);
    await tab.page.addInitScript({ content: OBSERVE });
    await tab.page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await tab.page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
    await tab.page.waitForTimeout(1000);
    const { lcp, fcp } = await tab.page.evaluate(() => ({ lcp: (window as unknown as { __lcp: number }).__lcp, fcp: (window as unknown as { __fcp: number }).__fcp }));
    const bytes = tab.bytes();
    await tab.close();
    return { lcp, fcp, total: bytes.total, script: bytes.byType.Script ?? 0, image: bytes.byType.Image ?? 0, document: bytes.byType.Document ?? 0 };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  let server: BenchServer | undefined;
  let tempDir: string | undefined;
  let baseUrl = args.url;
  if (!baseUrl) {
    let dataDir = args["data-dir"];
    if (args.demo) {
      tempDir = await mkdtemp(path.join(tmpdir(), "bench-pageload-"));
      dataDir = tempDir;
    }
    if (!dataDir) throw new Error("--url, --demo or --data-dir is required");
    server = await startServer({ dataDir, databaseUrl: args["database-url"], demo: args.demo });
    baseUrl = server.baseUrl;
  }
  try {
    const search = `/businesses?q=${encodeURIComponent(args.query!)}`;
    const html = await (await fetch(`${baseUrl}${search}`)).text();
    const detail = /href="(\/businesses\/[0-9a-f-]{36})"/.exec(html)?.[1];
    if (!detail) throw new Error(`no business on ${search}`);
    const pages = ["/", search, detail];
    // Warm the server (and its image variant cache) like a site in use, then measure cold browsers.
    for (const page of pages) await measure(`${baseUrl}${page}`);
    console.log("| page | LCP (median) | FCP | bytes, all | JavaScript | images | HTML |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < Number(args.runs); i++) runs.push(await measure(`${baseUrl}${page}`));
      const kb = (key: keyof Run) => `${(median(runs.map((r) => r[key])) / 1024).toFixed(1)} KB`;
      const lcps = runs.map((r) => (r.lcp / 1000).toFixed(2)).join(", ");
      console.log(`| ${page === detail ? "/businesses/{id}" : page} | ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s (${lcps}) | ${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s | ${kb("total")} | ${kb("script")} | ${kb("image")} | ${kb("document")} |`);
    }
  } finally {
    await server?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
