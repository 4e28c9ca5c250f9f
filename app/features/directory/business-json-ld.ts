import type { PublicBusiness } from "./types";
import { openingHoursSpecification } from "../../lib/opening-hours";
import { websiteHref } from "./business-links";
import type { RatingSummary, ReviewView } from "../reviews/review.schemas";
import { schemaOrgPrice, type PublicPriceGroup, type PublicPriceItem } from "../listings/price-list.schemas";

/** Categories whose items are goods (schema.org Product); every other category's are services. */
const SELLS_GOODS = /store|shop$|bakery|supermarket|eatery|restaurant|boutique|poultry|factory|dealer|station|caterer/i;

/**
 * One item of the price list as a schema.org Offer: its Product or Service, and its price in naira with priceCurrency
 * NGN; a 'from' price as a PriceSpecification's minPrice; an item without a price offers it with no price.
 */
function offerOf(item: PublicPriceItem, goods: boolean) {
  const price = item.priceKobo !== null ? schemaOrgPrice(item.priceKobo) : undefined;
  return {
    "@type": "Offer",
    itemOffered: { "@type": goods ? "Product" : "Service", name: item.name, description: item.description ?? undefined },
    price: item.priceKind === "exact" ? price : undefined,
    priceCurrency: price !== undefined ? "NGN" : undefined,
    priceSpecification:
      item.priceKind === "from" ? { "@type": "PriceSpecification", minPrice: price, priceCurrency: "NGN" } : undefined,
  };
}

/** The price list as a schema.org OfferCatalog: a named group is an OfferCatalog of its own inside it. */
function offerCatalog(name: string, groups: PublicPriceGroup[], category: string | null) {
  const goods = category !== null && category !== "Barber shop" && SELLS_GOODS.test(category);
  return {
    "@type": "OfferCatalog",
    name,
    itemListElement: groups.flatMap((group): object[] =>
      group.name
        ? [{ "@type": "OfferCatalog", name: group.name, itemListElement: group.items.map((item) => offerOf(item, goods)) }]
        : group.items.map((item) => offerOf(item, goods)),
    ),
  };
}

/** A business's published reviews for its JSON-LD: the summary and a few reviews. Absent without reviews. */
export type JsonLdRating = { summary: RatingSummary; reviews: ReviewView[] };

/**
 * schema.org LocalBusiness for a business page, as a string safe inside <script>: every '<' is
 * escaped so user text cannot close the element.
 */
export function businessJsonLd(business: PublicBusiness, canonical: string, images: string[], rating?: JsonLdRating): string {
  // AggregateRating and Review items only when there are published reviews (never a made-up rating).
  const rated = rating && rating.summary.count > 0 && rating.summary.average ? rating : null;
  const streetAddress = [business.plotNumber, business.address].filter(Boolean).join(", ");
  const ld = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": canonical,
    name: business.name,
    // The name on the CAC register, only while a registered-business check stands and that name is the listing's own
    // (issue 35): a registration another name holds proves nothing about this business.
    legalName: business.verifications.find((badge) => badge.level === "business" && badge.namesAgree)?.registeredName ?? undefined,
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
    // Opening hours (ADR 21): per day, and closures ahead as special hours; absent when none are listed.
    ...(business.hours ? openingHoursSpecification(business.hours.weekly, business.hours.closures) : {}),
    geo:
      business.latitude !== null && business.longitude !== null
        ? { "@type": "GeoCoordinates", latitude: business.latitude, longitude: business.longitude }
        : undefined,
    aggregateRating: rated
      ? { "@type": "AggregateRating", ratingValue: rated.summary.average, reviewCount: rated.summary.count, bestRating: 5, worstRating: 1 }
      : undefined,
    // The price list (issue 37, ADR 42), when the listing has one.
    hasOfferCatalog: business.priceList ? offerCatalog(business.name, business.priceList, business.category) : undefined,
    review: rated
      ? rated.reviews.slice(0, 3).map((review) => ({
          "@type": "Review",
          author: { "@type": "Person", name: review.authorName },
          datePublished: review.createdAt.slice(0, 10),
          reviewBody: review.body,
          reviewRating: { "@type": "Rating", ratingValue: review.stars, bestRating: 5, worstRating: 1 },
        }))
      : undefined,
  };
  return JSON.stringify(ld).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
