import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { S3Storage, type S3StorageOptions } from "../../app/lib/storage-s3.server";

export type S3Server = {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (path-style addressing). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps the files (`<directory>/<bucket>/...`). */
  directory: string;
  /** The S3_* variables a server process (or getStorage()) needs to use this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

// s3rver's one built-in account: it refuses any other access key id (it does not verify V4 signatures).
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const SCRIPT = path.join(import.meta.dirname, "s3-server-process.mjs");

let counter = 0;

/**
 * A real S3-compatible server (s3rver) on loopback, in a process of its own, port chosen by the system,
 * with one empty bucket. Files live in `options.directory` or in a temporary folder of its own, removed
 * on stop(). Clients must use path-style addressing (env sets S3_FORCE_PATH_STYLE=true).
 */
export async function startS3Server(
  options: { directory?: string; timeoutMs?: number } = {},
): Promise<S3Server> {
  const ownDirectory = !options.directory;
  const directory =
    options.directory ?? (await mkdtemp(path.join(tmpdir(), "s3rver-")));
  // Bucket names: 3–63 lowercase letters, digits and hyphens.
  const bucket = `test-${process.pid}-${++counter}`;
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", SCRIPT, directory, bucket],
    {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "" },
    },
  );
  let output = "";
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (output += chunk));
  const exited = once(child, "exit");
  const timeoutMs = options.timeoutMs ?? 30_000;
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`s3rver did not start in ${timeoutMs} ms: ${output}`),
          ),
        timeoutMs,
      );
      child.stdout.on("data", (chunk: string) => {
        output += chunk;
        const match = /^listening (\d+)$/m.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      void exited.then(([code]) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited with ${code}: ${output}`));
      });
    });
  } catch (error) {
    child.kill("SIGKILL");
    if (ownDirectory) await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null)
          child.kill("SIGTERM");
        await exited;
        if (ownDirectory) await rm(directory, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

/** S3Storage options for this server: path style, its one account, no prefix (overrides win). */
export function s3StorageOptions(s3: S3Server, overrides: Partial<S3StorageOptions> = {}): S3StorageOptions {
  return {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    prefix: "",
    ...overrides,
  };
}

/** Every object key in the server's bucket, whatever the prefix, sorted: a second client's view, not the app's store. */
export async function bucketKeys(s3: S3Server): Promise<string[]> {
  const lister = new S3Storage(s3StorageOptions(s3));
  const keys: string[] = [];
  for await (const object of lister.list()) keys.push(object.key);
  lister.close();
  return keys.sort();
}
