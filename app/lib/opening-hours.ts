/**
 * Opening hours (issue 17, ADR 21): the weekly hours an owner sets, dated closures, and everything computed
 * from them: 'is open at t', the next change ('closes 6:00 pm', 'opens Mon 8:00 am'), today's hours, the
 * week's table, the minute-of-week ranges the 'Open now' filter indexes, and schema.org's
 * openingHoursSpecification. Pure and client-safe (no zod, no Intl); the server computes with it, and sends a
 * business page the statuses ahead (statusTimeline), so the browser keeps the status current without it.
 * Texts people read are in the current language (issue 36): app/enhance never imports this file (it shows the
 * statuses' texts the server computed), so the reader pages' script stays without i18next.
 *
 * Nigeria keeps West Africa Time, UTC+1, all year (no daylight saving), so a time of the week in WAT is an
 * exact minute: Monday 00:00 WAT is minute 0, Sunday 23:59 is minute 10079.
 */
import { msg, t, translateIfKnown } from "./i18n/i18n";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The days' English names (schema.org's too): shown with t(). */
export const WEEKDAY_NAMES = [msg("Monday"), msg("Tuesday"), msg("Wednesday"), msg("Thursday"), msg("Friday"), msg("Saturday"), msg("Sunday")] as const;
const SHORT_DAYS = [msg("Mon"), msg("Tue"), msg("Wed"), msg("Thu"), msg("Fri"), msg("Sat"), msg("Sun")] as const;
const MONTHS = [msg("Jan"), msg("Feb"), msg("Mar"), msg("Apr"), msg("May"), msg("Jun"), msg("Jul"), msg("Aug"), msg("Sep"), msg("Oct"), msg("Nov"), msg("Dec")] as const;

export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/** WAT is UTC+1 all year. */
const WAT_OFFSET_MS = 3_600_000;
/** At most two time ranges a day (a lunch break). */
export const MAX_RANGES_PER_DAY = 2;
/** Closures listed ahead on the form and the page; a closure is at most this far ahead. */
export const CLOSURE_DAYS_AHEAD = 366;
export const CLOSURE_NOTE_MAX = 80;

/** 'HH:MM', 24-hour clock, WAT. A range whose closing time is not after its opening time ends the next day. */
export type TimeRange = { opens: string; closes: string };
/** One weekday: closed, open 24 hours, or one or two time ranges. */
export type DayHours = { mode: "closed" } | { mode: "24h" } | { mode: "hours"; ranges: TimeRange[] };
/** Monday first, seven days. */
export type WeeklyHours = DayHours[];
/** A day the business is closed whatever its weekly hours: a WAT calendar date (YYYY-MM-DD) and a note. */
export type Closure = { date: string; note: string | null };

/**
 * English, marked with msg() (shown with t(), or translated by describeError as a refusal's text); the day's
 * problems are translated by weekProblems, a closure's by checkClosure ({{max}} filled in there).
 */
