import { describe, expect, it } from "vitest";
import {
  asWeeklyHours, checkClosure, copyDayToWeekdays, dayFieldNames, hoursFormValues, isWeekday, sameWeeklyHours, statusTimeline, isOpenAt, minuteOfWeek, multirangeLiteral, openingHoursSpecification, openingStatus, parseHoursForm,
  todayText, watDate, weekIntervals, weekProblems, weekRows, type DayHours, type WeeklyHours,
} from "./opening-hours";

const hours = (opens: string, closes: string): DayHours => ({ mode: "hours", ranges: [{ opens, closes }] });
/** Mon–Fri 8:00–18:00, Sat 10:00–14:00, Sunday closed. */
const office: WeeklyHours = [...Array.from({ length: 5 }, () => hours("08:00", "18:00")), hours("10:00", "14:00"), { mode: "closed" }];
/** A bar: every evening 18:00–02:00 (past midnight), Sunday into Monday too. */
const bar: WeeklyHours = Array.from({ length: 7 }, () => hours("18:00", "02:00"));
/** 2026-11-23 is a Monday; WAT is UTC+1. */
const wat = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);

describe("the WAT clock", () => {
  it("counts minutes of the week from Monday 00:00 WAT", () => {
    expect(minuteOfWeek(wat("2026-11-23", "00:00"))).toBe(0);
    expect(minuteOfWeek(new Date("2026-11-22T23:00:00Z"))).toBe(0);
    expect(minuteOfWeek(wat("2026-11-29", "23:59"))).toBe(10079);
    expect(minuteOfWeek(wat("2026-11-25", "17:59"))).toBe(2 * 1440 + 17 * 60 + 59);
  });
  it("takes the date in WAT, not UTC", () => {
    expect(watDate(new Date("2026-11-25T23:30:00Z"))).toBe("2026-11-26");
    expect(watDate(new Date("2026-11-25T22:59:00Z"))).toBe("2026-11-25");
  });
});

describe("weekly hours as minutes of the week", () => {
  it("merges 24-hour days and splits ranges past Sunday midnight", () => {
    expect(weekIntervals(Array.from({ length: 7 }, () => ({ mode: "24h" }) as DayHours))).toEqual([[0, 10080]]);
    expect(weekIntervals(bar)[0]).toEqual([0, 120]);
    expect(weekIntervals(bar).at(-1)).toEqual([6 * 1440 + 1080, 10080]);
    expect(multirangeLiteral(office)).toBe("{[480,1080),[1920,2520),[3360,3960),[4800,5400),[6240,6840),[7800,8040)}");
    expect(multirangeLiteral(Array.from({ length: 7 }, () => ({ mode: "closed" }) as DayHours))).toBe("{}");
  });
});

describe("open at the minute", () => {
  it("is open at 17:59 and closed at 18:00 WAT", () => {
    expect(isOpenAt(office, [], wat("2026-11-25", "17:59"))).toBe(true);
    expect(isOpenAt(office, [], wat("2026-11-25", "18:00"))).toBe(false);
    expect(isOpenAt(office, [], wat("2026-11-25", "07:59"))).toBe(false);
    expect(isOpenAt(office, [], wat("2026-11-25", "08:00"))).toBe(true);
    expect(isOpenAt(office, [], wat("2026-11-29", "12:00"))).toBe(false);
  });
  it("keeps a range past midnight open into the next day, Sunday night into Monday", () => {
    expect(isOpenAt(bar, [], wat("2026-11-24", "01:59"))).toBe(true);
    expect(isOpenAt(bar, [], wat("2026-11-24", "02:00"))).toBe(false);
    expect(isOpenAt(bar, [], wat("2026-11-30", "01:00"))).toBe(true);
  });
  it("is closed all day on a closure", () => {
    const closures = [{ date: "2026-11-25" }];
    expect(isOpenAt(office, closures, wat("2026-11-25", "12:00"))).toBe(false);
    expect(isOpenAt(office, closures, wat("2026-11-26", "12:00"))).toBe(true);
    // The bar's Tuesday night ends at Wednesday midnight: Wednesday is closed.
    expect(isOpenAt(bar, closures, wat("2026-11-25", "01:00"))).toBe(false);
    expect(isOpenAt(bar, closures, wat("2026-11-24", "23:59"))).toBe(true);
  });
});

