import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../../app/lib/db.server";
import { quoteIdent, withDatabaseName } from "./context";

/**
 * On the PostgreSQL server at TEST_DATABASE_URL: creates app_template_<pid> and migrates it once.
 * Every test file then gets `CREATE DATABASE test_<random> TEMPLATE app_template_<pid>` (tests/setup/database.ts).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = `app_template_${process.pid}`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(`Cannot connect to TEST_DATABASE_URL (${redact(adminUrl)}): ${error.message}`);
  });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)}`);
    await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }

  // A template may have no open connection while it is copied: migrate, then close the pool.
  const database = await openDatabase({ kind: "postgres", url: withDatabaseName(adminUrl, template), poolSize: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  project.provide("testDatabase", { kind: "postgres", adminUrl, template });

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
