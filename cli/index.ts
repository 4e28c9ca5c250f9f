// Operator commands: npm run cli -- <command> [args]
import { count } from "drizzle-orm";
import { user } from "../db/schema";
import { grantAdmins } from "../app/features/admin/grant-admin.server";
import { DataDirLockedError } from "../app/lib/data-dir-lock.server";
import { useDatabase } from "../app/lib/db.server";
import { EnvError, parseEnv, setEnv } from "../app/lib/env.server";
import { prepareDatabase } from "../server/database";
import { storageMigrate } from "./storage-migrate";

const USAGE = `Usage: npm run cli -- <command>

Commands:
  admin:grant <email> [email...]   add e-mails to the admins table (admin rights on next request)
  migrate                          apply the committed migrations
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
  if (command === "storage:migrate") return storageMigrate(env, args);
  const { database } = await prepareDatabase(env, `cli ${command}`);
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
        const added = await grantAdmins(emails);
        console.log(`Admins: ${emails.join(", ")} (${added} added, ${emails.length - added} already there).`);
        return 0;
      }
      case "migrate":
        console.log("Migrations applied.");
        return 0;
      case "seed": {
        if (env.isProduction) {
          console.error("Refusing to load demo data with NODE_ENV=production.");
          return 1;
        }
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
