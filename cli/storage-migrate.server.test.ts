import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, type Env } from "../app/lib/env.server";
import { S3Storage } from "../app/lib/storage-s3.server";
import { diskStorage, s3Options } from "../app/lib/storage.server";
import { PROJECT_ROOT } from "../tests/support/child-process";
import { runsOnce } from "../tests/support/database-kind";
import { startS3Server, type S3Server } from "../tests/support/s3-server";
import { storageMigrate } from "./storage-migrate";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe.runIf(runsOnce)("npm run cli -- storage:migrate", () => {
  let s3: S3Server;
  let dataDir: string;
  let env: Env;
  let bucket: S3Storage;
  const originals = new Map<string, Buffer>();

  /** The real command in-process: exit code and what it printed. */
  async function migrate(args: string[] = [], overrides: Partial<Env> = {}) {
    const out: string[] = [];
    const code = await storageMigrate({ ...env, ...overrides }, args, (l) => out.push(l), (l) => out.push(`ERR ${l}`));
    return { code, out: out.join("\n") };
  }

  async function bucketKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of bucket.list()) keys.push(object.key);
    return keys.sort();
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(path.join(tmpdir(), "nd-migrate-"));
    env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", ...s3.env, S3_PREFIX: "prod" });
    bucket = new S3Storage(s3Options(env));
    const disk = diskStorage(dataDir);
    const files: [`${"business-images" | "kyc-documents"}/${string}`, Buffer][] = [
      ["business-images/biz-a/1_1.webp", randomBytes(150_000)],
      ["business-images/biz-a/1_2.webp", randomBytes(20_000)],
      ["business-images/biz-b/2_1.webp", randomBytes(30_000)],
      ["kyc-documents/user-1/id.webp", randomBytes(2_000_000)],
    ];
    for (const [name, body] of files) {
      const [b, ...rest] = name.split("/");
      await disk.put(b as "business-images", rest.join("/"), body, "image/webp");
      originals.set(name, body);
    }
    // Derived files are remade, never copied; a half-written temporary file is left alone.
    await disk.putDerived("business-images", "biz-a/1_1.webp", "w320.webp", Buffer.from("small"));
    await disk.putDerived("business-images", "biz-a/1_1.webp", "share.jpg", Buffer.from("preview"));
    writeFileSync(path.join(dataDir, "uploads", "business-images", "biz-a", "1_3.webp.123.456.abc.tmp"), "partial");
  });
  afterAll(async () => {
    bucket?.close();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses without S3_BUCKET, and when the bucket does not answer", async () => {
    const plain = await migrate([], { S3_BUCKET: undefined });
    expect(plain.code).toBe(1);
    expect(plain.out).toContain("ERR storage:migrate copies DATA_DIR/uploads into an S3 bucket: set S3_BUCKET");
    const missing = await migrate([], { S3_BUCKET: "no-such-bucket" });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("does not answer");
    expect(await bucketKeys()).toEqual([]);
  });

  it("copies every original of both buckets (byte for byte), no derived or temporary file, as the real command", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "cli/index.ts", "storage:migrate"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...s3.env, S3_PREFIX: "prod", DATA_DIR: dataDir, NODE_ENV: "test", LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("storage:migrate: 4 files, 4 copied (2200000 bytes), 0 already there, 0 failed, 1 ignored");
  }, 60_000);

  it("left the bucket holding exactly the originals, with the same bytes", async () => {
    expect(await bucketKeys()).toEqual([...originals.keys()].sort());
    for (const [name, body] of originals) {
      const [b, ...rest] = name.split("/");
      expect(sha((await bucket.read(b as "business-images", rest.join("/")))!), name).toBe(sha(body));
    }
    expect(await bucket.readDerived("business-images", "biz-a/1_1.webp", "w320.webp")).toBeNull();
  });

  it("skips everything on a second run, and copies again a file whose content changed (same size, other MD5)", async () => {
    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.out).toContain("4 files, 0 copied (0 bytes), 4 already there, 0 failed");

    const changed = randomBytes(30_000);
    await diskStorage(dataDir).put("business-images", "biz-b/2_1.webp", changed, "image/webp");
    const third = await migrate();
    expect(third.out).toContain("4 files, 1 copied (30000 bytes), 3 already there, 0 failed");
    expect(sha((await bucket.read("business-images", "biz-b/2_1.webp"))!)).toBe(sha(changed));
  });

  it("--dry-run says what it would copy and writes nothing", async () => {
    await diskStorage(dataDir).put("business-images", "biz-c/3_1.webp", randomBytes(1000), "image/webp");
    const dry = await migrate(["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("would copy business-images/biz-c/3_1.webp (1000 bytes)");
    expect(dry.out).toContain("5 files, 1 to copy (1000 bytes), 4 already there, 0 failed");
    expect(await bucket.exists("business-images", "biz-c/3_1.webp")).toBe(false);
    expect((await migrate(["--dry-run", "--force"])).code).toBe(1);
  });

  it("counts a file it cannot read as failed, carries on with the rest, and exits 1", async () => {
    symlinkSync(path.join(dataDir, "nowhere.webp"), path.join(dataDir, "uploads", "business-images", "biz-c", "3_2.webp"));
    const run = await migrate();
    expect(run.code).toBe(1);
    expect(run.out).toContain("failed business-images/biz-c/3_2.webp");
    expect(run.out).toContain("6 files, 1 copied (1000 bytes), 4 already there, 1 failed");
    expect(await bucket.exists("business-images", "biz-c/3_1.webp")).toBe(true);
  });
});
