import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "./env.server";
import { assertSafeKey, DiskStorage, getStorage } from "./storage.server";
import { runsOnce } from "../../tests/support/database-kind";

async function readStream(body: ReadableStream<Uint8Array>): Promise<string> {
  return Buffer.from(await new Response(body).arrayBuffer()).toString("utf8");
}

describe.runIf(runsOnce)("assertSafeKey", () => {
  it.each(["abc/def.webp", "a1/b2/c3.jpg", "x.y-z_1"])("accepts %s", (key) => {
    expect(() => assertSafeKey(key)).not.toThrow();
  });
  it.each(["../secret", "a/../../b", "/etc/passwd", "a//b", "", ".hidden", "a b", "a\\b", "a/%2e%2e/b"])("refuses %j", (key) => {
    expect(() => assertSafeKey(key)).toThrow("Unsafe storage key");
  });
});

describe.runIf(runsOnce)("DiskStorage", () => {
  let root: string;
  let storage: DiskStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "nd-storage-"));
    storage = new DiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("stores, reads and streams a file under <root>/<bucket>/<key>, private to the server user", async () => {
    await storage.put("business-images", "biz-1/photo.webp", Buffer.from("image bytes"), "image/webp");
    const file = path.join(root, "business-images", "biz-1", "photo.webp");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await storage.read("business-images", "biz-1/photo.webp"))?.toString()).toBe("image bytes");
    const streamed = await storage.get("business-images", "biz-1/photo.webp");
    expect(streamed?.size).toBe(11);
    expect(await readStream(streamed!.body)).toBe("image bytes");
    // No temporary file is left behind.
    expect(readdirSync(path.dirname(file))).toEqual(["photo.webp"]);
  });

  it("keeps buckets apart", async () => {
    await storage.put("kyc-documents", "u1/id.webp", Buffer.from("private"), "image/webp");
    expect(await storage.read("business-images", "u1/id.webp")).toBeNull();
    expect(await storage.get("business-images", "u1/id.webp")).toBeNull();
  });

  it("answers null for missing files and folders", async () => {
    await storage.put("business-images", "biz-2/a.webp", Buffer.from("a"), "image/webp");
    expect(await storage.read("business-images", "nope.webp")).toBeNull();
    expect(await storage.get("business-images", "biz-2")).toBeNull();
  });

  it("replaces a file atomically and deletes files and prefixes", async () => {
    await storage.put("business-images", "biz-3/a.webp", Buffer.from("v1"), "image/webp");
    await storage.put("business-images", "biz-3/a.webp", Buffer.from("v2"), "image/webp");
    await storage.put("business-images", "biz-3/b.webp", Buffer.from("b"), "image/webp");
    expect((await storage.read("business-images", "biz-3/a.webp"))?.toString()).toBe("v2");
    await storage.delete("business-images", "biz-3/a.webp");
    expect(await storage.read("business-images", "biz-3/a.webp")).toBeNull();
    await storage.delete("business-images", "biz-3/a.webp"); // already gone: fine
    await storage.deletePrefix("business-images", "biz-3");
    expect(await storage.read("business-images", "biz-3/b.webp")).toBeNull();
  });

  it("refuses keys that would leave the bucket", async () => {
    await expect(storage.put("business-images", "../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow("Unsafe storage key");
    await expect(storage.deletePrefix("business-images", "..")).rejects.toThrow("Unsafe storage key");
  });
});

describe.runIf(runsOnce)("getStorage", () => {
  it("keeps files under DATA_DIR/uploads", async () => {
    await getStorage().put("business-images", "from-test/x.webp", Buffer.from("x"), "image/webp");
    expect(statSync(path.join(getEnv().DATA_DIR, "uploads", "business-images", "from-test", "x.webp")).isFile()).toBe(true);
  });
});
