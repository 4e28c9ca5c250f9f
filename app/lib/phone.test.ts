import { describe, expect, it } from "vitest";
import { canonicalPhone, dialPhone, displayPhone } from "./phone";

describe("phone numbers (issue 32)", () => {
  it("stores every way of typing a Nigerian number as the same international number", () => {
    for (const typed of ["08031234567", "0803 123 4567", "0803-123-4567", "(0803) 123 4567", "8031234567", "2348031234567", "+2348031234567", "+234 803 123 4567", "+234 08031234567", " +234 (0)803-123-4567 "]) {
      expect([typed, canonicalPhone(typed)]).toEqual([typed, { ok: true, value: "+2348031234567" }]);
    }
  });

  it("keeps another country's number with its own code, without the trunk 0 typed after it", () => {
    expect(canonicalPhone("+44 07911 123456")).toEqual({ ok: true, value: "+447911123456" });
    expect(canonicalPhone("+1 415 555 0100")).toEqual({ ok: true, value: "+14155550100" });
  });

  it("refuses what is not a phone number, and a blank is no number", () => {
    for (const typed of ["call me", "0803123", "+1234567890123456", "0803 123 4567 ext 2", "<b>0803</b>"]) {
      expect([typed, canonicalPhone(typed)]).toEqual([typed, { ok: false }]);
    }
    expect(canonicalPhone("   ")).toEqual({ ok: true, value: null });
  });

  it("shows a Nigerian number the way people read it, 4-3-4 with the 0, and dials it in full", () => {
    expect(displayPhone("+2349166144956")).toBe("0916 614 4956");
    // Older rows typed before numbers were canonical read the same.
    expect(displayPhone("+234 09166144956")).toBe("0916 614 4956");
    expect(displayPhone("09166144956")).toBe("0916 614 4956");
    expect(dialPhone("0916 614 4956")).toBe("+2349166144956");
    expect(displayPhone("+447911123456")).toBe("+44 7911123456");
    expect(displayPhone("not a number")).toBe("not a number");
    expect(displayPhone(null)).toBe("");
    expect(dialPhone("not a number")).toBeNull();
  });
});
