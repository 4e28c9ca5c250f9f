/**
 * Compression chosen by the client (issue 19): built files are sent as the Brotli or gzip copy made at build time
 * (scripts/precompress.mjs), pages of the page cache as their stored Brotli, gzip or plain copy; every encoding
 * decodes to the same bytes.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { url } from "./harness";

/** A GET whose body stays as sent (fetch would decode it). */
function get(address: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(address, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("compression", () => {
  it("sends a built script as its Brotli or gzip copy, whichever the browser accepts", async () => {
    const page = await (await fetch(url("/login"))).text();
    const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const plain = await get(url(script!), { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get(url(script!), { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get(url(script!), { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it("sends a page cache copy in the encoding asked for, each decoding to the same page", async () => {
    const path = url("/categories");
    for (let i = 0; i < 2; i++) await get(path, { "accept-encoding": "gzip" });
    const gz = await get(path, { "accept-encoding": "gzip" });
    expect(gz.headers.etag).toMatch(/-gz"$/);
    const html = gunzipSync(gz.body);
    const plain = await get(path, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(html)).toBe(true);
    // Brotli is made in the background after the copy is stored.
    let br = await get(path, { "accept-encoding": "br, gzip" });
    for (let i = 0; i < 20 && br.headers["content-encoding"] !== "br"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      br = await get(path, { "accept-encoding": "br, gzip" });
    }
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(brotliDecompressSync(br.body).equals(html)).toBe(true);
  });
});
