import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "./s3-server";

// Each test starts s3rver as a child process (about 0.6 s on a quiet machine). `npm test` runs the unit tests beside
// typecheck, lint and the build on two cores, where one start can take several seconds: vitest's 5 s default failed
// a CI run (reproduced with six busy loops beside `vitest run --project unit`).
describe("startS3Server", { timeout: 30_000 }, () => {
  let s3: S3Server;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3Server();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.env.S3_REGION,
      forcePathStyle: true,
      credentials: {
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      },
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }, 30_000);
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
  });

  it("serves its bucket over the S3 protocol and describes itself in env", async () => {
    expect(s3.env).toMatchObject({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: "a/b.txt",
        Body: "hello",
      }),
    );
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket }),
    );
    expect(listed.Contents?.map((o) => o.Key)).toEqual(["a/b.txt"]);
    const got = await client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: "a/b.txt" }),
    );
    expect(await got.Body?.transformToString()).toBe("hello");
  });

  it("refuses an unknown access key", async () => {
    const stranger = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "NOBODY", secretAccessKey: "x" },
    });
    await expect(
      stranger.send(new CreateBucketCommand({ Bucket: "other-bucket" })),
    ).rejects.toThrow(/Access Key/);
    stranger.destroy();
  });

  it("removes its own folder on stop, and keeps a folder it was given", async () => {
    const own = await startS3Server();
    expect(existsSync(own.directory)).toBe(true);
    await own.stop();
    expect(existsSync(own.directory)).toBe(false);

    const given = await mkdtemp(path.join(tmpdir(), "s3-given-"));
    const other = await startS3Server({ directory: given });
    expect(other.directory).toBe(given);
    await other.stop();
    expect(existsSync(given)).toBe(true);
    await rm(given, { recursive: true });
  });
});
