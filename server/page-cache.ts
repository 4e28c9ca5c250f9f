/**
 * Whole pages for anonymous visitors, kept in memory and served again (issue 19, ADR 28).
 *
 * What is cached: a GET of a public directory page (/, /businesses, a business page, the landing pages) by a
 * visitor without a session (no cookie but the sidebar's and the data saver's), answered 200 with HTML and no
 * Set-Cookie, kept apart by those cookies' states and by whether data saver is on (ADR 32), asked for
 * a second time within a while (a query asked once is never stored). Each copy is kept compressed (gzip, and
 * Brotli once made in the background) with a strong ETag, for at most `ttlMs`, and the whole cache is emptied
 * whenever anything public changes, on any process (app/lib/public-changes.server.ts; while that is not heard,
 * nothing is cached).
 *
 * What stays exact: each copy keeps what its page counts (a business page's view, a results page's
 * impressions: request-context's PageCounts), and serving it counts them again under the counting rules for that
 * request (people only, once per visitor and window: app/features/analytics/counting.ts), through the same batched
 * writes. Signed-in visitors never see a copy, and never get one
 * stored. A copy carries no nonce: its CSP allows its inline scripts by their hashes (hashedPolicy, ADR 28).
 */
import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { isPrefetch } from "../app/features/analytics/counting";
import { countedVisit } from "../app/features/analytics/counting-visit.server";
import { issueViewToken, viewTokenTiming } from "../app/features/analytics/prefetch-token.server";
import { SIDEBAR_COOKIE } from "../app/lib/sidebar-state";
import { DATA_SAVER_COOKIE, isDataSaverOn } from "../app/lib/data-saver";
import { logger } from "../app/lib/logger.server";
import { isListening, onPublicChange } from "../app/lib/public-changes.server";
import { isDegradedRequest, isSignedInRequest, notePageCounts, pageCountsOfRequest, type PageCounts } from "../app/lib/request-context.server";
import { countPage } from "./view-reports";

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const brotli = promisify(zlib.brotliCompress);

/** What anonymous public pages tell browsers and shared caches (never sent for a signed-in visitor). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
/**
 * Copies differ by compression, by the cookies that may change a page (a session: never cached) and by the
 * browser's Save-Data (data saver, ADR 32).
 */
const VARY = "Accept-Encoding, Cookie, Save-Data";

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
/**
 * The public directory pages (app/routes.ts), in every language (under its prefix, issue 36); /business/create and
 * /business/edit/… are not among them.
 */
export const READER_PAGE_PATH = new RegExp(`^(?:/(?:pcm|ha|yo|ig)(?=/|$))?/?(?:|businesses|businesses/${UUID}|business/${UUID}|categories|categories/[^/]+|states/[^/]+|states/[^/]+/[^/]+)$`);

type Encoding = "br" | "gzip" | "identity";
type Variant = { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> };
type Entry = {
  etag: string;
  counts: PageCounts | undefined;
  /** Headers every variant carries (the page's own and the security headers). */
  base: Record<string, string>;
  variants: Partial<Record<Encoding, Variant>>;
};

/** Headers a copy must not repeat: made per response, or set here per variant. */
const PER_RESPONSE = new Set([
  "content-length", "content-encoding", "transfer-encoding", "connection", "date", "etag", "vary", "cache-control", "x-request-id", "set-cookie",
]);

export type PageCacheOptions = {
  /** Bytes of copies kept at most (all encodings). */
  maxBytes?: number;
  /** How long a copy is served at most (time alone changes 'Open now' and featured placements). */
  ttlMs?: number;
};

export type PageCacheStats = { hits: number; misses: number; stored: number; entries: number; bytes: number };

