import { describe, expect, it } from "vitest";
import { inQuietHours, quietHoursEnd } from "./notice-preferences";

/** A time given in Nigerian time (WAT, UTC+1). */
const wat = (iso: string) => new Date(`${iso}+01:00`);

describe("quiet hours (Nigerian time)", () => {
  const night = { quietFrom: 21, quietUntil: 7 };
  it("across midnight: 21:00 to 07:00", () => {
    expect(inQuietHours(night, wat("2026-11-29T20:59:00"))).toBe(false);
    expect(inQuietHours(night, wat("2026-11-29T21:00:00"))).toBe(true);
    expect(inQuietHours(night, wat("2026-11-30T03:00:00"))).toBe(true);
    expect(inQuietHours(night, wat("2026-11-30T07:00:00"))).toBe(false);
  });

  it("ends at the next 07:00 WAT, the same night or the next morning", () => {
    expect(quietHoursEnd(night, wat("2026-11-29T22:30:00"))).toEqual(wat("2026-11-30T07:00:00"));
    expect(quietHoursEnd(night, wat("2026-11-30T05:10:00"))).toEqual(wat("2026-11-30T07:00:00"));
    expect(quietHoursEnd(night, wat("2026-11-30T12:00:00"))).toBeNull();
  });

  it("within a day (13:00 to 15:00), and none when from equals until", () => {
    const lunch = { quietFrom: 13, quietUntil: 15 };
    expect(inQuietHours(lunch, wat("2026-11-29T12:59:00"))).toBe(false);
    expect(quietHoursEnd(lunch, wat("2026-11-29T14:00:00"))).toEqual(wat("2026-11-29T15:00:00"));
    expect(inQuietHours({ quietFrom: 8, quietUntil: 8 }, wat("2026-11-29T08:30:00"))).toBe(false);
  });
});
