import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../tests/support/child-process";
import { runsOnce } from "../../tests/support/database-kind";
import { bucketKeys, s3StorageOptions as optionsFor, startS3Server, type S3Server } from "../../tests/support/s3-server";
import { describeStorageContract } from "../../tests/storage/storage-contract";
import { S3Storage } from "./storage-s3.server";
import { StorageUnavailableError } from "./storage-keys";

// The same contract as DiskStorage, against a real S3 server on loopback, with a key prefix.
describeStorageContract(
  "S3Storage on a local S3 server",
  async () => {
    const s3 = await startS3Server();
    const storage = new S3Storage(optionsFor(s3, { prefix: "site-a/" }));
    return {
      storage,
      storedNames: () => bucketKeys(s3),
      close: async () => {
        storage.close();
        await s3.stop();
      },
    };
  },
  { runIf: runsOnce },
);

describe.runIf(runsOnce)("S3Storage", () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("lays out originals under <prefix><bucket>/ and derived files under <prefix>derived/<bucket>/<key>/", async () => {
    const storage = new S3Storage(optionsFor(s3, { prefix: "layout/" }));
    await storage.put("business-images", "b1/photo.webp", Buffer.from("p"), "image/webp");
    await storage.put("kyc-documents", "u1/id.webp", Buffer.from("i"), "image/webp");
    await storage.putDerived("business-images", "b1/photo.webp", "w320.webp", Buffer.from("s"));
    expect((await bucketKeys(s3)).filter((k) => k.startsWith("layout/"))).toEqual([
      "layout/business-images/b1/photo.webp",
      "layout/derived/business-images/b1/photo.webp/w320.webp",
      "layout/kyc-documents/u1/id.webp",
    ]);
    // Another prefix is another store in the same bucket.
    const other = new S3Storage(optionsFor(s3, { prefix: "other/" }));
    expect(await other.exists("business-images", "b1/photo.webp")).toBe(false);
    storage.close();
    other.close();
  });

  it("fails loudly (not 'missing') when the bucket is not there, and ping says so", async () => {
    const storage = new S3Storage(optionsFor(s3, { bucket: "no-such-bucket" }));
    await expect(storage.read("business-images", "a.webp")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.get("business-images", "a.webp")).rejects.toThrow(/NoSuchBucket|does not exist/);
    await expect(storage.put("business-images", "a.webp", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(await storage.ping()).toBe(false);
    storage.close();
  });

  it("refuses an unknown access key, and ping answers false", async () => {
    const storage = new S3Storage(optionsFor(s3, { credentials: { accessKeyId: "NOT-A-KEY", secretAccessKey: "not-the-secret" } }));
    await expect(storage.exists("business-images", "a.webp")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.read("business-images", "a.webp")).rejects.toThrow(/Access Key Id/);
    expect(await storage.ping()).toBe(false);
    storage.close();
  });

  it("fails within seconds when the server is gone, and ping answers false", async () => {
    const gone = await startS3Server();
    const storage = new S3Storage(optionsFor(gone));
    expect(await storage.ping()).toBe(true);
    await gone.stop();
    const started = Date.now();
    await expect(storage.read("business-images", "a.webp")).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(await storage.ping()).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
    storage.close();
  });

  it("keeps the SDK's Node-version warning out of the server's output (an operator can still ask for it)", () => {
    const script = `
      const { S3Storage } = await import("./app/lib/storage-s3.server.ts");
      const storage = new S3Storage({ bucket: "x-bucket", region: "us-east-1", forcePathStyle: true, prefix: "", endpoint: "http://127.0.0.1:9" });
      storage.close();`;
    const run = (extra: Record<string, string>) => {
      const env: Record<string, string | undefined> = { ...process.env, ...extra };
      if (!("AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED" in extra)) delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
      return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: PROJECT_ROOT, env, encoding: "utf8" });
    };
    const quiet = run({});
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain("NodeVersionSupportWarning");
    const asked = run({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "false" });
    expect(asked.status, asked.stderr).toBe(0);
    // The SDK warns only below Node 22.
    if (Number(process.versions.node.split(".")[0]) < 22) expect(asked.stderr).toContain("NodeVersionSupportWarning");
  }, 60_000);
});
