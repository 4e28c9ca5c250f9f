// Operator commands: npm run cli -- <command> [args]
// Each command loads what it needs when it runs (the readers of an import, the backup's archive code, the database
// driver): a command starts in about half the time it took when every command's modules loaded first.
import type { FileStore } from "../app/lib/backup.server";
import { DataDirLockedError } from "../app/lib/data-dir-lock.server";
import { EnvError, parseEnv, setEnv, type Env } from "../app/lib/env.server";
import { IMPORT_USAGE } from "./import-usage";

const USAGE = `Usage: npm run cli -- <command>

Commands:
  admin:grant <email> [email...]   add e-mails to the admins table (admin rights on next request)
  backup <file>                    write the database (and the uploads on disk) to a new .tar.gz (mode 0600)
  restore <file> [--force]         load a backup into an empty database (--force replaces what is there)
${IMPORT_USAGE}  migrate                          apply the committed migrations
  seed                             load the demo data into an empty database (not in production)
  storage:migrate [--dry-run]      copy the disk store's files (DATA_DIR/uploads) into the S3 bucket (S3_BUCKET);
                                   files already there are skipped, so it can be run again
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const env = parseEnv();
  setEnv(env);
  // Needs no database (and does not take the embedded database's lock): it can run beside the server.
  if (command === "storage:migrate") return (await import("./storage-migrate")).storageMigrate(env, args);
  if (command === "backup" || command === "restore") return backupCommand(env, command, args);
  // Operator commands may run statements longer than the server's 30 s statement_timeout.
  const [{ prepareDatabase }, { useDatabase }] = await Promise.all([import("../server/database"), import("../app/lib/db.server")]);
  const { database } = await prepareDatabase(env, `cli ${command}`, { statementTimeoutMs: 0 });
  useDatabase(database);
  try {
    switch (command) {
      case "admin:grant": {
        const emails = args.map((a) => a.trim().toLowerCase()).filter(Boolean);
        const invalid = emails.filter((e) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e));
        if (emails.length === 0 || invalid.length > 0) {
          console.error(emails.length === 0 ? "admin:grant needs an e-mail address." : `Not an e-mail address: ${invalid.join(", ")}`);
          return 1;
        }
        const { grantAdmins } = await import("../app/features/admin/grant-admin.server");
        const added = await grantAdmins(emails);
        console.log(`Admins: ${emails.join(", ")} (${added} added, ${emails.length - added} already there).`);
        return 0;
      }
      case "import:osm":
      case "import:csv":
        return await (await import("./import")).importCommand(command, args);
      case "migrate":
        console.log("Migrations applied.");
        return 0;
      case "seed": {
        if (env.isProduction) {
          console.error("Refusing to load demo data with NODE_ENV=production.");
          return 1;
        }
        const [{ count }, { user }] = await Promise.all([import("drizzle-orm"), import("../db/schema")]);
        const [{ users }] = await database.db.select({ users: count() }).from(user);
        if (users > 0) {
          console.error(`The database already has ${users} users; demo data is only loaded into an empty database.`);
          return 1;
        }
        const { seedDemoData } = await import("../db/seed/index");
        console.log("Seeded:", await seedDemoData());
        return 0;
      }
      default:
        console.error(`Unknown command '${command}'.\n\n${USAGE}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

/** Where files live: on disk under DATA_DIR/uploads, or in a bucket (S3_BUCKET, when object storage is configured). */
function fileStore(env: Env): FileStore {
  return env.S3_BUCKET
    ? { kind: "bucket", description: `the bucket ${env.S3_BUCKET}${env.S3_PREFIX ? ` (prefix ${env.S3_PREFIX})` : ""}` } : { kind: "disk", dataDir: env.DATA_DIR };
}

/**
 * backup and restore open the database without migrating it: a backup records the schema level as it is, and a
 * restore migrates the target to the backup's level itself. The embedded database's DATA_DIR lock refuses them
 * while a server has it open (stop the server, back up, start it again).
 */
async function backupCommand(env: Env, command: "backup" | "restore", args: string[]): Promise<number> {
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  const unknown = files.filter((a) => a.startsWith("--"));
  if (files.length !== 1 || unknown.length > 0 || (force && command === "backup")) {
    console.error(`Usage: npm run cli -- backup <file>  |  npm run cli -- restore <file> [--force]\n\n${USAGE}`);
    return 1;
  }
  const [{ openDatabase }, { backup, restore }] = await Promise.all([import("../app/lib/db.server"), import("../app/lib/backup.server")]);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 2, statementTimeoutMs: 0 })
    : await openDatabase({ kind: "embedded", dataDir: env.DATA_DIR, purpose: `cli ${command}` });
  const log = (line: string) => console.log(line);
  try {
    if (command === "backup") {
      const { manifest, bytes, ms } = await backup({ database, files: fileStore(env), output: files[0], log });
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      const fileCount = manifest.files.included ? `${manifest.files.entries.length} files` : "no files (in a bucket)";
      console.log(
        `Backup written: ${files[0]} (${bytes} bytes, mode 0600; ${manifest.tables.length} tables, ${rows} rows, ${fileCount}; ` +
          `schema ${manifest.schema.tag}) in ${(ms / 1000).toFixed(1)} s. It holds password hashes, sessions and KYC documents: keep it secret.`,
      );
      return 0;
    }
    // Files are restored to disk; with a bucket configured, storage:migrate copies them there.
    const { manifest, rows, files: restoredFiles, ms, migratedFrom } = await restore({
      database,
      files: { kind: "disk", dataDir: env.DATA_DIR },
      input: files[0],
      force,
      log,
    });
    console.log(
      `Restored ${files[0]}: ${manifest.tables.length} tables, ${rows} rows, ${restoredFiles} files` +
        `${migratedFrom ? ` (target migrated from ${migratedFrom} to ${manifest.schema.tag} first)` : ""} in ${(ms / 1000).toFixed(1)} s. ` +
        "Every table's rows and every file match the backup's SHA-256.",
    );
    if (fileStore(env).kind === "bucket" && restoredFiles > 0) {
      console.log("Files were restored to DATA_DIR/uploads; copy them into the bucket with: npm run cli -- storage:migrate");
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    // BackupError by name: backup.server is loaded only by the commands that use it.
    if (error instanceof EnvError || error instanceof DataDirLockedError || (error instanceof Error && error.name === "BackupError")) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
