/**
 * The client's address, for rate limits and the session record. The server speaks plain HTTP, so in
 * production it sits behind a TLS proxy and the connection's peer is that proxy. Forwarding headers are
 * believed only when the peer is a trusted proxy (TRUSTED_PROXIES), and then only as far as the proxies
 * we trust wrote them: X-Forwarded-For (or, without it, RFC 7239 Forwarded `for=`) is walked from the
 * right, past every trusted hop, and the first untrusted hop is the client. What a client writes on the
 * left of the header is never read. Pure: no configuration or I/O here.
 */

/** An IP network: the address bytes (4 for IPv4, 16 for IPv6) and the prefix length. */
export type Network = { bytes: Uint8Array; prefix: number };

/** Trusted proxies, parsed once (`parseTrustedProxies`). */
export type TrustedProxies = readonly Network[];

const IPV4_PART = /^(0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

function parseIPv4(text: string): Uint8Array | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    if (!IPV4_PART.test(parts[i]!)) return null;
    const value = Number(parts[i]);
    if (value > 255) return null;
    bytes[i] = value;
  }
  return bytes;
}

function parseIPv6(text: string): Uint8Array | null {
  if (!text.includes(":")) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === "") return [];
    const words: number[] = [];
    const pieces = half.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        words.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (HEX_GROUP.test(piece)) {
        words.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return words;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  // An embedded IPv4 address may only end the address.
  if (halves.length === 2 && halves[0]!.includes(".")) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const words = [...head, ...Array<number>(missing).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8;
    bytes[i * 2 + 1] = word & 0xff;
  });
  return bytes;
}

const isMappedIPv4 = (bytes: Uint8Array) =>
  bytes.length === 16 && bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;

/** The bytes of an IP address (no brackets, port or prefix); IPv4-mapped IPv6 reads as IPv4. */
export function parseAddress(text: string): Uint8Array | null {
  const address = text.trim();
  const bytes = address.includes(":") ? parseIPv6(address.split("%")[0]!) : parseIPv4(address);
  if (!bytes) return null;
  return isMappedIPv4(bytes) ? bytes.slice(12) : bytes;
}

/** An address or `address/prefix`; null when it is neither. A mapped IPv6 range becomes its IPv4 range. */
export function parseNetwork(text: string): Network | null {
  const entry = text.trim();
  const slash = entry.indexOf("/");
  const addressText = slash === -1 ? entry : entry.slice(0, slash);
  if (addressText.includes("%")) return null;
  const bytes = parseAddress(addressText);
  if (!bytes) return null;
  const wasMapped = bytes.length === 4 && addressText.includes(":");
  if (slash === -1) return { bytes, prefix: bytes.length * 8 };
  const prefixText = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  let prefix = Number(prefixText);
  if (wasMapped) {
    if (prefix > 128 || prefix < 96) return null;
    prefix -= 96;
  }
  if (prefix > bytes.length * 8) return null;
  return { bytes, prefix };
}

/** The entries of a trusted-proxy list that are not an address or a CIDR range. */
export function invalidTrustedProxies(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseNetwork(entry) === null);
}

/** Parses a trusted-proxy list; throws naming the first entry that is not an address or CIDR range. */
export function parseTrustedProxies(entries: readonly string[]): TrustedProxies {
  return entries.map((entry) => {
    const network = parseNetwork(entry);
    if (!network) throw new Error(`'${entry}' is not an IP address or CIDR range`);
    return network;
  });
}

function inNetwork(bytes: Uint8Array, network: Network): boolean {
  if (bytes.length !== network.bytes.length) return false;
  let bits = network.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (network.bytes[i]! & mask)) return false;
  }
  return true;
}

const isTrusted = (bytes: Uint8Array, trusted: TrustedProxies) => trusted.some((network) => inNetwork(bytes, network));

/** IPv4 dotted; IPv6 lower-case with the longest run of zero groups shortened (RFC 5952). */
export function formatAddress(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join(".");
  const words = Array.from({ length: 8 }, (_, i) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/** One hop of a forwarding header: `1.2.3.4`, `1.2.3.4:port`, `2001:db8::1`, `[2001:db8::1]` or `[2001:db8::1]:port`. */
function parseHop(text: string): Uint8Array | null {
  const hop = text.trim();
  const bracketed = hop.match(/^\[([^\]]+)\](?::\d{1,5})?$/);
  if (bracketed) return bracketed[1]!.includes(":") ? parseAddress(bracketed[1]!) : null;
  const v4WithPort = hop.match(/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/);
  if (v4WithPort) return parseAddress(v4WithPort[1]!);
  return parseAddress(hop);
}

/** Splits on `separator` outside quoted strings. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === "\\" && i + 1 < text.length) {
      current += ch + text[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

/** The `for=` node of each element of an RFC 7239 Forwarded header, left to right (null where there is none). */
function forwardedFor(header: string): Array<string | null> {
  return splitOutsideQuotes(header, ",").map((element) => {
    for (const pair of splitOutsideQuotes(element, ";")) {
      const equals = pair.indexOf("=");
      if (equals === -1 || pair.slice(0, equals).trim().toLowerCase() !== "for") continue;
      const value = pair.slice(equals + 1).trim();
      return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
    }
    return null;
  });
}

type HeaderSource = { get(name: string): string | null };

/**
 * The client's address: the peer when it is not a trusted proxy; otherwise the right-most hop of
 * X-Forwarded-For (else Forwarded) that is not a trusted proxy, or the left-most hop when every hop is
 * trusted. A malformed hop ends the walk at the last good one. Canonical form, IPv4-mapped as IPv4.
 */
export function clientAddressOf(peer: string | undefined, headers: HeaderSource, trusted: TrustedProxies): string | undefined {
  if (!peer) return undefined;
  const peerBytes = parseHop(peer);
  if (!peerBytes) return peer.trim() || undefined;
  let last = peerBytes;
  if (trusted.length === 0 || !isTrusted(last, trusted)) return formatAddress(last);
  const xForwardedFor = headers.get("x-forwarded-for");
  const forwarded = headers.get("forwarded");
  const hops = xForwardedFor !== null ? xForwardedFor.split(",") : forwarded !== null ? forwardedFor(forwarded) : [];
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ? parseHop(hops[i]!) : null;
    if (!hop) break;
    last = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return formatAddress(last);
}
