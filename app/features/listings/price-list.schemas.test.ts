import { describe, expect, it } from "vitest";
import { carriesContact, checkPriceItem, groupItems, parseNairaToKobo, priceText, schemaOrgPrice, typedNaira } from "./price-list.schemas";

describe("prices in naira", () => {
  it("reads naira as typed into kobo, rounded to the kobo", () => {
    expect(parseNairaToKobo("5000")).toBe(500_000);
    expect(parseNairaToKobo("₦5,000")).toBe(500_000);
    expect(parseNairaToKobo(" 5 000 ")).toBe(500_000);
    expect(parseNairaToKobo("NGN 2,500.5")).toBe(250_050);
    expect(parseNairaToKobo("1499.995")).toBe(150_000);
    expect(parseNairaToKobo("0.994")).toBe(99);
    expect(parseNairaToKobo(".5")).toBe(50);
    for (const bad of ["", ".", "five", "-5", "5e3", "1.2.3", "Infinity"]) expect(parseNairaToKobo(bad), bad).toBeNull();
  });

  it("shows exact and 'from' prices as naira, and none as null (ask for price)", () => {
    expect(priceText({ priceKobo: 500_000, priceKind: "exact" })).toBe("₦5,000");
    expect(priceText({ priceKobo: 250_000, priceKind: "from" })).toBe("from ₦2,500");
    expect(priceText({ priceKobo: null, priceKind: null })).toBeNull();
    // A price with kobo reads as the page's JSON-LD says it ('2500.50'), not rounded to ₦2,501.
    expect(priceText({ priceKobo: 250_050, priceKind: "exact" })).toBe("₦2,500.50");
    expect(schemaOrgPrice(500_000)).toBe("5000");
    expect(schemaOrgPrice(250_050)).toBe("2500.50");
    expect(typedNaira(250_050)).toBe("2500.50");
    expect(typedNaira(null)).toBe("");
  });

  it("checks one item's form: the kind decides whether a price is needed; group and description are trimmed, blank is none", () => {
    expect(checkPriceItem({ name: "Low cut", group: "  Haircuts ", kind: "from", price: "3,000", description: "  Neat  " })).toEqual({
      ok: true,
      value: { name: "Low cut", groupName: "Haircuts", priceKind: "from", priceKobo: 300_000, description: "Neat" },
    });
    expect(checkPriceItem({ name: "Low cut", group: "", kind: "anything", price: "", description: "" })).toEqual({
      ok: true,
      value: { name: "Low cut", groupName: null, priceKind: null, priceKobo: null, description: null },
    });
    const refused = checkPriceItem({ name: "Low cut", group: "g".repeat(41), kind: "exact", price: "", description: "d".repeat(201) });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(Object.keys(refused.fields).sort()).toEqual(["description", "group", "price"]);
  });

  it("drops control characters (a NUL PostgreSQL would refuse) from the name, the group and the description", () => {
    expect(checkPriceItem({ name: "Low\u0000 cut\u0007", group: "Hair\u0000cuts\u001f", kind: "none", price: "", description: "Neat\u0000\u007f and\tquick" })).toEqual({
      ok: true,
      value: { name: "Low cut", groupName: "Hair cuts", priceKind: null, priceKobo: null, description: "Neat and quick" },
    });
    expect(checkPriceItem({ name: "Low cut", group: "\u0000", kind: "none", price: "", description: "\u0000 " })).toEqual({
      ok: true,
      value: { name: "Low cut", groupName: null, priceKind: null, priceKobo: null, description: null },
    });
  });

  it("groups items in the order of each group's first item, case-insensitively", () => {
    const items = [
      { name: "a", groupName: "Cuts" },
      { name: "b", groupName: null },
      { name: "c", groupName: "cuts" },
    ];
    expect(groupItems(items)).toEqual([
      { name: "Cuts", items: [items[0], items[2]] },
      { name: null, items: [items[1]] },
    ]);
  });
});

describe("group names (shown without review, ADR 42)", () => {
  it("may not carry a phone number or a web or e-mail address", () => {
    const refused = checkPriceItem({ name: "Bread", group: "Call 0803 123 4567", kind: "none", price: "", description: "" });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.fields.group).toBe("A group's name can't hold a phone number or a web address: it shows without review.");
    for (const contact of ["Call 0803 123 4567", "08031234567", "+234 (803) 123-4567", "www.cheapbread.ng", "https://x.example", "shop.com deals", "ask@bakery"]) {
      expect(carriesContact(contact), contact).toBe(true);
    }
    for (const fine of ["Swallow", "Rice & beans", "Size 42 shoes", "Per 50 kg bag", "2 for 1", "Meals (12 noon – 4 pm)"]) {
      expect(carriesContact(fine), fine).toBe(false);
    }
  });
});
