import { constants, createReadStream } from "node:fs";
import { access, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv, type Env } from "./env.server";
import { singleton } from "./singleton.server";
import { assertSafeDerivedName, assertSafeKey, type Bucket, type Storage } from "./storage-keys";
import { S3Storage } from "./storage-s3.server";

export { assertSafeDerivedName, assertSafeKey, BUCKETS, StorageUnavailableError, type Bucket, type Storage } from "./storage-keys";

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
    assertSafeDerivedName(name);
    return path.join(this.derivedDir(bucket, key), name);
  }

  async put(bucket: Bucket, key: string, body: Buffer, _contentType?: string): Promise<void> {
    await writeAtomically(this.file(bucket, key), body);
  }

  async exists(bucket: Bucket, key: string): Promise<boolean> {
    const target = this.file(bucket, key);
    try {
      return (await stat(target)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async putDerived(bucket: Bucket, key: string, name: string, body: Buffer): Promise<void> {
    await writeAtomically(this.derivedFile(bucket, key, name), body);
  }

  async readDerived(bucket: Bucket, key: string, name: string): Promise<Buffer | null> {
    return readIfThere(this.derivedFile(bucket, key, name));
  }

  async get(bucket: Bucket, key: string) {
    const target = this.file(bucket, key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>, size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(bucket: Bucket, key: string): Promise<Buffer | null> {
    return readIfThere(this.file(bucket, key));
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

  /** Both folders exist (made if missing) and the server user may read and write them. */
  async ping(): Promise<boolean> {
    try {
      for (const dir of [this.root, this.derivedRoot]) {
        await mkdir(dir, { recursive: true });
        await access(dir, constants.R_OK | constants.W_OK);
      }
      return true;
    } catch {
      return false;
    }
  }
}

/** "No such file" (or a folder where a file was asked for): every other failure of the disk propagates. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Write then rename, so a reader never sees half a file. Private to the server user. */
async function writeAtomically(target: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, body, { mode: 0o600 });
  await rename(temp, target);
}

/**
 * The process's file storage: an S3-compatible bucket when S3_BUCKET is set (S3Storage), else local disk
 * under DATA_DIR (uploads/, and cache/derived/ for derived files).
 */
export function getStorage(): Storage {
  return singleton("storage", () => {
    const env = getEnv();
    if (env.S3_BUCKET) return new S3Storage(s3Options(env));
    return diskStorage(env.DATA_DIR);
  });
}

/** The disk store under a data folder (the default, and storage:migrate's source). */
export function diskStorage(dataDir: string): DiskStorage {
  return new DiskStorage(path.join(dataDir, "uploads"), path.join(dataDir, "cache", "derived"));
}

/** The S3 settings of a configuration (S3_BUCKET set). */
export function s3Options(env: Env) {
  if (!env.S3_BUCKET) throw new Error("S3_BUCKET is not set");
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  };
}
