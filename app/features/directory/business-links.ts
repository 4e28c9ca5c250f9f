/** Links a business page and card offer (spec 01 §2, decisions page). Pure and client-safe. */

export function businessPath(id: string): string {
  return `/businesses/${encodeURIComponent(id)}`;
}

/** The chat with a business: /messages?businessId=…&businessName=… */
export function contactHref(business: { id: string; name: string }): string {
  return `/messages?${new URLSearchParams({ businessId: business.id, businessName: business.name })}`;
}

/**
 * The sign-in page, remembering where to go after signing in. Same as loginUrlFor in
 * features/accounts/access.ts, kept here so pages do not load that module's other exports.
 */
export function loginHref(redirectTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** A tel: link keeping only the digits and a leading plus; null when there is no number. */
export function telHref(phone: string | null | undefined): string | null {
  const cleaned = (phone ?? "").trim().replace(/(?!^\+)[^\d]/g, "");
  return /\d{5,}/.test(cleaned) ? `tel:${cleaned}` : null;
}

/**
 * https://wa.me/<international number, digits only>. A Nigerian local number (0 and 10 digits)
 * becomes +234; null when the number is too short to be one.
 */
export function whatsappHref(phone: string | null | undefined): string | null {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (/^0\d{10}$/.test(digits)) digits = `234${digits.slice(1)}`;
  if (digits.length < 10 || digits.length > 15) return null;
  return `https://wa.me/${digits}`;
}

/** The website as an absolute http(s) URL (a bare host gets https://); null for anything else. */
export function websiteHref(url: string | null | undefined): string | null {
  const raw = (url ?? "").trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const parsed = new URL(withScheme);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    if (!parsed.hostname.includes(".")) return null;
    return parsed.href;
  } catch {
    return null;
  }
}


/**
 * The counted link of a contact action (issue 18): /go/{id}/{channel}, answered with a redirect to the tel:,
 * wa.me, website or maps address (follow-contact-link.server.ts).
 */
export function goHref(id: string, channel: "call" | "whatsapp" | "website" | "directions"): string {
  return `/go/${encodeURIComponent(id)}/${channel}`;
}
