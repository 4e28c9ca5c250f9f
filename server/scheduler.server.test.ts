import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobRuns, kycSubmissions, realtimeEvents } from "../db/schema";
import { createAdmin, createKycSubmission, createOwner } from "../db/seed/factories";
import { pngImage } from "../tests/support/images";
import { getDb, queryRows } from "../app/lib/db.server";
import { getMetrics } from "../app/lib/metrics.server";
import { getStorage } from "../app/lib/storage.server";
import { createScheduler, startScheduler, type ScheduledJob } from "./scheduler";

describe("the scheduler", () => {
  it("deletes KYC documents past their retention on its own", async () => {
    const db = getDb();
    const admin = await createAdmin(db);
    const owner = await createOwner(db, { kycStatus: "none" });
    const key = `${owner.id}/${randomUUID()}.webp`;
    await getStorage().put("kyc-documents", key, await pngImage(20, 20), "image/webp");
    const expired = await createKycSubmission(db, {
      userId: owner.id, idImageUrl: key, status: "approved", reviewedBy: admin.id,
      submittedAt: new Date(Date.now() - 400 * 86_400_000), reviewedAt: new Date(Date.now() - 365 * 86_400_000),
    });
    const scheduler = startScheduler({ intervalMs: 60_000 });
    try {
      const deadline = Date.now() + 20_000;
      while ((await getStorage().read("kyc-documents", key)) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // The row is marked once the transaction commits.
      let row;
      do {
        [row] = await db.select({ key: kycSubmissions.idImageUrl, purgedAt: kycSubmissions.documentPurgedAt }).from(kycSubmissions).where(eq(kycSubmissions.id, expired.id));
        if (row?.purgedAt) break;
        await new Promise((r) => setTimeout(r, 100));
      } while (Date.now() < deadline);
      expect(await getStorage().read("kyc-documents", key)).toBeNull();
      expect(row).toMatchObject({ key: null, purgedAt: expect.any(Date) });
    } finally {
      await scheduler.stop();
    }
  });
});

/** A job that counts its runs (and can be told to fail). */
function countingJob(name = `count-${randomUUID().slice(0, 8)}`) {
  const waiting: { runs: number; resolve: () => void }[] = [];
  const job = { name, runs: 0, failNext: false } as ScheduledJob & { runs: number; failNext: boolean; ran(runs: number): Promise<void> };
  /** Resolves once the job has run `runs` times (no fixed wait for real timers). */
  job.ran = (runs) => new Promise((resolve) => (job.runs >= runs ? resolve() : waiting.push({ runs, resolve })));
  job.run = async () => {
    job.runs += 1;
    for (const w of waiting.filter((w) => job.runs >= w.runs)) w.resolve();
    if (job.failNext) {
      job.failNext = false;
      throw new Error('mail server said: "someone@example.com" is unknown');
    }
    return null;
  };
  return job;
}

async function runsOf(job: string) {
  return getDb().select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.slot);
}