export const OPENING_HOURS_TEXTS = {
  rangeMissing: msg("enter an opening and a closing time"),
  rangeSame: msg("the opening and closing times must differ"),
  rangeOrder: msg("the second time range must start after the first one ends"),
  timeInvalid: msg("enter times as HH:MM"),
  modeMissing: msg("choose closed, open 24 hours or times"),
  tooManyRanges: msg("give at most {{max}} time ranges"),
  weekIncomplete: msg("Give the hours of all seven days"),
  closureDateInvalid: msg("Enter the date of the closure"),
  closureDatePast: msg("The closure must be today or later"),
  closureDateFar: msg("The closure must be within a year"),
  closureNoteLong: msg("The note can be at most {{max}} characters"),
  saved: { title: msg("Opening Hours Saved"), text: msg("Your opening hours show on your listing now.") },
  closureAdded: { title: msg("Closure Added"), text: msg("Your listing shows as closed on that day.") },
  closureRemoved: { title: msg("Closure Removed"), text: msg("The closure was removed.") },
  failed: { title: msg("Hours Not Saved"), text: msg("Please correct the highlighted days.") },
  failedClosure: { title: msg("Closure Not Added"), text: msg("Please correct the highlighted fields.") },
  /** The button on each day (issue 32). */
  copyToWeekdays: msg("Copy to Mon–Fri"),
  /**
   * After 'Copy to Mon–Fri': nothing is saved until the form is. In the current language; the day and the button's
   * label may be given in English (translated here) or already translated.
   */
  copied: (day: string, save: string) =>
    t("Copied {{day}}'s hours to Monday–Friday. Not saved yet: press {{save}} to save them.", { day: translateIfKnown(day), save: translateIfKnown(save) }),
  /** The copy without JavaScript (a post of its own) cannot keep the files chosen for upload. */
  copiedImagesDropped: msg("The images you chose were not kept: choose them again before saving."),
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '08:30' → 510; null when not a time. */
export function parseTime(value: string): number | null {
  const match = TIME.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** 510 → '08:30' (1440 → '24:00'). */
export function timeOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** 510 → '8:30 am', 0 and 1440 → '12:00 am', 720 → '12:00 pm'. */
export function clockText(minutes: number): string {
  const m = minutes % MINUTES_PER_DAY;
  const hour = Math.floor(m / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(m % 60)} ${hour < 12 ? "am" : "pm"}`;
}

/** A range as minutes from its day's midnight: [start, end), end past 1440 when it closes after midnight. */
function rangeMinutes(range: TimeRange): [number, number] | null {
  const start = parseTime(range.opens);
  const close = parseTime(range.closes);
  if (start === null || close === null || start === close) return null;
  return [start, close > start ? close : close + MINUTES_PER_DAY];
}

/** What is wrong with one day's hours (for the form), or null. */
export function dayProblem(day: DayHours): string | null {
  if (day.mode !== "hours") return null;
  if (day.ranges.length === 0) return OPENING_HOURS_TEXTS.rangeMissing;
  let previousEnd = -1;
  for (const range of day.ranges) {
    if (!range.opens || !range.closes) return OPENING_HOURS_TEXTS.rangeMissing;
    if (parseTime(range.opens) === null || parseTime(range.closes) === null) return OPENING_HOURS_TEXTS.timeInvalid;
    const minutes = rangeMinutes(range);
    if (!minutes) return OPENING_HOURS_TEXTS.rangeSame;
    if (minutes[0] < previousEnd) return OPENING_HOURS_TEXTS.rangeOrder;
    previousEnd = minutes[1];
  }
  return null;
}

/** Weekly hours as stored (jsonb) are trusted only after this check: seven valid days, else null. */
export function asWeeklyHours(value: unknown): WeeklyHours | null {
  if (!Array.isArray(value) || value.length !== 7) return null;
  const days: WeeklyHours = [];
  for (const raw of value as unknown[]) {
    const day = raw as { mode?: unknown; ranges?: unknown };
    if (day?.mode === "closed" || day?.mode === "24h") days.push({ mode: day.mode });
    else if (day?.mode === "hours" && Array.isArray(day.ranges) && day.ranges.length <= MAX_RANGES_PER_DAY) {
      const ranges = (day.ranges as { opens?: unknown; closes?: unknown }[]).map((r) => ({ opens: String(r?.opens ?? ""), closes: String(r?.closes ?? "") }));
      const parsed: DayHours = { mode: "hours", ranges };
      if (dayProblem(parsed)) return null;
      days.push(parsed);
    } else return null;
  }
  return days;
}

/** Merges sorted-or-not [start, end) intervals that overlap or touch. */
function merge(intervals: [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * The week's open minutes in WAT as sorted, disjoint [start, end) ranges within 0…10080: ranges past
 * midnight run into the next day, and past Sunday midnight into Monday (split in two).
 */
export function weekIntervals(hours: WeeklyHours): [number, number][] {
  const raw: [number, number][] = [];
  hours.forEach((day, i) => {
    const base = i * MINUTES_PER_DAY;
    const ranges: [number, number][] =
      day.mode === "24h" ? [[0, MINUTES_PER_DAY]] : day.mode === "hours" ? day.ranges.map(rangeMinutes).filter((r): r is [number, number] => r !== null) : [];
    for (const [start, end] of ranges) {
      if (base + end <= MINUTES_PER_WEEK) raw.push([base + start, base + end]);
      else {
        raw.push([base + start, MINUTES_PER_WEEK]);
        raw.push([0, base + end - MINUTES_PER_WEEK]);
      }
    }
  });
  return merge(raw);
}

/** The int4multirange literal the database indexes ('{[480,1080),[1920,2520)}'; '{}' when never open). */
export function multirangeLiteral(hours: WeeklyHours): string {
  return `{${weekIntervals(hours).map(([start, end]) => `[${start},${end})`).join(",")}}`;
}

/** Minutes since the epoch on the WAT wall clock. */
function watMinutes(t: Date): number {
  return Math.floor((t.getTime() + WAT_OFFSET_MS) / 60_000);
}

/** The minute of the week in WAT: Monday 00:00 is 0 (1 January 1970 was a Thursday). */
export function minuteOfWeek(t: Date): number {
  const minutes = watMinutes(t);
  const day = Math.floor(minutes / MINUTES_PER_DAY);
  return (((day + 3) % 7) + 7) % 7 * MINUTES_PER_DAY + (((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY);
}

/** The WAT calendar date of an instant, 'YYYY-MM-DD'. */
export function watDate(t: Date): string {
  return new Date(t.getTime() + WAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The weekday (0 = Monday) of a WAT date or instant. */
function weekdayOf(t: Date): number {
  return Math.floor(minuteOfWeek(t) / MINUTES_PER_DAY);
}

/** WAT minutes since the epoch at midnight starting a 'YYYY-MM-DD' date. */
function dateStartMinutes(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 60_000;
}

/** The date `days` after a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Open at t: within the weekly hours, and t's WAT date is not a closure (a closure closes the whole day). */
export function isOpenAt(hours: WeeklyHours, closures: readonly Pick<Closure, "date">[], t: Date): boolean {
  const today = watDate(t);
  if (closures.some((c) => c.date === today)) return false;
  const minute = minuteOfWeek(t);
  return weekIntervals(hours).some(([start, end]) => start <= minute && minute < end);
}

/** Weeks of intervals looked through for the next change (a closure longer than that reads 'Closed'). */
const WEEKS_AHEAD = 5;

/**
 * The open intervals from the start of t's week for WEEKS_AHEAD weeks, in WAT minutes since the epoch,
 * with the closures' days taken out.
 */
function timeline(hours: WeeklyHours, closures: readonly Pick<Closure, "date">[], t: Date): { intervals: [number, number][]; horizon: number } {
  const now = watMinutes(t);
  const weekStart = now - minuteOfWeek(t);
  const week = weekIntervals(hours);
  let intervals: [number, number][] = [];
  for (let w = 0; w < WEEKS_AHEAD; w++) for (const [s, e] of week) intervals.push([weekStart + w * MINUTES_PER_WEEK + s, weekStart + w * MINUTES_PER_WEEK + e]);
  intervals = merge(intervals);
  for (const closure of closures) {
    const start = dateStartMinutes(closure.date);
    const end = start + MINUTES_PER_DAY;
    intervals = intervals.flatMap(([s, e]): [number, number][] => {
      if (e <= start || s >= end) return [[s, e]];
      return [...(s < start ? [[s, start] as [number, number]] : []), ...(e > end ? [[end, e] as [number, number]] : [])];
    });
  }
  return { intervals, horizon: weekStart + WEEKS_AHEAD * MINUTES_PER_WEEK };
}

/** Whether open at t and when that changes (null: open round the clock, or no opening ahead). */
export type OpeningStatus = { open: boolean; changesAt: string | null; text: string };

/** 'Open now · closes 6:00 pm', 'Closed · opens Mon 8:00 am', 'Open now · open 24 hours', 'Closed'. */
export function openingStatus(hours: WeeklyHours, closures: readonly Pick<Closure, "date">[], at: Date): OpeningStatus {
  const now = watMinutes(at);
  const { intervals, horizon } = timeline(hours, closures, at);
  const current = intervals.find(([s, e]) => s <= now && now < e);
  if (current) {
    const endsInWindow = current[1] < horizon;
    return {
      open: true,
      changesAt: endsInWindow ? toIso(current[1]) : null,
      text: endsInWindow ? t("Open now · closes {{time}}", { time: changeLabel(now, current[1]) }) : t("Open now · open 24 hours"),
    };
  }
  const next = intervals.find(([s]) => s > now);
  return next
    ? { open: false, changesAt: toIso(next[0]), text: t("Closed · opens {{time}}", { time: changeLabel(now, next[0]) }) }
    : { open: false, changesAt: null, text: t("Closed") };
}

/** The status at t and at each later change (and each WAT midnight, when 'Mon' becomes 'today'), `steps` in all. */
export type TimedStatus = OpeningStatus & { from: string };
export function statusTimeline(hours: WeeklyHours, closures: readonly Pick<Closure, "date">[], t: Date, steps = 12): TimedStatus[] {
  const out: TimedStatus[] = [];
  let at = t;
  for (let i = 0; i < steps; i++) {
    const status = openingStatus(hours, closures, at);
    out.push({ ...status, from: at.toISOString() });
    const midnight = (Math.floor(watMinutes(at) / MINUTES_PER_DAY) + 1) * MINUTES_PER_DAY * 60_000 - WAT_OFFSET_MS;
    at = new Date(status.changesAt ? Math.min(Date.parse(status.changesAt), midnight) : midnight);
  }
  return out;
}

function toIso(watMinute: number): string {
  return new Date(watMinute * 60_000 - WAT_OFFSET_MS).toISOString();
}

/** '6:00 pm' today, 'Mon 8:00 am' within six days, 'Mon 7 Dec 8:00 am' later (all WAT). */
function changeLabel(now: number, at: number): string {
  const today = Math.floor(now / MINUTES_PER_DAY);
  const day = Math.floor(at / MINUTES_PER_DAY);
  const time = clockText(at - day * MINUTES_PER_DAY);
  if (day === today) return time;
  const weekday = t(SHORT_DAYS[(((day + 3) % 7) + 7) % 7]!);
  if (day - today < 7) return `${weekday} ${time}`;
  const date = new Date(day * 86_400_000);
  return `${weekday} ${date.getUTCDate()} ${t(MONTHS[date.getUTCMonth()]!)} ${time}`;
}

/** One day's hours as text: 'Closed', 'Open 24 hours', '8:00 am – 1:00 pm, 2:00 pm – 6:00 pm'. */
export function dayText(day: DayHours): string {
  if (day.mode === "closed") return t("Closed");
  if (day.mode === "24h") return t("Open 24 hours");
  return day.ranges.map((r) => `${clockText(parseTime(r.opens) ?? 0)} – ${clockText(parseTime(r.closes) ?? 0)}`).join(", ");
}

/** Today's hours in WAT: 'Today: 8:00 am – 6:00 pm', or 'Today: Closed (Independence Day)' on a closure. */
export function todayText(hours: WeeklyHours, closures: readonly Closure[], at: Date): string {
  const closure = closures.find((c) => c.date === watDate(at));
  if (closure) return closure.note ? t("Today: Closed ({{note}})", { note: closure.note }) : t("Today: Closed");
  return t("Today: {{hours}}", { hours: dayText(hours[weekdayOf(at)]!) });
}

/** The week's table, Monday first, with today marked. */
export function weekRows(hours: WeeklyHours, at: Date): { day: string; text: string; isToday: boolean }[] {
  const today = weekdayOf(at);
  return hours.map((day, i) => ({ day: t(WEEKDAY_NAMES[i]!), text: dayText(day), isToday: i === today }));
}

/** A closure's date for people: 'Thu 1 Oct 2026'. */
export function closureDateText(date: string): string {
  const d = new Date(Date.parse(`${date}T00:00:00Z`));
  return `${t(SHORT_DAYS[(d.getUTCDay() + 6) % 7]!)} ${d.getUTCDate()} ${t(MONTHS[d.getUTCMonth()]!)} ${d.getUTCFullYear()}`;
}

/**
 * schema.org openingHoursSpecification: a row per open range and day (a range past midnight closes at its
 * time, which schema.org reads as the next day), 00:00–23:59 for 24 hours, 00:00–00:00 for a closed day;
 * dated closures as special hours (closed all day).
 */
export function openingHoursSpecification(hours: WeeklyHours, closures: readonly Closure[] = []) {
  const rows = hours.flatMap((day, i) => {
    const dayOfWeek = `https://schema.org/${WEEKDAY_NAMES[i]}`;
    const spec = (opens: string, closes: string) => ({ "@type": "OpeningHoursSpecification", dayOfWeek, opens, closes });
    if (day.mode === "closed") return [spec("00:00", "00:00")];
    if (day.mode === "24h") return [spec("00:00", "23:59")];
    return day.ranges.map((r) => spec(r.opens, r.closes));
  });
  const special = closures.map((c) => ({ "@type": "OpeningHoursSpecification", validFrom: c.date, validThrough: c.date, opens: "00:00", closes: "00:00" }));
  return { openingHoursSpecification: rows, specialOpeningHoursSpecification: special.length > 0 ? special : undefined };
}

