import { describe, expect, it } from "vitest";
import { hasPlacementAt, hasPriorityAt, isFeaturedAt, placementBlocksNewOne } from "./featured.policy";

const now = new Date("2026-12-01T12:00:00Z");
const DAY = 86_400_000;
const inDays = (days: number) => new Date(now.getTime() + days * DAY);

describe("the featured rule for rows already read (ADR 16)", () => {
  it("counts a running placement or a running Premium plan, each until its end", () => {
    expect(isFeaturedAt({ featured: true, featuredUntil: inDays(1), premiumUntil: null }, now)).toBe(true);
    expect(isFeaturedAt({ featured: true, featuredUntil: null }, now)).toBe(true);
    expect(isFeaturedAt({ featured: true, featuredUntil: inDays(-1), premiumUntil: null }, now)).toBe(false);
    expect(isFeaturedAt({ featured: false, featuredUntil: null, premiumUntil: inDays(3) }, now)).toBe(true);
    expect(isFeaturedAt({ featured: false, featuredUntil: null, premiumUntil: inDays(-0.001) }, now)).toBe(false);
    expect(hasPriorityAt({ featured: true, featuredUntil: null, premiumUntil: null }, now)).toBe(false);
    expect(hasPlacementAt({ featured: false, featuredUntil: inDays(3), premiumUntil: inDays(3) }, now)).toBe(false);
  });

  it("lets a new placement follow a Premium plan or a placement ending within 7 days, not one without an end or ending later", () => {
    expect(placementBlocksNewOne({ featured: false, featuredUntil: null, premiumUntil: inDays(20) }, now)).toBe(false);
    expect(placementBlocksNewOne({ featured: true, featuredUntil: inDays(6.9) }, now)).toBe(false);
    expect(placementBlocksNewOne({ featured: true, featuredUntil: inDays(7.1) }, now)).toBe(true);
    expect(placementBlocksNewOne({ featured: true, featuredUntil: null }, now)).toBe(true);
    expect(placementBlocksNewOne({ featured: true, featuredUntil: inDays(-1) }, now)).toBe(false);
  });
});