export type PageCache = {
  middleware: MiddlewareHandler;
  /** Forgets every copy (a public change). */
  clear(): void;
  stats(): PageCacheStats;
  /** Stops following public changes (tests). */
  close(): void;
};

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? 60_000;
  const entries = new CopyStore(options.maxBytes ?? 64 * 1024 * 1024, ttlMs);
  /** Keys asked for once lately (oldest forgotten first): the second ask stores the page (a query asked once costs nothing extra). */
  const seen = new Set<string>();
  /** Bumped by every change: a page rendered before a change is not stored after it. */
  let generation = 0;
  const counters = { hits: 0, misses: 0, stored: 0 };

  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const unsubscribe = onPublicChange(clear);

  const middleware: MiddlewareHandler = async (c, next) => {
    const request = c.req.raw;
    // A HEAD is a reader page reporting a view it was shown from our prefetch (ADR 29): answered from a copy when
    // there is one, never stored; server/view-reports.ts counts it (with its token) from the counts noted here.
    const isHead = request.method === "HEAD";
    if ((request.method !== "GET" && !isHead) || !READER_PAGE_PATH.test(c.req.path)) return next();
    const cookieKey = anonymousCookieKey(request.headers.get("cookie"));
    if (cookieKey === null) return next();
    const listening = isListening();
    const url = request.url;
    const query = url.indexOf("?");
    // Data saver's state, not how it was reached (header or switch): everyone in the same state shares a copy.
    const dataSaverKey = isDataSaverOn(request.headers) ? "|data-saver" : "";
    const key = `${c.req.path}${query >= 0 ? url.slice(query) : ""}${cookieKey}${dataSaverKey}`;
    // Real addresses are short: a long made-up one is rendered, never remembered (memory is not for sale).
    if (key.length > MAX_KEY_LENGTH) return next();
    const entry = listening ? entries.get(key) : undefined;
    if (entry) {
      counters.hits += 1;
      if (isHead) {
        if (entry.counts) notePageCounts(entry.counts);
      } else countPage(entry.counts, countedVisit(request, c.get("clientAddress"), null));
      c.set("servedCopy", true);
      // A prefetch served a copy gets its view token here, with the copy (server/view-reports.ts does it for the rest).
      const answer = serve(c, entry, !isHead && isPrefetch(request) ? { "server-timing": viewTokenTiming(issueViewToken(request.url)) } : {});
      return isHead ? new Response(null, { status: answer.status, headers: answer.headers }) : answer;
    }
    if (isHead) return next();
    counters.misses += 1;
    const startedAt = generation;
    await next();
    const response = c.res;
    if (response.status !== 200 || isSignedInRequest() || isDegradedRequest() || response.headers.has("set-cookie")) return;
    if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
    if (response.headers.get("cache-control")) return; // the page chose its own (no-store for a signed-in visitor)
    response.headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    response.headers.set("Vary", VARY);
    if (!listening || !seen.delete(key)) {
      seen.add(key);
      if (seen.size > MAX_SEEN_KEYS) seen.delete(seen.values().next().value!);
      return;
    }
    // Asked for again: keep it. The visitor gets the very bytes, with the copy's ETag.
    const sent = new Uint8Array(await response.arrayBuffer());
    const encoding = response.headers.get("content-encoding");
    c.res = new Response(sent, { status: 200, headers: response.headers });
    try {
      const html = encoding === "gzip" ? await gunzip(sent) : encoding ? null : Buffer.from(sent);
      if (!html) return;
      const made = await makeEntry(html, encoding === "gzip" ? sent : await gzip(html), response.headers, pageCountsOfRequest());
      c.res.headers.set("ETag", `"${made.etag}${encoding === "gzip" ? "-gz" : ""}"`);
      if (generation !== startedAt) return; // something changed while it was rendered
      entries.set(key, made);
      counters.stored += 1;
      // Brotli is smaller but slower to make: made off the request, served once ready.
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.byteLength } })
        .then((br) => {
          if (entries.get(key) === made) {
            made.variants.br = variant(made, br, "br");
            entries.resized(key, made);
          }
        })
        .catch((error: unknown) => logger.warn({ err: error }, "could not make a page's Brotli copy"));
    } catch (error) {
      logger.warn({ err: error }, "could not keep a copy of a public page");
    }
  };

  return {
    middleware,
    clear,
    stats: () => ({ ...counters, entries: entries.size, bytes: entries.bytes }),
    close: () => {
      unsubscribe();
      clear();
    },
  };
}

