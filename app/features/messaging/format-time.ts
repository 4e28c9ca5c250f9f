/**
 * Message times in Nigerian time on the server and in the browser alike (the same text on both, so hydration
 * matches): '14:05' today, '12 Nov, 14:05' this year, '12 Nov 2025' before.
 */
const TIME_ZONE = "Africa/Lagos";
const timeOnly = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
const dayAndTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
const fullDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE });
const dayKey = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });

export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (dayKey.format(date) === dayKey.format(now)) return timeOnly.format(date);
  if (dayKey.format(date).slice(0, 4) === dayKey.format(now).slice(0, 4)) return dayAndTime.format(date);
  return fullDate.format(date);
}

/** The full date and time, for a tooltip. */
export function formatFullTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${fullDate.format(date)}, ${timeOnly.format(date)}`;
}
