/**
 * Backups and restore (`npm run cli -- backup <file>` / `restore <file> [--force]`, docs/decisions/0014).
 *
 * One portable format for both databases: a gzipped tar holding
 *   manifest.json           format, app version, database kind, schema level (the last applied migration),
 *                           per table its columns, row count and SHA-256, per sequence its value, per file its
 *                           size and SHA-256;
 *   tables/<table>.ndjson   one row_to_json object a line, ordered by primary key (C collation);
 *   files/<bucket>/<key>    the uploads when they are on disk (DATA_DIR/uploads; DATA_DIR/cache is derived).
 * Rows are read through a cursor in one REPEATABLE READ READ ONLY transaction (a consistent snapshot while
 * servers keep running on PostgreSQL) and written to disk as they come: memory stays bounded.
 * Row contents are never printed: a backup holds password hashes, sessions and KYC documents.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { create as createTar, extract as extractTar } from "tar";
import { migrateDatabase, MIGRATIONS_FOLDER, type Database } from "./db.server";
import { assertSafeKey, type Bucket } from "./storage.server";
import { projectRoot } from "./project-root.server";

export const BACKUP_FORMAT = "naija-directory-backup";
export const BACKUP_FORMAT_VERSION = 1;
const BUCKETS: readonly Bucket[] = ["business-images", "kyc-documents"];
/** Rows per cursor fetch and per insert batch; a batch also ends at this many characters of JSON. */
const PAGE_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

/** A refusal or failure worth a plain sentence to the operator (the CLI prints the message, exit code 1). */
export class BackupError extends Error {
  override name = "BackupError";
}

export type MigrationLevel = { count: number; tag: string | null; hash: string; createdAt: number };

export type TableEntry = {
  name: string;
  /** Columns written (stored generated columns are left out: the target computes them). */
  columns: string[];
  primaryKey: string[];
  rows: number;
  sha256: string;
};

export type SequenceEntry = { table: string; column: string; lastValue: string; isCalled: boolean };

export type FileEntry = { path: string; size: number; sha256: string };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  database: { kind: Database["kind"]; serverVersion: string };
  schema: MigrationLevel;
  tables: TableEntry[];
  sequences: SequenceEntry[];
  files: { included: true; entries: FileEntry[] } | { included: false; reason: string };
};

/** Where a backup's files come from or go to. */
export type FileStore =
  | { kind: "disk"; dataDir: string }
  /** Files live in an object-storage bucket: not in the backup (bucket versioning covers them, deploy/README.md "Backups"). */
  | { kind: "bucket"; description: string };

// ---------------------------------------------------------------------------------------------
// A session on one connection: node-postgres client from the pool, or the PGlite handle.
// ---------------------------------------------------------------------------------------------

type Session = {
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  release(): void;
};

async function openSession(database: Database): Promise<Session> {
  if (database.kind === "postgres") {
    const client = await database.pool!.connect();
    return {
      query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
        (await client.query(text, params)).rows as T[],
      release: () => client.release(),
    };
  }
  const pglite = database.pglite!;
  return {
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
    release: () => undefined,
  };
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: string) => `public.${ident(table)}`;

/** Output settings that make row_to_json text the same on every server. */
async function setPortableOutput(session: Session): Promise<void> {
  await session.query("set local timezone = 'UTC'");
  await session.query("set local extra_float_digits = 1");
  await session.query("set local intervalstyle = 'postgres'");
}

// ---------------------------------------------------------------------------------------------
// Catalog: tables, columns, keys, foreign keys, sequences, schema level
// ---------------------------------------------------------------------------------------------

type TableInfo = { name: string; columns: string[]; primaryKey: { name: string; collatable: boolean }[] };

