import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "./env.server";

/** Signs a private resource for one viewer until a time: `${path}?expires=…&viewer=…&sig=…`. */
export function signPath(path: string, viewerId: string, ttlSeconds: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const sig = signature(path, viewerId, expires);
  return `${path}?expires=${expires}&viewer=${encodeURIComponent(viewerId)}&sig=${sig}`;
}

/** Checks a signed link; returns the viewer it was made for, or null when forged or expired. */
export function verifySignedPath(path: string, params: URLSearchParams, now = Date.now()): { viewerId: string } | null {
  const expires = Number(params.get("expires"));
  const viewerId = params.get("viewer");
  const sig = params.get("sig") ?? "";
  if (!Number.isFinite(expires) || !viewerId || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  if (expires * 1000 < now) return null;
  const expected = Buffer.from(signature(path, viewerId, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { viewerId };
}

function signature(path: string, viewerId: string, expires: number): string {
  return createHmac("sha256", `signed-url:${getEnv().AUTH_SECRET}`).update(`${path}\n${viewerId}\n${expires}`).digest("base64url");
}
