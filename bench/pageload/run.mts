/**
 * Page load on a phone: chromium under a network profile (bench/lib/browser.mts: `slow-phone`, 150 ms round
 * trip, 1.6 Mbps down; or `regular-3g`, 300 ms round trip, 700 kbps down, 330 kbps up; both with a 4× slower
 * CPU), a phone viewport, cold cache (a new browser for every load). For /, a search results page and a
 * business page with images: Largest Contentful Paint (the last entry before the first input or the page
 * being hidden) and its element, First Contentful Paint, and the bytes that travel (all, HTML, CSS,
 * JavaScript, images).
 *
 *   node --import tsx bench/pageload/run.mts --demo                    a fresh server with the demo data
 *   node --import tsx bench/pageload/run.mts --data-dir /tmp/bench-100k  a generated database
 *   node --import tsx bench/pageload/run.mts --url http://127.0.0.1:3000
 *   … --profile regular-3g --runs 5                                   issue 20's goal: LCP ≤ 2.5 s
 *   … --save-data                                                      sends `Save-Data: on` (the data saver)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launch, PROFILES, throttledPage, type NetworkProfile } from "../lib/browser.mts";
import { startServer, type BenchServer } from "../lib/server.mts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    demo: { type: "boolean", default: false },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    query: { type: "string", default: "kitchen" },
    runs: { type: "string", default: "5" },
    profile: { type: "string", default: "slow-phone" },
    "save-data": { type: "boolean", default: false },
  },
});

const profile: NetworkProfile | undefined = PROFILES[args.profile!];
if (!profile) throw new Error(`--profile: one of ${Object.keys(PROFILES).join(", ")}`);
const headers = args["save-data"] ? { "Save-Data": "on" } : undefined;

// LCP as the web-vitals library reads it: the last entry reported before the first input or the page hidden.
const OBSERVE = `(() => {
  window.__lcp = 0; window.__fcp = 0; window.__lcpElement = "";
  let final = false;
  const stop = () => { final = true; };
  for (const type of ["keydown", "pointerdown"]) addEventListener(type, stop, { once: true, capture: true });
  addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") stop(); });
  const describe = (el) => !el ? "" : el.tagName === "IMG" ? "img " + new URL(el.currentSrc || el.src).pathname.split("/").pop().slice(0, 8) + "… w=" + new URL(el.currentSrc || el.src).searchParams.get("w") : el.tagName.toLowerCase() + " '" + (el.textContent || "").trim().slice(0, 30) + "'";
  new PerformanceObserver((list) => { if (final) return; for (const e of list.getEntries()) { window.__lcp = e.startTime; window.__lcpElement = describe(e.element); } }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__fcp = e.startTime; }).observe({ type: "paint", buffered: true });
})();`;

type Run = { lcp: number; fcp: number; element: string; total: number; document: number; stylesheet: number; script: number; image: number };

async function measure(url: string): Promise<Run> {
  const browser = await launch();
  try {
    const tab = await throttledPage(browser, { profile, headers });
    await tab.page.addInitScript({ content: OBSERVE });
    await tab.page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await tab.page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
    await tab.page.waitForTimeout(1000);
    const { lcp, fcp, element } = await tab.page.evaluate(() => {
      const seen = window as unknown as { __lcp: number; __fcp: number; __lcpElement: string };
      return { lcp: seen.__lcp, fcp: seen.__fcp, element: seen.__lcpElement };
    });
    const bytes = tab.bytes();
    await tab.close();
    const of = (type: string) => bytes.byType[type] ?? 0;
    return { lcp, fcp, element, total: bytes.total, document: of("Document"), stylesheet: of("Stylesheet"), script: of("Script"), image: of("Image") };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The first business of the results whose page shows an uploaded image (the page the issue asks for). */
async function businessWithImages(baseUrl: string, search: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}${search}`)).text();
  const links = [...new Set([...html.matchAll(/href="(\/businesses\/[0-9a-f-]{36})"/g)].map((m) => m[1]))];
  for (const link of links) {
    if (/<img[^>]+src="\/media\//.test(await (await fetch(`${baseUrl}${link}`)).text())) return link;
  }
  if (links[0]) return links[0];
  throw new Error(`no business on ${search}`);
}

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
    const detail = await businessWithImages(baseUrl, search);
    const pages = ["/", search, detail];
    // Warm the server (and its image variant cache) like a site in use, then measure cold browsers.
    for (const page of pages) await measure(`${baseUrl}${page}`);
    console.log(`profile ${args.profile}${headers ? ", Save-Data: on" : ""}, ${args.runs} cold loads per page`);
    console.log("| page | LCP (median) | FCP | LCP element | bytes, all | HTML | CSS | JavaScript | images |");
    console.log("|---|---:|---:|---|---:|---:|---:|---:|---:|");
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < Number(args.runs); i++) runs.push(await measure(`${baseUrl}${page}`));
      const kb = (key: "total" | "document" | "stylesheet" | "script" | "image") => `${(median(runs.map((r) => r[key])) / 1024).toFixed(1)} KB`;
      const lcps = runs.map((r) => (r.lcp / 1000).toFixed(2)).join(", ");
      const element = runs.find((r) => r.lcp === median(runs.map((x) => x.lcp)))?.element ?? "";
      console.log(`| ${page === detail ? "/businesses/{id}" : page} | ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s (${lcps}) | ${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s | ${element.replaceAll("|", "/")} | ${kb("total")} | ${kb("document")} | ${kb("stylesheet")} | ${kb("script")} | ${kb("image")} |`);
    }
  } finally {
    await server?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
