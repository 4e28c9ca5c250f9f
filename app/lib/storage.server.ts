import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/** Where files live. Buckets: 'business-images' (served publicly through /media), 'kyc-documents' (private). */
export type Bucket = "business-images" | "kyc-documents";

/**
 * Stored files and the files derived from them (resized copies, link previews): a derived file belongs to
 * its original and is deleted with it, so no caller can delete a photo and leave a public copy behind.
 */
export interface Storage {
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  read(bucket: Bucket, key: string): Promise<Buffer | null>;
  /** Whether the original file is there (without reading it). */
  exists(bucket: Bucket, key: string): Promise<boolean>;
  /** Deletes a file and every file derived from it. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Deletes every file under a prefix (a folder of keys) and every file derived from them. */
  deletePrefix(bucket: Bucket, prefix: string): Promise<void>;
  /** Stores a file made from `key` under a name of its own (e.g. 'w320.webp'); deleted with `key`. */
  putDerived(bucket: Bucket, key: string, name: string, body: Buffer): Promise<void>;
  /** A file made from `key`, or null. Callers check exists(key) first: a derived file never outlives its original for a reader. */
  readDerived(bucket: Bucket, key: string, name: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Rejects keys that could leave the bucket's folder. Keys are made by the server, never by users. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

const SAFE_DERIVED_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

/**
 * Files on local disk: originals under <root>/<bucket>/<key> (DATA_DIR/uploads), the files derived from
 * one under <derivedRoot>/<bucket>/<key>/<name> (DATA_DIR/cache/derived), so deleting an original removes
 * its one folder of derived files.
 */
export class DiskStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly derivedRoot: string,
  ) {}

  private file(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    return path.join(this.root, bucket, key);
  }

  private derivedDir(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    return path.join(this.derivedRoot, bucket, key);
  }

  private derivedFile(bucket: Bucket, key: string, name: string): string {
    if (!SAFE_DERIVED_NAME.test(name)) throw new Error(`Unsafe derived file name: ${JSON.stringify(name)}`);
    return path.join(this.derivedDir(bucket, key), name);
  }

  async put(bucket: Bucket, key: string, body: Buffer, _contentType?: string): Promise<void> {
    await writeAtomically(this.file(bucket, key), body);
  }

  async exists(bucket: Bucket, key: string): Promise<boolean> {
    try {
      return (await stat(this.file(bucket, key))).isFile();
    } catch {
      return false;
    }
  }

  async putDerived(bucket: Bucket, key: string, name: string, body: Buffer): Promise<void> {
    await writeAtomically(this.derivedFile(bucket, key, name), body);
  }

  async readDerived(bucket: Bucket, key: string, name: string): Promise<Buffer | null> {
    try {
      return await readFile(this.derivedFile(bucket, key, name));
    } catch {
      return null;
    }
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
    try {
      return await readFile(this.file(bucket, key));
    } catch {
      return null;
    }
  }

  // The original goes first: from then on nothing derived from it is served (readers check exists()).
  async delete(bucket: Bucket, key: string): Promise<void> {
    await rm(this.file(bucket, key), { force: true });
    await rm(this.derivedDir(bucket, key), { recursive: true, force: true });
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<void> {
    await rm(this.file(bucket, prefix), { recursive: true, force: true });
    await rm(this.derivedDir(bucket, prefix), { recursive: true, force: true });
  }
}

/** Write then rename, so a reader never sees half a file. Private to the server user. */
async function writeAtomically(target: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, body, { mode: 0o600 });
  await rename(temp, target);
}

/** The process's file storage (local disk under DATA_DIR by default: uploads/, and cache/derived/ for derived files). */
export function getStorage(): Storage {
  return singleton("storage", () => {
    const dataDir = getEnv().DATA_DIR;
    return new DiskStorage(path.join(dataDir, "uploads"), path.join(dataDir, "cache", "derived"));
  });
}
