import type { PublicBusiness } from "./types";
import { websiteHref } from "./business-links";

/**
 * schema.org LocalBusiness for a business page, as a string safe inside <script>: every '<' is
 * escaped so user text cannot close the element.
 */
export function businessJsonLd(business: PublicBusiness, canonical: string, images: string[]): string {
  const streetAddress = [business.plotNumber, business.address].filter(Boolean).join(", ");
  const ld = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": canonical,
    name: business.name,
    description: business.description ?? undefined,
    url: canonical,
    sameAs: websiteHref(business.websiteUrl) ?? undefined,
    telephone: business.phoneNumber ?? undefined,
    image: images.length > 0 ? images : undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: streetAddress || undefined,
      addressRegion: business.state ?? undefined,
      addressCountry: business.country,
    },
  };
  return JSON.stringify(ld).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
