/** Dates and times in Nigerian time (Africa/Lagos): imported through app/lib/format.ts. Client-safe. */
import { currentLocale, msg, t } from "./i18n/i18n";
import { DEFAULT_LOCALE } from "./i18n/locales";

const TIME_ZONE = "Africa/Lagos";
/** A day's key (yyyy-mm-dd) in Nigerian time, to tell today and this year. */
const dayKey = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });

const STYLES = {
  dateShort: { day: "numeric", month: "short", year: "numeric" },
  dateLong: { day: "numeric", month: "long", year: "numeric" },
  timeOnly: { hour: "2-digit", minute: "2-digit" },
  dayAndTime: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;
type Formatter = { format(date: Date): string };

/** English: the browser's and the server's own en-GB formats (every browser has them). */
const english = Object.fromEntries(
  Object.entries(STYLES).map(([name, style]) => [name, new Intl.DateTimeFormat("en-GB", { ...style, timeZone: TIME_ZONE })]),
) as unknown as Record<Style, Formatter>;

// Month names of the other languages come from the catalogs (app/locales/*/dates.json, from CLDR): phones' browsers
// carry no Hausa, Yoruba, Igbo or Pidgin dates, and the server's HTML and the browser's render must agree.
const MONTHS = [
  msg("January"), msg("February"), msg("March"), msg("April"), msg("May"), msg("June"),
  msg("July"), msg("August"), msg("September"), msg("October"), msg("November"), msg("December"),
];
const MONTHS_SHORT = [
  msg("Jan"), msg("Feb"), msg("Mar"), msg("Apr"), msg("May"), msg("Jun"), msg("Jul"), msg("Aug"), msg("Sep"), msg("Oct"), msg("Nov"), msg("Dec"),
];
const numeric = new Intl.DateTimeFormat("en-GB", {
  day: "numeric", month: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: TIME_ZONE,
});

/** A date in Nigerian time in the current language (issue 36): '30 Nuwamba 2026', '30 Nuw, 14:05'. */
function localFormatter(style: Style): Formatter {
  return {
    format(date) {
      const parts = Object.fromEntries(numeric.formatToParts(date).map((part) => [part.type, part.value]));
      const month = Number(parts.month) - 1;
      const time = `${parts.hour}:${parts.minute}`;
      if (style === "timeOnly") return time;
      if (style === "dayAndTime") return `${parts.day} ${t(MONTHS_SHORT[month]!)}, ${time}`;
      return `${parts.day} ${t((style === "dateLong" ? MONTHS : MONTHS_SHORT)[month]!)} ${parts.year}`;
    },
  };
}

function formatters(): Record<Style, Formatter> {
  if (currentLocale() === DEFAULT_LOCALE) return english;
  return { dateShort: localFormatter("dateShort"), dateLong: localFormatter("dateLong"), timeOnly: localFormatter("timeOnly"), dayAndTime: localFormatter("dayAndTime") };
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Aug 2026' ('12 August 2026' when long); '—' when there is no date. */
export function formatDate(value: Date | string | null | undefined, style: "short" | "long" = "short"): string {
  const date = toDate(value);
  if (!date) return "—";
  const { dateLong, dateShort } = formatters();
  return (style === "long" ? dateLong : dateShort).format(date);
}

/** '12 Aug 2026, 14:05'; '—' when there is no date. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  if (!date) return "—";
  const { dateShort, timeOnly } = formatters();
  return `${dateShort.format(date)}, ${timeOnly.format(date)}`;
}

/** A message's time: '14:05' today, '12 Nov, 14:05' this year, '12 Nov 2025' before. */
export function formatMessageTime(value: Date | string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "";
  const { dateShort, dayAndTime, timeOnly } = formatters();
  const day = dayKey.format(date);
  const today = dayKey.format(now);
  if (day === today) return timeOnly.format(date);
  if (day.slice(0, 4) === today.slice(0, 4)) return dayAndTime.format(date);
  return dateShort.format(date);
}

/** The full date and time, for a tooltip: '12 Nov 2025, 14:05'; empty when there is no date. */
export function formatFullTime(value: Date | string): string {
  const date = toDate(value);
  return date ? formatDateTime(date) : "";
}

const englishMonthYear = new Intl.DateTimeFormat("en-NG", { month: "short", year: "numeric", timeZone: TIME_ZONE });

/** 'Nov 2026' (the month in Nigerian time), in the current language; '—' when there is no date. */
export function formatMonthYear(value: Date | string | null | undefined): string {
  const date = toDate(value);
  if (!date) return "—";
  if (currentLocale() === DEFAULT_LOCALE) return englishMonthYear.format(date);
  const parts = Object.fromEntries(numeric.formatToParts(date).map((part) => [part.type, part.value]));
  return `${t(MONTHS_SHORT[Number(parts.month) - 1]!)} ${parts.year}`;
}
