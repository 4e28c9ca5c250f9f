import { sql } from "drizzle-orm";
import { hostname } from "node:os";
import { clearEndedPremium, expireFeaturedPlacements } from "../app/features/featured/expire-featured.server";
import { sendFeaturedReminders } from "../app/features/featured/send-featured-reminders.server";
import { sendPlanReminders } from "../app/features/plans/send-plan-reminders.server";
import { sendWeeklySummaries } from "../app/features/analytics/send-weekly-summaries.server";
import { sendLeadDigests } from "../app/features/analytics/send-lead-digests.server";
import { refreshSearchStatistics } from "../app/features/directory/refresh-search-statistics.server";
import { refreshSiteStats } from "../app/features/admin/refresh-site-stats.server";
import { refreshPopularServices } from "../app/features/directory/refresh-popular-services.server";
import { closeStalePayments } from "../app/features/payments/close-stale-payments.server";
import { KYC_PURGE_BATCH, purgeExpiredKycDocuments } from "../app/features/privacy/purge-expired-kyc-documents.server";
import { purgeListingEvents } from "../app/features/analytics/purge-listing-events.server";
import { pruneOldPhoneCodes } from "../app/features/accounts/verify-phone.server";
import { expireVerifications } from "../app/features/verification/expire-verifications.server";
import { announceOfferBoundaries } from "../app/features/offers/announce-offer-boundaries.server";
import { getDb, queryRows, type Db } from "../app/lib/db.server";
import { getEnv } from "../app/lib/env.server";
import { scrubText } from "../app/lib/log-safety";
import { logger } from "../app/lib/logger.server";
import { getMetrics } from "../app/lib/metrics.server";
import { pruneRealtimeEvents } from "../app/lib/realtime.server";

/** Batches of KYC documents purged per tick at most; what is left waits for the next tick. */
export const KYC_PURGE_MAX_BATCHES = 10;
/** How long job_runs rows are kept. */
export const JOB_RUNS_RETENTION_DAYS = 7;
/** The longest error text a job_runs row keeps. */
const MAX_ERROR_CHARS = 300;

/** Runs the KYC document purge in bounded batches; returns how many documents went. */
export async function purgeKycDocumentsInBatches(now: Date = new Date()): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < KYC_PURGE_MAX_BATCHES; batch++) {
    const { purged } = await purgeExpiredKycDocuments(now);
    total += purged;
    if (purged < KYC_PURGE_BATCH) break;
  }
  return total;
}

/** One scheduled job. `run` answers what to log (nothing personal) or nothing when there was nothing to do. */
export type ScheduledJob = {
  /** Stable name: the job_runs key and the metrics label. */
  name: string;
  /** At most one run per this interval across the cluster (the scheduler's interval when shorter or unset). */
  everyMs?: number;
  run(): Promise<Record<string, number> | null>;
};