describe("the status line", () => {
  it("says when it closes and when it opens", () => {
    expect(openingStatus(office, [], wat("2026-11-25", "09:00"))).toEqual({ open: true, changesAt: "2026-11-25T17:00:00.000Z", text: "Open now · closes 6:00 pm" });
    expect(openingStatus(office, [], wat("2026-11-25", "18:00")).text).toBe("Closed · opens Thu 8:00 am");
    expect(openingStatus(office, [], wat("2026-11-25", "06:00")).text).toBe("Closed · opens 8:00 am");
    expect(openingStatus(office, [], wat("2026-11-28", "15:00")).text).toBe("Closed · opens Mon 8:00 am");
    expect(openingStatus(bar, [], wat("2026-11-25", "23:00")).text).toBe("Open now · closes Thu 2:00 am");
  });
  it("skips closures and says 24 hours when it never closes", () => {
    expect(openingStatus(office, [{ date: "2026-11-26" }], wat("2026-11-25", "19:00")).text).toBe("Closed · opens Fri 8:00 am");
    expect(openingStatus(office, [{ date: "2026-11-25" }], wat("2026-11-25", "09:00"))).toMatchObject({ open: false, text: "Closed · opens Thu 8:00 am" });
    const always = Array.from({ length: 7 }, () => ({ mode: "24h" }) as DayHours);
    expect(openingStatus(always, [], wat("2026-11-25", "03:00"))).toEqual({ open: true, changesAt: null, text: "Open now · open 24 hours" });
    expect(openingStatus(always, [{ date: "2026-11-26" }], wat("2026-11-25", "03:00")).text).toBe("Open now · closes Thu 12:00 am");
    const never = Array.from({ length: 7 }, () => ({ mode: "closed" }) as DayHours);
    expect(openingStatus(never, [], wat("2026-11-25", "03:00"))).toEqual({ open: false, changesAt: null, text: "Closed" });
  });
  it("names a date for a change more than six days ahead", () => {
    const closures = ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-30", "2026-12-01", "2026-12-02"].map((date) => ({ date }));
    expect(openingStatus(office, closures, wat("2026-11-25", "19:00")).text).toBe("Closed · opens Thu 3 Dec 8:00 am");
  });
});