/** Every ordinary table of the public schema with its stored columns and primary key. */
async function publicTables(session: Session): Promise<TableInfo[]> {
  const columns = await session.query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname, a.attnum`,
  );
  const keys = await session.query<{ table: string; column: string; collatable: boolean }>(
    `select c.relname as "table", a.attname as "column", a.attcollation <> 0 as collatable
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(k.conkey) with ordinality as u(attnum, ord)
       join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
      where n.nspname = 'public' and k.contype = 'p'
      order by c.relname, u.ord`,
  );
  const byName = new Map<string, TableInfo>();
  for (const { table, column } of columns) {
    if (!byName.has(table)) byName.set(table, { name: table, columns: [], primaryKey: [] });
    byName.get(table)!.columns.push(column);
  }
  for (const { table, column, collatable } of keys) byName.get(table)?.primaryKey.push({ name: column, collatable });
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Table names so that every table comes after the tables its foreign keys point to. */
async function foreignKeyOrder(session: Session, tables: string[]): Promise<string[]> {
  const edges = await session.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) if (parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      throw new BackupError(`The tables' foreign keys form a cycle (${tables.filter((t) => !placed.has(t)).join(", ")}): no load order exists.`);
    }
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** Sequences owned by a column of a public table (serial, bigserial, identity). */
async function ownedSequences(session: Session): Promise<{ sequence: string; table: string; column: string }[]> {
  return session.query(
    `select s.relname as sequence, t.relname as "table", a.attname as "column"
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       join pg_class t on t.oid = d.refobjid join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = 'public' and d.deptype in ('a', 'i')
      order by t.relname, a.attname`,
  );
}

type JournalEntry = { idx: number; when: number; tag: string };

/** The committed migrations, in order, with the hash drizzle records for each (SHA-256 of its SQL file). */
async function committedMigrations(folder = MIGRATIONS_FOLDER): Promise<(JournalEntry & { hash: string })[]> {
  const journal = JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return Promise.all(
    journal.entries.map(async (entry) => ({
      ...entry,
      hash: createHash("sha256").update(await readFile(path.join(folder, `${entry.tag}.sql`), "utf8")).digest("hex"),
    })),
  );
}

