import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SITE_NAME } from "../app/components/site";
import { getEnv } from "../app/lib/env.server";
import { noBuild, testApp } from "../tests/support/server";
import { createApp } from "./app";
import { MANIFEST_CACHE_CONTROL } from "./pwa";

describe("the web app manifest (issue 20)", () => {
  it("is served as application/manifest+json, cached a day, with the site's name, colours, scope and start page", async () => {
    const response = await testApp().request("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get("Cache-Control")).toBe(MANIFEST_CACHE_CONTROL);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: SITE_NAME, start_url: "/", scope: "/", display: "standalone", theme_color: "#059669" });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("names icons that exist at the sizes it says, one of them maskable, all small", async () => {
    const manifest = await (await testApp().request("/manifest.webmanifest")).json();
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of icons) {
      const bytes = await readFile(path.join("public", icon.src));
      const info = await sharp(bytes).metadata();
      expect(`${info.format} ${info.width}x${info.height}`).toBe(`png ${icon.sizes}`);
      expect(bytes.length).toBeLessThan(16 * 1024);
    }
    // Maskable: the corners are the brand colour (full bleed), unlike the rounded 'any' icon's transparent ones.
    const corner = async (file: string) => (await sharp(await readFile(path.join("public", file))).ensureAlpha().raw().toBuffer()).subarray(0, 4);
    expect([...(await corner("icons/icon-maskable-512.png"))]).toEqual([5, 150, 105, 255]);
    expect((await corner("icons/icon-512.png"))[3]).toBe(0);
  });
});

describe("the service worker script", () => {
  it("is served from the build at /sw.js, never cached without asking, allowed to fetch only our origin (and the media CDN)", async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), "nd-sw-"));
    try {
      await writeFile(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
      const app = createApp({ env: { ...getEnv(), MEDIA_CDN_URL: "https://media.example.com" }, build: noBuild, clientDir });
      const response = await app.request("/sw.js");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; connect-src 'self' https://media.example.com");
      expect(await response.text()).toContain("addEventListener");
    } finally {
      await rm(clientDir, { recursive: true, force: true });
    }
  });

  it("is not there without a build (development): 404, not kept", async () => {
    const response = await testApp().request("/sw.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
