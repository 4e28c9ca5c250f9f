/**
 * Prefetch on intent (issue 20): reader pages have no client-side routing, so the next page is fetched as the
 * visitor shows intent — a touch on a link, the pointer resting on it for a moment, keyboard focus — with
 * `<link rel=prefetch>`; the tap then opens it from the browser's cache. Nothing is prefetched when the visitor
 * saves data (the browser's Save-Data, or our data saver on the page), nor links that leave the site, open
 * elsewhere, download, or are `rel=nofollow` (counted contact links, reports, anything that acts).
 *
 * Views stay exact (ADR 25): a prefetch is not counted by the server (Sec-Purpose), so a page that was shown from
 * the prefetch reports itself with a HEAD request of its own address, carrying the signed token the server handed
 * the prefetched page in its Server-Timing header (issue 38: a HEAD without one counts nothing). Only within a
 * minute of the prefetch: the page's own `max-age`, after which the browser (or the service worker) asks the
 * server again, and that request is the counted one.
 */
const KEY = "prefetched";
const HOVER_MS = 80;
const MAX_REMEMBERED = 50;
/** A prefetched page is the browser's to show without asking for this long (our pages' max-age, ADR 28). */
const FRESH_MS = 60_000;

/** [address, when it was prefetched] for this tab. */
type Prefetched = [string, number];

function remembered(): Prefetched[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((entry): entry is Prefetched => Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number") : [];
  } catch {
    return [];
  }
}

function remember(list: Prefetched[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(list.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or refused: the page is then counted only if it came from the network.
  }
}

/** A page opened from our prefetch, without reaching the server: count it now. */
function countPrefetchedVisit() {
  const list = remembered();
  const at = list.findIndex(([href]) => href === location.href);
  if (at < 0) return;
  const [[, when]] = list.splice(at, 1) as [Prefetched];
  remember(list);
  const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (entry?.type !== "navigate" || entry.transferSize !== 0 || Date.now() - when > FRESH_MS) return;
  // The token the server issued with the prefetched page (server/view-reports.ts): without it nothing is counted.
  const token = entry.serverTiming?.find((metric) => metric.name === "view-token")?.description;
  if (token) fetch(location.href, { method: "HEAD", headers: { "X-View-Token": token } }).catch(() => {});
}

function prefetchable(link: HTMLAnchorElement | null): link is HTMLAnchorElement {
  if (!link || link.origin !== location.origin || link.target || link.hasAttribute("download")) return false;
  if (/\bnofollow\b/.test(link.rel) || link.hasAttribute("data-no-prefetch")) return false;
  return link.pathname + link.search !== location.pathname + location.search;
}

function savesData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return Boolean(connection?.saveData) || document.documentElement.dataset.dataSaver === "on";
}

export function initPrefetch() {
  countPrefetchedVisit();
  if (savesData()) return;
  const done = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const prefetch = (link: HTMLAnchorElement) => {
    const href = link.href.split("#")[0]!;
    if (done.has(href)) return;
    done.add(href);
    const hint = document.createElement("link");
    hint.rel = "prefetch";
    hint.href = href;
    hint.as = "document";
    document.head.append(hint);
    remember([...remembered().filter(([seen]) => seen !== href), [href, Date.now()]]);
  };
  const linkOf = (event: Event) => (event.target as Element).closest?.("a") ?? null;
  document.addEventListener(
    "touchstart",
    (event) => {
      const link = linkOf(event);
      if (prefetchable(link)) prefetch(link);
    },
    { passive: true },
  );
  document.addEventListener("focusin", (event) => {
    const link = linkOf(event);
    if (prefetchable(link)) prefetch(link);
  });
  document.addEventListener("mouseover", (event) => {
    clearTimeout(timer);
    const link = linkOf(event);
    if (prefetchable(link)) timer = setTimeout(() => prefetch(link), HOVER_MS);
  });
  document.addEventListener("mouseout", () => clearTimeout(timer));
}
