import { sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { getDb, queryRows } from "../../app/lib/db.server";

/**
 * Rate-limit counters are rows in rate_limits (key, count, window_start); these move them the way time and
 * earlier traffic would, so a test need not wait 15 minutes or make 300 real attempts.
 */

/** As if `seconds` had passed for every counter whose key starts with `keyPrefix` (all of them by default). */
export async function passTime(seconds: number, keyPrefix = ""): Promise<void> {
  await getDb().execute(
    sql`update ${rateLimits} set window_start = window_start - make_interval(secs => ${seconds})
        where left(key, ${keyPrefix.length}) = ${keyPrefix}`,
  );
}

/** As if `count` events had been counted against `key` just now (earlier attempts, made cheaply). */
export async function setCount(key: string, count: number): Promise<void> {
  await getDb().execute(
    sql`insert into ${rateLimits} (key, count, window_start) values (${key}, ${count}, now())
        on conflict (key) do update set count = ${count}, window_start = now()`,
  );
}

/** The count stored for `key` (0 when there is none). */
export async function countOf(key: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(getDb(), sql`select count from ${rateLimits} where key = ${key}`);
  return Number(row?.count ?? 0);
}