/** The chores of the application. Each is idempotent, so a run cut short is simply done again next slot. */
export function defaultJobs(): ScheduledJob[] {
  return [
    {
      // Featured placements end when their end date passes.
      name: "expire-featured",
      run: async () => {
        const { expired } = await expireFeaturedPlacements();
        // And Premium plans' featured status and search priority (ADR 16): their ends are cleared.
        const { cleared } = await clearEndedPremium();
        return expired > 0 || cleared > 0 ? { expired, cleared } : null;
      },
    },
    {
      // Renewal reminders 7 days and 1 day before a paid plan or a featured placement ends, each sent once
      // (renewal_reminders' key), in bounded batches (ADR 16).
      name: "renewal-reminders",
      everyMs: 10 * 60_000,
      run: async () => {
        const plans = await sendPlanReminders();
        const featured = await sendFeaturedReminders();
        return plans.sent + featured.sent > 0 || plans.failed + featured.failed > 0
          ? { plans: plans.sent, featured: featured.sent, failed: plans.failed + featured.failed }
          : null;
      },
    },
    {
      // The owners' weekly summary e-mail (issue 18): from Monday 08:00 WAT, once per owner and week, in
      // bounded batches walked on from run to run (weekly_summary_progress); a no-op once the week is done.
      name: "weekly-summaries",
      everyMs: 5 * 60_000,
      run: async () => {
        const { week, sent, failed, scanned } = await sendWeeklySummaries();
        return sent > 0 || failed > 0 ? { sent, failed, scanned, week: Number(week.replaceAll("-", "")) } : null;
      },
    },
    {
      // The owners' daily lead digest by text (issue 33): from 19:00 WAT, once per owner and day (lead_digests).
      name: "lead-digests",
      everyMs: 10 * 60_000,
      run: async () => {
        const { owners } = await sendLeadDigests();
        return owners > 0 ? { owners } : null;
      },
    },
    {
      // Verification levels past their date end as expired, their owners told (issue 35), a batch a run.
      name: "expire-verifications",
      everyMs: 10 * 60_000,
      run: async () => {
        const { expired } = await expireVerifications();
        return expired > 0 ? { expired } : null;
      },
    },
    {
      // KYC ID documents go KYC_RETENTION_DAYS after their decision, a bounded number of batches a run.
      name: "purge-kyc-documents",
      run: async () => {
        const purged = await purgeKycDocumentsInBatches();
        return purged > 0 ? { purged } : null;
      },
    },
    {
      // The embedded database has no autovacuum: the search's planner statistics (a no-op on PostgreSQL).
      name: "search-statistics",
      run: async () => {
        const started = Date.now();
        return (await refreshSearchStatistics()) ? { ms: Date.now() - started } : null;
      },
    },
    {
      // Live events older than a day (streams resume from the table only that far back).
      name: "prune-realtime-events",
      everyMs: 10 * 60_000,
      run: async () => {
        const pruned = await pruneRealtimeEvents(getDb());
        return pruned > 0 ? { pruned } : null;
      },
    },
    {
      // Payments pending for more than a day: asked about once at the gateway and closed (paid or not).
      name: "close-stale-payments",
      everyMs: 10 * 60_000,
      run: async () => {
        const { checked, succeeded, closed } = await closeStalePayments();
        return checked > 0 ? { checked, succeeded, closed } : null;
      },
    },
    {
      // Raw listing events and search words older than 90 days (issue 18), up to 30 s a run; the daily rollups
      // the dashboards read stay. And the visitors counted before the previous 30-minute window (issue 38).
      name: "purge-listing-events",
      everyMs: 10 * 60_000,
      run: async () => {
        const { events, searchWords, countedVisits } = await purgeListingEvents();
        return events + searchWords + countedVisits > 0 ? { events, searchWords, countedVisits } : null;
      },
    },
    {
      // The admin overview's figures (issue 18): today and yesterday (WAT) again, and any of the last 90 days
      // not yet counted (the first run fills them), from indexed range scans.
      name: "site-stats",
      everyMs: 10 * 60_000,
      run: async () => {
        const { days } = await refreshSiteStats();
        // Today and yesterday every run; more only when days were missing (a backfill worth logging).
        return days > 2 ? { days } : null;
      },
    },
    {
      // The home page's 'Popular This Week' (issue 37): the week's most searched and contacted categories, every hour.
      name: "popular-services",
      everyMs: 60 * 60_000,
      run: async () => {
        const { categories } = await refreshPopularServices();
        return { categories };
      },
    },
    {
      // Offers start and end with time (issue 37): when one did since the last minutes, the page caches are emptied.
      name: "offer-pages",
      run: async () => {
        const { changed } = await announceOfferBoundaries();
        return changed ? { changed: 1 } : null;
      },
    },
    {
      // Phone codes a day old (issue 33): hashed and dead, kept no longer.
      name: "prune-phone-codes",
      everyMs: 60 * 60_000,
      run: async () => {
        const pruned = await pruneOldPhoneCodes();
        return pruned > 0 ? { pruned } : null;
      },
    },
    {
      name: "prune-job-runs",
      everyMs: 60 * 60_000,
      run: async () => {
        const rows = await queryRows<{ n: number }>(
          getDb(),
          sql`with gone as (delete from job_runs where slot < now() - make_interval(days => ${JOB_RUNS_RETENTION_DAYS}) returning 1)
              select count(*)::int as n from gone`,
        );
        const pruned = Number(rows[0]?.n ?? 0);
        return pruned > 0 ? { pruned } : null;
      },
    },
  ];
}

export type JobOutcome = { job: string; slot: Date; ran: boolean; outcome?: "ok" | "failed" };

