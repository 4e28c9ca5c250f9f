import { expireFeaturedPlacements } from "../app/features/featured/expire-featured.server";
import { refreshSearchStatistics } from "../app/features/directory/refresh-search-statistics.server";
import { logger } from "../app/lib/logger.server";

/**
 * Background chores every process runs (each is idempotent, so several processes may run them at once):
 * featured placements end when their end date passes, and on the embedded database (which has no
 * autovacuum) the search's planner statistics are refreshed once the listings have changed enough.
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
