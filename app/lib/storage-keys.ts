/** Where files live. Buckets: 'business-images' (served publicly through /media), 'kyc-documents' (private). */
export type Bucket = "business-images" | "kyc-documents";

export const BUCKETS: readonly Bucket[] = ["business-images", "kyc-documents"];

/**
 * Stored files and the files derived from them (resized copies, link previews): a derived file belongs to
 * its original and is deleted with it, so no caller can delete a photo and leave a public copy behind.
 * Implementations: DiskStorage (storage.server.ts) and S3Storage (storage-s3.server.ts), held to one
 * contract (tests/storage/storage-contract.ts).
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
  /** Readiness (/readyz): the store answers (the folder is readable and writable; the bucket answers). */
  ping(): Promise<boolean>;
}

/**
 * The store failed (not "no such file"): the bucket does not answer, refuses the credentials, … The
 * service's own error is the cause. Callers answer 503 rather than "not found".
 */
export class StorageUnavailableError extends Error {}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Rejects keys that could leave the bucket's folder. Keys are made by the server, never by users. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

const SAFE_DERIVED_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

/** A derived file's name is one plain file name ('w320.webp', 'share.jpg'). */
export function assertSafeDerivedName(name: string): void {
  if (!SAFE_DERIVED_NAME.test(name)) throw new Error(`Unsafe derived file name: ${JSON.stringify(name)}`);
}
