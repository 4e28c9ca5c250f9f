import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { getDb, MIGRATIONS_FOLDER } from "../app/lib/db.server";
import { databaseError, SQLSTATE } from "../tests/support/db-errors";
import * as schema from "./schema";
import {
  addBusinessImage, createBusiness, createFeaturedRequest, createFeedback, createKycSubmission, createMessage, createPayment,
  createSubscription, createUser,
} from "./seed/factories";

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await getDb().execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Rows come from the shared factories (unique names and e-mails): the database is never assumed empty.
const owner = () => createUser(getDb(), { role: "business" });
const listing = async () => createBusiness(getDb(), { userId: (await owner()).id });

describe("migrations", () => {
  it("records every migration of the journal as applied", async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const applied = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0].n).toBe(journal.entries.length);
  });

  it("creates every table of the spec", async () => {
    const present = new Set(
      (await rows<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public'`)).map(
        (r) => r.name,
      ),
    );
    for (const name of [
      "user", "session", "account", "verification", "profiles", "admins", "businesses", "business_images",
      "kyc_submissions", "business_messages", "featured_requests", "feedback", "notification_broadcasts",
      "notifications", "payments", "subscriptions", "audit_log", "email_outbox", "rate_limits",
    ]) {
      expect(present, `table ${name}`).toContain(name);
    }
  });

  it("matches the Drizzle schema: every table, column, CHECK constraint and index exists", async () => {
    const columns = await rows<{ table: string; column: string }>(
      sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public'`,
    );
    const constraints = new Set(
      (await rows<{ name: string }>(
        sql`select conname as name from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'`,
      )).map((r) => r.name),
    );
    const indexes = new Set(
      (await rows<{ name: string }>(sql`select indexname as name from pg_indexes where schemaname = 'public'`)).map((r) => r.name),
    );
    expect(tables.length).toBeGreaterThanOrEqual(19);
    for (const table of tables) {
      const config = getTableConfig(table);
      const dbColumns = columns.filter((c) => c.table === config.name).map((c) => c.column);
      expect(dbColumns.sort(), `columns of ${config.name}`).toEqual(config.columns.map((c) => c.name).sort());
      for (const check of config.checks) expect(constraints, `check ${check.name}`).toContain(check.name);
      for (const index of config.indexes) expect(indexes, `index ${index.config.name}`).toContain(index.config.name);
    }
  });

  it("installs pg_trgm and the generated search vector", async () => {
    const extensions = await rows<{ name: string }>(sql`select extname as name from pg_extension`);
    expect(extensions.map((e) => e.name)).toContain("pg_trgm");
    const { id } = await createBusiness(getDb(), { userId: null, category: "Bakery", products: ["agege bread"], state: "Lagos" });
    const found = await rows<{ id: string }>(
      sql`select id from businesses where search_vector @@ plainto_tsquery('simple', 'agege') and id = ${id}`,
    );
    expect(found).toHaveLength(1);
  });

  it("announces an update of every column of a listing pages show (all but view_count) to the page caches (ADR 28)", async () => {
    // A column added to businesses must be named in the trigger's UPDATE OF list (a new migration), or changing it
    // would leave public pages stale for up to a minute.
    const missing = await rows<{ name: string }>(sql`
      select a.attname as name from pg_attribute a
      where a.attrelid = 'businesses'::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        and a.attname <> 'view_count'
        and not a.attnum = any ((select t.tgattr from pg_trigger t where t.tgrelid = 'businesses'::regclass
                                 and t.tgname = 'businesses_public_pages_update')::int2[])`);
    expect(missing).toEqual([]);
    const [viewCounter] = await rows<{ listed: boolean }>(sql`
      select (select attnum from pg_attribute where attrelid = 'businesses'::regclass and attname = 'view_count')
        = any ((select tgattr from pg_trigger where tgrelid = 'businesses'::regclass and tgname = 'businesses_public_pages_update')::int2[]) as listed`);
    expect(viewCounter!.listed).toBe(false);
  });
});

