/**
 * Which integration test files run on which database (tests/README.md, "Which tests run on which driver").
 *
 * Every file runs on the embedded database (project `integration`). On PostgreSQL (`integration-pg`, when
 * TEST_DATABASE_URL is set) run the files where the two drivers can behave differently, and a smoke set:
 * 1. the files that name a driver themselves (`databaseKind()`): written for PostgreSQL's own behaviour (an outage,
 *    a second process, a restore across drivers), found by reading them;
 * 2. SQL that differs by driver or that the planner decides: the directory's search and pages, migrations, the
 *    database layer, backups;
 * 3. more than one connection at a time: locks and use cases racing each other (PGlite's one connection runs them
 *    one after the other), LISTEN/NOTIFY, the scheduler's claims, the pool;
 * 4. a smoke set: every route and every field through the whole app, so nothing else goes untried on PostgreSQL.
 * Files marked `runsOnce` (no database of their own: configuration, files, locks on disk) run embedded only.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const POSTGRES_TOO: Record<string, string[]> = {
  "SQL that differs by driver or that the planner decides": [
    "app/features/directory/**/*.server.test.{ts,tsx}",
    "app/routes/public/**/*.server.test.{ts,tsx}",
    "db/**/*.server.test.{ts,tsx}",
    "app/lib/{db,backup,jobs}.server.test.ts",
    "app/features/imports/**/*.server.test.ts",
    // Request a quote's matching rule reads through indexes the planner chooses (ADR 43).
    "app/features/quotes/**/*.server.test.ts",
  ],
  "more than one connection at a time": [
    "app/lib/{rate-limit,realtime-heartbeat}.server.test.ts",
    "server/{events,scheduler,page-cache,app,metrics}.server.test.ts",
    "app/features/payments/**/*.server.test.ts",
    "app/features/messaging/**/*.server.test.ts",
    "app/features/accounts/accounts.server.test.ts",
    "app/features/listings/listing-review.server.test.ts",
    "app/features/listings/review-claim.server.test.ts",
    "app/features/reviews/**/*.server.test.ts",
    "app/features/analytics/{listing-events,weekly-summaries}.server.test.ts",
    "app/features/admin/admin-deliveries.server.test.ts",
    "app/features/suggestions/suggestions.server.test.ts",
  ],
  "a smoke set: every route and every field through the whole app": [
    "tests/security/authorization-matrix.server.test.ts",
    "tests/security/hostile-text.server.test.ts",
  ],
};

const SOURCE_DIRS = ["app", "server", "db", "cli", "tests", "scripts"];
const TEST_FILE = /\.server\.test\.tsx?$/;

function testFiles(root: string, dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "node_modules") testFiles(root, relative, found);
    else if (TEST_FILE.test(entry.name)) found.push(relative);
  }
  return found;
}

/** A glob of the forms used above (`**`, `*`, `{a,b}`) as a regular expression over repository-relative paths. */
export function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      out += glob[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += glob[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") out += "[^/]*";
    else if (c === "{") out += "(?:";
    else if (c === "}") out += ")";
    else if (c === ",") out += "|";
    else out += c.replace(/[.+?^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** Rule 1: the integration test files that ask which driver they run on. */
export function filesNamingADriver(root: string): string[] {
  return SOURCE_DIRS.flatMap((dir) => testFiles(root, dir)).filter((file) => readFileSync(path.join(root, file), "utf8").includes("databaseKind()"));
}

/** What `integration-pg` includes: rules 2–4's globs and rule 1's files. */
export function postgresIncludes(root: string): string[] {
  return [...Object.values(POSTGRES_TOO).flat(), ...filesNamingADriver(root)];
}
