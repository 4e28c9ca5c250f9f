import { describe, expect, it } from "vitest";
import { checkViewToken, issueViewToken, spendViewToken, VIEW_TOKEN_HEADER, VIEW_TOKEN_SECONDS } from "./prefetch-token.server";

const PAGE = "http://localhost/businesses/00000000-0000-4000-8000-000000000001";

describe("the prefetch's view token (issue 38, ADR 29)", () => {
  it("is genuine for the address it was issued for, until it expires", () => {
    const now = Date.now();
    const token = issueViewToken(PAGE, now);
    expect(checkViewToken(PAGE, token, now)).not.toBeNull();
    expect(checkViewToken(`${PAGE}?x=1`, token, now)).toBeNull();
    expect(checkViewToken("http://localhost/businesses/00000000-0000-4000-8000-000000000002", token, now)).toBeNull();
    expect(checkViewToken(PAGE, token, now + (VIEW_TOKEN_SECONDS + 1) * 1000)).toBeNull();
  });

  it("cannot be made or changed by a client", () => {
    const now = Date.now();
    const [expires, nonce, mac] = issueViewToken(PAGE, now).split(".") as [string, string, string];
    // A later expiry, another nonce, another signature, a far-future one, garbage.
    expect(checkViewToken(PAGE, `${Number(expires) + 30}.${nonce}.${mac}`, now)).toBeNull();
    expect(checkViewToken(PAGE, `${expires}.${"A".repeat(16)}.${mac}`, now)).toBeNull();
    expect(checkViewToken(PAGE, `${expires}.${nonce}.${"A".repeat(24)}`, now)).toBeNull();
    expect(checkViewToken(PAGE, `${Math.floor(now / 1000) + 86_400}.${nonce}.${mac}`, now)).toBeNull();
    for (const junk of [null, "", "x", "1.2.3", "a".repeat(500)]) expect(checkViewToken(PAGE, junk, now)).toBeNull();
  });

  it("counts once: spent in the database, so a second report of the same prefetch (on any process) counts nothing", async () => {
    const token = issueViewToken(PAGE);
    const report = () => new Request(PAGE, { method: "HEAD", headers: { [VIEW_TOKEN_HEADER]: token } });
    expect(await spendViewToken(report())).toBe(true);
    expect(await spendViewToken(report())).toBe(false);
    expect(await spendViewToken(new Request(PAGE, { method: "HEAD" }))).toBe(false);
  });
});
