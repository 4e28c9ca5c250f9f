/**
 * The service worker (issue 20, ADR 30), bundled by scripts/build-service-worker.mjs into build/client/sw.js and
 * served at /sw.js (server/pwa.ts). Small on purpose: no library.
 *
 * - Built files (/assets/*, hashed names): cache first, in a cache of this build's version.
 * - Navigations: the network first (navigation preload: the request leaves while the worker starts); after
 *   NAV_TIMEOUT_MS, or without a connection, the copy kept here; else a redirect to /offline (kept on install), or to
 *   the offline page of the page's language (/ha/offline…: kept the first time a page in that language is read).
 * - Only pages whose Cache-Control says `public` (anonymous reader pages, ADR 28) are kept, the last RECENT_MAX;
 *   a signed-in page (`no-store`) never is.
 * - Saved businesses: the page asks (message 'keep') and the worker fetches the public version of the business page
 *   (credentials 'omit'), its main image's thumbnail and the built files the page names, into SAVED, which outlives
 *   deployments (a saved page keeps the files it was made with). Pages kept for an account are dropped at sign-out.
 * - A new build: new caches; on activation the old builds' caches are deleted.
 */
export {};

/** The build's version, set by scripts/build-service-worker.mjs (a hash of the built files' names). */
declare const __SW_VERSION__: string;

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
/** preloadResponse: the navigation's own request, sent by the browser while the worker starts (navigation preload). */
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void; preloadResponse?: Promise<Response | undefined> };
type MessageEvent = ExtendableEvent & { data: unknown; source: { postMessage(message: unknown): void } | null };
type Scope = {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  location: Location;
  registration: { navigationPreload?: { enable(): Promise<void> } };
};
const sw = self as unknown as Scope;

const VERSION = __SW_VERSION__;
const ASSETS = `nd-assets-${VERSION}`;
const PAGES = `nd-pages-${VERSION}`;
const SAVED = "nd-saved";
/** Pages read recently kept for offline reading (the oldest goes first). */
const RECENT_MAX = 30;
/** How long a navigation waits for the network before a kept copy is shown. */
const NAV_TIMEOUT_MS = 4000;
/** Kept on install: the offline page and the saved list's page (the anonymous, public versions). */
const SHELL = ["/offline", "/saved"];
/** The language prefix of a path (issue 36, ADR 40): '/ha' of '/ha/businesses', '' for English. */
const prefixOf = (pathname: string) => /^\/(?:pcm|ha|yo|ig)(?=\/|$)/.exec(pathname)?.[0] ?? "";
/** A shell page in any language (/offline, /ha/offline…): kept apart from the recently read pages. */
const isShell = (pathname: string) => SHELL.includes(pathname.slice(prefixOf(pathname).length));
/** Who a saved page is kept for: the device (an anonymous visitor's save) or an account (dropped at sign-out). */
const KEPT_FOR = "x-nd-kept-for";
/** The saved business's name, for the offline /saved list of what is kept for an account. */
const KEPT_NAME = "x-nd-name";
/** Present in SAVED while anything is kept for an account: one look-up tells a navigation whether to drop them. */
const ACCOUNT_MARKER = "/sw/kept-for-account";

const origin = sw.location.origin;

/** A response that may be kept: a whole 200 from our origin that says it is public (never a signed-in page). */
function isPublic(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return response.status === 200 && response.type === "basic" && !response.redirected && /\bpublic\b/.test(cacheControl) && !/no-store|private/.test(cacheControl);
}

/** The built files a page names (its stylesheet, the reader bundle, preloaded modules). */
function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"?#]+)"/g)].map((match) => match[1]!))];
}

/** Fetches the page anonymously (the public version) and, when it may be kept, stores it and the built files it names. */
async function keepPage(cacheName: string, url: string, headers: Record<string, string> = {}): Promise<string | null> {
  // 'preview': the worker keeping a page is nobody's visit (shouldCountView refuses it, ADR 25).
  const response = await fetch(url, { credentials: "omit", cache: "no-cache", headers: { "X-Purpose": "preview" } });
  if (!isPublic(response)) return null;
  const html = await response.text();
  const kept = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) kept.set(name, value);
  const cache = await caches.open(cacheName);
  await cache.put(url, new Response(html, { status: 200, headers: kept }));
  const assets = await caches.open(cacheName === SAVED ? SAVED : ASSETS);
  for (const asset of assetsOf(html)) {
    if (await assets.match(asset)) continue;
    const copy = (await caches.match(asset)) ?? (await fetch(asset, { credentials: "omit" }));
    if (copy.ok) await assets.put(asset, copy);
  }
  return html;
}

