import { describe, expect, it } from "vitest";
import { clientAddressOf, invalidTrustedProxies, parseTrustedProxies } from "./client-address.server";

const headers = (init: Record<string, string> = {}) => new Headers(init);
const trust = (...entries: string[]) => parseTrustedProxies(entries);

describe("parseTrustedProxies", () => {
  it("reads addresses and CIDR ranges, IPv4 and IPv6, and names the entries that are neither", () => {
    expect(invalidTrustedProxies(["10.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", "2001:db8::/32", "::ffff:192.0.2.0/120", "0.0.0.0/0"])).toEqual([]);
    expect(invalidTrustedProxies(["10.0.0.0/33", "fd00::/129", "10.0.0", "300.0.0.1", "example.com", "10.0.0.1/", "10.0.0.1/8x", "01.2.3.4", "1::2::3", "[::1]"])).toEqual([
      "10.0.0.0/33",
      "fd00::/129",
      "10.0.0",
      "300.0.0.1",
      "example.com",
      "10.0.0.1/",
      "10.0.0.1/8x",
      "01.2.3.4",
      "1::2::3",
      "[::1]",
    ]);
    expect(() => parseTrustedProxies(["10.0.0.1", "nope"])).toThrow(/'nope'/);
  });
});

describe("clientAddressOf", () => {
  it("trusts nobody by default: the peer is the client, forwarding headers are ignored", () => {
    expect(clientAddressOf("203.0.113.7", headers({ "x-forwarded-for": "198.51.100.1" }), [])).toBe("203.0.113.7");
    expect(clientAddressOf("203.0.113.7", headers({ forwarded: "for=198.51.100.1" }), [])).toBe("203.0.113.7");
  });

  it("ignores the headers of a peer that is not a trusted proxy", () => {
    const trusted = trust("10.0.0.0/8");
    expect(clientAddressOf("203.0.113.7", headers({ "x-forwarded-for": "10.1.1.1, 198.51.100.1" }), trusted)).toBe("203.0.113.7");
  });

  it("takes the right-most untrusted hop of X-Forwarded-For behind a trusted proxy", () => {
    const trusted = trust("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", headers({ "x-forwarded-for": "198.51.100.9" }), trusted)).toBe("198.51.100.9");
    // A client that forges entries on the left cannot choose its address: the proxy appended the real one.
    expect(clientAddressOf("127.0.0.1", headers({ "x-forwarded-for": "1.1.1.1, 2.2.2.2, 198.51.100.9" }), trusted)).toBe("198.51.100.9");
  });

  it("walks past every trusted hop (a chain of proxies, by address and by CIDR)", () => {
    const trusted = trust("127.0.0.1", "10.0.0.0/8", "fd00::/8");
    const chain = "6.6.6.6, 198.51.100.9, 10.2.3.4, fd00::17, 10.9.9.9";
    expect(clientAddressOf("127.0.0.1", headers({ "x-forwarded-for": chain }), trusted)).toBe("198.51.100.9");
  });

  it("answers the left-most hop when every hop is trusted", () => {
    const trusted = trust("10.0.0.0/8");
    expect(clientAddressOf("10.0.0.1", headers({ "x-forwarded-for": "10.0.0.3, 10.0.0.2" }), trusted)).toBe("10.0.0.3");
  });

  it("stops at a malformed hop and answers the last good one", () => {
    const trusted = trust("10.0.0.0/8");
    expect(clientAddressOf("10.0.0.1", headers({ "x-forwarded-for": "198.51.100.9, garbage, 10.0.0.2" }), trusted)).toBe("10.0.0.2");
    expect(clientAddressOf("10.0.0.1", headers({ "x-forwarded-for": "198.51.100.9, garbage" }), trusted)).toBe("10.0.0.1");
    expect(clientAddressOf("10.0.0.1", headers({ "x-forwarded-for": "198.51.100.9,, 10.0.0.2" }), trusted)).toBe("10.0.0.2");
    expect(clientAddressOf("10.0.0.1", headers({ "x-forwarded-for": "" }), trusted)).toBe("10.0.0.1");
  });

  it("answers the peer when a trusted peer sends no forwarding header", () => {
    expect(clientAddressOf("10.0.0.1", headers(), trust("10.0.0.0/8"))).toBe("10.0.0.1");
  });

  it("handles IPv6 peers and hops, canonical and lower-case, brackets, ports and zones removed", () => {
    const trusted = trust("::1", "2001:db8:ffff::/48");
    expect(clientAddressOf("::1", headers({ "x-forwarded-for": "2001:DB8:0:0:0:0:0:42" }), trusted)).toBe("2001:db8::42");
    expect(clientAddressOf("::1", headers({ "x-forwarded-for": "[2001:db8::42]:4711, 2001:db8:ffff::1" }), trusted)).toBe("2001:db8::42");
    expect(clientAddressOf("fe80::1%eth0", headers({ "x-forwarded-for": "2001:db8::42" }), trusted)).toBe("fe80::1");
    expect(clientAddressOf("::1", headers({ "x-forwarded-for": "198.51.100.9:5555" }), trusted)).toBe("198.51.100.9");
  });

  it("reads IPv4-mapped IPv6 addresses as IPv4, for the peer, the hops and the trusted list", () => {
    expect(clientAddressOf("::ffff:127.0.0.1", headers({ "x-forwarded-for": "::ffff:198.51.100.9" }), trust("127.0.0.1"))).toBe("198.51.100.9");
    expect(clientAddressOf("127.0.0.1", headers({ "x-forwarded-for": "198.51.100.9" }), trust("::ffff:127.0.0.0/104"))).toBe("198.51.100.9");
    expect(clientAddressOf("::ffff:203.0.113.7", headers({ "x-forwarded-for": "198.51.100.9" }), trust("127.0.0.1"))).toBe("203.0.113.7");
  });

  it("reads RFC 7239 Forwarded when there is no X-Forwarded-For: quoted IPv6 with a port, several elements, other parameters", () => {
    const trusted = trust("127.0.0.1", "10.0.0.0/8");
    expect(clientAddressOf("127.0.0.1", headers({ forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https;by=10.0.0.1' }), trusted)).toBe("2001:db8:cafe::17");
    expect(clientAddressOf("127.0.0.1", headers({ forwarded: 'for=6.6.6.6, For="198.51.100.9:8080", for=10.1.1.1;proto=http' }), trusted)).toBe("198.51.100.9");
    // 'unknown' and obfuscated identifiers are not addresses: the walk stops there.
    expect(clientAddressOf("127.0.0.1", headers({ forwarded: "for=198.51.100.9, for=_hidden, for=10.1.1.1" }), trusted)).toBe("10.1.1.1");
    expect(clientAddressOf("127.0.0.1", headers({ forwarded: "for=unknown" }), trusted)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", headers({ forwarded: "proto=https" }), trusted)).toBe("127.0.0.1");
    // A quoted comma does not split elements.
    expect(clientAddressOf("127.0.0.1", headers({ forwarded: 'for=198.51.100.9;host="a,b"' }), trusted)).toBe("198.51.100.9");
  });

  it("prefers X-Forwarded-For when both headers arrive", () => {
    const trusted = trust("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", headers({ "x-forwarded-for": "198.51.100.9", forwarded: "for=6.6.6.6" }), trusted)).toBe("198.51.100.9");
  });

  it("answers undefined without a peer", () => {
    expect(clientAddressOf(undefined, headers({ "x-forwarded-for": "198.51.100.9" }), trust("127.0.0.1"))).toBeUndefined();
  });
});
