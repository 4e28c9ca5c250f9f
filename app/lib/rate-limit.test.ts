import { describe, expect, it } from "vitest";
import { addressKey } from "./rate-limit.server";

describe("addressKey", () => {
  it("keeps IPv4 addresses, unwrapping IPv4-mapped IPv6", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });
  it("counts IPv6 by its /64", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });
  it("names a missing address", () => {
    expect(addressKey(undefined)).toBe("unknown");
  });
});