/** The last migration applied to a database, or null when it was never migrated. */
async function migrationLevel(session: Session): Promise<MigrationLevel | null> {
  const [present] = await session.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!present?.present) return null;
  const rows = await session.query<{ hash: string; created_at: string; count: string }>(
    `select hash, created_at::text as created_at, (select count(*) from drizzle.__drizzle_migrations)::text as count
       from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  if (rows.length === 0) return null;
  const known = await committedMigrations();
  const createdAt = Number(rows[0].created_at);
  return {
    count: Number(rows[0].count),
    tag: known.find((m) => m.when === createdAt && m.hash === rows[0].hash)?.tag ?? null,
    hash: rows[0].hash,
    createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading tables: one cursor per table, a line per row
// ---------------------------------------------------------------------------------------------

function dumpQuery(table: string, columns: string[], primaryKey: TableInfo["primaryKey"]): string {
  const order = primaryKey.length > 0 ? primaryKey : columns.map((name) => ({ name, collatable: false }));
  const orderBy = order.map((k) => `${ident(k.name)}${k.collatable ? ' collate "C"' : ""}`).join(", ");
  return `select row_to_json(r)::text as line from (select ${columns.map(ident).join(", ")} from ${qualified(table)} order by ${orderBy}) r`;
}

/** Streams a table's rows as JSON lines through a cursor (PAGE_ROWS at a time); returns count and SHA-256. */
async function readTable(
  session: Session,
  query: string,
  onLines: (text: string) => Promise<void>,
): Promise<{ rows: number; sha256: string }> {
  const hash = createHash("sha256");
  let rows = 0;
  await session.query(`declare backup_rows no scroll cursor for ${query}`);
  try {
    for (;;) {
      const page = await session.query<{ line: string }>(`fetch forward ${PAGE_ROWS} from backup_rows`);
      if (page.length === 0) break;
      let text = "";
      for (const { line } of page) {
        if (line.includes("\n")) throw new BackupError("A row's JSON holds a line break: the backup format cannot carry it.");
        text += `${line}\n`;
      }
      hash.update(text);
      rows += page.length;
      await onLines(text);
    }
  } finally {
    await session.query("close backup_rows");
  }
  return { rows, sha256: hash.digest("hex") };
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Regular files under root (relative paths with '/'), leaving out temporary files of unfinished writes. */
async function listFiles(root: string, prefix = ""): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(root, relative)));
    else if (entry.isFile() && !entry.name.endsWith(".tmp")) found.push(relative);
  }
  return found;
}

const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** 'business-images/<key>' → checked bucket and key (throws on anything else). */
function parseFilePath(relative: string): { bucket: Bucket; key: string } {
  const slash = relative.indexOf("/");
  const bucket = relative.slice(0, slash) as Bucket;
  const key = relative.slice(slash + 1);
  if (slash < 0 || !BUCKETS.includes(bucket)) throw new BackupError(`Unexpected file ${relative} (not in a known bucket).`);
  assertSafeKey(key);
  return { bucket, key };
}

// ---------------------------------------------------------------------------------------------
// Backup
// ---------------------------------------------------------------------------------------------

export type BackupOptions = {
  database: Database;
  files: FileStore;
  /** The archive to write (mode 0600); refused if it exists. */
  output: string;
  /** For progress lines (never row contents). */
  log?: (line: string) => void;
};

export type BackupSummary = { manifest: Manifest; bytes: number; ms: number };

export async function backup(options: BackupOptions): Promise<BackupSummary> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const output = path.resolve(options.output);
  if (existsSync(output)) throw new BackupError(`${output} already exists: choose a new file name (a backup never overwrites one).`);
  await mkdir(path.dirname(output), { recursive: true });
  // The work folder sits beside the archive (same disk) and is private: table files hold secrets too.
  const work = await mkdtemp(path.join(path.dirname(output), ".backup-"));
  await chmod(work, 0o700);
  const partial = `${output}.partial`;
  try {
    await mkdir(path.join(work, "tables"), { mode: 0o700 });
    const session = await openSession(options.database);
    let manifest: Manifest;
    try {
      await session.query("begin isolation level repeatable read read only");
      try {
        await setPortableOutput(session);
        const schema = await migrationLevel(session);
        if (!schema) throw new BackupError("The database has never been migrated: there is nothing to back up.");
        const [{ version }] = await session.query<{ version: string }>("select current_setting('server_version') as version");
        const tables: TableEntry[] = [];
        for (const table of await publicTables(session)) {
          if (table.primaryKey.length === 0) log(`Table ${table.name} has no primary key: its rows are ordered by every column.`);
          const out = createWriteStream(path.join(work, "tables", `${table.name}.ndjson`), { mode: 0o600 });
          const written = await readTable(session, dumpQuery(table.name, table.columns, table.primaryKey), async (text) => {
            if (!out.write(text)) await once(out, "drain");
          });
          out.end();
          await once(out, "finish");
          tables.push({ name: table.name, columns: table.columns, primaryKey: table.primaryKey.map((k) => k.name), ...written });
          log(`  ${table.name}: ${written.rows} rows`);
        }
        const sequences: SequenceEntry[] = [];
        for (const s of await ownedSequences(session)) {
          const [value] = await session.query<{ last_value: string; is_called: boolean }>(
            `select last_value::text as last_value, is_called from public.${ident(s.sequence)}`,
          );
          sequences.push({ table: s.table, column: s.column, lastValue: value.last_value, isCalled: value.is_called });
        }
        manifest = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          appVersion: await appVersion(),
          database: { kind: options.database.kind, serverVersion: version },
          schema,
          tables,
          sequences,
          files: { included: false, reason: "" },
        };
      } finally {
        await session.query("rollback").catch(() => undefined);
      }
    } finally {
      session.release();
    }

    let fileList: string[] = [];
    if (options.files.kind === "disk") {
      const root = uploadsDir(options.files.dataDir);
      fileList = await listFiles(root);
      const entries: FileEntry[] = [];
      for (const relative of fileList) {
        parseFilePath(relative);
        const file = path.join(root, relative);
        entries.push({ path: relative, size: (await stat(file)).size, sha256: await sha256File(file) });
      }
      manifest.files = { included: true, entries };
      // The archive reads the uploads in place through this link (no copy).
      await symlink(path.resolve(root), path.join(work, "files"));
      log(`  files: ${entries.length} (${entries.reduce((n, e) => n + e.size, 0)} bytes)`);
    } else {
      manifest.files = {
        included: false,
        reason: `Files are in ${options.files.description} and are not in this backup: keep them with bucket versioning (deploy/README.md, Backups).`,
      };
      log(`  files: not included (${options.files.description})`);
    }
    await writeFile(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600 });

    // Written under another name with mode 0600 from the start, renamed when complete.
    const handle = await open(partial, "wx", 0o600);
    await handle.close();
    await createTar({ gzip: true, file: partial, cwd: work, portable: true, strict: true }, [
      "manifest.json",
      ...manifest.tables.map((t) => `tables/${t.name}.ndjson`),
      ...fileList.map((f) => `files/${f}`),
    ]);
    await chmod(partial, 0o600);
    await rename(partial, output);
    const bytes = (await stat(output)).size;
    return { manifest, bytes, ms: Date.now() - started };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function appVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(projectRoot(), "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

// ---------------------------------------------------------------------------------------------
// Restore
// ---------------------------------------------------------------------------------------------

export type RestoreOptions = {
  database: Database;
  files: FileStore;
  input: string;
  /** Replace whatever the target holds (rows and uploads) instead of refusing a non-empty target. */
  force?: boolean;
  log?: (line: string) => void;
};

export type RestoreSummary = { manifest: Manifest; rows: number; files: number; ms: number; migratedFrom: string | null };

const TABLE_PATH = /^tables\/([a-z_][a-z0-9_]*)\.ndjson$/;

/** Extracts and checks an archive into a private folder; the caller removes the folder. */
async function unpack(input: string, into: string): Promise<Manifest> {
  let head: Buffer;
  try {
    const handle = await open(input, "r");
    try {
      head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BackupError(`No backup at ${input}: the file does not exist.`);
    if ((error as NodeJS.ErrnoException).code === "EISDIR") throw new BackupError(`${input} is a folder, not a backup file.`);
    throw error;
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new BackupError(`${input} is not a backup: it is not a gzipped tar archive.`);
  const unexpected: string[] = [];
  try {
    await extractTar({
      file: input,
      cwd: into,
      strict: true,
      // Only the three kinds of entry a backup has, as plain files: no links, nothing outside the folder.
      filter: (entryPath, entry) => {
        const type = (entry as { type?: string }).type;
        if (type === "Directory") return true;
        const ok =
          type === "File" &&
          (entryPath === "manifest.json" || TABLE_PATH.test(entryPath) || (entryPath.startsWith("files/") && isSafeFilePath(entryPath.slice(6))));
        if (!ok) unexpected.push(entryPath);
        return ok;
      },
    });
  } catch (error) {
    throw new BackupError(`${input} is a corrupt archive (${(error as Error).message}); nothing was changed.`);
  }
  if (unexpected.length > 0) throw new BackupError(`${input} is not a backup: unexpected entries (${unexpected.slice(0, 3).join(", ")}).`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(into, "manifest.json"), "utf8")) as Manifest;
  } catch {
    throw new BackupError(`${input} is not a backup: it has no readable manifest.json.`);
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupError(`${input} is not a backup of this application (manifest format ${JSON.stringify(manifest?.format)}).`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${input} was written in backup format ${manifest.formatVersion}; this version reads up to ${BACKUP_FORMAT_VERSION}. Upgrade the application first.`);
  }
  return manifest;
}

