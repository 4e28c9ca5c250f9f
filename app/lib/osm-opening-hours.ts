/**
 * OpenStreetMap's `opening_hours` (https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification) read into our
 * weekly hours (opening-hours.ts) when it can be read exactly, else null — never guessed (issue 34). Read: `24/7`;
 * rules separated by `;`, each an optional weekday selector (`Mo-Fr`, `Sa,Su`, `Fr-Mo` across the week's end) and
 * either time ranges (`08:00-12:00,13:00-17:00`, `22:00-02:00` past midnight, `00:00-24:00` all day) or
 * `off`/`closed`; a later rule replaces the days it names; days no rule names are closed; `PH off` (public holidays,
 * which weekly hours cannot say) is ignored. Anything else — months, weeks, dates, sunrise, open ends (`+`),
 * fallback rules (`||`), comments, more than two ranges a day, an `opening_hours` too long — gives null.
 * Pure and client-safe.
 */
import { asWeeklyHours, WEEKDAYS, type DayHours, type TimeRange, type WeeklyHours } from "./opening-hours";

const OSM_DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
const MAX_LENGTH = 255;

/** 'Mo-Fr,Su' → [0,1,2,3,4,6]; null when not a weekday selector. */
function daysOf(selector: string): number[] | null {
  const days = new Set<number>();
  for (const part of selector.split(",")) {
    const range = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?$/.exec(part);
    if (!range) return null;
    const from = OSM_DAYS.indexOf(range[1] as (typeof OSM_DAYS)[number]);
    const to = range[2] ? OSM_DAYS.indexOf(range[2] as (typeof OSM_DAYS)[number]) : from;
    for (let d = from; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === to) break;
    }
  }
  return [...days];
}

/** 'H:MM' or 'HH:MM' (00:00–24:00) → 'HH:MM', '24:00' kept; null otherwise. */
function timeOf(value: string): string | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const hour = Number(match[1]);
  if (hour > 24 || (hour === 24 && match[2] !== "00")) return null;
  return `${String(hour).padStart(2, "0")}:${match[2]}`;
}

/** '08:00-12:00,13:00-17:00' → the day's hours; null when not exactly time ranges we can hold. */
function hoursOf(spans: string): DayHours | null {
  const ranges: TimeRange[] = [];
  for (const span of spans.split(",")) {
    const parts = span.split("-");
    if (parts.length !== 2) return null;
    const opens = timeOf(parts[0]!);
    const closes = timeOf(parts[1]!);
    if (!opens || !closes || opens === "24:00") return null;
    if (opens === "00:00" && closes === "24:00" && spans.split(",").length === 1) return { mode: "24h" };
    ranges.push({ opens, closes: closes === "24:00" ? "00:00" : closes });
  }
  return { mode: "hours", ranges };
}

/** The weekly hours an OSM `opening_hours` value says exactly, or null. */
export function weeklyHoursFromOsm(value: string | null | undefined): WeeklyHours | null {
  const text = (value ?? "").trim();
  if (!text || text.length > MAX_LENGTH || text.includes("||") || text.includes('"')) return null;
  if (text === "24/7") return WEEKDAYS.map(() => ({ mode: "24h" }) as DayHours);
  const week: (DayHours | null)[] = WEEKDAYS.map(() => null);
  let said = false;
  for (const raw of text.split(";")) {
    const rule = raw.trim().replace(/\s+/g, " ");
    if (!rule) continue;
    if (/^PH (off|closed)$/.test(rule)) continue;
    const tokens = rule.split(" ");
    // An optional weekday selector, then one state: time ranges, or off/closed.
    const [first, second, ...rest] = tokens;
    if (rest.length > 0 || !first) return null;
    const selector = second === undefined ? null : first;
    const state = second === undefined ? first : second;
    const days = selector === null ? [0, 1, 2, 3, 4, 5, 6] : daysOf(selector);
    if (!days) return null;
    const hours: DayHours | null = state === "off" || state === "closed" ? { mode: "closed" } : hoursOf(state);
    if (!hours) return null;
    for (const d of days) week[d] = hours;
    said = true;
  }
  if (!said) return null;
  // Days no rule names are closed; the result must hold as our hours do (two ranges a day, in order, none empty).
  return asWeeklyHours(week.map((day) => day ?? { mode: "closed" }));
}
