import { createHmac } from "node:crypto";
import { getEnv } from "../../lib/env.server";
import { addressKey } from "../../lib/rate-limit.server";
import { watDay } from "./analytics.schemas";
import { countBucket, shouldCountView, type CountingVisit } from "./counting";

/**
 * Who a counted request comes from (counting.ts, rule 2), without storing anything personal: HMAC-SHA256 under a
 * key made from AUTH_SECRET and the WAT day, of the signed-in account, or else of the client's address (IPv6 by its
 * /64) and user agent. The source (rule 3) is the same hash of the address alone. Both are cut to 16 bytes,
 * base64url: enough to tell visitors apart, useless for finding them, and unmatchable once the day has changed.
 */
const dayKeys = new Map<string, Buffer>();

function keyOf(day: string): Buffer {
  let key = dayKeys.get(day);
  if (!key) {
    key = createHmac("sha256", getEnv().AUTH_SECRET).update(`counting-visitor\u0000${day}`).digest();
    if (dayKeys.size >= 4) dayKeys.clear();
    dayKeys.set(day, key);
  }
  return key;
}

function hashed(key: Buffer, text: string): string {
  return createHmac("sha256", key).update(text).digest().subarray(0, 16).toString("base64url");
}

/** The visit a request would count as, whether or not it counts (the server's prefetch reports use it). */
export function visitOf(request: Request, clientAddress: string | undefined, viewerId: string | null, now = Date.now()): CountingVisit {
  const key = keyOf(watDay(new Date(now)));
  const address = addressKey(clientAddress);
  const visitor = viewerId ? hashed(key, `account\u0000${viewerId}`) : hashed(key, `visitor\u0000${address}\u0000${request.headers.get("user-agent") ?? ""}`);
  return { visitor, source: hashed(key, `source\u0000${address}`), bucket: countBucket(now) };
}

/** The visit a request counts as (counting.ts's rules), or null when it counts nothing. */
export function countedVisit(request: Request, clientAddress: string | undefined, viewer: { id: string } | null, now = Date.now()): CountingVisit | null {
  return shouldCountView(request) ? visitOf(request, clientAddress, viewer?.id ?? null, now) : null;
}