function isSafeFilePath(relative: string): boolean {
  try {
    parseFilePath(relative);
    return true;
  } catch {
    return false;
  }
}

/** Every table file and file of the archive against the manifest (count, size, SHA-256). */
async function verifyUnpacked(into: string, manifest: Manifest): Promise<void> {
  for (const table of manifest.tables) {
    const file = path.join(into, "tables", `${table.name}.ndjson`);
    if (!existsSync(file)) throw new BackupError(`The backup is damaged: tables/${table.name}.ndjson is missing.`);
    const hash = createHash("sha256");
    let rows = 0;
    for await (const chunk of createReadStream(file)) {
      hash.update(chunk as Buffer);
      for (const byte of chunk as Buffer) if (byte === 0x0a) rows++;
    }
    const sha256 = hash.digest("hex");
    if (sha256 !== table.sha256 || rows !== table.rows) {
      throw new BackupError(
        `The backup is damaged: hash mismatch in tables/${table.name}.ndjson (${rows} rows, SHA-256 ${sha256.slice(0, 12)}…; the manifest says ${table.rows} rows, ${table.sha256.slice(0, 12)}…). Nothing was changed.`,
      );
    }
  }
  if (manifest.files.included) {
    for (const entry of manifest.files.entries) {
      parseFilePath(entry.path);
      const file = path.join(into, "files", entry.path);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new BackupError(`The backup is damaged: files/${entry.path} is missing.`);
      const sha256 = await sha256File(file);
      if (info.size !== entry.size || sha256 !== entry.sha256) {
        throw new BackupError(`The backup is damaged: hash mismatch in files/${entry.path}. Nothing was changed.`);
      }
    }
  }
}

/** Tables of the public schema that hold at least one row. */
async function nonEmptyTables(session: Session): Promise<string[]> {
  const tables = await publicTables(session);
  const filled: string[] = [];
  for (const table of tables) {
    const [row] = await session.query<{ filled: boolean }>(`select exists (select 1 from ${qualified(table.name)}) as filled`);
    if (row.filled) filled.push(table.name);
  }
  return filled;
}