describe("texts and JSON-LD", () => {
  it("shows today's hours and the week", () => {
    expect(todayText(office, [], wat("2026-11-25", "09:00"))).toBe("Today: 8:00 am – 6:00 pm");
    expect(todayText(office, [{ date: "2026-11-25", note: "Staff training" }], wat("2026-11-25", "09:00"))).toBe("Today: Closed (Staff training)");
    const rows = weekRows([...office.slice(0, 6), { mode: "24h" }], wat("2026-11-29", "09:00"));
    expect(rows.at(-1)).toEqual({ day: "Sunday", text: "Open 24 hours", isToday: true });
    expect(rows[5]).toEqual({ day: "Saturday", text: "10:00 am – 2:00 pm", isToday: false });
  });
  it("describes the hours for schema.org", () => {
    const ld = openingHoursSpecification(office, [{ date: "2026-12-25", note: "Christmas" }]);
    expect(ld.openingHoursSpecification[0]).toEqual({ "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "08:00", closes: "18:00" });
    expect(ld.openingHoursSpecification[6]).toMatchObject({ dayOfWeek: "https://schema.org/Sunday", opens: "00:00", closes: "00:00" });
    expect(ld.specialOpeningHoursSpecification).toEqual([{ "@type": "OpeningHoursSpecification", validFrom: "2026-12-25", validThrough: "2026-12-25", opens: "00:00", closes: "00:00" }]);
  });
});

describe("the form", () => {
  const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
  it("reads closed, 24 hours, two ranges and ranges past midnight", () => {
    const values = { ...hoursFormValues(office), "hours-sat": "24h", "hours-mon-opens-2": "14:00", "hours-mon-closes-2": "17:00", "hours-mon-closes-1": "13:00", "hours-fri-closes-1": "01:00" };
    const parsed = parseHoursForm(form(values));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.hours?.[0]).toEqual({ mode: "hours", ranges: [{ opens: "08:00", closes: "13:00" }, { opens: "14:00", closes: "17:00" }] });
    expect(parsed.hours?.[5]).toEqual({ mode: "24h" });
    expect(parsed.hours?.[6]).toEqual({ mode: "closed" });
    expect(isOpenAt(parsed.hours!, [], wat("2026-11-28", "00:30"))).toBe(true);
    expect(asWeeklyHours(JSON.parse(JSON.stringify(parsed.hours)))).toEqual(parsed.hours);
  });
  it("names each wrong day and keeps what was typed", () => {
    const values = { ...hoursFormValues(office), "hours-mon-closes-1": "", "hours-tue-closes-1": "08:00", "hours-wed-opens-2": "12:00", "hours-wed-closes-2": "20:00", "hours-thu-opens-1": "8am" };
    const parsed = parseHoursForm(form(values));
    expect(parsed).toMatchObject({
      ok: false,
      fields: {
        "hours-mon": "Monday: enter an opening and a closing time",
        "hours-tue": "Tuesday: the opening and closing times must differ",
        "hours-wed": "Wednesday: the second time range must start after the first one ends",
        "hours-thu": "Thursday: enter times as HH:MM",
      },
    });
    expect(parsed.typed["hours-thu-opens-1"]).toBe("8am");
  });
  it("names a day whose mode is none of the three, as the form and a use case given hours both read it", () => {
    expect(parseHoursForm(form({ ...hoursFormValues(office), "hours-sun": "sometimes" }))).toMatchObject({
      ok: false, fields: { "hours-sun": "Sunday: choose closed, open 24 hours or times" },
    });
    expect(weekProblems(office)).toEqual({});
    expect(weekProblems([{ mode: "sometimes" } as unknown as DayHours, ...office.slice(1)])).toEqual({ "hours-mon": "Monday: choose closed, open 24 hours or times" });
    const three = { mode: "hours", ranges: [{ opens: "06:00", closes: "08:00" }, { opens: "09:00", closes: "10:00" }, { opens: "11:00", closes: "12:00" }] } as DayHours;
    expect(weekProblems([...office.slice(0, 6), three])).toEqual({ "hours-sun": "Sunday: give at most 2 time ranges" });
    expect(weekProblems(office.slice(0, 6))).toEqual({ listHours: "Give the hours of all seven days" });
  });
  it("copies a day's mode and both ranges to Monday–Friday, as typed, leaving the weekend and the box alone (issue 32)", () => {
    const typed = {
      ...hoursFormValues(office), listHours: "on", "hours-sat-opens-1": "09:00", "hours-sat-closes-1": "13:00", "hours-sat-opens-2": "14:00", "hours-sat-closes-2": "8pm",
      "hours-wed": "closed",
    };
    const copied = copyDayToWeekdays(typed, "sat");
    for (const day of ["mon", "tue", "wed", "thu", "fri"] as const) {
      expect(dayFieldNames(day).map((name) => copied[name]), day).toEqual(["hours", "09:00", "13:00", "14:00", "8pm"]);
    }
    expect(dayFieldNames("sat").map((name) => copied[name])).toEqual(["hours", "09:00", "13:00", "14:00", "8pm"]);
    expect(dayFieldNames("sun").map((name) => copied[name])).toEqual(["closed", "", "", "", ""]);
    expect(copied.listHours).toBe("on");
    // The typed values themselves are left as they were.
    expect(typed["hours-wed"]).toBe("closed");
    // A closed day copied clears the weekdays' times; Wednesday copied to itself and the others.
    const closedWeek = copyDayToWeekdays(hoursFormValues(office), "sun");
    expect(dayFieldNames("tue").map((name) => closedWeek[name])).toEqual(["closed", "", "", "", ""]);
    expect(parseHoursForm(form(copyDayToWeekdays({ ...hoursFormValues(office), "hours-wed": "24h" }, "wed")))).toMatchObject({
      ok: true, hours: [{ mode: "24h" }, { mode: "24h" }, { mode: "24h" }, { mode: "24h" }, { mode: "24h" }, office[5], office[6]],
    });
    expect(isWeekday("sat")).toBe(true);
    expect(isWeekday("saturday")).toBe(false);
    expect(isWeekday(null)).toBe(false);
  });
  it("tells the same week from a changed one, and none listed from any week", () => {
    expect(sameWeeklyHours(office, JSON.parse(JSON.stringify(office)))).toBe(true);
    expect(sameWeeklyHours(null, null)).toBe(true);
    expect(sameWeeklyHours(office, null)).toBe(false);
    expect(sameWeeklyHours(office, [...office.slice(0, 6), hours("10:00", "14:00")])).toBe(false);
    expect(sameWeeklyHours(office, [hours("08:00", "17:00"), ...office.slice(1)])).toBe(false);
    // Keys written in another order (as jsonb gives them back) are the same hours.
    const reordered = office.map((day) => (day.mode === "hours" ? { ranges: day.ranges.map((r) => ({ closes: r.closes, opens: r.opens })), mode: day.mode } : day));
    expect(sameWeeklyHours(office, reordered as WeeklyHours)).toBe(true);
  });
  it("lists no hours when the box is unticked", () => {
    expect(parseHoursForm(form({ ...hoursFormValues(office), listHours: "" }))).toMatchObject({ ok: true, hours: null });
  });
  it("checks a closure's date against today in WAT", () => {
    const now = wat("2026-11-25", "09:00");
    expect(checkClosure({ date: "2026-11-25", note: "  Public   holiday " }, now)).toEqual({ ok: true, closure: { date: "2026-11-25", note: "Public holiday" } });
    expect(checkClosure({ date: "2026-11-24", note: "" }, now)).toMatchObject({ ok: false, fields: { date: "The closure must be today or later" } });
    expect(checkClosure({ date: "2026-02-30", note: "" }, now)).toMatchObject({ ok: false, fields: { date: "Enter the date of the closure" } });
    expect(checkClosure({ date: "2028-01-01", note: "x".repeat(81) }, now)).toMatchObject({ ok: false, fields: { date: "The closure must be within a year", note: expect.any(String) } });
  });
});

describe("the statuses ahead", () => {
  it("lists each change and each WAT midnight, so the page can step through them", () => {
    const timeline = statusTimeline(office, [], wat("2026-11-27", "17:00"), 5);
    expect(timeline.map((s) => [s.from, s.text])).toEqual([
      ["2026-11-27T16:00:00.000Z", "Open now · closes 6:00 pm"],
      ["2026-11-27T17:00:00.000Z", "Closed · opens Sat 10:00 am"],
      ["2026-11-27T23:00:00.000Z", "Closed · opens 10:00 am"],
      ["2026-11-28T09:00:00.000Z", "Open now · closes 2:00 pm"],
      ["2026-11-28T13:00:00.000Z", "Closed · opens Mon 8:00 am"],
    ]);
  });
});