/** Form field names of one day: its mode and up to two ranges. */
export function hoursFieldNames(day: Weekday) {
  return { mode: `hours-${day}`, opens: [`hours-${day}-opens-1`, `hours-${day}-opens-2`], closes: [`hours-${day}-closes-1`, `hours-${day}-closes-2`] };
}
/** The form's checkbox: unticked, the listing shows no hours. */
export const LIST_HOURS_FIELD = "listHours";

/** What the hours form shows: every field's value, from stored hours or from what was typed. */
export type HoursFormValues = Record<string, string>;

/** The form's values for stored hours (null: hours not listed, a sensible week offered). */
export function hoursFormValues(hours: WeeklyHours | null): HoursFormValues {
  const values: HoursFormValues = { [LIST_HOURS_FIELD]: hours ? "on" : "" };
  WEEKDAYS.forEach((name, i) => {
    const day: DayHours = hours?.[i] ?? (i === 6 ? { mode: "closed" } : { mode: "hours", ranges: [{ opens: "08:00", closes: "18:00" }] });
    const names = hoursFieldNames(name);
    values[names.mode] = day.mode;
    for (let r = 0; r < MAX_RANGES_PER_DAY; r++) {
      const range = day.mode === "hours" ? day.ranges[r] : undefined;
      values[names.opens[r]!] = range?.opens ?? "";
      values[names.closes[r]!] = range?.closes ?? "";
    }
  });
  return values;
}

