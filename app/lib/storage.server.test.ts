import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "./env.server";
import { assertSafeKey, DiskStorage, getStorage } from "./storage.server";
import { runsOnce } from "../../tests/support/database-kind";
import { filesUnder } from "../../tests/support/files";
import { describeStorageContract } from "../../tests/storage/storage-contract";

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
    storage = new DiskStorage(path.join(root, "uploads"), path.join(root, "derived"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("stores, reads and streams a file under <root>/<bucket>/<key>, private to the server user", async () => {
    await storage.put("business-images", "biz-1/photo.webp", Buffer.from("image bytes"), "image/webp");
    const file = path.join(root, "uploads", "business-images", "biz-1", "photo.webp");
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
    await expect(storage.putDerived("business-images", "../escape.webp", "w320.webp", Buffer.from("x"))).rejects.toThrow("Unsafe storage key");
    for (const name of ["../w320.webp", "a/b.webp", ".hidden", "", "w320.webp/.."]) {
      await expect(storage.putDerived("business-images", "biz/a.webp", name, Buffer.from("x"))).rejects.toThrow("Unsafe derived file name");
    }
  });

  it("keeps derived files apart from the original, and deletes them with it (file or prefix)", async () => {
    await storage.put("business-images", "biz-4/a.webp", Buffer.from("a"), "image/webp");
    await storage.put("business-images", "biz-4/b.webp", Buffer.from("b"), "image/webp");
    await storage.put("business-images", "biz-5/c.webp", Buffer.from("c"), "image/webp");
    for (const key of ["biz-4/a.webp", "biz-4/b.webp", "biz-5/c.webp"]) {
      await storage.putDerived("business-images", key, "w320.webp", Buffer.from(`${key} small`));
      await storage.putDerived("business-images", key, "share.jpg", Buffer.from(`${key} preview`));
    }
    expect(await storage.exists("business-images", "biz-4/a.webp")).toBe(true);
    expect((await storage.readDerived("business-images", "biz-4/a.webp", "share.jpg"))?.toString()).toBe("biz-4/a.webp preview");
    expect(await storage.readDerived("business-images", "biz-4/a.webp", "w640.webp")).toBeNull();
    expect(await storage.read("business-images", "biz-4/a.webp")).not.toBeNull(); // derived files are not under the uploads

    await storage.delete("business-images", "biz-4/a.webp");
    expect(await storage.exists("business-images", "biz-4/a.webp")).toBe(false);
    expect(await storage.readDerived("business-images", "biz-4/a.webp", "share.jpg")).toBeNull();
    expect(await storage.readDerived("business-images", "biz-4/b.webp", "share.jpg")).not.toBeNull();

    await storage.deletePrefix("business-images", "biz-4");
    expect(await storage.readDerived("business-images", "biz-4/b.webp", "w320.webp")).toBeNull();
    expect(await storage.readDerived("business-images", "biz-5/c.webp", "w320.webp")).not.toBeNull();
    expect(readdirSync(path.join(root, "derived", "business-images"))).toEqual(["biz-5"]);
  });
});

describeStorageContract(
  "DiskStorage",
  async () => {
    const root = mkdtempSync(path.join(tmpdir(), "nd-storage-contract-"));
    return {
      storage: new DiskStorage(path.join(root, "uploads"), path.join(root, "derived")),
      storedNames: () => filesUnder(root),
      close: async () => rmSync(root, { recursive: true, force: true }),
    };
  },
  { runIf: runsOnce },
);

describe.runIf(runsOnce)("DiskStorage.ping", () => {
  it("answers false when its folder cannot be made or used", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "nd-storage-ping-"));
    try {
      writeFileSync(path.join(root, "a-file"), "x");
      expect(await new DiskStorage(path.join(root, "a-file", "uploads"), path.join(root, "derived")).ping()).toBe(false);
      expect(await new DiskStorage(path.join(root, "uploads"), path.join(root, "derived")).ping()).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.runIf(runsOnce)("getStorage", () => {
  it("keeps files under DATA_DIR/uploads", async () => {
    await getStorage().put("business-images", "from-test/x.webp", Buffer.from("x"), "image/webp");
    expect(statSync(path.join(getEnv().DATA_DIR, "uploads", "business-images", "from-test", "x.webp")).isFile()).toBe(true);
  });
});
