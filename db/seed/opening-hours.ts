/**
 * Realistic weekly opening hours for demo and benchmark listings (ADR 21), chosen from a listing's category and
 * a number (any integer: a seed or a hash), so adding hours never changes the rest of the generated content.
 * Most places open in the day and close on Sunday; pharmacies, hospitals, hotels and filling stations are
 * often open 24 hours; bars run past midnight; some listings list no hours at all.
 */
import type { DayHours, WeeklyHours } from "../../app/lib/opening-hours";
import type { Category } from "../../app/lib/reference";

const open = (opens: string, closes: string, opens2?: string, closes2?: string): DayHours => ({
  mode: "hours",
  ranges: opens2 && closes2 ? [{ opens, closes }, { opens: opens2, closes: closes2 }] : [{ opens, closes }],
});
const closed: DayHours = { mode: "closed" };
const allDay: DayHours = { mode: "24h" };
const days = (weekday: DayHours, saturday: DayHours, sunday: DayHours): WeeklyHours => [weekday, weekday, weekday, weekday, weekday, saturday, sunday];

const ROUND_THE_CLOCK = new Set<string>(["Pharmacy store", "Hospital", "Hotel", "Filling station", "Clinic", "Security company"]);
const EVENINGS = new Set<string>(["Restaurant/Bar", "Event centre", "Cinema"]);
const FOOD = new Set<string>(["Eatery", "Bakery", "Supermarket", "Grocery store", "Caterer"]);

/** The hours of a listing of `category`; `n` picks among the category's usual patterns (null: none listed, about 1 in 10). */
export function typicalHours(category: Category | string | null, n: number): WeeklyHours | null {
  const pick = Math.abs(Math.trunc(n)) % 20;
  if (pick === 19 || pick === 18) return null;
  if (category && ROUND_THE_CLOCK.has(category) && pick < 9) return days(allDay, allDay, allDay);
  if (category && EVENINGS.has(category)) {
    // Late nights at the weekend, past midnight.
    return pick % 2 === 0
      ? days(open("12:00", "23:00"), open("12:00", "02:00"), open("14:00", "00:00"))
      : days(open("16:00", "00:30"), open("14:00", "03:00"), open("14:00", "01:00"));
  }
  if (category && FOOD.has(category)) {
    return pick % 3 === 0
      ? days(open("07:00", "21:00"), open("07:00", "21:00"), open("12:00", "20:00"))
      : pick % 3 === 1
        ? days(open("08:00", "20:00"), open("08:00", "20:00"), closed)
        : days(open("06:30", "22:00"), open("06:30", "22:00"), open("06:30", "22:00"));
  }
  switch (pick % 4) {
    case 0:
      return days(open("08:00", "17:00"), closed, closed);
    case 1:
      return days(open("08:00", "18:00"), open("09:00", "16:00"), closed);
    case 2:
      // A lunch break, and Saturday mornings.
      return days(open("08:30", "13:00", "14:00", "17:30"), open("09:00", "13:00"), closed);
    default:
      return days(open("09:00", "19:00"), open("10:00", "18:00"), open("13:00", "17:00"));
  }
}

/** A small, stable hash of a string (FNV-1a), for picking hours from a listing's id or name. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
