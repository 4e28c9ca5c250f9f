import { describe, expect, it } from "vitest";
import { LISTING_TEXTS } from "../listings/listing.schemas";
import { changedFields, checkChange, checkMissingBusiness, oneLine, plainNote, recheckChange, recheckMissing, SUGGESTION_TEXTS, weekText, type CurrentListing } from "./suggestion.schemas";

const current: CurrentListing = { name: "Mama Cass", phone: "+2348031234567", address: "1 Allen Avenue", category: "Eatery", state: "Lagos", lga: "Ikeja", hours: null };

describe("suggestions' plain text", () => {
  it("makes names and addresses one line: no control, line or bidirectional characters", () => {
    expect(oneLine("  Iya\u202E Basira\u0000\u2028 Foods\n\t ")).toBe("Iya Basira Foods");
  });

  it("keeps a note's lines as typed, without NUL and other controls nobody types", () => {
    expect(plainNote(" First\r\nsecond\u0000\u0007 <b>x</b> \u202E ")).toBe("First\nsecond <b>x</b> \u202E");
  });
});

describe("a missing business's form", () => {
  it("reads the phone as +234 and the LGA as the list spells it, and reports every problem at once", () => {
    const ok = checkMissingBusiness({ name: "Bose Bakery", category: "Bakery", state: "Lagos", lga: "eti-osa", phone: "0803 123 4567", address: "", note: "" });
    expect(ok).toEqual({ ok: true, note: null, payload: { name: "Bose Bakery", category: "Bakery", state: "Lagos", lga: "Eti Osa", phone: "+2348031234567", address: null } });
    const bad = checkMissingBusiness({ name: "B", category: "x", state: "Lagos", lga: "Kano Municipal", phone: "+1", note: "n".repeat(501) });
    expect(bad).toEqual({
      ok: false,
      fields: { name: LISTING_TEXTS.nameLength, category: LISTING_TEXTS.categoryRequired, lga: LISTING_TEXTS.lgaNotInState("Lagos"), phone: LISTING_TEXTS.phoneInvalid, note: SUGGESTION_TEXTS.noteTooLong },
    });
  });
});

describe("a change's form", () => {
  it("takes only the ticked fields, each different from the listing's", () => {
    expect(checkChange({ kind: "edit", fields: ["address"], name: "Ignored", address: " 2  Allen Avenue " }, current)).toEqual({
      ok: true,
      change: { kind: "edit", payload: { address: "2 Allen Avenue" }, note: null },
    });
    expect(checkChange({ kind: "edit", fields: ["phone"], phone: "0803 123 4567" }, current)).toEqual({ ok: false, fields: { phone: SUGGESTION_TEXTS.unchanged } });
    expect(checkChange({ kind: "closed" }, current)).toEqual({ ok: true, change: { kind: "closed", payload: {}, note: null } });
  });

  it("checks a stored change again as the rules are now, refusing one that no longer passes", () => {
    expect(recheckChange("edit", { name: "Good Name", hours: [{ mode: "24h" }] })).toBeNull();
    expect(recheckChange("edit", { category: "Eatery" })).toEqual({ kind: "edit", payload: { category: "Eatery" }, note: null });
    expect(recheckChange("moved", { state: "Lagos", lga: "Nowhere" })).toBeNull();
    expect(recheckMissing({ name: "Ok Shop", category: "Bakery", state: "Oyo", lga: "Ibadan North" })).toMatchObject({ name: "Ok Shop" });
    expect(recheckMissing({ name: "<", category: "Bakery", state: "Oyo", lga: "Ibadan North" })).toBeNull();
  });

  it("says what a change suggests, field by field, as people read it", () => {
    const week = Array.from({ length: 7 }, (_, i) => (i === 6 ? { mode: "closed" as const } : { mode: "24h" as const }));
    expect(changedFields("edit", { phone: "+2348099990000", hours: week })).toEqual([
      { field: "phone", label: "Phone number", value: "0809 999 0000" },
      { field: "hours", label: "Opening hours", value: weekText(week) },
    ]);
    expect(weekText(week)).toBe("Mon Open 24 hours · Tue Open 24 hours · Wed Open 24 hours · Thu Open 24 hours · Fri Open 24 hours · Sat Open 24 hours · Sun Closed");
    expect(changedFields("moved", { state: "FCT", lga: "Gwagwalada", address: null }).map((c) => c.value)).toEqual(["—", "FCT", "Gwagwalada"]);
  });
});