sw.addEventListener("install", (event) => {
  event.waitUntil(Promise.all(SHELL.map((path) => keepPage(PAGES, new URL(path, origin).href))).then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("nd-") && name !== ASSETS && name !== PAGES && name !== SAVED) await caches.delete(name);
      // Navigation preload: the browser sends a navigation's request while it starts this worker, instead of after
      // (a worker that was stopped takes tens to hundreds of milliseconds to start on a phone).
      // (A browser that refuses it still gets the rest of the activation.)
      await sw.registration.navigationPreload?.enable().catch(() => undefined);
      await sw.clients.claim();
      await prune();
    })(),
  );
});

/** Keeps a recently read public page, forgetting the oldest beyond RECENT_MAX (the shell pages are not counted). */
async function remember(url: string, response: Response): Promise<void> {
  const cache = await caches.open(PAGES);
  await cache.put(url, response);
  const recent = (await cache.keys()).filter((request) => !isShell(new URL(request.url).pathname));
  for (const old of recent.slice(0, Math.max(0, recent.length - RECENT_MAX))) await cache.delete(old);
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), ms));
}

async function navigate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  // The preloaded response when the browser sent one (the same request, already on its way), else a fetch. A
  // preload that failed is not sent again (it may have reached the server and counted): the fallback below answers.
  const sent = event.preloadResponse ? event.preloadResponse.then((preloaded) => preloaded ?? fetch(request)) : fetch(request);
  const network = sent.then((response) => {
    if (isPublic(response)) {
      event.waitUntil(remember(request.url, response.clone()));
      // A page in another language: that language's offline page too, once (English's is kept on install).
      const prefix = prefixOf(new URL(request.url).pathname);
      if (prefix) event.waitUntil(keepOfflinePage(prefix));
      // The server saw nobody signed in (a public page): whatever session there was has ended — signed out on
      // another tab, expired, revoked, the account deleted — so nothing kept for an account stays.
      event.waitUntil(forgetAccountIfKept());
    }
    return response;
  });
  network.catch(() => undefined); // answered below when it fails
  try {
    return await Promise.race([network, timeout(NAV_TIMEOUT_MS)]);
  } catch {
    const kept = (await caches.match(request.url, { cacheName: SAVED })) ?? (await caches.match(request.url, { cacheName: PAGES }));
    if (kept) return kept;
    try {
      return await network;
    } catch {
      // Sent to /offline rather than shown at this address: a hydrated page must match its own route. In the page's
      // language when that offline page is kept.
      const inLanguage = new URL(`${prefixOf(new URL(request.url).pathname)}/offline`, origin).href;
      const offline = (await caches.match(inLanguage, { cacheName: PAGES })) ? inLanguage : new URL("/offline", origin).href;
      if (request.url !== offline) return Response.redirect(offline, 302);
      return (await caches.match(offline, { cacheName: PAGES })) ?? Response.error();
    }
  }
}

/** Keeps a language's offline page ('/ha' → /ha/offline) unless it is kept already. */
async function keepOfflinePage(prefix: string): Promise<void> {
  const url = new URL(`${prefix}/offline`, origin).href;
  if (await caches.match(url, { cacheName: PAGES })) return;
  await keepPage(PAGES, url).catch(() => undefined);
}

async function cacheFirst(request: Request): Promise<Response> {
  const kept = (await caches.match(request, { cacheName: ASSETS })) ?? (await caches.match(request, { cacheName: SAVED }));
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    await (await caches.open(ASSETS)).put(request, copy);
  }
  return response;
}

/** Images of saved businesses come from SAVED when it has them (offline), else from the network as usual. */
async function savedOrNetwork(request: Request): Promise<Response> {
  return (await caches.match(request.url, { cacheName: SAVED })) ?? fetch(request);
}

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET") {
    // Signing out (a form post, or React Router's .data post): nothing kept for the account stays on the device. In
    // any language: a page in another language than English posts under its prefix (/ha/logout, issue 36).
    if (url.origin === origin && /^(?:\/(?:pcm|ha|yo|ig))?\/logout(?:\.data)?$/.test(url.pathname)) event.waitUntil(forgetAccount());
    // Remove on the account's /saved list (a plain form): its kept page goes too.
    if (url.origin === origin && /^(?:\/(?:pcm|ha|yo|ig))?\/saved(?:\.data)?$/.test(url.pathname)) event.waitUntil(forgetUnsaved(request.clone()));
    return;
  }
  if (url.origin === origin && url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate" && url.origin === origin) event.respondWith(navigate(event));
  else if (request.destination === "image" && url.pathname.startsWith("/media/")) event.respondWith(savedOrNetwork(request));
});

