import { sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { getDb, queryRows } from "./db.server";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one event against a fixed window, atomically in PostgreSQL so every server process shares it.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await queryRows<{ count: number; age: number }>(
    getDb(),
    sql`insert into ${rateLimits} (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end
        returning count, extract(epoch from now() - window_start)::float8 as age`,
  );
  const count = Number(row?.count ?? 1);
  const age = Number(row?.age ?? 0);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - age)) };
}

/** How many events the current window holds, without counting one. */
export async function peekRateLimit(key: string, windowSeconds: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    getDb(),
    sql`select count from ${rateLimits} where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`,
  );
  return Number(row?.count ?? 0);
}

/** Forgets a key (e.g. failed sign-ins after a successful one). */
export async function resetRateLimit(key: string): Promise<void> {
  await getDb().execute(sql`delete from ${rateLimits} where key = ${key}`);
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
