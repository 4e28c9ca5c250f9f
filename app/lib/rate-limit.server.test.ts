/**
 * The progressive delay's atomic claim (app/lib/rate-limit.server.ts) on a real database: of simultaneous attempts
 * after a wait, exactly one is counted, whatever the clock says. PGlite's now() moves in steps of 10 ms, so
 * attempts a moment apart read the same time (the old test of `window_start = now()` then let a second one in).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "./db.server";
import { hitProgressiveDelay } from "./rate-limit.server";

const POLICY = { freeAttempts: 2, firstDelaySeconds: 30, maxDelaySeconds: 900, forgetAfterSeconds: 86_400 };

describe("a progressive delay on the database", () => {
  it("lets the free attempts through, then one attempt per wait, however many arrive together", async () => {
    const key = `test-delay:${Math.random()}`;
    expect((await hitProgressiveDelay(key, POLICY)).allowed).toBe(true);
    expect((await hitProgressiveDelay(key, POLICY)).allowed).toBe(true);
    const waiting = await hitProgressiveDelay(key, POLICY);
    expect(waiting).toMatchObject({ allowed: false, count: 2 });
    expect(waiting.retryAfterSeconds).toBeGreaterThan(25);
    expect(waiting.retryAfterSeconds).toBeLessThanOrEqual(30);
    // The wait is over: twenty attempts at once, one counted, the rest told to wait 60 s. Ten rounds, so that
    // attempts reading the same millisecond (as they did in the test that found this) are sure to happen.
    for (let round = 0; round < 10; round++) {
      await getDb().execute(sql`update rate_limits set count = 2, window_start = now() - interval '31 seconds' where key = ${key}`);
      const answers = await Promise.all(Array.from({ length: 20 }, () => hitProgressiveDelay(key, POLICY)));
      expect(answers.filter((a) => a.allowed), `round ${round}`).toHaveLength(1);
      for (const refused of answers.filter((a) => !a.allowed)) {
        expect(refused.count).toBe(3);
        expect(refused.retryAfterSeconds).toBeGreaterThan(55);
      }
      const [row] = await queryRows<{ count: number }>(getDb(), sql`select count from rate_limits where key = ${key}`);
      expect(Number(row!.count)).toBe(3);
    }
  });

  it("forgets the count after a quiet day: the next attempt goes through as the first", async () => {
    const key = `test-delay:${Math.random()}`;
    for (let i = 0; i < 3; i++) await hitProgressiveDelay(key, POLICY);
    await getDb().execute(sql`update rate_limits set window_start = window_start - interval '1 day 1 second' where key = ${key}`);
    expect(await hitProgressiveDelay(key, POLICY)).toMatchObject({ allowed: true, count: 1 });
  });
});
