/**
 * Issue 30: the README's two set-up commands give a newcomer the whole product. The harness started the server
 * with `npm start` in a fresh clone without build/ (tests/support/fresh-clone.mjs); here: that build is exactly the
 * one `npm run build` makes (both run scripts/build.mjs), and the service worker every page registers is served.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { treeDigest } from "../support/fresh-clone.mjs";
import { PROJECT_ROOT } from "../support/server-process.mjs";
import { cloneDir, url } from "./harness";

describe("a fresh clone: `npm install`, then `npm start`", () => {
  it("builds exactly what `npm run build` builds", () => {
    const started = treeDigest(path.join(cloneDir(), "build"));
    const built = treeDigest(path.join(PROJECT_ROOT, "build"));
    expect(Object.keys(started).length, "npm start made no build").toBeGreaterThan(10);
    expect(Object.keys(started)).toContain("client/sw.js");
    // npm test runs `npm run build` before this step; locally, a stale build/ shows here: run `npm run build`.
    const differing = [...new Set([...Object.keys(started), ...Object.keys(built)])].filter((file) => started[file] !== built[file]);
    expect(differing, "files that differ between `npm start`'s build and `npm run build`'s").toEqual([]);
  });

  it("serves the service worker every page registers, with its headers", async () => {
    const home = await (await fetch(url("/"))).text();
    expect(home).toContain('rel="manifest"');
    const response = await fetch(url("/sw.js"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    // Browsers check a worker for updates on every navigation (ADR 30): never kept without asking.
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'; connect-src 'self'/);
    const source = await response.text();
    expect(source).toContain("addEventListener");
    const manifest = await fetch(url("/manifest.webmanifest"));
    expect(manifest.status).toBe(200);
    expect((await manifest.json()) as { start_url?: string }).toHaveProperty("start_url");
  });
});
