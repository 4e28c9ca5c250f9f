/**
 * Phone numbers: one canonical form wherever a number is typed (listing, KYC) and the way people here read them.
 * Pure and client-safe.
 *
 * Stored: international, digits only after a plus ('+2348031234567'; spec 01 §5: +234 added when there is no
 * leading plus, 10–15 digits). Typed forms that mean the same number give the same value: '08031234567',
 * '0803 123 4567', '0803-123-4567', '2348031234567', '+234 803 123 4567' and '+234 08031234567' (the trunk 0
 * typed after the country code).
 * Shown: a Nigerian number as it is dialled at home, 4-3-4 ('0803 123 4567'); another country's with its code
 * apart ('+44 7911123456'). Dialled and linked in full (tel:+2348031234567).
 */
import { LIMITS, PHONE_CODES } from "./reference";

export type CanonicalPhone = { ok: true; value: string | null } | { ok: false };

const NIGERIA = "234";
/** Country codes we know, longest first, so '+2348…' is Nigeria and not a '+2' that does not exist. */
const KNOWN_CODES = PHONE_CODES.map((p) => p.code.slice(1)).sort((a, b) => b.length - a.length);

/** The country code (digits) a full international number starts with, if it is one we know. */
function knownCode(digits: string): string | undefined {
  return KNOWN_CODES.find((code) => digits.startsWith(code));
}

/** The canonical form of a typed number; `value` is null when nothing was typed, `ok: false` when it is not a number. */
export function canonicalPhone(raw: string): CanonicalPhone {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: true, value: null };
  if (!/^\+?[\d\s\-().]+$/.test(trimmed)) return { ok: false };
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // '+234 0803…': the national trunk 0 typed after the country code is not dialled.
    const code = knownCode(digits);
    if (code && digits[code.length] === "0") digits = code + digits.slice(code.length + 1);
  } else if (digits.startsWith(NIGERIA) && digits.length >= 13) {
    // '2348031234567': already international, without the plus.
  } else {
    digits = NIGERIA + digits.replace(/^0/, "");
  }
  if (digits.length < LIMITS.phoneMinDigits || digits.length > LIMITS.phoneMaxDigits) return { ok: false };
  return { ok: true, value: `+${digits}` };
}

/** A stored (or older, uncanonical) number as people read it: '0916 614 4956'; anything else unchanged. */
export function displayPhone(stored: string | null | undefined): string {
  const raw = (stored ?? "").trim();
  const canonical = canonicalPhone(raw);
  if (!canonical.ok || !canonical.value) return raw;
  const digits = canonical.value.slice(1);
  if (digits.startsWith(NIGERIA) && digits.length === 13) {
    const national = digits.slice(3);
    return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  }
  const code = knownCode(digits);
  return code ? `+${code} ${digits.slice(code.length)}` : canonical.value;
}

/** The number to dial, in full ('+2348031234567'); null when it is not a number. */
export function dialPhone(stored: string | null | undefined): string | null {
  const canonical = canonicalPhone(stored ?? "");
  return canonical.ok ? canonical.value : null;
}

/** A Nigerian mobile number (an SMS reaches it); anything else is called, and the code read out. */
export const isMobileNumber = (phone: string) => /^\+234[789][01]\d{8}$/.test(phone);
