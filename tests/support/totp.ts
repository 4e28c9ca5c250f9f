/**
 * The code an authenticator app shows (RFC 6238: HMAC-SHA1, 30 s, 6 digits), computed with node:crypto only,
 * so end-to-end journeys can use it too. The database side is in tests/support/two-factor.ts.
 */
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The bytes of a base32 key (what an authenticator app is given). */
export function base32Bytes(base32: string): Buffer {
  let bits = "";
  for (const ch of base32.replace(/[\s=]+/g, "").toUpperCase()) {
    const value = BASE32.indexOf(ch);
    if (value < 0) throw new Error(`not base32: ${ch}`);
    bits += value.toString(2).padStart(5, "0");
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
}

/** The 6-digit code an authenticator app shows at `at` for a key (base32 text, or the raw key bytes). */
export function totpCode(key: string | Buffer, at = Date.now()): string {
  const bytes = typeof key === "string" ? base32Bytes(key) : key;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", bytes).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
