import { sql, type SQL } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { getDb, queryRows } from "./db.server";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one event against a fixed window, atomically in PostgreSQL so every server process shares it.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await queryRows<{ count: number; age: number }>(getDb(), rateLimitHitSql(key, windowSeconds));
  const count = Number(row?.count ?? 1);
  const age = Number(row?.age ?? 0);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - age)) };
}

/**
 * hitRateLimit's statement (returning `count` and `age`), for a caller that makes it part of a larger one
 * (sending a message: ADR 26). Allowed when `count` <= the limit.
 */
export function rateLimitHitSql(key: string, windowSeconds: number): SQL {
  return sql`insert into ${rateLimits} (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end
        returning count, extract(epoch from now() - window_start)::float8 as age`;
}

/** How many events the current window holds, without counting one. */
export async function peekRateLimit(key: string, windowSeconds: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    getDb(),
    sql`select count from ${rateLimits} where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`,
  );
  return Number(row?.count ?? 0);
}

/** Takes back one event counted by `hitRateLimit` (an attempt that turned out not to be a failure). */
export async function refundRateLimit(key: string): Promise<void> {
  await getDb().execute(sql`update ${rateLimits} set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets a key (e.g. failed sign-ins after a successful one). */
export async function resetRateLimit(key: string): Promise<void> {
  await getDb().execute(sql`delete from ${rateLimits} where key = ${key}`);
}

/** Forgets a key and every key that starts with `key` + `separator`. */
export async function resetRateLimitFamily(key: string, separator = "#"): Promise<void> {
  const prefix = key + separator;
  await getDb().execute(sql`delete from ${rateLimits} where key = ${key} or left(key, ${prefix.length}) = ${prefix}`);
}

/**
 * A progressive delay: the first `freeAttempts` attempts go through at once; after that each attempt waits
 * `firstDelaySeconds` after the previous one, doubling with every further attempt, up to `maxDelaySeconds`.
 * Nothing is ever refused for longer than that. The count is forgotten `forgetAfterSeconds` after the last
 * attempt (or by `resetRateLimit`, e.g. after a success).
 */
export type ProgressiveDelay = { freeAttempts: number; firstDelaySeconds: number; maxDelaySeconds: number; forgetAfterSeconds: number };

/**
 * Counts an attempt under a progressive delay, if its wait is over: atomically, so concurrent attempts
 * cannot slip through together. The row's `window_start` is the time of the last counted attempt. A refused
 * attempt changes nothing and says how long to wait.
 */
export async function hitProgressiveDelay(key: string, policy: ProgressiveDelay): Promise<RateLimitResult> {
  const delayOf = (count: ReturnType<typeof sql>) =>
    sql`(case when ${count} < ${policy.freeAttempts} then 0
          else least(${policy.maxDelaySeconds}::float8, ${policy.firstDelaySeconds}::float8 * power(2, least(${count} - ${policy.freeAttempts}, 30))) end)`;
  const existing = sql.raw(`"rate_limits"."count"`);
  const last = sql.raw(`"rate_limits"."window_start"`);
  const forgotten = sql`${last} <= now() - make_interval(secs => ${policy.forgetAfterSeconds})`;
  // Only an attempt whose wait is over updates the row, so a row returned is the answer 'allowed'. (Telling it by
  // `window_start = now()` let a second of two simultaneous attempts through whenever both read the same clock
  // tick, as the embedded database's does within a millisecond.)
  const [counted] = await queryRows<{ count: number }>(
    getDb(),
    sql`insert into ${rateLimits} (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${forgotten} then 1 else ${existing} + 1 end,
          window_start = now()
        where ${forgotten} or ${last} <= now() - make_interval(secs => ${delayOf(existing)})
        returning count`,
  );
  if (counted) return { allowed: true, count: Number(counted.count), retryAfterSeconds: 0 };
  const [waiting] = await queryRows<{ count: number; wait: number }>(
    getDb(),
    sql`select count, extract(epoch from window_start + make_interval(secs => ${delayOf(existing)}) - now())::float8 as wait
        from ${rateLimits} where key = ${key}`,
  );
  return { allowed: false, count: Number(waiting?.count ?? 0), retryAfterSeconds: Math.max(1, Math.ceil(Number(waiting?.wait ?? 1))) };
}

/** The address a limit counts against: IPv4 as is, IPv6 by its /64 network. */
export function addressKey(address: string | null | undefined): string {
  if (!address) return "unknown";
  const ip = address.trim().toLowerCase().replace(/^\[|\]$/g, "").split("%")[0]!;
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return mapped[1]!;
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  const full = ip.includes("::") ? [...headParts, ...Array(Math.max(0, missing)).fill("0"), ...tailParts] : headParts;
  return `${full.slice(0, 4).map((p) => (p || "0").replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
