import { describe, expect, it } from "vitest";
import { businessesHref } from "./search-params";
import { activeFilterCount, formatCount, resultSummary, roughly } from "./search-summary";

describe("businessesHref", () => {
  it("keeps only non-empty parameters, trims the text and leaves out page 1", () => {
    expect(businessesHref({ q: "  rice  ", region: "", category: null })).toBe("/businesses?q=rice");
    expect(businessesHref({ q: " ", region: "Lagos", category: "Restaurant/Bar", page: 1 })).toBe("/businesses?region=Lagos&category=Restaurant%2FBar");
    expect(businessesHref({ q: "a&b", page: 3 })).toBe("/businesses?q=a%26b&page=3");
    expect(businessesHref({})).toBe("/businesses");
    expect(businessesHref({ q: "rice", near: "6.5244,3.3792", page: 2 })).toBe("/businesses?q=rice&near=6.5244%2C3.3792&page=2");
  });

  it("keeps an LGA only with its region, after it", () => {
    expect(businessesHref({ region: "Lagos", lga: "Ikeja" })).toBe("/businesses?region=Lagos&lga=Ikeja");
    expect(businessesHref({ q: "rice", region: "Lagos", lga: "Eti Osa", category: "Eatery", page: 2 })).toBe(
      "/businesses?q=rice&region=Lagos&lga=Eti+Osa&category=Eatery&page=2",
    );
    expect(businessesHref({ region: null, lga: "Ikeja" })).toBe("/businesses");
    expect(activeFilterCount({ region: "Lagos", lga: "Ikeja", category: "Hotel" })).toBe(3);
    expect(activeFilterCount({ region: null, lga: "Ikeja", category: null })).toBe(0);
  });

  it("counts the sidebar filters in use", () => {
    expect(activeFilterCount({ region: "Lagos", category: null })).toBe(1);
    expect(activeFilterCount({ region: "Lagos", category: "Hotel" })).toBe(2);
    expect(activeFilterCount({ region: "Lagos", category: "Hotel", minRating: 4 })).toBe(3);
    expect(activeFilterCount({ region: "Lagos", category: null, open: "now" })).toBe(2);
  });

  it("carries 'Rated 4+' as rating=4, before the order", () => {
    expect(businessesHref({ q: "rice", minRating: 4, sort: "rating", page: 2 })).toBe("/businesses?q=rice&rating=4&sort=rating&page=2");
    expect(businessesHref({ minRating: null })).toBe("/businesses");
  });

  it("carries 'Open now' (open=now) like the other filters", () => {
    expect(businessesHref({ q: "rice", region: "Lagos", open: "now", page: 2 })).toBe("/businesses?q=rice&region=Lagos&open=now&page=2");
    expect(resultSummary(3, false, { q: "", region: "Lagos", category: null, open: "now" })).toBe("3 businesses · Lagos · Open now");
  });
});

describe("counts shown for a result set", () => {
  it("rounds estimates to two significant figures", () => {
    expect(roughly(16_228)).toBe(16_000);
    expect(roughly(167_360)).toBe(170_000);
    expect(roughly(987)).toBe(990);
    expect(roughly(42)).toBe(42);
  });

  it("formats exact and estimated counts", () => {
    expect(formatCount(1234, false)).toBe("1,234");
    expect(formatCount(16_228, true)).toBe("~16,000");
  });

  it("summarises the result set with the text and filters", () => {
    expect(resultSummary(1, false, { q: "", region: null, category: null })).toBe("1 business");
    expect(resultSummary(1234, false, { q: "rice", region: "Lagos", category: "Eatery" })).toBe("1,234 businesses for “rice” · Eatery · Lagos");
    expect(resultSummary(16_228, true, { q: "lagos", region: null, category: null })).toBe("About 16,000 businesses for “lagos”");
    expect(resultSummary(3, false, { q: "", region: "Lagos", category: null, minRating: 4 })).toBe("3 businesses · Lagos · Rated 4+");
    expect(resultSummary(3, false, { q: "", region: "Lagos", lga: "Ikeja", category: "Eatery" })).toBe("3 businesses · Eatery · Ikeja, Lagos");
    const none = { q: "", region: null, category: null };
    expect(resultSummary(12, false, { ...none, q: "bread" }, { radiusKm: 25, capped: false })).toBe("12 businesses for “bread” within 25 km");
    expect(resultSummary(1000, false, none, { radiusKm: 25, capped: true })).toBe("At least 1,000 businesses within 25 km");
    // The place is named, never the numbers (issue 32): 'of' a named place, 'around' a shared point.
    expect(resultSummary(2, false, none, { radiusKm: 25, capped: false, place: "near Ikeja, Lagos" })).toBe("2 businesses within 25 km of Ikeja, Lagos");
    expect(resultSummary(2, false, none, { radiusKm: 25, capped: false, place: "around Egbeda, Oyo" })).toBe("2 businesses within 25 km around Egbeda, Oyo");
    // Not 'At least 0': only the nearest were read.
    expect(resultSummary(0, false, { ...none, q: "okra" }, { radiusKm: 25, capped: true })).toBe("No businesses among the nearest listings for “okra” within 25 km");
  });
});
