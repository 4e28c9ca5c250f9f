/** Links a business page and card offer (spec 01 §2, decisions page). Pure and client-safe. */
import { dialPhone } from "../../lib/phone";

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

/** A tel: link to the number in full (tel:+2348031234567, app/lib/phone.ts); null when there is no number. */
export function telHref(phone: string | null | undefined): string | null {
  const full = dialPhone(phone);
  return full ? `tel:${full}` : null;
}

/**
 * https://wa.me/<international number, digits only>. A Nigerian local number (0 and 10 digits)
 * becomes +234; null when the number is too short to be one.
 */
export function whatsappHref(phone: string | null | undefined): string | null {
  const full = dialPhone(phone);
  return full ? `https://wa.me/${full.slice(1)}` : null;
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
