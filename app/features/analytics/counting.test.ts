import { describe, expect, it } from "vitest";
import { COUNT_WINDOW_MS, countBucket, isPrefetch, shouldCountView } from "./counting";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const request = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/businesses/00000000-0000-4000-8000-000000000000", { method, headers: { "User-Agent": PHONE, ...headers } });

describe("shouldCountView", () => {
  it("counts a person's page view in a browser", () => {
    expect(shouldCountView(request())).toBe(true);
  });

  it("does not count crawlers, link-preview fetchers or clients without a user agent", () => {
    expect(shouldCountView(request({ "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }))).toBe(false);
    expect(shouldCountView(request({ "User-Agent": "WhatsApp/2.23.20.0 A" }))).toBe(false);
    expect(shouldCountView(request({ "User-Agent": "facebookexternalhit/1.1" }))).toBe(false);
    expect(shouldCountView(request({ "User-Agent": "curl/8.5.0" }))).toBe(false);
    expect(shouldCountView(new Request("http://localhost/businesses/x"))).toBe(false);
  });

  it("counts pages opened from anywhere and our own pages' data requests, not another site's image, script or fetch", () => {
    const fetchMeta = (dest: string, site: string, mode = "navigate") => request({ "Sec-Fetch-Dest": dest, "Sec-Fetch-Site": site, "Sec-Fetch-Mode": mode });
    expect(shouldCountView(fetchMeta("document", "cross-site"))).toBe(true);
    expect(shouldCountView(fetchMeta("document", "none"))).toBe(true);
    expect(shouldCountView(fetchMeta("empty", "same-origin", "cors"))).toBe(true);
    expect(shouldCountView(fetchMeta("image", "cross-site", "no-cors"))).toBe(false);
    expect(shouldCountView(fetchMeta("script", "cross-site", "no-cors"))).toBe(false);
    expect(shouldCountView(fetchMeta("iframe", "cross-site"))).toBe(false);
    expect(shouldCountView(fetchMeta("empty", "cross-site", "no-cors"))).toBe(false);
  });

  it("does not count prefetches, prerenders or anything but GET", () => {
    expect(shouldCountView(request({ "Sec-Purpose": "prefetch" }))).toBe(false);
    expect(shouldCountView(request({ "Sec-Purpose": "prefetch;prerender" }))).toBe(false);
    expect(shouldCountView(request({ Purpose: "prefetch" }))).toBe(false);
    expect(shouldCountView(request({ "X-Moz": "prefetch" }))).toBe(false);
    expect(shouldCountView(request({}, "HEAD"))).toBe(false);
    expect(shouldCountView(request({}, "POST"))).toBe(false);
  });

  it("never counts a HEAD by itself: a prefetch's report counts only with its token (server/view-reports.ts, ADR 29)", () => {
    const head = (dest: string, site: string) => request({ "Sec-Fetch-Dest": dest, "Sec-Fetch-Site": site, "Sec-Fetch-Mode": "cors" }, "HEAD");
    expect(shouldCountView(head("empty", "same-origin"))).toBe(false);
    expect(shouldCountView(head("empty", "cross-site"))).toBe(false);
  });

  it("issues view tokens to prefetches only", () => {
    expect(isPrefetch(request({ "Sec-Purpose": "prefetch" }))).toBe(true);
    expect(isPrefetch(request({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(request({ "Sec-Purpose": "prefetch;prerender" }))).toBe(false);
    expect(isPrefetch(request())).toBe(false);
  });
});

describe("countBucket", () => {
  it("puts instants in 30-minute windows", () => {
    const start = Date.UTC(2026, 10, 30, 10, 0, 0);
    expect(countBucket(start)).toBe(countBucket(start + COUNT_WINDOW_MS - 1));
    expect(countBucket(start + COUNT_WINDOW_MS)).toBe(countBucket(start) + 1);
    expect(COUNT_WINDOW_MS).toBe(30 * 60_000);
  });
});
