/**
 * Chromium (Debian's, driven by playwright-core) under the conditions the issues name for a mid-range
 * Android phone: on slow mobile data (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), or on
 * 'Regular 3G' (issue 20: 300 ms round trip, 700 kbps down, 330 kbps up, CPU 4× slower).
 */
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../../tests/e2e/harness";

export type NetworkProfile = { latencyMs: number; downloadBps: number; uploadBps: number; cpuSlowdown: number };
export const SLOW_PHONE: NetworkProfile = { latencyMs: 150, downloadBps: 1_600_000, uploadBps: 750_000, cpuSlowdown: 4 };
export const REGULAR_3G: NetworkProfile = { latencyMs: 300, downloadBps: 700_000, uploadBps: 330_000, cpuSlowdown: 4 };
export const PROFILES: Record<string, NetworkProfile> = { "slow-phone": SLOW_PHONE, "regular-3g": REGULAR_3G };

/**
 * The full chromium (the browser a phone runs), not the headless shell the journeys use for speed, so the figures
 * stay comparable with those measured before.
 */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

export type Throttled = { page: Page; cdp: CDPSession; bytes: () => { total: number; byType: Record<string, number> }; close(): Promise<void> };

/**
 * A fresh context (empty cache) with a phone viewport, throttled to `profile` (the slow phone unless told),
 * counting the bytes that travel; `headers` are sent with every request (Save-Data…).
 */
export async function throttledPage(
  browser: Browser,
  { throttle = true, profile = SLOW_PHONE, headers }: { throttle?: boolean; profile?: NetworkProfile; headers?: Record<string, string> } = {},
): Promise<Throttled> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "en-NG", extraHTTPHeaders: headers });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  if (throttle) {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: profile.downloadBps / 8,
      uploadThroughput: profile.uploadBps / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  }
  const types = new Map<string, string>();
  const byType: Record<string, number> = {};
  let total = 0;
  cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  cdp.on("Network.loadingFinished", (event) => {
    total += event.encodedDataLength;
    const type = types.get(event.requestId) ?? "Other";
    byType[type] = (byType[type] ?? 0) + event.encodedDataLength;
  });
  return { page, cdp, bytes: () => ({ total, byType: { ...byType } }), close: () => context.close() };
}
