import { describe, expect, it } from "vitest";
import {
  ADMIN_TABS, ADMIN_TEXTS, BroadcastSchema, parseAdminTab, parsePage, parseSearch,
  parseUserFilter,
} from "./admin.schemas";
import { FeaturedStatusSchema } from "../featured/featured.schemas";
import { ListingReviewSchema } from "../listings/listing.schemas";
import { addMonths } from "../../lib/calendar";
import { likePattern } from "../../lib/sql.server";
import { toPaged } from "../../lib/pagination";

describe("admin panel inputs", () => {
  it("has the spec's eight tabs in order, then Reports, Overview, Deliveries, Claims, Suggestions and Verification, and reads unknown tabs as Users", () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual([
      "Users", "Business Approvals", "KYC Approvals", "Featured Requests", "Featured Management", "Subscriptions", "Notifications", "Feedback", "Reports", "Overview",
      "Deliveries", "Claims", "Suggestions", "Verification",
    ]);
    expect(parseAdminTab("suggestions")).toBe("suggestions");
    expect(parseAdminTab("verifications")).toBe("verifications");
    expect(parseAdminTab("reports")).toBe("reports");
    expect(parseAdminTab("overview")).toBe("overview");
    expect(parseAdminTab("deliveries")).toBe("deliveries");
    expect(parseAdminTab("kyc")).toBe("kyc");
    expect(parseAdminTab("KYC")).toBe("users");
    expect(parseAdminTab(null)).toBe("users");
  });

  it("reads page numbers and searches defensively", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of ["0", "-1", "2.5", "abc", "", null, "1e9"]) expect(parsePage(bad)).toBe(1);
    expect(parseSearch("  ada  ")).toBe("ada");
    expect(parseSearch("x".repeat(500))).toHaveLength(100);
    expect(parseUserFilter("suspended")).toBe("suspended");
    expect(parseUserFilter("")).toBeUndefined();
    expect(parseUserFilter("owner")).toBeUndefined();
  });

  it("uses the spec's texts for invalid input", () => {
    const reject = ListingReviewSchema.safeParse({ decision: "reject", businessId: "00000000-0000-4000-8000-000000000000", reason: "   " });
    expect(reject.success).toBe(false);
    expect(reject.error?.issues[0]?.message).toBe("Please provide a rejection reason");
    const broadcast = BroadcastSchema.safeParse({ title: " ", message: "x", targetAudience: "all", priority: "low" });
    expect(broadcast.error?.issues[0]?.message).toBe("Please fill in all required fields");
    expect(BroadcastSchema.safeParse({ title: "t", message: "m", targetAudience: "admins", priority: "low" }).success).toBe(false);
    expect(FeaturedStatusSchema.safeParse("approved").success).toBe(true);
    expect(FeaturedStatusSchema.safeParse("pending").error?.issues[0]?.message).toBe(ADMIN_TEXTS.invalidStatus);
    expect(ADMIN_TEXTS.businessUpdated("approved")).toBe("Business approved successfully");
    expect(ADMIN_TEXTS.requestUpdated("rejected")).toBe("Request rejected successfully");
    expect(ADMIN_TEXTS.subscriptionUpdated("approved")).toBe("Subscription approved successfully");
    expect(ADMIN_TEXTS.requestUpdateFailed("It has already been reviewed")).toBe("Failed to update request: It has already been reviewed");
  });
});

describe("helpers", () => {
  it("adds calendar months, clamping to the end of shorter months", () => {
    expect(addMonths(new Date("2025-01-31T09:00:00Z"), 1).toISOString()).toBe("2025-02-28T09:00:00.000Z");
    expect(addMonths(new Date("2024-01-31T09:00:00Z"), 1).toISOString()).toBe("2024-02-29T09:00:00.000Z");
    expect(addMonths(new Date("2025-03-15T00:00:00Z"), 3).toISOString()).toBe("2025-06-15T00:00:00.000Z");
    expect(addMonths(new Date("2025-08-31T12:00:00Z"), 6).toISOString()).toBe("2026-02-28T12:00:00.000Z");
  });

  it("escapes LIKE wildcards in searches", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("pages with one extra row to know whether there is a next page", () => {
    expect(toPaged([1, 2, 3], 2, 2)).toEqual({ rows: [1, 2], page: 2, hasNext: true });
    expect(toPaged([1, 2], 1, 2)).toEqual({ rows: [1, 2], page: 1, hasNext: false });
  });
});
