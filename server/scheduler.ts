import { expireFeaturedPlacements } from "../app/features/featured/expire-featured.server";
import { refreshSearchStatistics } from "../app/features/directory/refresh-search-statistics.server";
import { KYC_PURGE_BATCH, purgeExpiredKycDocuments } from "../app/features/privacy/purge-expired-kyc-documents.server";
import { logger } from "../app/lib/logger.server";

/** Batches of KYC documents purged per tick at most; what is left waits for the next tick. */
export const KYC_PURGE_MAX_BATCHES = 10;

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

/**
 * Background chores every process runs (each is idempotent, so several processes may run them at once):
 * featured placements end when their end date passes, KYC ID documents are deleted KYC_RETENTION_DAYS after
 * their decision (at most KYC_PURGE_MAX_BATCHES batches a tick, so a backlog never holds a tick up for long),
 * and on the embedded database (which has no autovacuum) the search's planner statistics are refreshed once
 * the listings have changed enough.
 */
export function startScheduler(intervalMs = 60_000): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const { expired } = await expireFeaturedPlacements();
      if (expired > 0) logger.info({ expired }, "featured placements ended");
    } catch (error) {
      logger.error({ err: error, chore: "expire featured" }, "scheduled chore failed");
    }
    try {
      const purged = await purgeKycDocumentsInBatches();
      if (purged > 0) logger.info({ purged }, "KYC documents past their retention deleted");
    } catch (error) {
      logger.error({ err: error, chore: "purge KYC documents" }, "scheduled chore failed");
    }
    try {
      const started = Date.now();
      if (await refreshSearchStatistics()) logger.info({ ms: Date.now() - started }, "search statistics refreshed");
    } catch (error) {
      logger.error({ err: error, chore: "search statistics" }, "scheduled chore failed");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
