import type { Env } from "../app/lib/env.server";
import { migrateDiskToBucket } from "../app/lib/storage-migrate.server";
import { S3Storage } from "../app/lib/storage-s3.server";
import { s3Options } from "../app/lib/storage.server";

/**
 * npm run cli -- storage:migrate [--dry-run]: DATA_DIR/uploads (both buckets' originals) into the bucket
 * S3_* describe. Exit code 1 when S3 is not configured, the bucket does not answer, or any file failed.
 */
export async function storageMigrate(
  env: Env,
  args: string[],
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  const unknown = args.filter((a) => a !== "--dry-run");
  if (unknown.length > 0) {
    printError(`storage:migrate: unknown argument ${unknown.join(" ")} (only --dry-run)`);
    return 1;
  }
  const dryRun = args.includes("--dry-run");
  if (!env.S3_BUCKET) {
    printError(
      "storage:migrate copies DATA_DIR/uploads into an S3 bucket: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as your provider needs) first.",
    );
    return 1;
  }
  const target = new S3Storage(s3Options(env));
  try {
    if (!(await target.ping())) {
      printError(`storage:migrate: the bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ""} does not answer (check S3_* and the credentials).`);
      return 1;
    }
    print(`storage:migrate: ${env.DATA_DIR}/uploads → s3://${env.S3_BUCKET}/${env.S3_PREFIX}${dryRun ? " (dry run: nothing is written)" : ""}`);
    const started = Date.now();
    const summary = await migrateDiskToBucket({ dataDir: env.DATA_DIR, target, dryRun, print });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    print(
      `storage:migrate: ${summary.seen} files, ${summary.copied} ${dryRun ? "to copy" : "copied"} (${summary.bytes} bytes), ${summary.skipped} already there, ${summary.failed} failed` +
        `${summary.ignored ? `, ${summary.ignored} ignored` : ""} in ${seconds} s`,
    );
    if (summary.failed > 0) {
      printError(`storage:migrate: ${summary.failed} file(s) failed (listed above); run it again once the cause is fixed.`);
      return 1;
    }
    return 0;
  } finally {
    target.close();
  }
}