/** The days 'Copy to Mon–Fri' fills. */
export const MON_TO_FRI: readonly Weekday[] = ["mon", "tue", "wed", "thu", "fri"];
/** The name of each day's 'Copy to Mon–Fri' button; its value is the day copied (a post of its own without JavaScript). */
export const COPY_DAY_FIELD = "copyDay";

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === "string" && (WEEKDAYS as readonly string[]).includes(value);
}

/** Every form field of one day: its mode, then each range's opening and closing time. */
export function dayFieldNames(day: Weekday): string[] {
  const names = hoursFieldNames(day);
  return [names.mode, ...names.opens.flatMap((opens, r) => [opens, names.closes[r]!])];
}

/**
 * The form's values with one day's mode and times copied to Monday–Friday ('Copy to Mon–Fri'); every other
 * field as it was. What was typed is copied as typed (a wrong time stays wrong, and is named on saving).
 */
export function copyDayToWeekdays(values: HoursFormValues, from: Weekday): HoursFormValues {
  const source = dayFieldNames(from);
  const out: HoursFormValues = { ...values };
  for (const day of MON_TO_FRI) dayFieldNames(day).forEach((name, k) => (out[name] = values[source[k]!] ?? ""));
  return out;
}

/** True when two weeks are the same hours (null: none listed), whatever order their keys were written in. */
export function sameWeeklyHours(a: readonly DayHours[] | null, b: readonly DayHours[] | null): boolean {
  const canonical = (week: readonly DayHours[] | null) =>
    week ? JSON.stringify(week.map((day) => (day.mode === "hours" ? [day.mode, day.ranges.map((r) => [r.opens, r.closes])] : [day.mode]))) : "null";
  return canonical(a) === canonical(b);
}

