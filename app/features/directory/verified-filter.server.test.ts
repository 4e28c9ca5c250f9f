/**
 * 'Verified businesses only' (verified=1, issue 35): every way of searching keeps to listings with a standing level —
 * text, browsing (with its counts), 'Open now' and 'Near me' — and a level that ends takes the listing out at once.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses, listingVerifications } from "../../../db/schema";
import { createBusiness, createOwner, uniqueSuffix } from "../../../db/seed/factories";
import { getDb, queryRows } from "../../lib/db.server";
import type { WeeklyHours } from "../../lib/opening-hours";
import { endLevels, grantLevel } from "../verification/internal/levels.server";
import { clearDirectoryCaches } from "./clear-directory-caches.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses } from "./search-businesses.server";
import { activeFilterCount, resultSummary } from "./search-summary";
import { businessesHref } from "./search-params";

const search = (query: string) => searchBusinesses(parseBusinessFilters(new URLSearchParams(query)));
const ALWAYS_OPEN = Array.from({ length: 7 }, () => ({ mode: "24h" })) as unknown as WeeklyHours;
let word: string;
let phoneVerified: string;
let identityVerified: string;
let plain: string;

beforeAll(async () => {
  word = `vq${uniqueSuffix()}`;
  const owner = await createOwner(getDb());
  const verifiedOwner = await createOwner(getDb());
  const near = { latitude: 6.6018, longitude: 3.3515, openingHours: ALWAYS_OPEN, state: "Lagos" };
  const a = await createBusiness(getDb(), { userId: owner.id, name: `Phone ${word}`, ...near });
  const b = await createBusiness(getDb(), { userId: verifiedOwner.id, name: `Identity ${word}`, ...near });
  const c = await createBusiness(getDb(), { userId: owner.id, name: `Plain ${word}`, ...near });
  [phoneVerified, identityVerified, plain] = [a.id, b.id, c.id];
  await getDb().transaction(async (tx) => {
    await grantLevel(tx, null, { level: "phone", method: "sms-code", userId: owner.id, businessId: a.id, phone: a.phoneNumber! });
    await grantLevel(tx, null, { level: "identity", method: "document", userId: verifiedOwner.id, businessId: null, fullName: "Verified Owner" });
  });
  clearDirectoryCaches();
});

describe("verified=1", () => {
  it("is read from the address and carried on by every link, counted as a filter and named above the results", () => {
    const filters = parseBusinessFilters(new URLSearchParams("q=rice&verified=1"));
    expect(filters.verified).toBe(true);
    expect(parseBusinessFilters(new URLSearchParams("verified=yes")).verified).toBeNull();
    expect(businessesHref({ q: filters.q, verified: filters.verified, page: 2 })).toBe("/businesses?q=rice&verified=1&page=2");
    expect(activeFilterCount(filters)).toBe(1);
    expect(resultSummary(3, false, filters)).toBe("3 businesses for “rice” · Verified");
  });

  it("keeps a text search to verified listings (a level of the listing, or its owner's identity)", async () => {
    expect((await search(`q=${word}`)).items.map((i) => i.id).sort()).toEqual([phoneVerified, identityVerified, plain].sort());
    const verified = await search(`q=${word}&verified=1`);
    expect(verified.items.map((i) => i.id).sort()).toEqual([phoneVerified, identityVerified].sort());
    expect(verified.total).toBe(2);
    expect(verified.items.every((i) => i.verified !== null)).toBe(true);
  });

  it("browses only verified listings, counted exactly per region and category", async () => {
    const [{ n }] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from businesses where verified_levels > 0 and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`,
    );
    const browsed = await search("verified=1");
    expect(browsed.total).toBe(n);
    expect(browsed.facets.regions.reduce((sum, r) => sum + r.count, 0)).toBe(n);
    const ids = browsed.items.map((i) => i.id);
    expect(ids).not.toContain(plain);
    const inLagos = await search("verified=1&region=Lagos");
    expect(inLagos.items.map((i) => i.id)).toEqual(expect.arrayContaining([phoneVerified, identityVerified]));
    expect(inLagos.items.map((i) => i.id)).not.toContain(plain);
  });

  it("keeps 'Open now' and 'Near me' to verified listings too", async () => {
    const open = await search(`q=${word}&open=now&verified=1`);
    expect(open.items.map((i) => i.id).sort()).toEqual([phoneVerified, identityVerified].sort());
    const near = await search(`q=${word}&near=6.6018,3.3515&verified=1`);
    expect(near.items.map((i) => i.id).sort()).toEqual([phoneVerified, identityVerified].sort());
  });

  it("drops a listing whose level ends, at once", async () => {
    await getDb().transaction((tx) => endLevels(eq(listingVerifications.businessId, phoneVerified), { tx, actor: null, reason: "The listing's phone number changed.", tell: false }));
    const [row] = await getDb().select({ levels: businesses.verifiedLevels }).from(businesses).where(eq(businesses.id, phoneVerified));
    expect(row!.levels).toBe(0);
    expect((await search(`q=${word}&verified=1`)).items.map((i) => i.id)).toEqual([identityVerified]);
  });
});