describe("scheduled jobs run once per slot across processes (job_runs)", () => {
  it("two schedulers ticking together over four slots: one run and one row per slot", async () => {
    const job = countingJob();
    const a = createScheduler({ jobs: [job], intervalMs: 1000, ranBy: "1@a" });
    const b = createScheduler({ jobs: [job], intervalMs: 1000, ranBy: "2@b" });
    const t0 = Date.UTC(2030, 0, 1, 12, 0, 0);
    for (let slot = 0; slot < 4; slot++) {
      // Both "processes" tick at once, and a little apart within the same slot.
      const at = new Date(t0 + slot * 1000 + 100);
      const later = new Date(t0 + slot * 1000 + 700);
      await Promise.all([a.tick(at), b.tick(at), a.tick(later), b.tick(later)]);
    }
    expect(job.runs).toBe(4);
    const rows = await runsOf(job.name);
    expect(rows.map((r) => r.slot.getTime())).toEqual([0, 1, 2, 3].map((i) => t0 + i * 1000));
    for (const row of rows) {
      expect(row).toMatchObject({ outcome: "ok", error: null, finishedAt: expect.any(Date) });
      expect(["1@a", "2@b"]).toContain(row.ranBy);
    }
  });

  it("with real timers: two started schedulers run the job once per slot", async () => {
    const job = countingJob();
    const a = startScheduler({ jobs: [job], intervalMs: 1000, ranBy: "1@a" });
    const b = startScheduler({ jobs: [job], intervalMs: 1000, ranBy: "2@b" });
    await job.ran(3);
    await Promise.all([a.stop(), b.stop()]);
    const rows = await runsOf(job.name);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(job.runs).toBe(rows.length);
    expect(new Set(rows.map((r) => r.slot.getTime())).size).toBe(rows.length);
  });

  it("a failed run is recorded (error scrubbed of values), not retried in its slot, and runs again next slot", async () => {
    const job = countingJob();
    job.failNext = true;
    const before = await getMetrics().jobRuns.get();
    const count = (values: typeof before, outcome: string) =>
      values.values.find((v) => v.labels.job === job.name && v.labels.outcome === outcome)?.value ?? 0;
    const scheduler = createScheduler({ jobs: [job], intervalMs: 60_000, ranBy: "1@a" });
    const t0 = Date.UTC(2030, 0, 1, 12, 0, 0);
    expect(await scheduler.tick(new Date(t0 + 5_000))).toEqual([{ job: job.name, slot: new Date(t0), ran: true, outcome: "failed" }]);
    expect((await scheduler.tick(new Date(t0 + 30_000)))[0]).toMatchObject({ ran: false });
    expect(await scheduler.tick(new Date(t0 + 65_000))).toEqual([{ job: job.name, slot: new Date(t0 + 60_000), ran: true, outcome: "ok" }]);
    expect(job.runs).toBe(2);
    const rows = await runsOf(job.name);
    expect(rows.map((r) => [r.outcome, r.error])).toEqual([
      ["failed", 'mail server said: "[redacted]" is unknown'],
      ["ok", null],
    ]);
    const after = await getMetrics().jobRuns.get();
    expect(count(after, "failed") - count(before, "failed")).toBe(1);
    expect(count(after, "ok") - count(before, "ok")).toBe(1);
  });

  it("a job with a longer interval than the tick runs once per its own interval", async () => {
    const job = { ...countingJob(), everyMs: 10_000 } as ReturnType<typeof countingJob>;
    const scheduler = createScheduler({ jobs: [job], intervalMs: 1000, ranBy: "1@a" });
    const t0 = Date.UTC(2030, 0, 1, 12, 0, 0);
    for (let second = 0; second < 25; second++) await scheduler.tick(new Date(t0 + second * 1000));
    expect((await runsOf(job.name)).map((r) => r.slot.getTime())).toEqual([t0, t0 + 10_000, t0 + 20_000]);
  });

  it("the default jobs prune live events older than a day and job_runs rows older than a week", async () => {
    const db = getDb();
    const [old] = await db.insert(realtimeEvents).values({ userId: null, type: "directory.changed", payload: {}, createdAt: new Date(Date.now() - 2 * 86_400_000) }).returning({ id: realtimeEvents.id });
    const [fresh] = await db.insert(realtimeEvents).values({ userId: null, type: "directory.changed", payload: {} }).returning({ id: realtimeEvents.id });
    await db.insert(jobRuns).values([
      { job: "old-job", slot: new Date(Date.now() - 8 * 86_400_000), ranBy: "1@a", outcome: "ok" },
      { job: "old-job", slot: new Date(Date.now() - 86_400_000), ranBy: "1@a", outcome: "ok" },
    ]);
    // A slot of its own (the first test's scheduler already ran the default jobs in the current ones).
    const outcomes = await createScheduler({ intervalMs: 60_000, ranBy: "1@a" }).tick(new Date(Date.UTC(2031, 0, 1)));
    expect(outcomes.filter((o) => o.ran).map((o) => [o.job, o.outcome])).toEqual([
      ["expire-featured", "ok"],
      ["renewal-reminders", "ok"],
      ["weekly-summaries", "ok"],
      ["lead-digests", "ok"],
      ["expire-verifications", "ok"],
      ["purge-kyc-documents", "ok"],
      ["search-statistics", "ok"],
      ["prune-realtime-events", "ok"],
      ["close-stale-payments", "ok"],
      ["purge-listing-events", "ok"],
      ["site-stats", "ok"],
      ["popular-services", "ok"],
      ["offer-pages", "ok"],
      ["prune-phone-codes", "ok"],
      ["prune-job-runs", "ok"],
    ]);
    const ids = (await queryRows<{ id: unknown }>(db, sql`select id from realtime_events where id in (${old!.id}, ${fresh!.id})`)).map((r) => Number(r.id));
    expect(ids).toEqual([fresh!.id]);
    expect((await runsOf("old-job")).length).toBe(1);
  });
});