export type Scheduler = {
  /** One tick: claim and run each job whose slot nobody has claimed yet. `at` (tests) instead of the database's now(). */
  tick(at?: Date): Promise<JobOutcome[]>;
  /** Stops ticking and waits for a tick in progress. */
  stop(): Promise<void>;
};

/** Who ran a job, as job_runs records it. */
export function processName(): string {
  return `${process.pid}@${hostname()}`;
}

/**
 * Scheduled jobs, run once per slot across every process on the database (docs/decisions/0012): each tick,
 * for each job, the process inserts (job, slot = date_bin(interval, now(), epoch)) into job_runs with ON
 * CONFLICT DO NOTHING; only the process whose insert went in runs the job, then records finished_at, the
 * outcome and, for a failure, a short scrubbed error. A failed run is not retried within its slot; the next
 * slot runs it again. Jobs run one after another, and a tick still running makes the next one skip.
 */
export function createScheduler(options: { jobs?: ScheduledJob[]; intervalMs?: number; ranBy?: string; db?: () => Db } = {}): Scheduler & { start(): void } {
  const jobs = options.jobs ?? defaultJobs();
  const intervalMs = options.intervalMs ?? getEnv().JOBS_INTERVAL_MS;
  const ranBy = options.ranBy ?? processName();
  const db = options.db ?? getDb;
  const metrics = getMetrics();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<JobOutcome[]> | null = null;
  let stopped = false;

  async function runJob(job: ScheduledJob, at: Date | undefined): Promise<JobOutcome | null> {
    const seconds = Math.max(job.everyMs ?? intervalMs, intervalMs) / 1000;
    const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
    let claimed: { slot: unknown }[];
    try {
      claimed = await queryRows<{ slot: unknown }>(
        db(),
        sql`insert into job_runs (job, slot, ran_by)
            values (${job.name}, date_bin(make_interval(secs => ${seconds}), ${now}, timestamptz 'epoch'), ${ranBy})
            on conflict do nothing
            returning slot`,
      );
    } catch (error) {
      logger.warn({ err: error, job: job.name }, "could not claim a scheduled job's slot");
      return null;
    }
    const row = claimed[0];
    if (!row) return { job: job.name, slot: new Date(NaN), ran: false };
    const slot = new Date(row.slot as string | Date);
    const started = performance.now();
    let outcome: "ok" | "failed" = "ok";
    let errorText: string | null = null;
    try {
      const result = await job.run();
      if (result) logger.info({ job: job.name, ...result }, "scheduled job done");
    } catch (error) {
      outcome = "failed";
      errorText = scrubText(error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_CHARS);
      logger.error({ err: error, job: job.name }, "scheduled job failed");
    }
    const seconds_ = (performance.now() - started) / 1000;
    metrics.jobRuns.inc({ job: job.name, outcome });
    metrics.jobDuration.observe({ job: job.name }, seconds_);
    try {
      await queryRows(
        db(),
        sql`update job_runs set finished_at = now(), outcome = ${outcome}, error = ${errorText}
            where job = ${job.name} and slot = ${slot.toISOString()}::timestamptz returning job`,
      );
    } catch (error) {
      logger.warn({ err: error, job: job.name }, "could not record a scheduled job's outcome");
    }
    return { job: job.name, slot, ran: true, outcome };
  }

  async function runTick(at?: Date): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const job of jobs) {
      if (stopped && !at) break;
      const outcome = await runJob(job, at);
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  const scheduler = {
    tick(at?: Date): Promise<JobOutcome[]> {
      if (current) return current.then((): Promise<JobOutcome[]> => scheduler.tick(at));
      current = runTick(at).finally(() => {
        current = null;
      });
      return current;
    },
    start() {
      const onTimer = () => {
        // A tick still running: this one is skipped, not queued.
        if (current || stopped) return;
        void scheduler.tick();
      };
      onTimer();
      timer = setInterval(onTimer, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
  return scheduler;
}

/** Starts the application's scheduler (server start-up): the default jobs every JOBS_INTERVAL_MS. */
export function startScheduler(options: { intervalMs?: number; jobs?: ScheduledJob[]; ranBy?: string } = {}): Scheduler {
  const scheduler = createScheduler(options);
  scheduler.start();
  return scheduler;
}