/** Migrates a database up to (and including) the committed migration `level`, through a copy of the folder cut there. */
export async function migrateTo(database: Database, upTo: number): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), "nd-migrations-"));
  try {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
      entries: JournalEntry[];
    };
    journal.entries = journal.entries.slice(0, upTo + 1);
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrateDatabase(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function restore(options: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const input = path.resolve(options.input);
  // Unpacked beside the uploads (same disk, so files move into place by rename) or in the temp folder.
  const stagingParent = options.files.kind === "disk" ? path.resolve(options.files.dataDir) : tmpdir();
  await mkdir(stagingParent, { recursive: true });
  const staging = await mkdtemp(path.join(stagingParent, ".restore-"));
  await chmod(staging, 0o700);
  try {
    const manifest = await unpack(input, staging);
    await verifyUnpacked(staging, manifest);

    // The schema level: known to this code, and the target no further than it.
    const known = await committedMigrations();
    const levelIndex = known.findIndex((m) => m.when === manifest.schema.createdAt && m.hash === manifest.schema.hash);
    const newest = known[known.length - 1];
    if (levelIndex < 0) {
      const newer = manifest.schema.createdAt > newest.when;
      throw new BackupError(
        newer
          ? `The backup comes from a newer schema (migration ${manifest.schema.tag ?? manifest.schema.hash.slice(0, 12)} of ${new Date(manifest.schema.createdAt).toISOString()}, app ${manifest.appVersion}) than this code knows (up to ${newest.tag}). Restore it with that version of the application or a later one.`
          : `The backup's schema level (migration ${manifest.schema.hash.slice(0, 12)}) is not one of this code's migrations: it was made by another branch or version of the application.`,
      );
    }

    const session = await openSession(options.database);
    let migratedFrom: string | null = null;
    let rows = 0;
    let oldUploads: string | undefined;
    let restoredFiles = 0;
    try {
      const target = await migrationLevel(session);
      const targetIndex = target ? known.findIndex((m) => m.when === target.createdAt && m.hash === target.hash) : -1;
      if (target && targetIndex < 0) throw new BackupError("The target database has a migration this code does not know: restore with the matching application version.");
      if (targetIndex > levelIndex) {
        throw new BackupError(
          `The target database is at migration ${known[targetIndex].tag}, newer than the backup's ${known[levelIndex].tag}. ` +
            "Restore into a new, empty database: the restore migrates it to the backup's level, loads the rows, then applies the newer migrations.",
        );
      }
      const filled = await nonEmptyTables(session);
      const uploadFiles = options.files.kind === "disk" ? await listFiles(uploadsDir(options.files.dataDir)) : [];
      if (!options.force && (filled.length > 0 || uploadFiles.length > 0)) {
        const what = [
          filled.length > 0 ? `rows in ${filled.length} table(s) (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", …" : ""})` : "",
          uploadFiles.length > 0 ? `${uploadFiles.length} file(s) in DATA_DIR/uploads` : "",
        ].filter(Boolean);
        throw new BackupError(`The target is not empty: it has ${what.join(" and ")}. Restore into an empty database, or add --force to replace everything it holds.`);
      }
      if (targetIndex < levelIndex) {
        migratedFrom = target?.tag ?? "nothing";
        log(`Migrating the target to the backup's level (${known[levelIndex].tag})…`);
        await migrateTo(options.database, levelIndex);
      }

      await session.query("begin");
      try {
        await setPortableOutput(session);
        const tables = await publicTables(session);
        const names = tables.map((t) => t.name);
        const inBackup = new Set(manifest.tables.map((t) => t.name));
        const missing = manifest.tables.filter((t) => !names.includes(t.name)).map((t) => t.name);
        const extra = names.filter((n) => !inBackup.has(n));
        if (missing.length > 0 || extra.length > 0) {
          throw new BackupError(`The target's tables differ from the backup's at the same schema level (missing ${missing.join(", ") || "none"}; extra ${extra.join(", ") || "none"}).`);
        }
        for (const entry of manifest.tables) {
          const columns = tables.find((t) => t.name === entry.name)!.columns;
          const absent = entry.columns.filter((c) => !columns.includes(c));
          if (absent.length > 0) throw new BackupError(`Table ${entry.name} of the target lacks column(s) ${absent.join(", ")}.`);
        }
        // Triggers stay off while rows load: the rows are copied as they were (derived tables such as
        // business_facet_counts come from the backup; the append-only audit log may be emptied by --force).
        // Foreign keys stay checked: tables load parents first.
        for (const name of names) await session.query(`alter table ${qualified(name)} disable trigger user`);
        if (options.force) await session.query(`truncate ${names.map(qualified).join(", ")}`);
        else if ((await nonEmptyTables(session)).length > 0) throw new BackupError("The target received rows while the restore began: nothing was changed.");

        for (const name of await foreignKeyOrder(session, names)) {
          const entry = manifest.tables.find((t) => t.name === name)!;
          rows += await loadTable(session, entry, path.join(staging, "tables", `${name}.ndjson`));
          log(`  ${name}: ${entry.rows} rows`);
        }
        for (const name of names) await session.query(`alter table ${qualified(name)} enable trigger user`);

        for (const s of manifest.sequences) {
          const [{ sequence }] = await session.query<{ sequence: string | null }>("select pg_get_serial_sequence($1, $2) as sequence", [
            qualified(s.table),
            s.column,
          ]);
          if (!sequence) throw new BackupError(`The target has no sequence for ${s.table}.${s.column}.`);
          await session.query(
            `select setval($1::regclass, greatest($2::bigint, coalesce((select max(${ident(s.column)}) from ${qualified(s.table)}), 0), 1),
                           $3::boolean or coalesce((select max(${ident(s.column)}) from ${qualified(s.table)}), 0) > $2::bigint)`,
            [sequence, s.lastValue, s.isCalled],
          );
        }

        // What is now in the target, read back the way a backup reads it, must be what the backup holds.
        for (const entry of manifest.tables) {
          const key = tables.find((t) => t.name === entry.name)!.primaryKey;
          const check = await readTable(session, dumpQuery(entry.name, entry.columns, key), async () => undefined);
          if (check.rows !== entry.rows || check.sha256 !== entry.sha256) {
            throw new BackupError(
              `After loading, table ${entry.name} holds ${check.rows} rows with SHA-256 ${check.sha256.slice(0, 12)}…, not the backup's ${entry.rows} rows ${entry.sha256.slice(0, 12)}…: the restore was rolled back.`,
            );
          }
        }

        if (options.files.kind === "disk" && manifest.files.included) {
          // The uploads folder is swapped whole (rename): the old one comes back if the commit fails.
          const uploads = uploadsDir(options.files.dataDir);
          if (existsSync(uploads)) {
            oldUploads = `${uploads}.before-restore-${Date.now()}`;
            await rename(uploads, oldUploads);
          }
          const unpacked = path.join(staging, "files");
          if (existsSync(unpacked)) await rename(unpacked, uploads);
          else await mkdir(uploads, { recursive: true });
          restoredFiles = manifest.files.entries.length;
          for (const entry of manifest.files.entries) {
            if ((await sha256File(path.join(uploads, entry.path))) !== entry.sha256) {
              throw new BackupError(`files/${entry.path} changed while it was moved into place: the restore was rolled back.`);
            }
          }
        }
        await session.query("commit");
      } catch (error) {
        await session.query("rollback").catch(() => undefined);
        if (oldUploads && options.files.kind === "disk") {
          const uploads = uploadsDir(options.files.dataDir);
          await rm(uploads, { recursive: true, force: true });
          await rename(oldUploads, uploads);
          oldUploads = undefined;
        }
        throw error;
      }
    } finally {
      session.release();
    }
    if (options.files.kind === "disk") {
      if (oldUploads) await rm(oldUploads, { recursive: true, force: true });
      // Derived files (resized copies, previews) are remade from the restored originals on demand.
      await rm(path.join(options.files.dataDir, "cache", "derived"), { recursive: true, force: true });
    }
    if (levelIndex < known.length - 1) {
      log("Applying the migrations newer than the backup…");
      await migrateDatabase(options.database);
    }
    return { manifest, rows, files: restoredFiles, ms: Date.now() - started, migratedFrom };
  } finally {
    // Retries: after a failed extraction, files may still be closing.
    await rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** Loads one table's JSON lines in batches through json_populate_recordset (every column type round-trips). */
async function loadTable(session: Session, entry: TableEntry, file: string): Promise<number> {
  const columns = entry.columns.map(ident).join(", ");
  const statement =
    `insert into ${qualified(entry.name)} (${columns}) overriding system value ` +
    `select ${columns} from json_populate_recordset(null::${qualified(entry.name)}, $1::json)`;
  let batch: string[] = [];
  let chars = 0;
  let loaded = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await session.query(statement, [`[${batch.join(",")}]`]);
    loaded += batch.length;
    batch = [];
    chars = 0;
  };
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.length === 0) continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= PAGE_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  return loaded;
}
