// Bundle-size check (a step of `npm test`, after the production build).
// The JavaScript a browser downloads to show /, /businesses and a business page, gzipped (level 9, file
// by file, as it travels), must stay under 110 KB per page. Measured on the real production server:
// every <script type="module" src>, every <link rel="modulepreload" href>, every module an inline module
// script imports, and their static imports, recursively. Lazy import() chunks are not counted.
//
//   node scripts/check-bundle.mjs               starts the built server (like npm start) on a free port
//   node scripts/check-bundle.mjs --url URL     measures a server that is already running
import { gzipSync, constants } from "node:zlib";
import { hasProductionBuild, startProductionServer } from "../tests/support/server-process.mjs";

const BUDGET_BYTES = 110 * 1024;

const args = process.argv.slice(2);
const urlIndex = args.indexOf("--url");
const givenUrl = urlIndex >= 0 ? args[urlIndex + 1] : undefined;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (buffer) => gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }).length;

/** Attributes of every <tag ...> in the HTML, with the inline content for scripts. */
function tags(html, name) {
  const found = [];
  const pattern = name === "script" ? /<script\b([^>]*)>([\s\S]*?)<\/script>/gi : new RegExp(`<${name}\\b([^>]*)>`, "gi");
  for (const match of html.matchAll(pattern)) {
    const attributes = {};
    for (const attr of match[1].matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes[attr[1].toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? "";
    }
    found.push({ attributes, content: match[2] ?? "" });
  }
  return found;
}

/** Static import/export-from specifiers of an ES module (minified or not); import() is left out. */
function staticImports(code) {
  const specifiers = new Set();
  const patterns = [
    /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'\n]+)["']/g,
    /(?:^|[;\s}])export\s*(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s*)?from\s*["']([^"'\n]+)["']/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) specifiers.add(match[1]);
  return [...specifiers];
}

async function fetchText(url) {
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") ?? "" };
}

/** Every JavaScript file the page loads up front, with raw and gzipped sizes. */
async function measurePage(baseUrl, pagePath) {
  const page = await fetchText(new URL(pagePath, baseUrl));
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}, expected 200`);
  const pageUrl = new URL(pagePath, baseUrl);
  const queue = [];
  let inlineBytes = 0;
  for (const { attributes } of tags(page.text, "link")) {
    if ((attributes.rel ?? "").split(/\s+/).includes("modulepreload") && attributes.href) queue.push(new URL(attributes.href, pageUrl));
  }
  for (const { attributes, content } of tags(page.text, "script")) {
    if (attributes.src) queue.push(new URL(attributes.src, pageUrl));
    else if (attributes.type === "module") for (const spec of staticImports(content)) queue.push(new URL(spec, pageUrl));
    if (!attributes.src && content.trim()) inlineBytes += Buffer.byteLength(content);
  }
  const files = new Map();
  while (queue.length > 0) {
    const url = queue.shift();
    if (url.origin !== pageUrl.origin || files.has(url.href)) continue;
    const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
    if (response.status !== 200) throw new Error(`${url.pathname} (loaded by ${pagePath}) answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    files.set(url.href, { path: url.pathname, raw: body.length, gzip: gzipSize(body) });
    for (const spec of staticImports(body.toString("utf8"))) {
      if (spec.startsWith(".") || spec.startsWith("/")) queue.push(new URL(spec, url));
    }
  }
  const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
  return {
    path: pagePath,
    files: list,
    raw: list.reduce((sum, f) => sum + f.raw, 0),
    gzip: list.reduce((sum, f) => sum + f.gzip, 0),
    inlineBytes,
    html: page.text,
  };
}

/** A business page linked from /businesses (canonical /businesses/{id}, also /business/{id}). */
function businessLink(html) {
  for (const match of html.matchAll(/href="(\/businesses?\/([^"/?#]+))"/g)) {
    if (!["create", "edit"].includes(match[2])) return match[1];
  }
  return undefined;
}

async function main() {
  let server;
  let baseUrl = givenUrl;
  if (!baseUrl) {
    if (!hasProductionBuild()) {
      console.error("check-bundle: no production build in build/; run `npm run build` first.");
      return 1;
    }
    server = await startProductionServer();
    baseUrl = server.baseUrl;
  }
  let failed = 0;
  try {
    const results = [];
    for (const pagePath of ["/", "/businesses"]) results.push(await measurePage(baseUrl, pagePath).catch((error) => ({ path: pagePath, error })));
    const listing = results[1];
    const detailPath = listing.html ? businessLink(listing.html) : undefined;
    if (detailPath) results.push(await measurePage(baseUrl, detailPath).catch((error) => ({ path: detailPath, error })));
    else results.push({ path: "business page", error: new Error("no link to a business page (/businesses/{id}) found on /businesses") });

    console.log(`JavaScript downloaded per page, gzipped (budget ${kb(BUDGET_BYTES)} each):`);
    for (const result of results) {
      if (result.error) {
        failed++;
        console.log(`  FAIL  ${result.path}: ${result.error.message}`);
        continue;
      }
      const ok = result.gzip <= BUDGET_BYTES;
      if (!ok) failed++;
      console.log(
        `  ${ok ? "ok  " : "FAIL"}  ${result.path.padEnd(48)} ${kb(result.gzip).padStart(9)} gzip  ${kb(result.raw).padStart(9)} raw  ` +
          `${result.files.length} files  (+${kb(result.inlineBytes)} inline script in the HTML, not counted)`,
      );
      if (!ok || process.env.BUNDLE_VERBOSE) {
        for (const file of result.files) console.log(`          ${kb(file.gzip).padStart(9)}  ${file.path}`);
      }
    }
  } finally {
    if (server) await server.stop();
  }
  console.log(failed === 0 ? "Bundle size: within budget." : `Bundle size: ${failed} page(s) failed.`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main().catch((error) => {
  console.error(error);
  return 1;
});