/**
 * '' for a visitor with no cookie, a suffix for a visitor with the sidebar's, null otherwise (a session, or a
 * cookie we do not know: such requests are neither served a copy nor stored). The data saver's cookie is
 * allowed too; what it changes is keyed by the state it makes (isDataSaverOn), with the Save-Data header.
 */
function anonymousCookieKey(cookie: string | null): string | null {
  if (!cookie) return "";
  let key = "";
  for (const part of cookie.split(";")) {
    const pair = part.trim();
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = (eq >= 0 ? pair.slice(0, eq) : pair).trim();
    const value = eq >= 0 ? pair.slice(eq + 1).trim() : "";
    if (name === DATA_SAVER_COOKIE && (value === "on" || value === "off")) continue;
    if (name !== SIDEBAR_COOKIE || (value !== "true" && value !== "false")) return null;
    key = `|sidebar=${value}`;
  }
  return key;
}

async function makeEntry(html: Buffer, gzipped: Uint8Array, headers: Headers, counts: PageCounts | undefined): Promise<Entry> {
  // The ETag is the page's content without its CSP nonce: the same page rendered again keeps its ETag.
  const nonce = /<script[^>]* nonce="([^"]+)"/.exec(html.toString("latin1"))?.[1];
  const text = html.toString("utf8");
  const etag = createHash("sha256").update(nonce ? text.replaceAll(nonce, "") : text).digest("base64url").slice(0, 27);
  const base: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) base[name] = value;
  });
  const csp = base["content-security-policy"];
  if (csp) base["content-security-policy"] = hashedPolicy(csp, text);
  base["cache-control"] = PUBLIC_PAGE_CACHE_CONTROL;
  base.vary = VARY;
  const entry: Entry = { etag, counts, base, variants: {} };
  entry.variants.identity = variant(entry, html, "identity");
  entry.variants.gzip = variant(entry, gzipped, "gzip");
  return entry;
}

const MAX_SEEN_KEYS = 50_000;
/** Longest address (path, query and cookie key) kept or remembered. */
const MAX_KEY_LENGTH = 1024;

