/**
 * Safety tips (issue 16, ADR 0020): which messages get a safety note for their recipient. Pure and client-safe:
 * the chat runs it on each received message. A note never blocks sending and is never shown to the sender.
 * Patterns lean towards precision: a phone number is not an account number, a price is not one either.
 */

import { msg } from "../../lib/i18n/i18n";

export type SafetyConcern = "pay-first" | "bank-account" | "payment-link";

/** Shown with t() (issue 36). */
export const SAFETY_TEXTS = {
  title: msg("Safety tip"),
  "pay-first": msg("This message asks for payment before delivery. Pay only when you have what you ordered, or meet in a safe public place."),
  "bank-account": msg("This message has a bank account number. Check who you are paying, and pay only after delivery."),
  "payment-link": msg("This message has a payment link to another site. Pay only through links you trust, and never before delivery."),
  dismiss: msg("Dismiss"),
} as const;

// Asking for money before the goods: English and common Nigerian phrasing.
const PAY_FIRST: RegExp[] = [
  /\b(?:advance|upfront|up-front|part)\s+payment\b/i,
  /\bpayment\s+(?:in\s+advance|up\s*front|first|before)\b/i,
  /\b(?:pay|paying|transfer|send|sending|deposit|remit)\b(?:\s+(?:the|me|us|your|my|am|money|cash|balance|half|full|amount|deposit|fee|now|it|all))*\s+(?:first|upfront|up\s+front|in\s+advance)\b(?!\s+(?:thing|time|class|come|half\s+of\s+the\s+day))/i,
  /\b(?:pay|payment|transfer|send\s+(?:the\s+)?money|deposit|balance|remit)\w*\b[^.?!\n]{0,40}\bbefore\b[^.?!\n]{0,30}\b(?:deliver\w*|ship\w*|dispatch\w*|i\s+(?:send|come|bring|move)|we\s+(?:send|come|bring|move)|you\s+(?:get|receive|see|collect)|pick\s*-?up|waybill)/i,
  /\bno\s+(?:payment|pay|alert)\s*,?\s+no\s+(?:delivery|goods|dispatch)\b/i,
  /\b(?:send|drop)\s+(?:me\s+)?(?:the\s+)?alert\s+(?:first|before)\b/i,
];

const BANK_WORDS =
  /\b(?:account|acct|acc|a\/c|nuban|bank|gtb|gtbank|guaranty|access|zenith|uba|first\s*bank|fidelity|union|sterling|wema|fcmb|ecobank|stanbic|polaris|keystone|opay|palmpay|moniepoint|kuda|providus|jaiz|heritage|unity)\b/i;
// Digit groups of three or more, joined by single spaces or hyphens ("0123 456 789"); commas and dots end a number.
const DIGIT_RUN = /(?<![\d,.])(\d{3,}(?:[ -]\d{3,})*)(?![\d,.]*\d)/g;
const CURRENCY_BEFORE = /(?:₦|\bN|\bNGN|\$|£|€)\s*$/i;
const CURRENCY_AFTER = /^\s*(?:naira|k\b|kobo|ngn|dollars?|units?|pcs|pieces)/i;

function hasAccountNumber(text: string): boolean {
  const hasBankWord = BANK_WORDS.test(text);
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[1]!.replace(/\D/g, "");
    if (digits.length !== 10) continue;
    const before = text.slice(0, match.index);
    const after = text.slice(match.index + match[0].length);
    // +234 8031234567 and 234-803... are phone numbers; ₦1000000000 and 1000000000 naira are prices.
    if (/(?:\+\s*|\b234[\s-]*)$/.test(before) || /\+$/.test(before.trimEnd())) continue;
    if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after)) continue;
    // A mobile number written without its leading 0 (803 123 4567) counts only beside a bank word.
    if (/^[789][01]/.test(digits) && !hasBankWord) continue;
    return true;
  }
  return false;
}

const URL_LIKE = /\b(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(\/[^\s<>"')]*)?/gi;
const PAYMENT_HOSTS = /(?:^|\.)(?:paystack\.shop|paystack\.com|flutterwave\.com|flw\.link|paypal\.me|paypal\.com|selar\.co|selar\.com|monnify\.com|remita\.net|chipper\.cash|payoneer\.com|wise\.com|cash\.app|venmo\.com)$/i;
const SHORTENERS = /(?:^|\.)(?:bit\.ly|tinyurl\.com|cutt\.ly|t\.co|rb\.gy|shorturl\.at|is\.gd|tiny\.cc|rebrand\.ly|goo\.gl)$/i;
const PAY_WORDS = /\b(?:pay|payment|paying|checkout|check-out|transfer|deposit|invoice|billing|wallet)\w*/i;
const PAY_PATH = /(?:pay|checkout|payment|transfer|invoice|billing|wallet)/i;
// Hosts that are not links: "e.g", file names, amounts like 1.5k.
const NOT_A_HOST = /\.(?:jpg|jpeg|png|gif|pdf|txt|doc|docx)$/i;

function hasPaymentLink(text: string): boolean {
  for (const match of text.matchAll(URL_LIKE)) {
    const host = match[1]!.toLowerCase();
    const path = match[2] ?? "";
    if (NOT_A_HOST.test(host) || !/[a-z]/.test(host.split(".").pop()!)) continue;
    if (PAYMENT_HOSTS.test(host)) return true;
    if (SHORTENERS.test(host) && (PAY_WORDS.test(text) || PAY_PATH.test(path))) return true;
    // Any other site whose address is about paying.
    if (PAY_PATH.test(host) || PAY_PATH.test(path)) return true;
  }
  return false;
}

/** The reasons a received message deserves a safety note; empty when it does not. */
export function safetyConcerns(text: string): SafetyConcern[] {
  const concerns: SafetyConcern[] = [];
  if (PAY_FIRST.some((pattern) => pattern.test(text))) concerns.push("pay-first");
  if (hasAccountNumber(text)) concerns.push("bank-account");
  if (hasPaymentLink(text)) concerns.push("payment-link");
  return concerns;
}
