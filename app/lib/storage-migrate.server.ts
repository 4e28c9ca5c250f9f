import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, BUCKETS, type Bucket } from "./storage-keys";
import type { S3Storage } from "./storage-s3.server";

export type MigrationSummary = { seen: number; copied: number; skipped: number; failed: number; ignored: number; bytes: number };

type Options = {
  /** DATA_DIR: the disk store's originals are under <dataDir>/uploads/<bucket>/<key>. */
  dataDir: string;
  target: S3Storage;
  dryRun?: boolean;
  /** Uploads at once. */
  concurrency?: number;
  /** One line per event worth telling the operator (progress, failures, the summary). */
  print?: (line: string) => void;
  /** Progress line every this many files. */
  progressEvery?: number;
};

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png" };

/** Every file under a folder, depth first, one directory handle at a time (no list of all files in memory). */
async function* filesUnder(root: string, relative = ""): AsyncGenerator<string> {
  let dir;
  try {
    dir = await opendir(path.join(root, relative));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for await (const entry of dir) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, child);
    else if (entry.isFile() || entry.isSymbolicLink()) yield child;
  }
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash("md5");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * Copies every original of the disk store (DATA_DIR/uploads, both buckets) into the bucket. Derived files
 * (resized variants, link previews) are not copied: they are made again on first request. Idempotent and
 * resumable: an object already there with the same size and MD5 (its ETag, for a single-part upload) is
 * skipped. Streams each file (never whole in memory); a file that fails is counted and the run goes on.
 */
export async function migrateDiskToBucket(options: Options): Promise<MigrationSummary> {
  const { dataDir, target, dryRun = false, concurrency = 4, print = () => undefined, progressEvery = 500 } = options;
  const summary: MigrationSummary = { seen: 0, copied: 0, skipped: 0, failed: 0, ignored: 0, bytes: 0 };
  const uploads = path.join(dataDir, "uploads");

  async function copyOne(bucket: Bucket, key: string): Promise<void> {
    const file = path.join(uploads, bucket, key);
    try {
      const info = await stat(file);
      const there = await target.head(bucket, key);
      if (there && there.size === info.size) {
        const etag = there.etag?.replace(/"/g, "");
        // A multipart or encrypted object's ETag is not its MD5: the size has to do.
        if (!etag || !/^[0-9a-f]{32}$/.test(etag) || etag === (await md5Of(file))) {
          summary.skipped++;
          return;
        }
      }
      if (!dryRun) {
        const type = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
        await target.putStream(bucket, key, createReadStream(file), info.size, type);
      } else {
        print(`would copy ${bucket}/${key} (${info.size} bytes)`);
      }
      summary.copied++;
      summary.bytes += info.size;
    } catch (error) {
      summary.failed++;
      print(`failed ${bucket}/${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const running = new Set<Promise<void>>();
  for (const bucket of BUCKETS) {
    for await (const key of filesUnder(path.join(uploads, bucket))) {
      // Left by a write that never finished (DiskStorage writes <name>.<pid>.<time>.<random>.tmp, then renames).
      if (key.endsWith(".tmp")) {
        summary.ignored++;
        continue;
      }
      try {
        assertSafeKey(key);
      } catch {
        summary.ignored++;
        print(`ignored ${bucket}/${key}: not a name the server makes`);
        continue;
      }
      summary.seen++;
      const task = copyOne(bucket, key).finally(() => running.delete(task));
      running.add(task);
      if (running.size >= concurrency) await Promise.race(running);
      if (summary.seen % progressEvery === 0) {
        print(`… ${summary.seen} files: ${summary.copied} ${dryRun ? "to copy" : "copied"}, ${summary.skipped} already there, ${summary.failed} failed`);
      }
    }
  }
  await Promise.all(running);
  return summary;
}