const isDayMode = (mode: unknown): mode is DayHours["mode"] => mode === "closed" || mode === "24h" || mode === "hours";

/**
 * Each day's problem keyed by its mode field ('Monday: enter an opening and a closing time'), empty when the
 * week is valid: the one check of weekly hours, for the hours form and for a use case given hours (a listing's
 * creation). Not seven days is the form's problem as a whole (LIST_HOURS_FIELD).
 */
export function weekProblems(hours: readonly DayHours[]): Record<string, string> {
  const fields: Record<string, string> = {};
  if (hours.length !== WEEKDAYS.length) fields[LIST_HOURS_FIELD] = OPENING_HOURS_TEXTS.weekIncomplete;
  WEEKDAYS.forEach((name, i) => {
    const day = hours[i];
    if (!day) return;
    const problem = !isDayMode(day.mode)
      ? OPENING_HOURS_TEXTS.modeMissing
      : day.mode === "hours" && !Array.isArray(day.ranges)
        ? OPENING_HOURS_TEXTS.rangeMissing
        : day.mode === "hours" && day.ranges.length > MAX_RANGES_PER_DAY
          ? OPENING_HOURS_TEXTS.tooManyRanges
          : dayProblem(day);
    if (problem) fields[hoursFieldNames(name).mode] = t("{{day}}: {{problem}}", { day: t(WEEKDAY_NAMES[i]!), problem: t(problem, { max: MAX_RANGES_PER_DAY }) });
  });
  return fields;
}