/** Copies by key, the least recently used forgotten first once over `maxBytes`; each served for `ttlMs` at most. */
class CopyStore {
  private readonly map = new Map<string, { entry: Entry; size: number; until: number }>();
  bytes = 0;
  constructor(private readonly maxBytes: number, private readonly ttlMs: number) {}
  get size(): number {
    return this.map.size;
  }
  get(key: string): Entry | undefined {
    const slot = this.map.get(key);
    if (!slot) return undefined;
    if (slot.until <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last.
    this.map.delete(key);
    this.map.set(key, slot);
    return slot.entry;
  }
  set(key: string, entry: Entry): void {
    this.remove(key);
    const size = sizeOf(entry) + key.length * 2;
    this.map.set(key, { entry, size, until: Date.now() + this.ttlMs });
    this.bytes += size;
    while (this.bytes > this.maxBytes && this.map.size > 0) this.remove(this.map.keys().next().value!);
  }
  /** The copy under `key` grew (its Brotli variant): counted again, its time left unchanged. */
  resized(key: string, entry: Entry): void {
    const slot = this.map.get(key);
    if (!slot || slot.entry !== entry) return;
    const size = sizeOf(entry) + key.length * 2;
    this.bytes += size - slot.size;
    slot.size = size;
    while (this.bytes > this.maxBytes && this.map.size > 0) this.remove(this.map.keys().next().value!);
  }
  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
  private remove(key: string): void {
    const slot = this.map.get(key);
    if (!slot) return;
    this.map.delete(key);
    this.bytes -= slot.size;
  }
}

function sizeOf(entry: Entry): number {
  let size = 2048; // headers and bookkeeping
  for (const v of Object.values(entry.variants)) size += v?.body.byteLength ?? 0;
  return size;
}

/**
 * A copy's CSP: no nonce (one served to many must not be a secret it never was), its inline scripts allowed by
 * their SHA-256 instead, and the module files they load by 'self' ('strict-dynamic' would ignore 'self', and the
 * nonce-bearing module preloads would be refused). Our origin serves no script but the built ones: uploads are
 * images sent with nosniff.
 */
export function hashedPolicy(csp: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*"?application\/(?:ld\+)?json/i.test(attributes) || !body) continue;
    // What the browser hashes: the text as parsed (line breaks normalised), in UTF-8.
    hashes.add(`'sha256-${createHash("sha256").update(body.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`);
  }
  return csp
    .split(";")
    .map((directive) => {
      const trimmed = directive.trim();
      if (!trimmed.startsWith("script-src ")) return trimmed;
      const sources = trimmed.split(/\s+/).slice(1).filter((source) => !source.startsWith("'nonce-") && source !== "'strict-dynamic'");
      return ["script-src", ...sources, ...hashes].join(" ");
    })
    .join("; ");
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: "", gzip: "-gz", br: "-br" };

function variant(entry: Entry, body: Uint8Array, encoding: Encoding): Variant {
  const headers: Record<string, string> = { ...entry.base, etag: `"${entry.etag}${ETAG_SUFFIX[encoding]}"`, "content-length": String(body.byteLength) };
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  return { body: new Uint8Array(body), headers }; // its own copy, not a view of a larger pooled buffer
}

function serve(c: Context, entry: Entry, extra: Record<string, string> = {}): Response {
  const encoding = pickEncoding(c.req.raw.headers.get("accept-encoding"), entry);
  const chosen = entry.variants[encoding]!;
  const ifNoneMatch = c.req.raw.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.includes(`"${entry.etag}`)) {
    return new Response(null, {
      status: 304,
      headers: { etag: chosen.headers.etag!, "cache-control": PUBLIC_PAGE_CACHE_CONTROL, vary: VARY, "x-request-id": c.get("requestId") ?? "" },
    });
  }
  // A plain object of headers: @hono/node-server writes it as it is (no Headers object made). Everything the answer
  // carries goes in here: its lightweight Response rebuilds itself from these, so a header set on it afterwards is lost.
  return new Response(chosen.body, { status: 200, headers: { ...chosen.headers, "x-request-id": c.get("requestId") ?? "", ...extra } });
}

const encodingChoices = new Map<string, { br: boolean; gzip: boolean }>();

/** Brotli when accepted and made, else gzip when accepted, else the plain page (q=0 refuses). */
function pickEncoding(header: string | null, entry: Entry): Encoding {
  if (!header) return "identity";
  let accepts = encodingChoices.get(header);
  if (!accepts) {
    accepts = { br: false, gzip: false };
    let wildcard = false;
    for (const part of header.split(",")) {
      const [name = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      if (q && !(Number(q.slice(2)) > 0)) continue;
      if (name === "br") accepts.br = true;
      else if (name === "gzip" || name === "x-gzip") accepts.gzip = true;
      else if (name === "*") wildcard = true;
    }
    if (wildcard && !/\bbr\b/i.test(header)) accepts.br = true;
    if (wildcard && !/\bgzip\b/i.test(header)) accepts.gzip = true;
    if (encodingChoices.size > 200) encodingChoices.clear();
    encodingChoices.set(header, accepts);
  }
  if (accepts.br && entry.variants.br) return "br";
  if (accepts.gzip) return "gzip";
  return "identity";
}

