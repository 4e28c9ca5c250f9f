/**
 * Every number, price and date people read, formatted one way: naira without kobo, Nigerian time
 * (Africa/Lagos); dates in the current language (issue 36) whatever the server's or the phone's own zone, so the server's HTML and the browser's
 * render always agree (no hydration mismatch). Client-safe.
 */
// Every language writes numbers as Nigerian English does ('16,228', '₦2,999'; issue 36), and every browser has en-NG.
const wholeNumbers = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

/** Kobo as naira with no decimals: 299900 → '₦2,999' (decisions page: prices stored in kobo). */
export function formatNaira(kobo: number): string {
  return `₦${wholeNumbers.format(Math.round(kobo / 100))}`;
}

/** A count with thousands separators: 16228 → '16,228'. */
export function formatNumber(n: number): string {
  return wholeNumbers.format(n);
}

// Dates are in their own file so a page that shows only counts does not download the date formatters;
// everything is imported from here.
export { formatDate, formatDateTime, formatFullTime, formatMessageTime, formatMonthYear } from "./format-dates";
