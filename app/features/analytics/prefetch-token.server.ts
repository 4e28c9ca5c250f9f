import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";

/**
 * The prefetch's view report (ADR 29, counting.ts rule 4). A page fetched by our prefetch is issued a token with it,
 * in its `Server-Timing` header (the one response header a page's script can read: PerformanceServerTiming); shown
 * from the prefetch, the page sends it back in `X-View-Token` with the HEAD of its own address. The token names that
 * address and an expiry, and is signed with AUTH_SECRET, so a client cannot make one; each counts once
 * (`spent_count_tokens`), so one prefetch is at most one view. A HEAD without a valid, unspent token counts nothing.
 */
export const VIEW_TOKEN_HEADER = "x-view-token";
/** The Server-Timing metric carrying the token (read by app/enhance/prefetch.ts). */
export const VIEW_TOKEN_METRIC = "view-token";
/** A prefetched page is the browser's to show for 60 s (its max-age); the report may arrive a little later. */
export const VIEW_TOKEN_SECONDS = 90;

function mac(address: string, expires: number, nonce: string): Buffer {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`prefetch-view\u0000${address}\u0000${expires}\u0000${nonce}`).digest().subarray(0, 18);
}

/** The path and query a token is bound to (what the HEAD of the same page asks for). */
function addressOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** A token for a prefetch of `url`. */
export function issueViewToken(url: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + VIEW_TOKEN_SECONDS;
  const nonce = randomBytes(12).toString("base64url");
  return `${expires}.${nonce}.${mac(addressOf(url), expires, nonce).toString("base64url")}`;
}

/** The Server-Timing header value that hands a token to the page. */
export function viewTokenTiming(token: string): string {
  return `${VIEW_TOKEN_METRIC};desc="${token}"`;
}

/** The token's nonce when it is genuine, for this address and not expired; null otherwise. */
export function checkViewToken(url: string, token: string | null, now = Date.now()): { nonce: string; expires: number } | null {
  if (!token || token.length > 100) return null;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const expires = Number(match[1]);
  if (expires * 1000 < now || expires * 1000 > now + VIEW_TOKEN_SECONDS * 1000 + 5_000) return null;
  const given = Buffer.from(match[3]!, "base64url");
  const expected = mac(addressOf(url), expires, match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { nonce: match[2]!, expires };
}

/** True once for a genuine token of this request's address (then spent, in every process); false otherwise. */
export async function spendViewToken(request: Request, now = Date.now()): Promise<boolean> {
  const checked = checkViewToken(request.url, request.headers.get(VIEW_TOKEN_HEADER), now);
  if (!checked) return false;
  const rows = await queryRows<{ nonce: string }>(
    getDb(),
    sql`insert into spent_count_tokens (nonce, expires_at) values (${checked.nonce}, to_timestamp(${checked.expires}))
        on conflict do nothing returning nonce`,
  );
  return rows.length === 1;
}
