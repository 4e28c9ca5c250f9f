/**
 * Restore drills: seed a realistic database (the demo data with its image and KYC files, plus a row in every
 * table the demo leaves empty, with awkward values), back it up, restore into a fresh database and DATA_DIR,
 * and compare every table's rows and every file's SHA-256. Runs on PGlite and, in integration-pg, on PostgreSQL
 * (with a cross restore from an embedded database there).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../db/seed";
import { createBusiness, createUser } from "../../db/seed/factories";
import { backup, BackupError, migrateTo, restore, type Manifest } from "./backup.server";
import { getDatabase, migrateDatabase, MIGRATIONS_FOLDER, openDatabase, queryRows, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { getStorage } from "./storage.server";
import { editJson, fileHashes, freshTarget, repack, tableSnapshot, type Target } from "../../tests/support/backup-drill";
import { PROJECT_ROOT } from "../../tests/support/child-process";
import { databaseKind } from "../../tests/support/database-kind";

let work: string;
let archive: string;
let source: Database;
let sourceUploads: string;
let sourceTables: Record<string, string[]>;
let sourceFiles: Record<string, string>;
const targets: Target[] = [];

async function target(kind?: "embedded" | "postgres"): Promise<Target> {
  const made = await freshTarget(kind);
  targets.push(made);
  return made;
}

/** A row in every table the demo data leaves empty, with values that test the round trip of each type. */
async function seedEveryTable(db: Database["db"]): Promise<void> {
  const [owner] = await queryRows<{ id: string }>(db, sql`select id from "user" order by id limit 1`);
  const [other] = await queryRows<{ id: string }>(db, sql`select id from "user" order by id desc limit 1`);
  const [listing] = await queryRows<{ id: string }>(db, sql`select id from businesses order by id limit 1`);
  const [message] = await queryRows<{ id: string }>(db, sql`select id from business_messages order by id limit 1`);
  await db.execute(sql`insert into admins (email) values ('backup-drill-admin@example.com')`);
  await db.execute(sql`insert into session (id, expires_at, token, user_id, ip_address, user_agent)
    values ('drill-session', '2026-12-31 23:59:59.999999+00', 'drill-token', ${owner.id}, '2001:db8::1', 'Mozilla/5.0 "quoted" \\ back\\slash')`);
  await db.execute(sql`insert into verification (id, identifier, value, expires_at)
    values ('drill-verification', 'reset-password:drill', 'v', '2026-06-01 12:00:00.5+01')`);
  await db.execute(sql`insert into audit_log (actor_id, actor_email, action, target_type, target_id, before, after, request_id)
    values (${owner.id}, 'drill@example.com', 'business.approve', 'business', ${listing.id},
            '{"approved": false, "n": 12345678901234567890.123456789}'::jsonb, '{"approved": true, "nested": {"a": [1, null, "x"]}}'::jsonb, 'req-1'),
           (null, null, 'kyc.view', 'kyc', null, null, null, null)`);
  await db.execute(sql`insert into realtime_events (user_id, type, payload, created_at) values
    (${owner.id}, 'message', '{"big": 123456789012345678901234567890, "text": "line1\\nline2 ☀️ ñ \\"q\\" \\\\ tab\\t"}', '2026-01-02 03:04:05.123456+01'),
    (null, 'directory', '{"ids": []}', now()),
    (${other.id}, 'message', '{"last": true}', now())`);
  // A gap at the end of the sequence: the restored sequence must continue after the backup's value, not max(id).
  await db.execute(sql`delete from realtime_events where id = (select max(id) from realtime_events)`);
  await db.execute(sql`insert into notification_broadcasts (id, title, message, target_audience, priority, sent_by, recipient_count)
    values ('00000000-0000-4000-8000-000000000001', 'Notice', 'Tabs\tand ünïcödé', 'all', 'high', ${owner.id}, 2)`);
  await db.execute(sql`insert into notifications (user_id, kind, broadcast_id, title, body) values
    (${owner.id}, 'broadcast', '00000000-0000-4000-8000-000000000001', 'Notice', 'body')`);
  await db.execute(sql`insert into notifications (user_id, kind, message_id, title, body, read_at) values
    (${other.id}, 'message', ${message.id}, 'New message', 'A message', now())`);
  await db.execute(sql`insert into email_outbox ("to", subject, text, html) values ('x@example.com', 'Hi', 'plain', '<p>html</p>')`);
  await db.execute(sql`insert into rate_limits (key, count, window_start) values ('message:drill', 3, now())`);
  await db.execute(sql`insert into conversation_states (business_id, visitor_id, user_id, last_seen_at, last_emailed_at)
    values (${listing.id}, ${other.id}, ${owner.id}, now(), null)`);
  await db.execute(sql`insert into business_revisions (business_id, submitted_by, name, products, images)
    values (${listing.id}, ${owner.id}, 'Revised name', array['agege bread', 'say "hi"', 'comma, here', '{braces}', ''],
            '[{"key": "a/b.webp", "width": 800}]'::jsonb)`);
  await db.execute(sql`insert into renewal_reminders (kind, subject_id, ends_at, days_before, user_id) values
    ('subscription', ${owner.id}, '2026-12-01 09:30:00.123+01', 7, ${owner.id})`);
  await db.execute(sql`insert into conversation_blocks (business_id, visitor_id, blocked_by, blocker_id) values
    (${listing.id}, ${other.id}, 'business', ${owner.id})`);
  // Opening hours (ADR 21): a multirange past Sunday midnight, and a closed day with an awkward note.
  await db.execute(sql`update businesses set opening_hours = ${JSON.stringify(Array.from({ length: 7 }, () => ({ mode: "hours", ranges: [{ opens: "18:00", closes: "02:00" }] })))}::jsonb,
    open_minutes = '{[0,120),[1080,1560),[9720,10080)}'::int4multirange where id = ${listing.id}`);
  await db.execute(sql`insert into business_closures (business_id, closed_on, note) values (${listing.id}, '2026-12-25', 'Christmas, "closed" \ ☀️')`);
  // The price list (issue 37, ADR 42): a 'from' price in kobo past 2^31, a group, a description and one waiting.
  await db.execute(sql`insert into listing_price_items (business_id, name, group_name, description, pending_description, price_kobo, price_kind) values
    (${listing.id}, 'agege bread', 'Bread, "hot"', 'Soft ☀️ loaf', 'New \ text', 5000000000, 'from')`);
  // Analytics (ADR 25): a raw event, a day's rollup with reply times, search words, the admin's day, a summary sent, a preference.
  await db.execute(sql`insert into listing_events (business_id, kind, occurred_at, count, words, reply_seconds) values
    (${listing.id}, 'impression', '2026-11-24 23:30:00.5+00', 3, 'jollof "rice", ☀️', null), (${listing.id}, 'reply', now(), 1, null, 5400)`);
  // Days before the demo data's 90 days of analytics (the first listing by id may be one of the demo owner's two).
  await db.execute(sql`insert into listing_daily_stats (business_id, day, views, calls, replies, reply_seconds)
    values (${listing.id}, '2020-11-25', 7, 2, 2, '{5400,60}')`);
  await db.execute(sql`insert into listing_search_words (business_id, day, words, count) values (${listing.id}, '2020-11-25', 'agege bread, "hot"', 4)`);
  await db.execute(sql`insert into site_daily_stats (day, signups, listings, messages, payments, revenue_kobo) values ('2020-11-25', 3, 2, 40, 1, 999900)`);
  await db.execute(sql`insert into popular_services (category, searches, contacts) values ('Plumber', 9, 2)`);
  await db.execute(sql`insert into counted_visits (bucket, business_id, kind, visitor, source) values (987654, ${listing.id}, 'view', 'dmlzaXRvcg', 'c291cmNl')`);
  await db.execute(sql`insert into spent_count_tokens (nonce, expires_at) values ('bm9uY2Vub25jZQ', now() + interval '1 minute')`);
  await db.execute(sql`insert into weekly_summaries (user_id, week_start) values (${owner.id}, '2026-11-23')`);
  await db.execute(sql`insert into email_preferences (user_id, weekly_summary) values (${other.id}, false)`);
  await db.execute(sql`insert into weekly_summary_progress (week_start, after_user_id, finished_at) values ('2026-11-16', ${owner.id}, now())`);
  await db.execute(sql`insert into saved_businesses (user_id, business_id, created_at) values (${other.id}, ${listing.id}, '2026-11-25 08:15:00.654321+01')`);
  // Issue 33: a verified number's codes, the notice choices, WhatsApp messages and windows, a lead digest.
  await db.execute(sql`insert into phone_codes (phone, purpose, user_id, code_hash, attempts, expires_at, used_at) values
    ('+2348031234567', 'verify-phone', ${owner.id}, ${"ab".repeat(32)}, 2, '2026-11-25 08:25:00+01', '2026-11-25 08:20:00.123456+01')`);
  await db.execute(sql`insert into notice_preferences (user_id, channels, quiet_from, quiet_until, daily_text_cap) values (${owner.id}, '{whatsapp,email}', 22, 6, 4)`);
  await db.execute(sql`insert into whatsapp_messages (wamid, "to", template, category, status, error) values
    ('wamid.HBgNMjM0ODAzMTIzNDU2NxUCABIYFjNFQjA=', '+2348031234567', 'new_message_notice', 'utility', 'failed', '131026 Message undeliverable')`);
  await db.execute(sql`insert into whatsapp_windows (number, last_inbound_at) values ('+2348031234567', '2026-11-25 09:00:00.5+01')`);
  await db.execute(sql`insert into lead_digests (user_id, day, created_at) values (${owner.id}, '2026-11-25', '2026-11-25 19:00:00.25+01')`);
  // Issue 34: a claim of a listing waiting for review, and a decided one whose document went.
  await db.execute(sql`insert into listing_claims (business_id, user_id, kind, document_kind, document_key, note, status, decided_by, decided_at, reason, document_purged_at, created_at) values
    (${listing.id}, ${other.id}, 'dispute', 'utility-bill', ${`${other.id}/claims/00000000-0000-4000-8000-000000000002.webp`}, 'Line one
line two: "ours" ☀️', 'pending', null, null, null, null, '2026-11-25 08:30:00.5+01'),
    (${listing.id}, ${owner.id}, 'document', 'cac-certificate', null, 'Ours since 2019', 'rejected', ${other.id}, now(), 'Name does not match', now(), '2026-11-20 10:00:00+01')`);
  // Issue 34: a visitor's suggestion waiting (hours in its payload, a note with quotes), and one a listing was added from.
  await db.execute(sql`insert into listing_suggestions (user_id, business_id, kind, payload, note, status, created_at) values
    (${other.id}, ${listing.id}, 'edit', ${JSON.stringify({ phone: "+2348031234567", hours: Array.from({ length: 7 }, () => ({ mode: "24h" })) })}::jsonb,
     'Their "new" number ☀️
second line', 'pending', '2026-11-25 08:40:00.5+01')`);
  await db.execute(sql`insert into listing_suggestions (user_id, kind, payload, status, outcome, decided_by, decided_at, created_business_id) values
    (${other.id}, 'missing', ${JSON.stringify({ name: "Mama Put, Ikeja", category: "Eatery", state: "Lagos", lga: "Ikeja", address: null, phone: null })}::jsonb,
     'approved', 'added', ${owner.id}, now(), ${listing.id})`);
  // Issue 35: levels that ended (the demo data's own stand on these listings): a phone, an identity with a match result
  // (JSON), a CAC registration, each with its reason.
  await db.execute(sql`insert into listing_verifications (level, method, user_id, business_id, phone, full_name, id_last4, rc_number, registered_name, company_type, provider, provider_reference, match_result, verified_at, expires_at, ended_at, end_reason) values
    ('phone', 'sms-code', ${owner.id}, ${listing.id}, '+2348031234567', null, null, null, null, null, null, null, null, '2026-11-25 08:45:00.5+01', '2027-11-25 08:45:00.5+01', '2026-11-26 09:00:00+01', 'The listing''s phone number changed.'),
    ('identity', 'vnin', ${owner.id}, null, null, 'Adaeze "Ada" Okafor', '12CD', null, null, null, 'verifyme', '4711', ${JSON.stringify({ firstName: true, lastName: true })}::jsonb, now(), '2028-11-25 00:00:00+01', now(), 'Revoked by an admin: "wrong" person'),
    ('business', 'cac-lookup', ${owner.id}, ${listing.id}, null, null, null, '1234567', 'MAMA PUT, IKEJA LIMITED', 'PRIVATE_COMPANY_LIMITED_BY_SHARES', 'verifyme', null, null, '2026-10-01 10:00:00+01', '2027-10-01 10:00:00+01', now(), 'The listing''s name changed.')`);
  // Issue 37: an offer an admin took down (quotes, a line break, a code, WAT dates kept as dates and instants).
  await db.execute(sql`insert into business_offers (business_id, title, body, code, starts_on, ends_on, starts_at, ends_at, status, reason, decided_by, decided_at, created_at) values
    (${listing.id}, '"Half price" ☀️', 'Line one
line two', 'HALF50', '2026-11-20', '2026-11-26', '2026-11-20 00:00:00+01', '2026-11-27 00:00:00+01', 'removed', 'Not a real price', ${other.id}, now(), '2026-11-19 10:00:00.5+01')`);
  // Issue 37: a quote request (a text with quotes and a new line) sent to a listing, answered with a price in kobo.
  await db.execute(sql`insert into quote_requests (id, requester_id, description, category, state, lga, timing, share_phone, status, created_at) values
    ('00000000-0000-4000-8000-000000000037', ${other.id}, 'Need a "plumber" in Ikeja ☀️
leaking pipe', 'Plumber', 'Lagos', 'Ikeja', 'this-week', true, 'open', '2026-11-25 08:50:00.5+01')`);
  await db.execute(sql`insert into quote_recipients (request_id, business_id, owner_id, status, price_kobo, answer, answered_at) values
    ('00000000-0000-4000-8000-000000000037', ${listing.id}, ${owner.id}, 'answered', 1500050, 'Parts and labour, "Thursday"', now())`);
  await db.execute(sql`insert into job_runs (job, slot, ran_by, started_at, finished_at, outcome, error) values
    ('expire-featured', '2026-11-24 10:01:00+00', '4242@drill', '2026-11-24 10:01:00.123456+00', now(), 'failed', 'a "quoted" error, with a comma')`);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "nd-backup-test-"));
  source = getDatabase();
  sourceUploads = path.join(getEnv().DATA_DIR, "uploads");
  await seedDemoData();
  await seedEveryTable(source.db);
  // A derived file (a resized copy): not backed up, remade on demand.
  const [image] = await queryRows<{ key: string }>(source.db, sql`select image_url as key from business_images limit 1`);
  await getStorage().putDerived("business-images", image.key, "w320.webp", Buffer.from("derived"));
  sourceTables = await tableSnapshot(source);
  sourceFiles = await fileHashes(sourceUploads);
  archive = path.join(work, "drill.tar.gz");
  await backup({ database: source, files: { kind: "disk", dataDir: getEnv().DATA_DIR }, output: archive });
}, 180_000);

