/**
 * Every number, price and date people read, formatted one way: naira (with kobo only when an amount has them), Nigerian time
 * (Africa/Lagos); dates in the current language (issue 36) whatever the server's or the phone's own zone, so the server's HTML and the browser's
 * render always agree (no hydration mismatch). Client-safe.
 */
// Every language writes numbers as Nigerian English does ('16,228', '₦2,999'; issue 36), and every browser has en-NG.
const wholeNumbers = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

const withKobo = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Kobo as naira (decisions page: prices stored in kobo): a whole naira amount with no decimals, 299900 → '₦2,999';
 * one with kobo shows them, 250050 → '₦2,500.50' (a price list's item may be priced to the kobo, ADR 42). A fraction of
 * a kobo (a computed figure) is rounded to the kobo first.
 */
export function formatNaira(kobo: number): string {
  const exact = Math.round(kobo);
  return exact % 100 === 0 ? `₦${wholeNumbers.format(exact / 100)}` : `₦${withKobo.format(exact / 100)}`;
}

/** A count with thousands separators: 16228 → '16,228'. */
export function formatNumber(n: number): string {
  return wholeNumbers.format(n);
}

// Dates are in their own file so a page that shows only counts does not download the date formatters;
// everything is imported from here.
export { formatDate, formatDateTime, formatFullTime, formatMessageTime, formatMonthYear } from "./format-dates";
