import { Hono } from "hono";
import { getDatabase, pingDatabase } from "../app/lib/db.server";
import { isDraining } from "../app/lib/lifecycle.server";
import { getStorage } from "../app/lib/storage.server";

/** How long /readyz waits for the database and for storage before calling them unavailable. */
export const READINESS_TIMEOUT_MS = 2_000;

type Check = "ok" | "unavailable";

async function withTimeout(check: () => Promise<boolean>, timeoutMs: number): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const ok = await Promise.race([
      check(),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    return ok ? "ok" : "unavailable";
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (docs/decisions/0012-liveness-and-readiness.md).
 * - GET /healthz: the process is up and serving (200 until its listener closes). It does not look at the
 *   database: an outage must not make an orchestrator restart processes that are healthy and will recover.
 * - GET /readyz: this process should get traffic: the database and the file store answer (each within
 *   READINESS_TIMEOUT_MS) and it is not draining after SIGTERM. 200 or 503, `{status, database, storage}`.
 */
export function healthRoutes() {
  const app = new Hono();
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" }, 200);
  });
  app.get("/readyz", async (c) => {
    const [database, storage] = await Promise.all([
      withTimeout(() => pingDatabase(getDatabase(), READINESS_TIMEOUT_MS), READINESS_TIMEOUT_MS),
      withTimeout(() => getStorage().ping(), READINESS_TIMEOUT_MS),
    ]);
    const draining = isDraining();
    const ready = !draining && database === "ok" && storage === "ok";
    c.header("Cache-Control", "no-store");
    return c.json({ status: ready ? "ok" : draining ? "draining" : "unavailable", database, storage }, ready ? 200 : 503);
  });
  return app;
}
