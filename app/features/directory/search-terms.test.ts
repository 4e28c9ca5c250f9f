import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, prefixTsQuery, searchTerms } from "./search-terms";

describe("searchTerms", () => {
  it("splits on anything but letters and digits, lower-cases and drops repeats", () => {
    expect(searchTerms("Restaurant/Bar in IKEJA-Lagos, lagos!")).toEqual(["restaurant", "bar", "in", "ikeja", "lagos"]);
    expect(searchTerms("Mama's  Kitchen")).toEqual(["mama", "s", "kitchen"]);
    expect(searchTerms("Café Ọmọ 24/7")).toEqual(["café", "ọmọ", "24", "7"]);
  });

  it("has no words for punctuation only, and keeps at most the first words", () => {
    expect(searchTerms("  !!! ... ")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe("prefixTsQuery", () => {
  it("requires every word as a prefix, single letters as whole words", () => {
    expect(prefixTsQuery(["pharm"])).toBe("pharm:*");
    expect(prefixTsQuery(["mama", "s", "kitchn"])).toBe("mama:* & s & kitchn:*");
  });

  it("can require the words in the name (weight A)", () => {
    expect(prefixTsQuery(["mama", "s", "kitchn"], { nameOnly: true })).toBe("mama:*A & s:A & kitchn:*A");
  });

  it("is null without words, and never carries tsquery syntax", () => {
    expect(prefixTsQuery([])).toBeNull();
    expect(prefixTsQuery(searchTerms("a & b | !c <-> 'd':* (e)"))).toBe("a & b & c & d & e");
  });
});
