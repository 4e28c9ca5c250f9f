import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "../../app/lib/storage-keys";

/**
 * A store under test: `storage`, and `storedNames()`, every name the store holds by its own means (files
 * under its folders, objects in its bucket), so a test can see that nothing was left behind.
 */
export type StoreUnderTest = { storage: Storage; storedNames(): Promise<string[]>; close(): Promise<void> };

async function streamed(body: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  let chunks = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    parts.push(Buffer.from(chunk));
    chunks++;
  }
  return { bytes: Buffer.concat(parts), chunks };
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Runs `tasks` with at most `limit` at once. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * The one contract every Storage implementation keeps (DiskStorage, S3Storage): the same tests, run
 * against each. `make` gives a fresh, empty store.
 */
export function describeStorageContract(name: string, make: () => Promise<StoreUnderTest>, options: { runIf?: boolean } = {}): void {
  describe.runIf(options.runIf ?? true)(`Storage contract: ${name}`, () => {
    let store: StoreUnderTest;
    let storage: Storage;
    beforeAll(async () => {
      store = await make();
      storage = store.storage;
    });
    afterAll(async () => {
      await store?.close();
    });

    it("answers ping", async () => {
      expect(await storage.ping()).toBe(true);
    });

    it("round-trips binary bytes exactly (read and streamed get)", async () => {
      const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(64 * 1024)]);
      await storage.put("business-images", "binary/all-bytes.bin", bytes, "application/octet-stream");
      expect(sha((await storage.read("business-images", "binary/all-bytes.bin"))!)).toBe(sha(bytes));
      const got = await storage.get("business-images", "binary/all-bytes.bin");
      expect(got?.size).toBe(bytes.length);
      expect(sha((await streamed(got!.body)).bytes)).toBe(sha(bytes));
      expect(await storage.exists("business-images", "binary/all-bytes.bin")).toBe(true);
    });

    it("streams a large file in pieces, with its size known before the body is read", async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      await storage.put("kyc-documents", "large/scan.webp", bytes, "image/webp");
      const got = await storage.get("kyc-documents", "large/scan.webp");
      expect(got?.size).toBe(bytes.length);
      const { bytes: received, chunks } = await streamed(got!.body);
      expect(received.length).toBe(bytes.length);
      expect(sha(received)).toBe(sha(bytes));
      expect(chunks).toBeGreaterThan(1);
    });

    it("answers null / false for what is not there, folders included", async () => {
      await storage.put("business-images", "missing-test/a.webp", Buffer.from("a"), "image/webp");
      expect(await storage.read("business-images", "missing-test/nope.webp")).toBeNull();
      expect(await storage.get("business-images", "missing-test/nope.webp")).toBeNull();
      expect(await storage.exists("business-images", "missing-test/nope.webp")).toBe(false);
      expect(await storage.readDerived("business-images", "missing-test/a.webp", "w320.webp")).toBeNull();
      // A "folder" of keys is not a file.
      expect(await storage.get("business-images", "missing-test")).toBeNull();
      expect(await storage.read("business-images", "missing-test")).toBeNull();
      expect(await storage.exists("business-images", "missing-test")).toBe(false);
    });

    it("overwrites a file with its new content", async () => {
      await storage.put("business-images", "overwrite/a.webp", Buffer.from("version one, longer"), "image/webp");
      await storage.put("business-images", "overwrite/a.webp", Buffer.from("v2"), "image/webp");
      expect((await storage.read("business-images", "overwrite/a.webp"))?.toString()).toBe("v2");
      expect((await storage.get("business-images", "overwrite/a.webp"))?.size).toBe(2);
      await storage.putDerived("business-images", "overwrite/a.webp", "w320.webp", Buffer.from("small one"));
      await storage.putDerived("business-images", "overwrite/a.webp", "w320.webp", Buffer.from("small two"));
      expect((await storage.readDerived("business-images", "overwrite/a.webp", "w320.webp"))?.toString()).toBe("small two");
    });

    it("keeps the two buckets apart", async () => {
      await storage.put("kyc-documents", "apart/id.webp", Buffer.from("private"), "image/webp");
      expect(await storage.read("business-images", "apart/id.webp")).toBeNull();
      expect(await storage.get("business-images", "apart/id.webp")).toBeNull();
      expect(await storage.exists("business-images", "apart/id.webp")).toBe(false);
      await storage.putDerived("kyc-documents", "apart/id.webp", "w320.webp", Buffer.from("kyc small"));
      expect(await storage.readDerived("business-images", "apart/id.webp", "w320.webp")).toBeNull();
      await storage.deletePrefix("business-images", "apart");
      expect((await storage.read("kyc-documents", "apart/id.webp"))?.toString()).toBe("private");
      expect((await storage.readDerived("kyc-documents", "apart/id.webp", "w320.webp"))?.toString()).toBe("kyc small");
    });

    it("deletes a file with every file derived from it, and only those", async () => {
      for (const key of ["del/a.webp", "del/b.webp"]) {
        await storage.put("business-images", key, Buffer.from(key), "image/webp");
        await storage.putDerived("business-images", key, "w320.webp", Buffer.from(`${key} small`));
        await storage.putDerived("business-images", key, "share.jpg", Buffer.from(`${key} preview`));
      }
      await storage.delete("business-images", "del/a.webp");
      expect(await storage.exists("business-images", "del/a.webp")).toBe(false);
      expect(await storage.readDerived("business-images", "del/a.webp", "w320.webp")).toBeNull();
      expect(await storage.readDerived("business-images", "del/a.webp", "share.jpg")).toBeNull();
      expect((await storage.readDerived("business-images", "del/b.webp", "share.jpg"))?.toString()).toBe("del/b.webp preview");
      expect((await store.storedNames()).filter((n) => n.includes("del/a.webp"))).toEqual([]);
      await storage.delete("business-images", "del/a.webp"); // already gone: fine
      await storage.delete("business-images", "del/b.webp");
      expect((await store.storedNames()).filter((n) => n.includes("del/"))).toEqual([]);
    });

    it("deletes a prefix: the files under it and their derived files, not a neighbour whose name starts the same", async () => {
      for (const key of ["biz-4/a.webp", "biz-4/b.webp", "biz-45/c.webp"]) {
        await storage.put("business-images", key, Buffer.from(key), "image/webp");
        await storage.putDerived("business-images", key, "w640.webp", Buffer.from(`${key} card`));
      }
      await storage.deletePrefix("business-images", "biz-4");
      expect(await storage.exists("business-images", "biz-4/a.webp")).toBe(false);
      expect(await storage.exists("business-images", "biz-4/b.webp")).toBe(false);
      expect(await storage.readDerived("business-images", "biz-4/b.webp", "w640.webp")).toBeNull();
      expect((await storage.read("business-images", "biz-45/c.webp"))?.toString()).toBe("biz-45/c.webp");
      expect((await storage.readDerived("business-images", "biz-45/c.webp", "w640.webp"))?.toString()).toBe("biz-45/c.webp card");
      expect((await store.storedNames()).filter((n) => n.includes("biz-4/"))).toEqual([]);
    });

    it("deletes a prefix holding more than a thousand files (a page of S3's listing) and their derived files", async () => {
      const keys = Array.from({ length: 1003 }, (_, i) => `many/k${String(i).padStart(4, "0")}.webp`);
      await inParallel(keys, 16, (key) => storage.put("business-images", key, Buffer.from("x"), "image/webp"));
      for (const key of [keys[0]!, keys[1002]!]) {
        await storage.putDerived("business-images", key, "w320.webp", Buffer.from("small"));
        await storage.putDerived("business-images", key, "share.jpg", Buffer.from("preview"));
      }
      expect((await store.storedNames()).filter((n) => n.includes("many/")).length).toBe(1003 + 4);

      await storage.deletePrefix("business-images", "many");
      expect((await store.storedNames()).filter((n) => n.includes("many/"))).toEqual([]);
      expect(await storage.exists("business-images", keys[1002]!)).toBe(false);
    }, 120_000);

    it("refuses unsafe keys and derived names in every operation", async () => {
      const bad = ["../escape.webp", "a/../../b", "/abs.webp", "a//b", "", ".hidden", "a b"];
      for (const key of bad) {
        await expect(storage.put("business-images", key, Buffer.from("x"), "image/webp")).rejects.toThrow("Unsafe storage key");
        await expect(storage.get("business-images", key)).rejects.toThrow("Unsafe storage key");
        await expect(storage.read("business-images", key)).rejects.toThrow("Unsafe storage key");
        await expect(storage.exists("business-images", key)).rejects.toThrow("Unsafe storage key");
        await expect(storage.delete("business-images", key)).rejects.toThrow("Unsafe storage key");
        await expect(storage.deletePrefix("business-images", key)).rejects.toThrow("Unsafe storage key");
        await expect(storage.putDerived("business-images", key, "w320.webp", Buffer.from("x"))).rejects.toThrow("Unsafe storage key");
        await expect(storage.readDerived("business-images", key, "w320.webp")).rejects.toThrow("Unsafe storage key");
      }
      for (const name of ["../w320.webp", "a/b.webp", ".hidden", "", "w320.webp/.."]) {
        await expect(storage.putDerived("business-images", "biz/a.webp", name, Buffer.from("x"))).rejects.toThrow("Unsafe derived file name");
        await expect(storage.readDerived("business-images", "biz/a.webp", name)).rejects.toThrow("Unsafe derived file name");
      }
      expect((await store.storedNames()).filter((n) => n.includes("escape") || n.includes("hidden"))).toEqual([]);
    });
  });
}
