import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatFullTime, formatMessageTime, formatNaira, formatNumber } from "./format";

describe("formatting for people in Nigeria", () => {
  it("shows kobo as naira without decimals (decisions page)", () => {
    expect(formatNaira(299_900)).toBe("₦2,999");
    expect(formatNaira(4_999_900)).toBe("₦49,999");
    expect(formatNaira(0)).toBe("₦0");
    expect(formatNumber(16_228)).toBe("16,228");
  });

  it("shows the kobo of an amount that has them, to the kobo", () => {
    expect(formatNaira(250_050)).toBe("₦2,500.50");
    expect(formatNaira(5)).toBe("₦0.05");
    expect(formatNaira(123_456_789)).toBe("₦1,234,567.89");
    // A computed fraction of a kobo is rounded to the kobo; a whole naira stays without decimals.
    expect(formatNaira(299_999.6)).toBe("₦3,000");
    expect(formatNaira(33_333.3)).toBe("₦333.33");
  });

  it("shows dates in Nigerian time, whatever the machine's zone", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Lagos (UTC+1).
    expect(formatDate("2025-12-31T23:30:00Z")).toBe("1 Jan 2026");
    expect(formatDate(new Date("2026-08-12T10:00:00Z"), "long")).toBe("12 August 2026");
    expect(formatDateTime("2026-08-12T13:05:00Z")).toBe("12 Aug 2026, 14:05");
    expect(formatFullTime("2026-08-12T13:05:00Z")).toBe("12 Aug 2026, 14:05");
  });

  it("shows a dash (or nothing) where there is no date", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
    expect(formatMessageTime("not a date")).toBe("");
    expect(formatFullTime("")).toBe("");
  });

  it("shows a message's time as today's time, this year's day, or an older date", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(formatMessageTime("2026-03-10T08:05:00Z", now)).toBe("09:05");
    expect(formatMessageTime("2026-02-01T08:05:00Z", now)).toBe("1 Feb, 09:05");
    expect(formatMessageTime("2025-02-01T08:05:00Z", now)).toBe("1 Feb 2025");
  });
});
