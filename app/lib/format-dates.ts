/** Dates and times in Nigerian time (Africa/Lagos): imported through app/lib/format.ts. Client-safe. */
const TIME_ZONE = "Africa/Lagos";

const dateShort = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE });
const dateLong = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
const timeOnly = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
const dayAndTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
const dayKey = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Aug 2026' ('12 August 2026' when long); '—' when there is no date. */
export function formatDate(value: Date | string | null | undefined, style: "short" | "long" = "short"): string {
  const date = toDate(value);
  if (!date) return "—";
  return (style === "long" ? dateLong : dateShort).format(date);
}

/** '12 Aug 2026, 14:05'; '—' when there is no date. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? `${dateShort.format(date)}, ${timeOnly.format(date)}` : "—";
}

/** A message's time: '14:05' today, '12 Nov, 14:05' this year, '12 Nov 2025' before. */
export function formatMessageTime(value: Date | string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "";
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