describe("constraints refuse bad values", () => {
  it("profiles.role accepts the stored roles only", async () => {
    const error = await databaseError(createUser(getDb(), { role: "superuser" as never }));
    expect(error.code).toBe(SQLSTATE.checkViolation);
    expect(error.message).toContain("profiles_role_check");
    // 'user' is a stored role (read as visitor), so it is allowed.
    const legacy = await createUser(getDb(), { role: "user" });
    const error2 = await databaseError(getDb().update(schema.profiles).set({ kycStatus: "maybe" }).where(eq(schema.profiles.id, legacy.id)));
    expect(error2.code).toBe(SQLSTATE.checkViolation);
    expect(error2.message).toContain("profiles_kyc_status_check");
  });

  it("businesses.approval_status and name length are checked", async () => {
    const { id: userId } = await owner();
    const status = await databaseError(createBusiness(getDb(), { userId, status: "deleted" as never }));
    expect(status.code).toBe(SQLSTATE.checkViolation);
    expect(status.message).toContain("businesses_approval_status_check");
    const name = await databaseError(createBusiness(getDb(), { userId, name: "X" }));
    expect(name.code).toBe(SQLSTATE.checkViolation);
    expect(name.message).toContain("businesses_name_length_check");
    const views = await databaseError(createBusiness(getDb(), { userId, viewCount: -1 }));
    expect(views.message).toContain("businesses_view_count_check");
  });

  it("business_images.position is 1 to 3 and unique per business", async () => {
    const { id: businessId } = await listing();
    for (const position of [0, 4]) {
      const error = await databaseError(addBusinessImage(getDb(), { businessId, position }));
      expect(error.code).toBe(SQLSTATE.checkViolation);
      expect(error.message).toContain("business_images_position_check");
    }
    for (const position of [1, 2, 3]) expect((await addBusinessImage(getDb(), { businessId })).position).toBe(position);
    const fourth = await databaseError(addBusinessImage(getDb(), { businessId }));
    expect(fourth.code).toBe(SQLSTATE.checkViolation);
    const duplicate = await databaseError(addBusinessImage(getDb(), { businessId, position: 2 }));
    expect(duplicate.code).toBe(SQLSTATE.uniqueViolation);
  });

  it("allows one pending featured request per business", async () => {
    const { id: businessId } = await listing();
    const { id: otherBusinessId } = await listing();
    await createFeaturedRequest(getDb(), { businessId });
    const error = await databaseError(createFeaturedRequest(getDb(), { businessId }));
    expect(error.code).toBe(SQLSTATE.uniqueViolation);
    expect(error.message).toContain("featured_requests_one_pending_idx");
    // Decided requests do not count, and other businesses are not affected.
    await createFeaturedRequest(getDb(), { businessId, status: "rejected" });
    await createFeaturedRequest(getDb(), { businessId, status: "approved", pricingTier: "premium" });
    await createFeaturedRequest(getDb(), { businessId: otherBusinessId });
    const tier = await databaseError(createFeaturedRequest(getDb(), { businessId: otherBusinessId, status: "approved", pricingTier: "gold" as never }));
    expect(tier.code).toBe(SQLSTATE.checkViolation);
    const status = await databaseError(createFeaturedRequest(getDb(), { businessId: otherBusinessId, status: "paused" as never }));
    expect(status.message).toContain("featured_requests_status_check");
  });

  it("allows one pending KYC submission per user", async () => {
    const { id: userId } = await owner();
    await createKycSubmission(getDb(), { userId });
    const error = await databaseError(createKycSubmission(getDb(), { userId }));
    expect(error.code).toBe(SQLSTATE.uniqueViolation);
    expect(error.message).toContain("kyc_submissions_one_pending_idx");
    await createKycSubmission(getDb(), { userId, status: "rejected" });
    const status = await databaseError(createKycSubmission(getDb(), { userId: (await owner()).id, status: "on-hold" as never }));
    expect(status.code).toBe(SQLSTATE.checkViolation);
    const shortId = await databaseError(createKycSubmission(getDb(), { userId: (await owner()).id, idNumber: "123" }));
    expect(shortId.message).toContain("kyc_submissions_id_number_check");
  });

  it("business_messages.sender_type and length are checked", async () => {
    const visitor = await createUser(getDb());
    const { id: businessId } = await listing();
    const sender = await databaseError(createMessage(getDb(), { businessId, senderId: visitor.id, senderType: "robot" as never, visitorId: visitor.id }));
    expect(sender.code).toBe(SQLSTATE.checkViolation);
    const long = await databaseError(createMessage(getDb(), { businessId, senderId: visitor.id, message: "x".repeat(1001) }));
    expect(long.code).toBe(SQLSTATE.checkViolation);
    const empty = await databaseError(createMessage(getDb(), { businessId, senderId: visitor.id, message: "" }));
    expect(empty.message).toContain("business_messages_length_check");
    expect((await createMessage(getDb(), { businessId, senderId: visitor.id, message: "x".repeat(1000) })).message).toHaveLength(1000);
  });

  it("payments, subscriptions, feedback and admins refuse values outside their lists", async () => {
    const { id: userId } = await createUser(getDb());
    const payment = { userId, purpose: "featured", planId: "basic" } as const;
    expect((await databaseError(createPayment(getDb(), { ...payment, status: "refunded" as never }))).code).toBe(SQLSTATE.checkViolation);
    expect((await databaseError(createPayment(getDb(), { ...payment, amountKobo: -1 }))).code).toBe(SQLSTATE.checkViolation);
    expect((await databaseError(createPayment(getDb(), { ...payment, purpose: "donation" as never }))).code).toBe(SQLSTATE.checkViolation);
    const reference = (await createPayment(getDb(), payment)).reference;
    expect((await databaseError(createPayment(getDb(), { ...payment, reference }))).code).toBe(SQLSTATE.uniqueViolation);
    expect((await databaseError(createSubscription(getDb(), { userId, planId: "platinum" as never }))).code).toBe(SQLSTATE.checkViolation);
    const startsAt = new Date();
    expect((await databaseError(createSubscription(getDb(), { userId, startsAt, endsAt: startsAt }))).code).toBe(SQLSTATE.checkViolation);
    expect((await databaseError(createFeedback(getDb(), { userId, message: "   " }))).code).toBe(SQLSTATE.checkViolation);
    expect((await databaseError(createFeedback(getDb(), { userId, status: "archived" as never }))).code).toBe(SQLSTATE.checkViolation);
    expect((await databaseError(getDb().insert(schema.admins).values({ email: `Admin-${randomUUID()}@Example.com` }))).code).toBe(
      SQLSTATE.checkViolation,
    );
  });
});

describe("audit_log", () => {
  it("accepts inserts but refuses UPDATE, DELETE and TRUNCATE", async () => {
    const [entry] = await getDb()
      .insert(schema.auditLog)
      .values({ action: "test.append", targetType: "test", targetId: randomUUID(), after: { ok: true } })
      .returning({ id: schema.auditLog.id });

    const update = await databaseError(getDb().update(schema.auditLog).set({ action: "test.changed" }).where(eq(schema.auditLog.id, entry.id)));
    expect(update.message).toContain("append-only");
    expect(update.code).toBe(SQLSTATE.insufficientPrivilege);

    const remove = await databaseError(getDb().delete(schema.auditLog).where(eq(schema.auditLog.id, entry.id)));
    expect(remove.message).toContain("append-only");

    const truncate = await databaseError(getDb().execute(sql`truncate audit_log`));
    expect(truncate.message).toContain("append-only");

    const [kept] = await getDb().select({ action: schema.auditLog.action }).from(schema.auditLog).where(eq(schema.auditLog.id, entry.id));
    expect(kept.action).toBe("test.append");
    expect(getTableName(schema.auditLog)).toBe("audit_log");
  });
});