/**
 * Reads the hours form: the typed values (to show again), and the weekly hours (null when not listed) or
 * each day's problem, keyed by its mode field ('Monday: enter an opening and a closing time').
 */
export function parseHoursForm(form: { get(name: string): unknown }):
  | { ok: true; hours: WeeklyHours | null; typed: HoursFormValues }
  | { ok: false; fields: Record<string, string>; typed: HoursFormValues } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, 10) : "";
  };
  const typed: HoursFormValues = { [LIST_HOURS_FIELD]: text(LIST_HOURS_FIELD) ? "on" : "" };
  const hours: WeeklyHours = [];
  WEEKDAYS.forEach((name) => {
    const names = hoursFieldNames(name);
    const mode = text(names.mode);
    typed[names.mode] = mode;
    const ranges: TimeRange[] = [];
    for (let r = 0; r < MAX_RANGES_PER_DAY; r++) {
      const opens = text(names.opens[r]!);
      const closes = text(names.closes[r]!);
      typed[names.opens[r]!] = opens;
      typed[names.closes[r]!] = closes;
      // The second range is optional: both times blank leaves it out.
      if (r === 0 || opens || closes) ranges.push({ opens, closes });
    }
    // An unknown mode stays as sent, so weekProblems names it ('choose closed, open 24 hours or times').
    hours.push((mode === "hours" ? { mode, ranges } : { mode }) as DayHours);
  });
  const fields = weekProblems(hours);
  if (!typed[LIST_HOURS_FIELD]) return { ok: true, hours: null, typed };
  return Object.keys(fields).length > 0 ? { ok: false, fields, typed } : { ok: true, hours, typed };
}

/**
 * Checks a closure typed on the form against today (WAT): a real date from today to a year ahead, and a
 * note of at most CLOSURE_NOTE_MAX characters (plain text, blank allowed).
 */
export function checkClosure(input: { date: string; note: string }, now: Date): { ok: true; closure: Closure } | { ok: false; fields: Record<string, string> } {
  const date = input.date.trim();
  const note = input.note.replace(/\s+/g, " ").trim();
  const fields: Record<string, string> = {};
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(Date.parse(`${date}T00:00:00Z`)).toISOString().slice(0, 10) === date;
  const today = watDate(now);
  if (!valid) fields.date = OPENING_HOURS_TEXTS.closureDateInvalid;
  else if (date < today) fields.date = OPENING_HOURS_TEXTS.closureDatePast;
  else if (date > addDays(today, CLOSURE_DAYS_AHEAD)) fields.date = OPENING_HOURS_TEXTS.closureDateFar;
  if (note.length > CLOSURE_NOTE_MAX) fields.note = t(OPENING_HOURS_TEXTS.closureNoteLong, { max: CLOSURE_NOTE_MAX });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, closure: { date, note: note || null } };
}
