import pg from "pg";

/** What the integration globalSetup hands every test file (through vitest's provide/inject). */
export type TestDatabaseTemplate =
  | { kind: "embedded"; templateFile: string }
  | { kind: "postgres"; adminUrl: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** Points a postgres:// URL at another database on the same server. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** Quotes an identifier we generated ourselves (letters, digits, underscores only). */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
}

/** Runs one statement (CREATE or DROP DATABASE) on its own connection to the server at `url`. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
