import { describe, expect, it } from "vitest";
import { isGsm7, smsPages } from "./sms-pages";

describe("SMS pages", () => {
  it("GSM-7 text: 160 on one page, 153 per page after; the extension table counts two", () => {
    expect(smsPages("")).toBe(0);
    expect(smsPages("a".repeat(160))).toBe(1);
    expect(smsPages("a".repeat(161))).toBe(2);
    expect(smsPages("a".repeat(306))).toBe(2);
    expect(smsPages("a".repeat(307))).toBe(3);
    expect(smsPages("[".repeat(80))).toBe(1);
    expect(smsPages("[".repeat(81))).toBe(2);
  });

  it("one character outside the alphabet makes the whole text UCS-2: 70, then 67 per page", () => {
    for (const odd of ["…", "₦", "·", "“", "😀"]) expect(isGsm7(`Hello ${odd}`)).toBe(false);
    expect(smsPages(`${"a".repeat(69)}…`)).toBe(1);
    expect(smsPages(`${"a".repeat(70)}…`)).toBe(2);
    expect(smsPages(`${"a".repeat(133)}…`)).toBe(2);
    expect(smsPages(`${"a".repeat(134)}…`)).toBe(3);
    // An emoji is two UTF-16 units.
    expect(smsPages("😀".repeat(35))).toBe(1);
    expect(smsPages("😀".repeat(36))).toBe(2);
  });
});