/** ifMissing: only when this page is not kept yet (a saved business's page opened again, issue 20's saved state). */
type Keep = { type: "keep"; url: string; name?: string; image?: string | null; for?: "device" | "account"; ifMissing?: boolean };
type Forget = { type: "forget"; url: string; image?: string | null };

/** Keeps a saved business page and its thumbnail for offline reading. */
async function keepSaved({ url, name, image, for: keptFor, ifMissing }: Keep): Promise<boolean> {
  const page = new URL(url, origin);
  if (page.origin !== origin) return false;
  if (ifMissing && (await caches.match(page.href, { cacheName: SAVED }))) return true;
  const html = await keepPage(SAVED, page.href, { [KEPT_FOR]: keptFor === "account" ? "account" : "device", [KEPT_NAME]: encodeURIComponent(name ?? "") });
  if (html === null) return false;
  if (image) {
    // A CDN serves our own /media paths (MEDIA_CDN_URL is an origin): fetch the same path from this site, a
    // readable response (an opaque cross-origin one would count as megabytes of the device's quota), kept under
    // the address the page uses.
    const picture = new URL(image, origin);
    const response = await fetch(new URL(picture.pathname, origin).href, { credentials: "omit" });
    if (response.ok) await (await caches.open(SAVED)).put(picture.href, response);
  }
  if (keptFor === "account") await (await caches.open(SAVED)).put(new URL(ACCOUNT_MARKER, origin).href, new Response(""));
  return true;
}

async function forgetSaved({ url, image }: Forget): Promise<void> {
  const cache = await caches.open(SAVED);
  await cache.delete(new URL(url, origin).href);
  if (image) await cache.delete(new URL(image, origin).href);
}

/** After sign-in, when the device's saves joined the account: they are the account's now (dropped at sign-out). */
async function adopt(): Promise<void> {
  const cache = await caches.open(SAVED);
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response?.headers.get(KEPT_FOR) !== "device") continue;
    const headers = new Headers(response.headers);
    headers.set(KEPT_FOR, "account");
    await cache.put(request, new Response(await response.blob(), { status: response.status, headers }));
  }
  await cache.put(new URL(ACCOUNT_MARKER, origin).href, new Response(""));
}

/** Drops the built files no saved page names any more (those of older builds, once their pages are gone). */
async function prune(): Promise<void> {
  const cache = await caches.open(SAVED);
  const requests = await cache.keys();
  const named = new Set<string>();
  for (const request of requests) {
    const response = await cache.match(request);
    if (response?.headers.has(KEPT_FOR)) for (const asset of assetsOf(await response.text())) named.add(new URL(asset, origin).href);
  }
  for (const request of requests) if (new URL(request.url).pathname.startsWith("/assets/") && !named.has(request.url)) await cache.delete(request);
}

/** At sign-out: drops the pages kept for the account (public pages, but which ones is the account's business). */
async function forgetAccount(): Promise<void> {
  const cache = await caches.open(SAVED);
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response?.headers.get(KEPT_FOR) === "account") await cache.delete(request);
  }
  await cache.delete(new URL(ACCOUNT_MARKER, origin).href);
  await prune();
}

async function forgetAccountIfKept(): Promise<void> {
  if (await caches.match(new URL(ACCOUNT_MARKER, origin).href, { cacheName: SAVED })) await forgetAccount();
}

/** A POST to /saved that removes a business (intent 'unsave'): its kept page is dropped. */
async function forgetUnsaved(request: Request): Promise<void> {
  try {
    const form = await request.formData();
    const id = form.get("businessId");
    if (form.get("intent") === "unsave" && typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id)) {
      const cache = await caches.open(SAVED);
      for (const path of [`/businesses/${id}`, `/business/${id}`]) await cache.delete(new URL(path, origin).href);
    }
  } catch {
    // Not a form: nothing to drop.
  }
}

sw.addEventListener("message", (event) => {
  const message = event.data as Keep | Forget | { type: string };
  const reply = (kept: boolean) => event.source?.postMessage({ type: "kept", url: (message as Keep).url, kept });
  if (message?.type === "keep") event.waitUntil(keepSaved(message as Keep).then(reply, () => reply(false)));
  else if (message?.type === "forget") event.waitUntil(forgetSaved(message as Forget));
  else if (message?.type === "forget-account") event.waitUntil(forgetAccount());
  else if (message?.type === "adopt") event.waitUntil(adopt());
});
