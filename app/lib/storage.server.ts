import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/** Where files live. Buckets: 'business-images' (served publicly through /media), 'kyc-documents' (private). */
export type Bucket = "business-images" | "kyc-documents";

export interface Storage {
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  read(bucket: Bucket, key: string): Promise<Buffer | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  deletePrefix(bucket: Bucket, prefix: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Rejects keys that could leave the bucket's folder. Keys are made by the server, never by users. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** Files on local disk under DATA_DIR/uploads/<bucket>/<key>. */
export class DiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    return path.join(this.root, bucket, key);
  }

  async put(bucket: Bucket, key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.file(bucket, key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, body, { mode: 0o600 });
    await rename(temp, target);
  }

  async get(bucket: Bucket, key: string) {
    const target = this.file(bucket, key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>, size: info.size };
    } catch {
      return null;
    }
  }

  async read(bucket: Bucket, key: string): Promise<Buffer | null> {
    const { readFile } = await import("node:fs/promises");
    try {
      return await readFile(this.file(bucket, key));
    } catch {
      return null;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await rm(this.file(bucket, key), { force: true });
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<void> {
    await rm(this.file(bucket, prefix), { recursive: true, force: true });
  }
}

/** The process's file storage (local disk under DATA_DIR by default). */
export function getStorage(): Storage {
  return singleton("storage", () => new DiskStorage(path.join(getEnv().DATA_DIR, "uploads")));
}
