import { describe, expect, it } from "vitest";
import { weeklyHoursFromOsm } from "./osm-opening-hours";

const closed = { mode: "closed" };
const allDay = { mode: "24h" };
const hours = (...pairs: [string, string][]) => ({ mode: "hours", ranges: pairs.map(([opens, closes]) => ({ opens, closes })) });

describe("OpenStreetMap opening_hours read into weekly hours", () => {
  it("reads the common forms exactly", () => {
    expect(weeklyHoursFromOsm("24/7")).toEqual(Array(7).fill(allDay));
    expect(weeklyHoursFromOsm("Mo-Fr 08:00-17:00")).toEqual([...Array(5).fill(hours(["08:00", "17:00"])), closed, closed]);
    expect(weeklyHoursFromOsm("Mo-Fr 08:00-17:00; Sa 09:00-13:00")).toEqual([...Array(5).fill(hours(["08:00", "17:00"])), hours(["09:00", "13:00"]), closed]);
    expect(weeklyHoursFromOsm("Mo-Sa 8:00-20:00; Su off")).toEqual([...Array(6).fill(hours(["08:00", "20:00"])), closed]);
    expect(weeklyHoursFromOsm("Mo,We,Fr 09:00-12:00,13:00-17:00")).toEqual([
      hours(["09:00", "12:00"], ["13:00", "17:00"]), closed, hours(["09:00", "12:00"], ["13:00", "17:00"]), closed,
      hours(["09:00", "12:00"], ["13:00", "17:00"]), closed, closed,
    ]);
    // No weekday: every day. All day, past midnight, closing at midnight.
    expect(weeklyHoursFromOsm("07:00-22:00")).toEqual(Array(7).fill(hours(["07:00", "22:00"])));
    expect(weeklyHoursFromOsm("Mo-Su 00:00-24:00")).toEqual(Array(7).fill(allDay));
    expect(weeklyHoursFromOsm("Fr-Sa 18:00-02:00")).toEqual([closed, closed, closed, closed, hours(["18:00", "02:00"]), hours(["18:00", "02:00"]), closed]);
    expect(weeklyHoursFromOsm("Mo-Fr 16:00-24:00")).toEqual([...Array(5).fill(hours(["16:00", "00:00"])), closed, closed]);
    // Across the week's end; a later rule replaces the days it names; public holidays ignored.
    expect(weeklyHoursFromOsm("Fr-Mo 10:00-18:00")).toEqual([hours(["10:00", "18:00"]), closed, closed, closed, hours(["10:00", "18:00"]), hours(["10:00", "18:00"]), hours(["10:00", "18:00"])]);
    expect(weeklyHoursFromOsm("Mo-Su 08:00-18:00; Su closed; PH off")).toEqual([...Array(6).fill(hours(["08:00", "18:00"])), closed]);
  });

  it("never guesses: anything it cannot read exactly is null", () => {
    for (const value of [
      "", "   ", "sunrise-sunset", "Mo-Fr 08:00-17:00+", "Jan-Mar Mo-Fr 08:00-17:00", "week 1-10 Mo 08:00-12:00", "Mo-Fr 08:00-17:00 || \"by appointment\"",
      "\"call us\"", "Mo-Fr 08:00-10:00,11:00-12:00,13:00-17:00", "Mo-Fr 17:00-08:00,09:00-10:00", "Mo-Fr 25:00-26:00", "Mo-Fr 08:00-08:00",
      "Mo-Fr", "Monday 08:00-17:00", "Mo-Fr 8am-5pm", "PH off", "Mo-Fr,PH 08:00-17:00", "x".repeat(300),
    ]) {
      expect(weeklyHoursFromOsm(value), value).toBeNull();
    }
    expect(weeklyHoursFromOsm(null)).toBeNull();
  });
});
