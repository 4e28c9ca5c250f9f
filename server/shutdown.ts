import type { ServerType } from "@hono/node-server";
import { flushListingEvents } from "../app/features/analytics/record-listing-events.server";
import { flushBusinessViews } from "../app/features/directory/record-business-view.server";
import { stopListeningForPublicChanges } from "../app/lib/public-changes.server";
import { settleBackgroundTasks } from "../app/lib/background.server";
import type { Database } from "../app/lib/db.server";
import { startClosing, startDraining } from "../app/lib/lifecycle.server";
import { logger } from "../app/lib/logger.server";
import { stopAllRealtimeHubs } from "../app/lib/realtime.server";

/** What is left after the drain (closing, in-flight requests, e-mails, the database) gets this long at most. */
export const SHUTDOWN_GRACE_MS = 8_000;

type Closable = { close(callback?: (error?: Error) => void): unknown; closeIdleConnections?: () => void };

/**
 * Stops the process gracefully (SIGTERM, SIGINT), in the order a load balancer needs:
 * 1. draining: /readyz answers 503 at once, so the balancer takes the process out of rotation;
 * 2. for `drainMs` (SHUTDOWN_DRAIN_MS) it keeps serving whatever still reaches it;
 * 3. the scheduler and the job queue's workers stop (a job in progress finishes);
 * 4. the listener closes (no new connections; idle keep-alive connections are closed as they become idle);
 * 5. live event streams end, so browsers reconnect with Last-Event-ID, through the balancer, to another process;
 * 6. in-flight requests finish, e-mails started in the background go out, the database closes; exit 0.
 * Whatever is still running `drainMs + SHUTDOWN_GRACE_MS` after the signal is cut off (exit 1).
 */
export function installGracefulShutdown(options: {
  server: ServerType;
  database: Database;
  drainMs: number;
  scheduler?: { stop(): Promise<void> };
  /** The job queue's workers: a job in progress finishes, the rest waits in the database for another process. */
  jobs?: { stop(): Promise<void> };
  exit?: (code: number) => void;
}): { shutdown(signal: string): Promise<void> } {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const server = options.server as unknown as Closable;
  let stopping: Promise<void> | null = null;

  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      const began = Date.now();
      startDraining();
      logger.info({ signal, drainMs: options.drainMs }, "draining: /readyz answers 503; still serving");
      const hardLimitMs = options.drainMs + SHUTDOWN_GRACE_MS;
      const deadline = setTimeout(() => {
        logger.warn({ ms: hardLimitMs }, "shutdown took too long; exiting");
        exit(1);
      }, hardLimitMs);
      deadline.unref();
      let code = 0;
      try {
        if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
        await options.scheduler?.stop();
        await options.jobs?.stop();
        startClosing();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Connections kept alive between requests would hold close() open: close each as it becomes idle.
        server.closeIdleConnections?.();
        const idleSweep = setInterval(() => server.closeIdleConnections?.(), 100);
        idleSweep.unref();
        await stopAllRealtimeHubs();
        await closed;
        clearInterval(idleSweep);
        await settleBackgroundTasks();
        // Views of cached pages and listing events still waiting for their batch (issues 18, 19) are written
        // before the database closes (the views first: they add listing events).
        await stopListeningForPublicChanges();
        await flushBusinessViews().catch((error: unknown) => logger.error({ err: error }, "could not write the last page views"));
        await flushListingEvents().catch((error: unknown) => logger.error({ err: error }, "could not write the last listing events"));
        await options.database.close();
      } catch (error) {
        code = 1;
        logger.error({ err: error }, "shutdown failed");
      } finally {
        clearTimeout(deadline);
        logger.info({ ms: Date.now() - began }, "stopped");
      }
      exit(code);
    })();
    return stopping;
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { shutdown };
}
