// Bundle-size check (a step of `npm test`, after the production build).
// Reader pages (ADR 29): what an anonymous visitor downloads to read /, /businesses (with and without text and
// filters), a business page and the landing pages (and some of them in each other language, issue 36), gzipped (level 9, file by file, as it travels): at most 40 KB of
// JavaScript (every <script type="module" src>, every <link rel="modulepreload" href>, every module an inline
// module script imports, their static imports, recursively, inline scripts — JSON-LD is data, not counted — and
// the service worker every page registers) and at most 20 KB of HTML. The full app (signed-in screens, the
// sign-in page) has its own budget. Lazy import() chunks are not counted.
//
//   node scripts/check-bundle.mjs               starts the built server (like npm start) on a free port
//   node scripts/check-bundle.mjs --url URL     measures a server that is already running
import { gzipSync, constants } from "node:zlib";
import { hasProductionBuild, startProductionServer } from "../tests/support/server-process.mjs";

const READER_JS_BYTES = 40 * 1024;
const READER_HTML_BYTES = 20 * 1024;
// The app (signed-in screens) is not what readers download; its budget keeps it from growing unnoticed. It was
// 110 KB on every page before ADR 29; /login also loads the form schemas (zod, about 25 KB) and, since issue 20, the
// data-saver and saved-business components: 139.9 KB. Issue 36 adds i18next (15.5 KB, ADR 40): 165 KB.
const APP_JS_BYTES = 165 * 1024;

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
    const isData = /json/i.test(attributes.type ?? "");
    if (!attributes.src && !isData && content.trim()) inlineBytes += gzipSize(Buffer.from(content));
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
    gzip: list.reduce((sum, f) => sum + f.gzip, 0) + inlineBytes,
    inlineBytes,
    html: page.text,
    htmlGzip: gzipSize(Buffer.from(page.text)),
  };
}

/** A business page linked from /businesses (canonical /businesses/{id}, also /business/{id}). */
function businessLink(html) {
  for (const match of html.matchAll(/href="(\/businesses?\/([^"/?#]+))"/g)) {
    if (!["create", "edit"].includes(match[2])) return match[1];
  }
  return undefined;
}

/** The first link in the HTML whose address matches the pattern (as written: &amp; decoded). */
function linkLike(html, pattern) {
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1].replaceAll("&amp;", "&");
    if (pattern.test(href)) return href;
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
  const measure = (path, label = path) => measurePage(baseUrl, path).then((result) => ({ ...result, label }), (error) => ({ path, label, error }));
  try {
    const readers = [await measure("/"), await measure("/businesses")];
    const listing = readers[1].html ?? "";
    const pages = [
      [businessLink(listing), "no link to a business page (/businesses/{id}) found on /businesses"],
      [linkLike(listing, /^\/businesses\?(?=.*region=)(?=.*category=)|^\/businesses\?(?=.*category=)/), "no filter link on /businesses"],
      ["/businesses?q=restaurant"],
    ];
    for (const [path, missing] of pages) readers.push(path ? await measure(path) : { path: "?", label: "?", error: new Error(missing) });
    const index = await measure("/categories");
    readers.push(index);
    const landing = linkLike(index.html ?? "", /^\/(categories|states)\/[^?#]+$/);
    readers.push(landing ? await measure(landing) : { path: "?", label: "a landing page", error: new Error("no landing page link on /categories") });
    // The same pages in the other languages (issue 36): longer words, the same budgets; the home, results and
    // business pages in Hausa and Pidgin, the landing page in Yoruba and Igbo.
    const business = businessLink(listing);
    for (const prefix of ["/ha", "/pcm"]) {
      for (const path of ["/", "/businesses?q=restaurant", ...(business ? [business] : [])]) readers.push(await measure(path === "/" ? prefix : `${prefix}${path}`));
    }
    for (const prefix of ["/yo", "/ig"]) if (landing) readers.push(await measure(`${prefix}${landing}`));
    const app = [await measure("/login", "/login (the full app)"), await measure("/ha/login", "/ha/login (the full app, in Hausa)")];
    // The service worker (ADR 30), registered by every page after load: a reader downloads it too, so it counts.
    const worker = await fetch(new URL("/sw.js", baseUrl), { headers: { "Accept-Encoding": "identity" } });
    if (worker.ok) {
      const body = Buffer.from(await worker.arrayBuffer());
      const file = { path: "/sw.js", raw: body.length, gzip: gzipSize(body) };
      for (const result of readers.filter((page) => !page.error)) {
        result.files.push(file);
        result.raw += file.raw;
        result.gzip += file.gzip;
      }
    }

    const report = (results, jsBudget, htmlBudget) => {
      for (const result of results) {
        if (result.error) {
          failed++;
          console.log(`  FAIL  ${result.label}: ${result.error.message}`);
          continue;
        }
        const ok = result.gzip <= jsBudget && (!htmlBudget || result.htmlGzip <= htmlBudget);
        if (!ok) failed++;
        console.log(
          `  ${ok ? "ok  " : "FAIL"}  ${result.label.slice(0, 60).padEnd(60)} JS ${kb(result.gzip).padStart(8)} gzip (${kb(result.raw)} raw, ` +
            `${result.files.length} files, ${kb(result.inlineBytes)} inline)  HTML ${kb(result.htmlGzip).padStart(8)} gzip`,
        );
        if (!ok || process.env.BUNDLE_VERBOSE) {
          for (const file of result.files) console.log(`          ${kb(file.gzip).padStart(9)}  ${file.path}`);
        }
      }
    };
    console.log(`Reader pages, anonymous visitor (budget ${kb(READER_JS_BYTES)} of JavaScript and ${kb(READER_HTML_BYTES)} of HTML each, gzipped):`);
    report(readers, READER_JS_BYTES, READER_HTML_BYTES);
    console.log(`The full app (budget ${kb(APP_JS_BYTES)} of JavaScript, gzipped):`);
    report(app, APP_JS_BYTES, 0);
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
