import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, categoryOfSearch, correctTerms, editDistance, findSynonyms, prefixTsQuery, searchTerms, wordsBound } from "./search-terms";

describe("searchTerms", () => {
  it("splits on anything but letters and digits, lower-cases and drops repeats", () => {
    expect(searchTerms("Restaurant/Bar IKEJA-Lagos, lagos!")).toEqual(["restaurant", "bar", "ikeja", "lagos"]);
    expect(searchTerms("Mama's  Kitchen")).toEqual(["mama", "s", "kitchen"]);
    expect(searchTerms("Café Ọmọ 24/7")).toEqual(["café", "ọmọ", "24", "7"]);
  });

  it("leaves out little words when there are others, keeps them when they are all there is", () => {
    expect(searchTerms("fried rice and chicken in Ikeja")).toEqual(["fried", "rice", "chicken", "ikeja"]);
    expect(searchTerms("The And")).toEqual(["the", "and"]);
  });

  it("has no words for punctuation only, and keeps at most the first words", () => {
    expect(searchTerms("  !!! ... ")).toEqual([]);
    expect(searchTerms("b c d e f g h i j k l m")).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe("prefixTsQuery", () => {
  it("requires every word as a prefix, words of one or two letters as whole words", () => {
    expect(prefixTsQuery(["pharm"])).toBe("pharm:*");
    expect(prefixTsQuery(["mama", "s", "kitchn"])).toBe("mama:* & s & kitchn:*");
    expect(prefixTsQuery(["al", "ameen"])).toBe("al & ameen:*");
  });

  it("can require the words in the name (weight A)", () => {
    expect(prefixTsQuery(["mama", "s", "kitchn"], { nameOnly: true })).toBe("mama:*A & s:A & kitchn:*A");
  });

  it("matches a common word typed in full as itself and its plural, not as a prefix", () => {
    const common = new Set(["lagos", "hotel", "hotels", "auto", "parts"]);
    expect(prefixTsQuery(["auto", "parts", "lagos"], { common })).toBe("auto & (parts | part) & lagos");
    expect(prefixTsQuery(["hotel", "ikej"], { common })).toBe("(hotel | hotels) & ikej:*");
    expect(prefixTsQuery(["hotel"], { common, nameOnly: true })).toBe("(hotel:A | hotels:A)");
  });

  it("finds the singular and the plural alike (issue 32: 'pharmacy' found 3 and 'pharmacies' 2)", () => {
    expect(prefixTsQuery(["pharmacy"])).toBe("(pharmacy:* | pharmacies)");
    expect(prefixTsQuery(["pharmacies"])).toBe("(pharmacies:* | pharmacy)");
    expect(prefixTsQuery(["hotels"], { nameOnly: true })).toBe("(hotels:*A | hotel:A)");
    expect(prefixTsQuery(["churches", "boxes", "dresses"])).toBe("(churches:* | church) & (boxes:* | box) & (dresses:* | dress)");
    // A singular's -s plural starts with it already; short words, 'news' and 'Lagos' are not plurals.
    expect(prefixTsQuery(["bakery", "shop", "news", "lagos", "bus", "glass"])).toBe("(bakery:* | bakeries) & shop:* & news:* & lagos:* & bus:* & glass:*");
    const common = new Set(["pharmacy", "pharmacies", "hotels"]);
    expect(prefixTsQuery(["pharmacies"], { common })).toBe("(pharmacies | pharmacy)");
    expect(prefixTsQuery(["pharmacy"], { common })).toBe("(pharmacy | pharmacies)");
    expect(prefixTsQuery(["hotels"], { common })).toBe("(hotels | hotel)");
  });

  it("is null without words, and never carries tsquery syntax", () => {
    expect(prefixTsQuery([])).toBeNull();
    expect(prefixTsQuery(searchTerms("a & b | !c <-> 'd':* (e)"))).toBe("b & c & d & e");
  });
});

describe("correctTerms", () => {
  const common = new Map([
    ["hotel", 0.03], ["pharmacy", 0.02], ["electrician", 0.02], ["vulcanizer", 0.01], ["kitchen", 0.02], ["restaurant", 0.03],
    ["hostel", 0.001], ["rice", 0.05],
  ]);

  it("measures edits, counting a swap of neighbours as one", () => {
    expect(editDistance("hotl", "hotel")).toBe(1);
    expect(editDistance("resturant", "restaurant")).toBe(1);
    expect(editDistance("pharmcy", "pharmacy")).toBe(1);
    expect(editDistance("kitchn", "kitchen")).toBe(1);
    expect(editDistance("vulcaniser", "vulcanizer")).toBe(1);
    expect(editDistance("electrican", "electrician")).toBe(1);
    expect(editDistance("abcdef", "ghijkl")).toBe(3);
  });

  it("corrects likely typos to the nearest, most frequent common word", () => {
    expect(correctTerms(["hotl", "pharmcy", "electrican", "vulcaniser", "resturant"], common)).toEqual([
      "hotel", "pharmacy", "electrician", "vulcanizer", "restaurant",
    ]);
    expect(correctTerms(["mama", "cass", "kitchn"], common)).toEqual(["mama", "cass", "kitchen"]);
  });

  it("keeps short words, numbers, partial words and words already common", () => {
    expect(correctTerms(["ric", "2024", "pharm", "hostel", "zzzzzz"], common)).toEqual(["ric", "2024", "pharm", "hostel", "zzzzzz"]);
  });
});

describe("wordsBound", () => {
  const common = new Map([["pounded", 0.03], ["yam", 0.04], ["phone", 0.02], ["phones", 0.01], ["shop", 0.2], ["shopes", 0.001], ["s", 0.05], ["ss", 0.01]]);

  it("bounds a phrase of common words by its least common word, counting the plural forms the search matches", () => {
    expect(wordsBound(["pounded", "yam"], common)).toBeCloseTo(0.03);
    expect(wordsBound(["phone", "shop"], common)).toBeCloseTo(0.03);
    expect(wordsBound(["shop"], common)).toBeCloseTo(0.201);
    // Words of one or two letters are searched as they are: no plural forms.
    expect(wordsBound(["s", "shop"], common)).toBeCloseTo(0.05);
  });

  it("is 0 when any word is not common (the planner's estimate stands), or there is no word", () => {
    expect(wordsBound(["kitchn", "mama"], common)).toBe(0);
    expect(wordsBound(["hotel", "shop"], common)).toBe(0);
    expect(wordsBound([], common)).toBe(0);
  });
});

describe("names people give kinds of business (issue 36)", () => {
  it("finds them in any of our languages, with or without tone marks, and leaves the rest of the text", () => {
    expect(findSynonyms("chemist in Ikeja")).toEqual({ rest: "in Ikeja", groups: [{ phrase: ["chemist"], finds: ["pharmacy", "chemist"], category: "Pharmacy store" }] });
    expect(findSynonyms("Mama put Yaba").rest).toBe("Yaba");
    expect(findSynonyms("kantin magani").groups[0]?.finds).toContain("pharmacy");
    // Yoruba with its marks, in capitals, and typed without them.
    expect(findSynonyms("ṢỌ́Ọ̀BÙ OÒGÙN").groups[0]?.finds).toContain("pharmacy");
    expect(findSynonyms("soobu oogun").groups[0]?.finds).toContain("pharmacy");
    expect(findSynonyms("ụlọ nri").groups[0]?.finds).toContain("eatery");
    expect(findSynonyms("pounded yam")).toEqual({ rest: "pounded yam", groups: [] });
    // Little words beside a name are not searched for ('the chemist', 'chemist in').
    const { rest, groups } = findSynonyms("the chemist in");
    expect(prefixTsQuery(searchTerms(rest, { othersFound: groups.length > 0 }), { synonyms: groups })).toBe("(pharmacy | pharmacies | chemist | chemists | chemist:*)");
  });

  it("makes each name one alternative of the words listings carry, the name as typed among them", () => {
    const { rest, groups } = findSynonyms("mama put yaba");
    expect(prefixTsQuery(searchTerms(rest), { synonyms: groups })).toBe(
      "yaba:* & (eatery | eateries | restaurant | restaurants | buka | bukas | bukka | bukkas | (mama & put))",
    );
    // A phrase listings carry is all its words ('car wash'), never either alone.
    expect(prefixTsQuery([], { synonyms: findSynonyms("carwash").groups })).toBe("(((car | cars) & (wash | washes)) | carwash | carwashes | carwash:*)");
    expect(prefixTsQuery([], { synonyms: findSynonyms("chemist").groups, nameOnly: true })).toBe("(pharmacy:A | pharmacies:A | chemist:A | chemists:A | chemist:*A)");
  });
});

describe("the category a search asks for ('Popular This Week')", () => {
  it("is a category's name anywhere in the text, else a name people give one, else none", () => {
    expect(categoryOfSearch("plumber ikeja")).toBe("Plumber");
    expect(categoryOfSearch("Pharmacy stores")).toBe("Pharmacy store");
    expect(categoryOfSearch("hotels in kano")).toBe("Hotel");
    expect(categoryOfSearch("Restaurant/Bar")).toBe("Restaurant/Bar");
    expect(categoryOfSearch("chemist")).toBe("Pharmacy store");
    expect(categoryOfSearch("mama put yaba")).toBe("Eatery");
    expect(categoryOfSearch("kantin magani")).toBe("Pharmacy store");
    for (const other of ["08031234567", "mama cass kitchen", "john okafor", ""]) expect(categoryOfSearch(other), other).toBeNull();
  });
});