afterAll(async () => {
  for (const t of targets) await t.dispose();
  if (work) await rm(work, { recursive: true, force: true });
});

// Each restore migrates a new database and loads the demo data: slow on a busy machine.
describe("backup and restore drill", { timeout: 180_000 }, () => {
  it("seeds a row in every table and files in both buckets (so the drill covers them)", () => {
    const empty = Object.entries(sourceTables).filter(([, rows]) => rows.length === 0).map(([name]) => name);
    expect(empty).toEqual([]);
    expect(Object.keys(sourceTables).length).toBeGreaterThanOrEqual(24);
    const buckets = new Set(Object.keys(sourceFiles).map((f) => f.split("/")[0]));
    expect(buckets).toEqual(new Set(["business-images", "kyc-documents"]));
  });

  it("writes the archive readable by its owner only, with a manifest that names the schema level and every table", async () => {
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    const dir = await mkdtemp(path.join(work, "peek-"));
    let manifest: Manifest | undefined;
    await repack(archive, async (unpacked) => {
      manifest = JSON.parse(await readFile(path.join(unpacked, "manifest.json"), "utf8")) as Manifest;
    });
    await rm(dir, { recursive: true, force: true });
    expect(manifest!.database.kind).toBe(databaseKind());
    expect(manifest!.schema.tag).toMatch(/^\d{4}_/);
    expect(manifest!.tables.map((t) => t.name).sort()).toEqual(Object.keys(sourceTables).sort());
    for (const table of manifest!.tables) expect(table.rows, table.name).toBe(sourceTables[table.name].length);
    expect(manifest!.files.included && manifest!.files.entries.length).toBe(Object.keys(sourceFiles).length);
    // A backup never overwrites a file.
    const again = await backup({ database: source, files: { kind: "disk", dataDir: getEnv().DATA_DIR }, output: archive }).catch((e: Error) => e);
    expect((again as Error).message).toMatch(/already exists: choose a new file name/);
    // The generated search vector is computed by the target, not carried.
    expect(manifest!.tables.find((t) => t.name === "businesses")!.columns).not.toContain("search_vector");
  });

  it("restores into a fresh database and DATA_DIR: every table's rows and every file's hash are the same", async () => {
    const fresh = await target();
    const summary = await restore({ database: fresh.database, files: { kind: "disk", dataDir: fresh.dataDir }, input: archive });
    expect(summary.migratedFrom).toBe("nothing");
    expect(await tableSnapshot(fresh.database)).toEqual(sourceTables);
    expect(await fileHashes(path.join(fresh.dataDir, "uploads"))).toEqual(sourceFiles);
    expect(existsSync(path.join(fresh.dataDir, "cache", "derived"))).toBe(false);
    // Sequences continue after the backup's value (the deleted last event's id is not handed out again).
    const [{ before }] = await queryRows<{ before: string }>(source.db, sql`select last_value::text as before from realtime_events_id_seq`);
    const [{ id }] = await queryRows<{ id: string }>(
      fresh.database.db,
      sql`insert into realtime_events (type, payload) values ('directory', '{}') returning id::text as id`,
    );
    expect(BigInt(id)).toBe(BigInt(before) + 1n);
    // And the migrations table says the schema is complete (the server will not migrate it again).
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    const [{ n }] = await queryRows<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(n).toBe(journal.entries.length);
  });

  it("refuses a non-empty target without --force, and leaves it as it was", async () => {
    const error = await restore({ database: source, files: { kind: "disk", dataDir: getEnv().DATA_DIR }, input: archive }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/The target is not empty: it has rows in \d+ table\(s\).*and \d+ file\(s\) in DATA_DIR\/uploads.*--force/);
    expect(await tableSnapshot(source)).toEqual(sourceTables);
  });

  it("with --force replaces the target's rows and files by the backup's", async () => {
    const fresh = await target();
    await migrateDatabase(fresh.database);
    const stranger = await createUser(fresh.database.db, { role: "business" });
    await createBusiness(fresh.database.db, { userId: stranger.id });
    await fresh.database.db.execute(sql`insert into audit_log (action, target_type) values ('stranger', 'x')`);
    const strayFile = path.join(fresh.dataDir, "uploads", "business-images", "stray", "x.webp");
    await writeFile(await ensureDir(strayFile), "stray");
    const refused = await restore({ database: fresh.database, files: { kind: "disk", dataDir: fresh.dataDir }, input: archive }).catch((e: Error) => e);
    expect((refused as Error).message).toMatch(/not empty/);

    await restore({ database: fresh.database, files: { kind: "disk", dataDir: fresh.dataDir }, input: archive, force: true });
    expect(await tableSnapshot(fresh.database)).toEqual(sourceTables);
    expect(await fileHashes(path.join(fresh.dataDir, "uploads"))).toEqual(sourceFiles);
    // The audit log is append-only again once the restore is done.
    await expect(fresh.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  describe("damaged or foreign archives are refused before anything changes", () => {
    let fresh: Target;
    let before: Record<string, string[]>;
    const attempt = (input: string, force = true) =>
      restore({ database: fresh.database, files: { kind: "disk", dataDir: fresh.dataDir }, input, force }).then(
        () => {
          throw new Error("the restore succeeded");
        },
        (error: Error) => error,
      );

    beforeAll(async () => {
      fresh = await target();
      await migrateDatabase(fresh.database);
      await createUser(fresh.database.db, { role: "visitor" });
      before = await tableSnapshot(fresh.database);
    });

    it("a missing file, a file that is not a backup, a gzipped tar without a manifest", async () => {
      expect((await attempt(path.join(work, "nowhere.tar.gz"))).message).toMatch(/No backup at .*nowhere\.tar\.gz: the file does not exist/);
      const text = path.join(work, "notes.txt");
      await writeFile(text, "just some text");
      expect((await attempt(text)).message).toMatch(/is not a backup: it is not a gzipped tar archive/);
      const foreign = await repack(archive, async (dir) => rm(path.join(dir, "manifest.json")));
      expect((await attempt(foreign)).message).toMatch(/is not a backup: it has no readable manifest\.json/);
      expect(await tableSnapshot(fresh.database)).toEqual(before);
    });

    it("a truncated archive and one with damaged bytes are corrupt", async () => {
      const size = (await stat(archive)).size;
      const cut = path.join(work, "cut.tar.gz");
      await writeFile(cut, await readFile(archive));
      await truncate(cut, Math.floor(size / 2));
      expect((await attempt(cut)).message).toMatch(/is a corrupt archive/);
      const flipped = path.join(work, "flipped.tar.gz");
      const bytes = await readFile(archive);
      for (let i = 0; i < 64; i++) bytes[Math.floor(size / 3) + i] ^= 0xff;
      await writeFile(flipped, bytes);
      expect((await attempt(flipped)).message).toMatch(/is a corrupt archive|hash mismatch/);
      expect(await tableSnapshot(fresh.database)).toEqual(before);
      expect(await fileHashes(path.join(fresh.dataDir, "uploads"))).toEqual({});
    });

    it("a table or file whose content does not match the manifest's SHA-256", async () => {
      const tampered = await repack(archive, async (dir) => {
        const file = path.join(dir, "tables", "user.ndjson");
        const text = await readFile(file, "utf8");
        // Always a change: the first row may already be an admin (rows come in the table's physical order).
        await writeFile(file, text.replace(/"role":"([a-z]+)"/, (_match, role: string) => `"role":"${role === "admin" ? "user" : "admin"}"`));
      });
      expect((await attempt(tampered)).message).toMatch(/hash mismatch in tables\/user\.ndjson/);
      const swapped = await repack(archive, async (dir) => {
        const [first] = Object.keys(sourceFiles);
        await writeFile(path.join(dir, "files", first), "not the photo");
      });
      expect((await attempt(swapped)).message).toMatch(/hash mismatch in files\//);
      expect(await tableSnapshot(fresh.database)).toEqual(before);
    });

    it("a backup from a newer schema than this code knows", async () => {
      const newer = await repack(archive, async (dir) =>
        editJson<Manifest>(path.join(dir, "manifest.json"), (m) => {
          m.schema = { count: m.schema.count + 1, tag: "0099_from_the_future", hash: "f".repeat(64), createdAt: m.schema.createdAt + 86_400_000 };
        }),
      );
      expect((await attempt(newer)).message).toMatch(/newer schema \(migration 0099_from_the_future .*\) than this code knows/);
      expect(await tableSnapshot(fresh.database)).toEqual(before);
    });

    it("rows the target's constraints refuse roll the whole restore back", async () => {
      // A KYC submission pointing at a user that is not in the backup: the foreign key refuses it, mid-load.
      const broken = await repack(archive, async (dir) => {
        const file = path.join(dir, "tables", "kyc_submissions.ndjson");
        const text = (await readFile(file, "utf8")).replace(/"user_id":"[^"]+"/, '"user_id":"no-such-user"');
        await writeFile(file, text);
        await editJson<Manifest>(path.join(dir, "manifest.json"), (m) => {
          m.tables.find((t) => t.name === "kyc_submissions")!.sha256 = createHashOf(text);
        });
      });
      expect((await attempt(broken)).message).toMatch(/foreign key|violates/);
      expect(await tableSnapshot(fresh.database)).toEqual(before);
      expect(await fileHashes(path.join(fresh.dataDir, "uploads"))).toEqual({});
    });
  });

  it("restores a backup of an older schema: migrates the target to its level, loads, then applies the newer migrations", async () => {
    // At 0006 two pending payments for the same plan were possible; 0007 fails the older one, then forbids
    // the pair. Loaded straight into the newest schema they would be refused; migrated after loading, they pass.
    const { database: old, dataDir: oldDir } = await target("embedded");
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const level = journal.entries.findIndex((e) => e.tag === "0006_search_sample_markers");
    await migrateTo(old, level);
    await old.db.execute(sql`insert into "user" (id, name, email, email_verified, role) values ('old-user', 'Old', 'old@example.com', true, 'business')`);
    await old.db.execute(sql`insert into payments (user_id, purpose, plan_id, amount_kobo, provider, reference, status, created_at) values
      ('old-user', 'subscription', 'premium', 500000, 'demo', 'ref-older', 'pending', '2026-01-01T00:00:00Z'),
      ('old-user', 'subscription', 'premium', 500000, 'demo', 'ref-newer', 'pending', '2026-01-02T00:00:00Z')`);
    const oldArchive = path.join(work, "old.tar.gz");
    const made = await backup({ database: old, files: { kind: "disk", dataDir: oldDir }, output: oldArchive });
    expect(made.manifest.schema.tag).toBe("0006_search_sample_markers");

    const fresh = await target();
    const summary = await restore({ database: fresh.database, files: { kind: "disk", dataDir: fresh.dataDir }, input: oldArchive });
    expect(summary.migratedFrom).toBe("nothing");
    const [{ n }] = await queryRows<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(n).toBe(journal.entries.length);
    const payments = await queryRows<{ reference: string; status: string }>(
      fresh.database.db,
      sql`select reference, status from payments order by reference`,
    );
    expect(payments).toEqual([
      { reference: "ref-newer", status: "pending" },
      { reference: "ref-older", status: "failed" },
    ]);
  });

  it.runIf(databaseKind() === "postgres")("restores an embedded database's backup into PostgreSQL (a town grows into a country)", async () => {
    const town = await target("embedded");
    await migrateDatabase(town.database);
    const owner = await createUser(town.database.db, { role: "business" });
    await createBusiness(town.database.db, { userId: owner.id, products: ["suya", 'with "pepper"'] });
    await town.database.db.execute(sql`insert into realtime_events (user_id, type, payload) values (${owner.id}, 'message', '{"n": 1.50}')`);
    await writeFile(await ensureDir(path.join(town.dataDir, "uploads", "kyc-documents", owner.id, "id.webp")), "kyc document bytes");
    const townTables = await tableSnapshot(town.database);
    const townArchive = path.join(work, "town.tar.gz");
    await backup({ database: town.database, files: { kind: "disk", dataDir: town.dataDir }, output: townArchive });

    const country = await target("postgres");
    await restore({ database: country.database, files: { kind: "disk", dataDir: country.dataDir }, input: townArchive });
    expect(await tableSnapshot(country.database)).toEqual(townTables);
    expect(await fileHashes(path.join(country.dataDir, "uploads"))).toEqual(await fileHashes(path.join(town.dataDir, "uploads")));
  });

  it("runs as `npm run cli -- backup` and `restore` (exit codes, messages, the DATA_DIR lock)", async () => {
    const from = await target();
    await migrateDatabase(from.database);
    await createUser(from.database.db, { role: "visitor" });
    await writeFile(await ensureDir(path.join(from.dataDir, "uploads", "business-images", "b1", "1.webp")), "photo");
    const fromTables = await tableSnapshot(from.database);
    const env = (t: Target): Record<string, string> => (t.url ? { DATABASE_URL: t.url, DATA_DIR: t.dataDir } : { DATA_DIR: t.dataDir });
    const out = path.join(work, "cli.tar.gz");

    if (!from.url) {
      // The embedded database is open here (this process holds DATA_DIR): the CLI is refused.
      const locked = await cli(["backup", out], env(from));
      expect(locked.code).toBe(1);
      expect(locked.output).toMatch(/in use by another process/);
      await from.database.close();
    }
    const made = await cli(["backup", out], env(from));
    expect(made.output).toMatch(/Backup written: .*mode 0600.*keep it secret/);
    expect(made.code).toBe(0);
    expect((await stat(out)).mode & 0o777).toBe(0o600);

    const to = await target();
    if (!to.url) await to.database.close();
    const restored = await cli(["restore", out], env(to));
    expect(restored.output).toMatch(/Restored .*1 files.*match the backup's SHA-256/);
    expect(restored.code).toBe(0);
    // The refusals' exit codes and messages are the command's own, the same on either driver (each spawn costs about
    // 7 CPU-s): checked once, on the embedded database; the drivers' refusals themselves are the tests above.
    if (!to.url) {
      const refused = await cli(["restore", out], env(to));
      expect([refused.code, refused.output]).toEqual([1, expect.stringMatching(/The target is not empty/)]);
      const forced = await cli(["restore", out, "--force"], env(to));
      expect(forced.code).toBe(0);
      const missing = await cli(["restore", path.join(work, "missing.tar.gz")], env(to));
      expect([missing.code, missing.output]).toEqual([1, expect.stringMatching(/No backup at .*missing\.tar\.gz/)]);
    }

    const check = to.url ? to.database : await openDatabase({ kind: "embedded", dataDir: to.dataDir, purpose: "check" });
    try {
      expect(await tableSnapshot(check)).toEqual(fromTables);
    } finally {
      if (!to.url) await check.close();
    }
    expect(await fileHashes(path.join(to.dataDir, "uploads"))).toEqual(await fileHashes(path.join(from.dataDir, "uploads")));
  }, 300_000);
});

async function ensureDir(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

function createHashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn("npm", ["run", "--silent", "cli", "--", ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, NODE_ENV: "development", LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}
