import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import { scrubError } from "./log-safety";
import { logger } from "./logger.server";
import { assertSafeDerivedName, assertSafeKey, StorageUnavailableError, type Bucket, type Storage } from "./storage-keys";

export type S3StorageOptions = {
  /** The one bucket every file goes in (private: nothing in it is public). */
  bucket: string;
  /** For S3-compatible services (R2, B2, MinIO, a local server); unset means AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Both or neither: neither means the SDK's default credential chain (instance role, AWS_* variables, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** https://endpoint/bucket/key rather than https://bucket.endpoint/key (MinIO, most local servers). */
  forcePathStyle: boolean;
  /** Put before every key ('' or ending in '/'), so one bucket can hold several sites or stages. */
  prefix: string;
};

/** Objects deleted per DeleteObjects request, and listed per ListObjectsV2 page: S3's own maximum. */
const PAGE = 1000;

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO):
 *   <prefix><bucket>/<key>                 originals ('business-images/…', 'kyc-documents/…')
 *   <prefix>derived/<bucket>/<key>/<name>  files made from one (resized variants, the link preview)
 * One private bucket; listing images reach people only through /media (or a CDN pulling from it), KYC
 * documents only through the signed /kyc-documents route. A missing object is null/false; every other
 * failure of the service propagates as StorageUnavailableError (the SDK's error as its cause).
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private reachable = true;

  constructor(options: S3StorageOptions) {
    // The SDK warns once per process that its 2027 releases will need Node 22; read by @aws-sdk/core when
    // a client is made. An operator who wants to see it sets the variable to anything else.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // The SDK's default checksums (CRC32 on every upload) are not understood by every S3-compatible
      // service: send and check them only where the API requires one.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
      // A bucket that does not answer fails the request in seconds rather than holding it (3 s to connect,
      // 10 s of silence mid-request; up to 3 attempts).
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    });
  }

  private objectKey(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${bucket}/${key}`;
  }

  private derivedFolder(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    return `${this.prefix}derived/${bucket}/${key}/`;
  }

  private derivedKey(bucket: Bucket, key: string, name: string): string {
    assertSafeDerivedName(name);
    return `${this.derivedFolder(bucket, key)}${name}`;
  }

  private async send<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unavailable(operation, error);
    }
  }

  async put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void> {
    const Key = this.objectKey(bucket, key);
    await this.send("PutObject", () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length })));
  }

  async putDerived(bucket: Bucket, key: string, name: string, body: Buffer): Promise<void> {
    const Key = this.derivedKey(bucket, key, name);
    await this.send("PutObject", () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: body.length })));
  }

  async exists(bucket: Bucket, key: string): Promise<boolean> {
    const Key = this.objectKey(bucket, key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw unavailable("HeadObject", error);
    }
  }

  /** The object's body as a stream (never held whole in memory), or null when there is none. */
  async get(bucket: Bucket, key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    const object = await this.getObject(this.objectKey(bucket, key));
    if (!object?.Body) return null;
    const body = object.Body as Readable & { transformToWebStream(): ReadableStream<Uint8Array> };
    return { body: body.transformToWebStream(), size: object.ContentLength ?? 0 };
  }

  async read(bucket: Bucket, key: string): Promise<Buffer | null> {
    return this.readObject(this.objectKey(bucket, key));
  }

  async readDerived(bucket: Bucket, key: string, name: string): Promise<Buffer | null> {
    return this.readObject(this.derivedKey(bucket, key, name));
  }

  private async readObject(Key: string): Promise<Buffer | null> {
    const object = await this.getObject(Key);
    if (!object?.Body) return null;
    return Buffer.from(await object.Body.transformToByteArray());
  }

  private async getObject(Key: string) {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable("GetObject", error);
    }
  }

  // The original goes first: from then on nothing derived from it is served (readers check exists()).
  async delete(bucket: Bucket, key: string): Promise<void> {
    const Key = this.objectKey(bucket, key);
    await this.send("DeleteObject", () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
    await this.deleteAllUnder(this.derivedFolder(bucket, key));
  }

  /** The object named `prefix` itself, everything under `prefix/`, and everything derived from those. */
  async deletePrefix(bucket: Bucket, prefix: string): Promise<void> {
    const Key = this.objectKey(bucket, prefix);
    await this.send("DeleteObject", () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
    await this.deleteAllUnder(`${Key}/`);
    await this.deleteAllUnder(this.derivedFolder(bucket, prefix));
  }

  /** Lists a folder a page at a time and deletes each page in one request: memory bounded by one page. */
  private async deleteAllUnder(folder: string): Promise<number> {
    let deleted = 0;
    // Deleting while listing moves the listing: each round lists from the start again until nothing is left.
    for (;;) {
      const page = await this.send("ListObjectsV2", () => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, MaxKeys: PAGE })));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return deleted;
      const result = await this.send("DeleteObjects", () =>
        this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } })),
      );
      if (result.Errors && result.Errors.length > 0) {
        const first = result.Errors[0]!;
        throw new StorageUnavailableError(`S3 DeleteObjects failed for ${result.Errors.length} object(s), first ${first.Key}: ${first.Code} ${first.Message ?? ""}`.trim());
      }
      deleted += keys.length;
    }
  }

  /** Readiness: the bucket answers with these credentials. A change of state is logged (not every check). */
  async ping(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      if (!this.reachable) logger.info("object storage answers again");
      this.reachable = true;
      return true;
    } catch (error) {
      if (this.reachable) logger.error({ err: scrubError(error) }, "object storage does not answer");
      this.reachable = false;
      return false;
    }
  }

  /** Every object under a folder of this store's keys (tests, storage:migrate), a page at a time. */
  async *list(folder = ""): AsyncGenerator<{ key: string; size: number; etag?: string }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.send("ListObjectsV2", () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${folder}`, MaxKeys: PAGE, ContinuationToken })),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(this.prefix.length), size: object.Size ?? 0, etag: object.ETag };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Size and ETag of an original, or null (storage:migrate's "already there" check). */
  async head(bucket: Bucket, key: string): Promise<{ size: number; etag?: string } | null> {
    const Key = this.objectKey(bucket, key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: head.ContentLength ?? 0, etag: head.ETag };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable("HeadObject", error);
    }
  }

  /** Stores an original from a stream of known length, without holding it in memory (storage:migrate). */
  async putStream(bucket: Bucket, key: string, body: Readable, size: number, contentType: string): Promise<void> {
    const Key = this.objectKey(bucket, key);
    await this.send("PutObject", () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: size, ContentType: contentType })));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The store failed: what failed, the service's code and HTTP status (a HEAD's error has no body), the cause kept. */
function unavailable(operation: string, error: unknown): StorageUnavailableError {
  const status = error instanceof S3ServiceException ? error.$metadata?.httpStatusCode : undefined;
  const detail = error instanceof Error ? `${error.name}${status ? ` (HTTP ${status})` : ""}: ${error.message}` : String(error);
  return new StorageUnavailableError(`S3 ${operation} failed: ${detail}`, { cause: error });
}

/** S3's "no such object": NoSuchKey from GetObject, a bare 404 (NotFound) from HeadObject. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // Not NoSuchBucket (also a 404): a missing bucket is a fault, not an empty store.
  return error.name === "NoSuchKey" || error.name === "NotFound";
}
